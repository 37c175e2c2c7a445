"""Copying shown to the teacher: which submissions are close to the
package's searches (the code a student could paste from the public
repository) or to each other's, with the matching lines side by side.

The comparison is copydetect's (MOSS-style winnowing over a token stream in
which names are replaced by their kind, so renamed variables and reordered
helpers still match).  A notebook's code cells are read with nbformat; the
assignment's starter code (the released notebook's given code) is
fingerprinted as boilerplate and never counts as a match, so the template
does not flag every student.  A report flags; it never changes a grade.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Source", "Match", "THRESHOLD", "REFERENCES", "submissions", "starter_code",
           "references", "similar", "report_lines"]

THRESHOLD = 0.5
"""The share of a submission's code (after the starter code is dropped)
that must match another source for the pair to be listed."""

NOISE = 25
"""copydetect's noise threshold: matches shorter than this many filtered
characters are never reported."""

GUARANTEE = 30
"""copydetect's guarantee threshold: matches at least this long are always found."""

REFERENCES = ("search.py", "games/search.py", "grading/reference.py", "chance.py",
              "textbook.py")
"""The package's searches a student could paste, relative to the package."""

_SOLUTION = re.compile(r"^[ \t]*### BEGIN SOLUTION.*?^[ \t]*### END SOLUTION[^\n]*\n?",
                       re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Source:
    """One body of code to compare."""

    name: str
    """How the report names it: a student and assignment, a file, or a package module."""
    code: str
    """Its Python code (a notebook's code cells, joined)."""
    reference: bool = False
    """True for the package's own code, False for a submission."""


@dataclass(frozen=True)
class Match:
    """Two sources whose code is close."""

    first: Source
    """A submission."""
    second: Source
    """A package module or another submission."""
    share: float
    """The larger of the two shares of each side's code that matches the other
    (for a package module, the submission's share only)."""
    pairs: tuple[tuple[str, str], ...]
    """The matching passages, (the first's lines, the second's lines)."""


def _cells(path: Path) -> list[tuple[dict[str, Any], str]]:
    import warnings

    import nbformat
    from nbformat.warnings import MissingIDFieldWarning

    with warnings.catch_warnings():  # an old notebook without cell ids reads as well
        warnings.simplefilter("ignore", MissingIDFieldWarning)
        notebook = nbformat.read(path, as_version=4)
    return [(cell.get("metadata", {}), cell.source) for cell in notebook.cells
            if cell.cell_type == "code"]


def _code_of_cells(cells: Iterable[tuple[dict[str, Any], str]]) -> str:
    """Code cells as one file: IPython's ``%`` and ``!`` lines and the
    grader's own cells left out."""
    kept = []
    for metadata, source in cells:
        meta = metadata.get("nbgrader", {})
        if "gametree.grading" in source or (meta.get("grade") and not meta.get("solution")):
            continue
        kept.append("\n".join(line for line in source.splitlines()
                              if not line.lstrip().startswith(("%", "!"))))
    return "\n\n".join(kept) + "\n"


def read_code(path: str | Path) -> str:
    """The Python code of a ``.py`` file or a notebook's code cells.

    Raises ValueError with a sentence for a file that cannot be read."""
    path = Path(path)
    try:
        if path.suffix == ".py":
            return path.read_text(encoding="utf-8")
        return _code_of_cells(_cells(path))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, AttributeError) as error:
        raise ValueError(f"{path} cannot be read ({type(error).__name__}): hand in a UTF-8 "
                         f".py file or a notebook saved by Jupyter") from None


def starter_code(course: str | Path, assignment: str) -> str:
    """The code an nbgrader course gives its students for ``assignment``:
    the released notebooks' code cells (``release/ASSIGNMENT``), or the
    source notebooks' with each ``### BEGIN SOLUTION`` block cut out; an
    empty string when the course has neither."""
    course = Path(course)
    for folder in (course / "release" / assignment, course / "source" / assignment):
        notebooks = sorted(folder.glob("*.ipynb"))
        if notebooks:
            return "\n".join(_SOLUTION.sub("", _code_of_cells(_cells(path))) for path in notebooks)
    return ""


