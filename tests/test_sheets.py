"""Exercise sheets and answer keys: written, readable, the same bytes for
the same seed on any run, a box to write in beside every node, the key's
numbers those of the real search, and command-line errors as one line."""

import io
import os
import re
import subprocess
import sys

import pytest
from matplotlib.colors import to_hex
from matplotlib.patches import FancyBboxPatch
from PIL import Image

import gametree
from gametree.cli import main
from gametree.practice import Exercise
from gametree.practice.sheets import MAX_SHEET_LEAVES, sheet_exercises
from gametree.view.sheets import sheet_pages, write_sheet


def pdf_pages(path):
    """The page count of a PDF written by matplotlib: its /Type /Page objects."""
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    pages = len(re.findall(rb"/Type /Page\b(?!s)", data))
    count = int(re.search(rb"/Count (\d+)", data).group(1))
    assert pages == count
    return pages


def texts(figure):
    return [t.get_text() for t in figure.texts] + [
        t.get_text() for ax in figure.axes for t in ax.texts]




@pytest.fixture(scope="module")
def sheet_and_progress(tmp_path_factory):
    """One sheet (three exercises: two pages) and its key, written once for
    the tests that read them, with the progress calls made while writing."""
    folder = tmp_path_factory.mktemp("sheet")
    calls = []
    files = write_sheet(folder / "sheet.pdf", seed=42, count=3, branching=2, depth=3,
                        progress=lambda done, total: calls.append((done, total)))
    return files, tuple(calls)


@pytest.fixture(scope="module")
def sheet(sheet_and_progress):
    return sheet_and_progress[0]


@pytest.fixture(scope="module")
def first_page(sheet):
    """The sheet page of the first exercise alone, drawn once; tests only read it."""
    return sheet_pages(sheet.exercises[:1])[0]


def test_the_sheet_and_its_key_are_written_and_readable(sheet):
    assert [p.name for p in sheet.sheet] == ["sheet.pdf"]
    assert [p.name for p in sheet.key] == ["sheet-key.pdf"]
    assert pdf_pages(sheet.sheet[0]) == pdf_pages(sheet.key[0]) == 2  # two exercises a page
    assert b"CreationDate" not in sheet.sheet[0].read_bytes()  # nothing that changes per run


def test_the_exercises_are_the_seeded_ones(sheet):
    assert sheet.exercises == tuple(Exercise.random(42000 + k, 2, 3) for k in (1, 2, 3))
    assert list(sheet.exercises) == sheet_exercises(42, 3, 2, 3)


def test_the_same_seed_gives_the_same_bytes(sheet, tmp_path):
    again = write_sheet(tmp_path / "sheet.pdf", seed=42, count=3, branching=2, depth=3)
    assert again.sheet[0].read_bytes() == sheet.sheet[0].read_bytes()
    assert again.key[0].read_bytes() == sheet.key[0].read_bytes()
    other = write_sheet(tmp_path / "other.pdf", seed=43, count=3, branching=2, depth=3)
    assert other.sheet[0].read_bytes() != sheet.sheet[0].read_bytes()


def test_the_same_seed_gives_the_same_bytes_from_the_command_line_in_another_process(sheet, tmp_path):
    out = tmp_path / "cli.pdf"
    env = {**os.environ, "PYTHONHASHSEED": "123", "SOURCE_DATE_EPOCH": "0"}
    result = subprocess.run([sys.executable, "-m", "gametree", "exercises", "--seed", "42",
                             "--count", "3", "--branching", "2", "--depth", "3", "--out", str(out)],
                            capture_output=True, text=True, env=env, check=True)
    assert result.stdout == f"wrote {out}\nwrote {tmp_path / 'cli-key.pdf'}\n"
    assert result.stderr == ""  # no progress counter when stderr is not a terminal
    assert out.read_bytes() == sheet.sheet[0].read_bytes()
    assert (tmp_path / "cli-key.pdf").read_bytes() == sheet.key[0].read_bytes()


def test_png_pages_one_file_each(tmp_path):
    files = write_sheet(tmp_path / "sheet.png", seed=7, count=3, branching=3, depth=2, dpi=40)
    assert [p.name for p in files.sheet] == ["sheet-1.png", "sheet-2.png"]
    assert [p.name for p in files.key] == ["sheet-key-1.png", "sheet-key-2.png"]
    for path in files.sheet + files.key:
        with Image.open(path) as image:
            assert image.format == "PNG"
            assert image.size == (int(8.27 * 40), int(11.69 * 40))  # A4 portrait
    single = write_sheet(tmp_path / "one.png", seed=7, count=1, branching=2, depth=2, dpi=40,
                         key=tmp_path / "answers.png")
    assert [p.name for p in single.sheet + single.key] == ["one.png", "answers.png"]


def test_wide_trees_get_landscape_pages(tmp_path):
    files = write_sheet(tmp_path / "wide.png", seed=1, count=1, branching=3, depth=3, dpi=30)
    with Image.open(files.sheet[0]) as image:
        assert image.size == (int(11.69 * 30), int(8.27 * 30))


@pytest.mark.parametrize("branching, depth", [
    (b, d) for b in range(2, 6) for d in range(1, 6) if b**d <= MAX_SHEET_LEAVES])
def test_every_node_gets_a_box_on_every_shape_a_sheet_allows(branching, depth):
    exercises = sheet_exercises(3, 2, branching, depth, bounds="all")
    internal = sum(1 for n in exercises[0].tree if not n.is_leaf)
    for page in sheet_pages(exercises):
        boxes = [a for a in page.artists if isinstance(a, FancyBboxPatch)]
        ours = page.axes  # one axes per exercise on the page
        # Per exercise: a box per internal node, one for the leaves evaluated,
        # and two (alpha, beta) per node where they are asked.
        assert len(boxes) == len(ours) * (internal + 1 + 2 * internal)
        for box in boxes:  # no two boxes overlap
            others = [b for b in boxes if b is not box]
            x0, y0 = box.get_x(), box.get_y()
            x1, y1 = x0 + box.get_width(), y0 + box.get_height()
            assert not any(b.get_x() < x1 and x0 < b.get_x() + b.get_width()
                           and b.get_y() < y1 and y0 < b.get_y() + b.get_height() for b in others)


def test_the_key_gives_the_real_search(sheet):
    pages = sheet_pages(sheet.exercises, key=True)
    words = " ".join(t for page in pages for t in texts(page))
    for exercise in sheet.exercises:
        value, evaluated = gametree.alpha_beta(list(exercise.leaves), exercise.branching)
        assert (f"Value {value}; {evaluated} of {len(exercise.leaves)} leaves evaluated "
                f"(fewest possible on this shape: {gametree.knuth_moore_minimum(2, 3)})") in words
    # The solved drawings: every searched node's value inside it.
    first = sheet.exercises[0]
    drawn = {t.get_text() for t in pages[0].axes[0].texts if t.get_visible()}
    assert str(gametree.minimax(list(first.leaves), 2)) in drawn


def test_the_sheet_asks_what_the_exercise_asks(sheet, first_page):
    words = texts(first_page)
    asked = list(sheet.exercises[0].ask_bounds)
    said = asked[0] if len(asked) == 1 else ", ".join(asked[:-1]) + " and " + asked[-1]
    assert f"Write alpha and beta at {said}." in words
    assert all(f"{name}:" in words for name in asked)  # a row of boxes for each
    assert any("seed 42001" in w for w in words)


def test_the_sheet_shows_no_answers(sheet, first_page):
    plot_texts = [t for t in first_page.axes[0].texts if t.get_visible() and t.get_text()]
    leaf_scores = {str(s) for s in sheet.exercises[0].leaves}
    names = {n.name for n in sheet.exercises[0].tree}
    assert {t.get_text() for t in plot_texts} <= leaf_scores | names


def test_a_sheet_takes_a_theme(sheet, first_page):
    """theme= reaches the boxes to write in, the words and the trees; by
    default the look is today's."""
    def box_edges(page):
        return {to_hex(patch.get_edgecolor()) for patch in page.artists
                if isinstance(patch, FancyBboxPatch)}

    def pixels(page):
        out = io.BytesIO()
        page.savefig(out, format="png", dpi=40)
        return out.getvalue()

    exercise = sheet.exercises[:1]
    assert box_edges(first_page) == {"#555555"}
    magenta = sheet_pages(exercise, theme={"answer box": "#ff00ff", "text": "#0000ff"})[0]
    assert box_edges(magenta) == {"#ff00ff"}
    assert any(text.get_color() == "#0000ff" for text in magenta.texts)
    key = sheet_pages(exercise, key=True)[0]
    assert pixels(sheet_pages(exercise, key=True, theme="print")[0]) != pixels(key)
    with pytest.raises(ValueError, match="answer boxes"):
        sheet_pages(exercise, theme={"answer boxes": "#ff00ff"})


def test_reorder_sheets(tmp_path):
    files = write_sheet(tmp_path / "r.pdf", seed=2, count=2, branching=2, depth=2, task="reorder")
    assert pdf_pages(files.sheet[0]) == 1
    words = " ".join(t for page in sheet_pages(files.exercises, key=True) for t in texts(page))
    best = gametree.best_order(list(files.exercises[0].leaves), 2)
    assert f"Best first: {' '.join(map(str, best))}" in words


def test_progress_is_reported_for_sheet_and_key(sheet_and_progress):
    files, calls = sheet_and_progress
    assert len(files.exercises) == 3  # three on the sheet, three on the key
    assert calls == tuple((k, 6) for k in range(1, 7))