def submissions(folder: str | Path) -> tuple[list[Source], dict[str, str], list[str]]:
    """The submissions in ``folder``, each assignment's starter code, and a
    sentence for each submission that could not be read (left out).

    ``folder`` is an nbgrader course (``submitted/STUDENT/ASSIGNMENT/*.ipynb``)
    or a plain folder of ``.py`` and ``.ipynb`` files (one submission each).
    Raises ValueError with a sentence for a folder that is missing or holds
    no submission."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder: name a course folder (with submitted/) or "
                         f"a folder of .py and .ipynb submissions")
    found: list[Source] = []
    starters: dict[str, str] = {}
    unreadable: list[str] = []
    if (folder / "submitted").is_dir():
        for work in sorted(p for p in (folder / "submitted").glob("*/*") if p.is_dir()):
            files = sorted([*work.glob("*.ipynb"), *work.glob("*.py")])
            if not files:
                continue
            assignment = work.name
            if assignment not in starters:
                starters[assignment] = starter_code(folder, assignment)
            try:
                code = "\n".join(read_code(path) for path in files)
            except ValueError as error:
                unreadable.append(f"{work.parent.name}/{assignment}: {error}")
                continue
            found.append(Source(f"{work.parent.name}/{assignment}", code))
    else:
        for path in sorted([*folder.glob("*.ipynb"), *folder.glob("*.py")]):
            try:
                found.append(Source(path.name, read_code(path)))
            except ValueError as error:
                unreadable.append(f"{path.name}: {error}")
    if not found and not unreadable:
        raise ValueError(f"{folder} holds no submission: it needs submitted/STUDENT/ASSIGNMENT/"
                         f"*.ipynb (an nbgrader course) or .py and .ipynb files")
    return found, starters, unreadable


def references() -> list[Source]:
    """The package's searches (:data:`REFERENCES`) as sources."""
    package = Path(__file__).resolve().parent.parent
    return [Source(f"gametree/{name}", (package / name).read_text(encoding="utf-8"), True)
            for name in REFERENCES if (package / name).exists()]


def _fingerprint(source: Source, boilerplate: Any) -> Any:
    from copydetect import CodeFingerprint

    return CodeFingerprint(f"{source.name}.py", NOISE, GUARANTEE - NOISE + 1, boilerplate,
                           fp=io.StringIO(source.code))


def _lines(code: str, start: int, end: int) -> str:
    """The whole lines of ``code`` that hold characters ``start`` to ``end``."""
    first = code.rfind("\n", 0, start) + 1
    last = code.find("\n", end)
    return code[first:len(code) if last < 0 else last]


def _passages(first: str, mine: Any, second: str, theirs: Any) -> tuple[tuple[str, str], ...]:
    """Each copied passage of ``first`` (copydetect's slices ``mine``) beside
    the passage of ``second`` that shares the most of its fingerprints (the
    two may be in another order, helpers reordered)."""
    from copydetect import CodeFingerprint

    def prints(code: str, slices: Any) -> list[tuple[str, set[int]]]:
        found = []
        for start, end in zip(slices[0], slices[1], strict=True):
            text = _lines(code, int(start), int(end))
            found.append((text, set(CodeFingerprint("passage.py", NOISE, 1,
                                                    fp=io.StringIO(text)).hashes)))
        return found

    others = prints(second, theirs)
    pairs = []
    for text, hashes in prints(first, mine):
        best = max(others, key=lambda other: len(hashes & other[1]), default=("", set()))
        pairs.append((text, best[0]))
    return tuple(pairs)


def similar(sources: Sequence[Source], boilerplate: str = "",
            threshold: float = THRESHOLD) -> list[Match]:
    """Every pair of a submission and a reference or another submission whose
    code matches at least ``threshold`` of one side's code, closest first.

    ``boilerplate`` (the starter code) never counts as matching.  A
    submission with no code of its own beyond the boilerplate is never
    listed."""
    import numpy as np
    from copydetect import CodeFingerprint, compare_files

    if not 0 < threshold <= 1:
        raise ValueError(f"the threshold {threshold} must be more than 0 and at most 1")
    hashes = (np.unique(np.array(list(
        CodeFingerprint("starter.py", NOISE, 1, fp=io.StringIO(boilerplate)).hashes)))
              if boilerplate.strip() else np.array([], dtype=np.int64))
    prints = [_fingerprint(source, hashes) for source in sources]
    matches = []
    for i, (first, mine) in enumerate(zip(sources, prints, strict=True)):
        if first.reference or len(mine.hashes) == 0:
            continue
        for second, theirs in zip(sources[i + 1:], prints[i + 1:], strict=True):
            if len(theirs.hashes) == 0:
                continue
            _, shares, slices = compare_files(mine, theirs)
            share = float(shares[0]) if second.reference else float(max(shares))
            if share < threshold:
                continue
            pairs = _passages(first.code, slices[0], second.code, slices[1])
            matches.append(Match(first, second, share, pairs))
    return sorted(matches, key=lambda match: (-match.share, match.first.name, match.second.name))


def _side_by_side(left: str, right: str, width: int, most: int = 24) -> list[str]:
    """Two passages in two columns of ``width`` characters, at most ``most`` rows."""
    lefts, rights = left.expandtabs(4).splitlines(), right.expandtabs(4).splitlines()

    def cut(line: str) -> str:
        return line if len(line) <= width else line[:width - 1] + "…"

    rows = []
    length = max(len(lefts), len(rights))
    for index in range(min(length, most)):
        a = lefts[index] if index < len(lefts) else ""
        b = rights[index] if index < len(rights) else ""
        rows.append(f"    {cut(a):<{width}} | {cut(b)}".rstrip())
    if length > most:
        rows.append(f"    ... {length - most} more lines")
    return rows