@pytest.mark.parametrize("arguments, message", [
    (["--seed", "1", "--out", "s.txt"], "end the file name with .pdf"),
    (["--seed", "1", "--branching", "3", "--depth", "4", "--out", "s.pdf"],
     "81 leaves; a tree written on by hand has at most 27"),
    (["--seed", "1", "--count", "0", "--out", "s.pdf"], "count must be from 1 to 100"),
    (["--seed", "-3", "--out", "s.pdf"], "seed must be 0 or more"),
    (["--out", "s.pdf"], "the following arguments are required: --seed"),
    (["--seed", "1", "--out", "s.pdf", "--key", "s.pdf"], "give the key another name"),
    (["--seed", "1", "--out", "no/such/folder/s.pdf"], "cannot write no/such/folder/s.pdf"),
    (["--seed", "1", "--out", "s.pdf", "--ordering", "sorted"], "invalid choice: 'sorted'"),
    (["--seed", "1", "--out", "s.pdf", "--dpi", "5"], "dpi must be a number from 30 to 600"),
])
def test_command_line_errors_are_one_line_and_status_2(arguments, message, tmp_path, monkeypatch,
                                                        capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["exercises", *arguments]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err
    assert err.startswith("gametree: error: ")


def test_command_line_options_reach_the_sheet(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["exercises", "--seed", "5", "--count", "1", "--branching", "2", "--depth", "2",
                 "--strict", "--bounds", "none", "--ordering", "best", "--paper", "letter",
                 "--out", "s.png", "--dpi", "30", "--key", "k.png"]) == 0
    assert capsys.readouterr().out == "wrote s.png\nwrote k.png\n"
    with Image.open(tmp_path / "s.png") as image:
        assert image.size == (int(8.5 * 30), int(11 * 30))


# --- both files or neither -------------------------------------------------------------------


def test_a_key_in_a_missing_folder_is_refused_before_anything_is_drawn(tmp_path, capsys):
    out, key = tmp_path / "s.pdf", tmp_path / "no" / "such" / "k.pdf"
    assert main(["exercises", "--seed", "1", "--count", "1", "--branching", "2", "--depth", "2",
                 "--out", str(out), "--key", str(key)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"cannot write {key}: the folder '{key.parent}' does not exist" in err
    assert list(tmp_path.iterdir()) == []  # no sheet, no temporary file


@pytest.mark.parametrize("option", ["--key", "--out"])
def test_a_key_or_sheet_that_is_a_folder_is_refused_and_nothing_is_written(option, tmp_path,
                                                                          capsys):
    """A folder named k.pdf: refused when the arguments are read, so the sheet
    is not left behind (it was, when the key's rename failed after the sheet's)."""
    (tmp_path / "k.pdf").mkdir()
    names = {"--out": str(tmp_path / "s.pdf"), "--key": str(tmp_path / "s-key.pdf")}
    names[option] = str(tmp_path / "k.pdf")
    assert main(["exercises", "--seed", "1", "--count", "1", "--branching", "2", "--depth", "2",
                 "--out", names["--out"], "--key", names["--key"]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"'{tmp_path / 'k.pdf'}' is a folder, not a file" in err
    assert [p.name for p in tmp_path.iterdir()] == ["k.pdf"]
    assert list((tmp_path / "k.pdf").iterdir()) == []
    with pytest.raises(ValueError, match="names no file"):  # and the library refuses it too
        write_sheet(tmp_path / "s.pdf", seed=1, count=1, branching=2, depth=2,
                    key=tmp_path / "k.pdf")
    assert [p.name for p in tmp_path.iterdir()] == ["k.pdf"]


def test_a_full_disk_names_the_file_and_leaves_nothing(tmp_path, monkeypatch, capsys):
    """matplotlib writes the PDF; a full disk while writing the key (the
    second file) must not leave the sheet, nor surface as a traceback from
    matplotlib's cleanup."""
    import errno

    from matplotlib.backends import backend_pdf

    made = []
    real_init, real_write = backend_pdf.PdfFile.__init__, backend_pdf.PdfFile.write

    def init(self, *args, **kwargs):
        made.append(self)
        real_init(self, *args, **kwargs)

    def write(self, data):
        if self is made[-1] and len(made) == 2:  # the second file: the key
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(self, data)

    monkeypatch.setattr(backend_pdf.PdfFile, "__init__", init)
    monkeypatch.setattr(backend_pdf.PdfFile, "write", write)
    out = tmp_path / "s.pdf"
    assert main(["exercises", "--seed", "1", "--count", "1", "--branching", "2", "--depth", "2",
                 "--out", str(out)]) == 1  # a failed write, not bad input
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"cannot write {tmp_path / 's-key.pdf'}: No space left on device" in err
    assert list(tmp_path.iterdir()) == []


def test_an_existing_sheet_is_kept_when_writing_fails(tmp_path):
    out = tmp_path / "s.pdf"
    out.write_bytes(b"the old sheet")
    with pytest.raises(OSError) as info:
        write_sheet(out, seed=1, count=1, branching=2, depth=2, key=tmp_path / "no" / "k.pdf",
                    progress=lambda done, total: None)
    assert info.value.filename == str(tmp_path / "no" / "k.pdf")
    assert out.read_bytes() == b"the old sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.pdf"]


@pytest.mark.parametrize("out, words", [("", "names no file"), ("sheets/", "names no file"),
                                        (3, "must be a file name")])
def test_a_file_name_that_names_no_file_is_refused(out, words):
    with pytest.raises((TypeError, ValueError), match=words):
        write_sheet(out, seed=1, count=1, branching=2, depth=2)