def report_lines(matches: Sequence[Match], count: int, unreadable: Sequence[str] = (),
                 width: int = 48, passages: int = 3) -> list[str]:
    """The report as text: a headline, a line per submission that could not
    be read, one line per flagged pair, then each pair's matching passages
    side by side (at most ``passages`` a pair)."""
    skipped = [f"  not compared: {sentence}" for sentence in unreadable]
    if not matches:
        return [f"similarity: none of {count} submissions is close to the package's searches "
                f"or to another (threshold {THRESHOLD:.0%}); this report never changes a grade",
                *skipped]
    lines = [f"similarity: {len(matches)} close pairs among {count} submissions (threshold "
             f"{THRESHOLD:.0%}); a flag for the teacher to read, not a grade", *skipped]
    lines += [f"  {match.share:4.0%}  {match.first.name}  ~  {match.second.name}"
              for match in matches]
    for match in matches:
        lines += ["", f"{match.first.name} ~ {match.second.name} ({match.share:.0%} of the code):",
                  f"    {match.first.name[:width]:<{width}} | {match.second.name}"]
        for left, right in match.pairs[:passages]:
            lines += [f"    {'-' * width} | {'-' * width}", *_side_by_side(left, right, width)]
        if len(match.pairs) > passages:
            lines.append(f"    ... and {len(match.pairs) - passages} more matching passages")
    return lines


def course_similarity(course: str | Path, threshold: float = THRESHOLD,
                      starter: str | Path | None = None) -> tuple[list[Match], int, list[str]]:
    """The close pairs in a course or folder (see :func:`submissions`), each
    assignment's submissions compared with the package's searches and with
    each other, its starter code dropped (for a plain folder, the code of
    the notebook or ``.py`` file ``starter``); the number of submissions
    compared; and a sentence for each that could not be read."""
    found, starters, unreadable = submissions(course)
    if starter is not None:
        if not Path(starter).is_file():
            raise ValueError(f"--starter {starter} is not a file: name the released notebook "
                             f"or .py file the students started from")
        starters[""] = _SOLUTION.sub("", read_code(starter))
    groups: dict[str, list[Source]] = {}
    for source in found:
        assignment = source.name.split("/")[1] if "/" in source.name else ""
        groups.setdefault(assignment, []).append(source)
    matches: list[Match] = []
    package = references()
    for assignment, group in groups.items():
        matches += similar([*group, *package], starters.get(assignment, ""), threshold)
    return (sorted(matches, key=lambda m: (-m.share, m.first.name, m.second.name)), len(found),
            unreadable)


def html_report(course: str | Path, starter: str | Path | None = None,
                threshold: float = THRESHOLD) -> str:
    """copydetect's own HTML report on a course or folder (every submission
    against the others and the package's searches, the starter code as
    boilerplate): a page with its similarity matrix and each flagged pair's
    code highlighted side by side."""
    import tempfile
    import warnings

    from copydetect import CopyDetector

    found, starters, _ = submissions(course)
    if starter is not None:
        starters[""] = _SOLUTION.sub("", read_code(starter))
    with tempfile.TemporaryDirectory(prefix="gametree-similarity-") as folder:
        root = Path(folder)
        for part in ("submissions", "package", "starter"):
            (root / part).mkdir()
        for source in found:
            name = re.sub(r"[^\w.-]+", "--", source.name).removesuffix(".py").removesuffix(".ipynb")
            (root / "submissions" / f"{name}.py").write_text(source.code, encoding="utf-8")
        for source in references():
            name = source.name.replace("/", "--")
            (root / "package" / name).write_text(source.code, encoding="utf-8")
        given = [code for code in starters.values() if code.strip()]
        for index, code in enumerate(given):
            (root / "starter" / f"starter{index}.py").write_text(code, encoding="utf-8")
        detector = CopyDetector(test_dirs=[str(root / "submissions")],
                                ref_dirs=[str(root / "submissions"), str(root / "package")],
                                boilerplate_dirs=[str(root / "starter")] if given else [],
                                extensions=["py"],
                                noise_t=NOISE, guarantee_t=GUARANTEE, display_t=threshold,
                                autoopen=False, silent=True, out_file=str(root / "report.html"))
        detector.run()
        with warnings.catch_warnings():
            # copydetect 0.5.0 reads its page template with importlib.resources.open_text
            warnings.filterwarnings("ignore", "open_text is deprecated", DeprecationWarning)
            return detector.generate_html_report(output_mode="return")
