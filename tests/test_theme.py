"""The Theme: one object with every colour and line of the drawings, and
``theme=`` changing the pictures they make."""

from __future__ import annotations

import io
import pickle

import pytest
from matplotlib import colors as mcolors

from gametree.view import theme as theme_module
from gametree.view.style import Line
from gametree.view.theme import DEFAULT, KEYS, PRINT, PROJECTOR, THEMES, Theme, palette, theme_of


def _luminance(colour: str) -> float:
    """WCAG relative luminance of ``colour``."""
    def channel(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in mcolors.to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
def test_every_shipped_theme_has_every_key_as_a_hex_colour(theme):
    """A shipped theme names a colour for every key, written '#rrggbb'."""
    assert set(theme) == set(KEYS)
    for key in KEYS:
        assert theme[key] == mcolors.to_hex(theme[key]), key


@pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES.keys())
def test_selected_and_mistake_never_look_alike(theme):
    """'Selected' and 'mistake' differ in colour or, on paper, in dashes."""
    selected, mistake = theme.line("selected"), theme.line("mistake")
    assert (selected.color, selected.dashed) != (mistake.color, mistake.dashed)
    assert selected.dashed != mistake.dashed


def test_default_keeps_todays_shared_palette():
    """DEFAULT's shared keys are the palette style.COLORS had (Paul Tol's)."""
    assert dict(theme_module.COLORS) == {"selected": "#0077bb", "mistake": "#cc3311",
                                         "right": "#117733", "pruned edge": "#c4c4c4",
                                         "current": "#ee7733"}
    assert all(DEFAULT[key] == value for key, value in theme_module.COLORS.items())


def test_print_is_greyscale():
    """PRINT has no colour: every key is a grey (red = green = blue)."""
    for key in KEYS:
        r, g, b = mcolors.to_rgb(PRINT[key])
        assert r == g == b, key


def test_print_marks_pruned_and_path_edges_by_line_not_colour():
    """On paper a pruned edge is dashed, the current path thicker than a walked edge."""
    assert PRINT.line("pruned edge").dashed
    for key in ("edge", "walked edge", "current path"):  # a dashed edge means pruned, nothing else
        assert not PRINT.line(key).dashed, key
    assert PRINT.line("current path").width > 2 * PRINT.line("walked edge").width


def test_projector_has_more_contrast_and_wider_lines():
    """PROJECTOR's text, edges and pruned edges stand out more from the paper
    than DEFAULT's, and every line is wider."""
    for key in ("text", "edge", "pruned edge", "window", "MAX node"):
        assert _contrast(PROJECTOR[key], PROJECTOR["background"]) \
            > _contrast(DEFAULT[key], DEFAULT["background"]), key
    for key in DEFAULT.line_keys:
        assert PROJECTOR.line(key).width > DEFAULT.line(key).width, key


def test_theme_of_resolves_every_kind_of_argument():
    """None, a Theme, a name and a mapping all give a Theme."""
    assert theme_of() is DEFAULT and theme_of(None) is DEFAULT
    assert theme_of(PRINT) is PRINT
    assert theme_of("projector") is PROJECTOR
    changed = theme_of({"pruned edge": "#FF00FF"})
    assert changed["pruned edge"] == "#ff00ff"
    assert all(changed[key] == DEFAULT[key] for key in KEYS if key != "pruned edge")


def test_merged_makes_a_new_theme_and_leaves_the_old_one():
    """merged() never changes the theme it is called on."""
    changed = DEFAULT.merged({"current": "black"})
    assert changed["current"] == "#000000" and DEFAULT["current"] == "#ee7733"
    assert changed != DEFAULT and DEFAULT.merged({}) == DEFAULT


def test_merged_takes_a_line_for_width_and_dashes():
    """A Line sets a line key's colour, width and dashes at once."""
    changed = DEFAULT.merged({"current path": Line("navy", 5, dashed=True)})
    assert changed.line("current path") == Line("#000080", 5, dashed=True)


def test_a_theme_cannot_be_changed():
    """A Theme is frozen, hashable, and survives pickling."""
    with pytest.raises(AttributeError, match="merged"):
        DEFAULT.name = "mine"
    with pytest.raises(TypeError):
        DEFAULT["current"] = "red"
    assert hash(DEFAULT.merged({"current": "red"})) == hash(DEFAULT.merged({"current": "#FF0000"}))
    assert pickle.loads(pickle.dumps(PROJECTOR)) == PROJECTOR


def test_an_unknown_key_is_named_with_the_keys_there_are():
    """A misspelt key names itself, the nearest key and every key."""
    with pytest.raises(ValueError, match=r"no key 'pruned edges' \(did you mean 'pruned edge'\?\); "
                                         r"its keys are 'selected', .*'current path'"):
        theme_of({"pruned edges": "red"})
    with pytest.raises(KeyError, match="did you mean 'current'"):
        DEFAULT["curent"]


def test_a_bad_colour_is_named_with_its_key():
    """A value that is not a colour is named, with the key it was given for."""
    with pytest.raises(ValueError, match=r"theme key 'pruned edge': 'pinkish' \(str\) is not a colour"):
        theme_of({"pruned edge": "pinkish"})


@pytest.mark.parametrize("bad, error, message", [
    ("dark", ValueError, "no theme named 'dark'; the themes are 'default', 'projector' and 'print'"),
    (3, TypeError, "theme must be None, a Theme, a name"),
])
def test_theme_of_refuses_what_is_not_a_theme(bad, error, message):
    """An unknown name or a value of the wrong type is refused with a sentence."""
    with pytest.raises(error, match=message):
        theme_of(bad)


def test_line_of_a_colour_only_key_names_the_lines():
    """line() of a key that is a colour only names the line keys."""
    with pytest.raises(ValueError, match="'MAX node' is a colour, not a line; the lines are 'selected'"):
        DEFAULT.line("MAX node")


def test_palette_follows_the_theme_and_the_colors_argument():
    """palette() is style's old palette, now read from a theme."""
    assert palette() == dict(theme_module.COLORS)
    assert palette(theme="print")["selected"] == PRINT["selected"]
    assert palette({"selected": "red"}, theme=PROJECTOR)["selected"] == "#ff0000"
    with pytest.raises(ValueError, match="no colour named 'MAX node'"):
        palette({"MAX node": "red"})


def test_a_theme_needs_every_key():
    """A Theme made by hand without some key is refused, naming it."""
    colors = dict(DEFAULT)
    del colors["wall"]
    with pytest.raises(ValueError, match="missing 'wall'"):
        Theme("mine", colors, {})


@pytest.mark.parametrize("colour, css", [("#222222", "#222"), ("white", "#fff"), ("#ee7733", "#EE7733"),
                                         ("#e0e0e0", "#E0E0E0"), ("#225522", "#225522")])
def test_css_writes_colours_as_the_stored_html_has_them(colour, css):
    """Short greys stay short, other colours are #RRGGBB in capitals, and both are the same colour."""
    assert theme_module.css_color(colour) == css
    assert mcolors.to_hex(css) == mcolors.to_hex(colour)


# --- theme= changes the pictures ---------------------------------------------------------

AIMA = [3, 12, 8, 2, 4, 6, 14, 5, 2]
"""AIMA's Figure 5.2 tree (branching 3): the cut in C prunes I and J."""


def _pixels(png: bytes):
    """The picture as an array of RGB values, 0 to 255."""
    np = pytest.importorskip("numpy")
    from PIL import Image
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def _near(pixels, colour: str, tolerance: int = 60) -> int:
    """How many pixels lie within ``tolerance`` of ``colour`` on every channel."""
    target = [round(255 * c) for c in mcolors.to_rgb(colour)]
    return int((abs(pixels - target) <= tolerance).all(axis=-1).sum())


def _greyscale(pixels) -> bool:
    """Every pixel a grey: red, green and blue equal (anti-aliasing included)."""
    return int(abs(pixels[..., 0] - pixels[..., 1]).max()) <= 1 \
        and int(abs(pixels[..., 1] - pixels[..., 2]).max()) <= 1


@pytest.fixture(scope="module")
def aima():
    import gametree
    return gametree.trace_alpha_beta(AIMA, 3)


def test_one_theme_argument_changes_the_pruned_edges_colour(aima):
    """The issue's test: theme={"pruned edge": ...} puts that colour in the
    picture, where the default drawing has none of it."""
    from gametree.view.draw import draw
    default = _pixels(draw(aima)._repr_png_())
    magenta = _pixels(draw(aima, theme={"pruned edge": "#ff00ff"})._repr_png_())
    assert _near(default, "#ff00ff") == 0
    assert _near(magenta, "#ff00ff") > 50       # the two dashed edges into I and J, and their outlines
    assert default.shape == magenta.shape


def test_the_print_theme_draws_in_greys_only(aima):
    """theme="print" renders a search without a single coloured pixel."""
    from gametree.view.draw import draw
    assert _greyscale(_pixels(draw(aima, theme="print")._repr_png_()))
    assert not _greyscale(_pixels(draw(aima)._repr_png_()))


def test_the_projector_theme_draws_darker_edges(aima):
    """theme="projector" renders the same tree with more dark ink than the default."""
    from gametree.view.draw import draw
    default = _pixels(draw(aima)._repr_png_())
    projector = _pixels(draw(aima, theme="projector")._repr_png_())
    assert default.shape == projector.shape
    assert (projector.sum(axis=-1) < 150).sum() > (default.sum(axis=-1) < 150).sum()


def test_a_drawing_names_a_bad_theme_key_or_colour(aima):
    """draw() refuses an unknown key or a bad colour with the theme's sentence."""
    from gametree.view.draw import draw
    with pytest.raises(ValueError, match="no key 'pruned edges' .*its keys are 'selected'"):
        draw(aima, theme={"pruned edges": "#ff00ff"})
    with pytest.raises(ValueError, match="theme key 'pruned edge': 'magentaish' .* is not a colour"):
        draw(aima, theme={"pruned edge": "magentaish"})


def test_the_max_n_drawing_follows_the_theme():
    """A max^n search drawn with the print theme is grey; with a pruned-edge colour, shows it."""
    from gametree.vectors import trace_maxn
    from gametree.view.maxn import png
    tree = trace_maxn([[(6, 2, 2), (1, 1, 8)], [(1, 8, 1), (7, 2, 1)]], total=10)  # a shallow cut
    assert _greyscale(_pixels(png(tree, theme="print")))
    assert _near(_pixels(png(tree)), "#ff00ff") == 0
    assert _near(_pixels(png(tree, theme={"pruned edge": "#ff00ff"})), "#ff00ff") > 0


def test_the_maze_follows_the_theme():
    """The maze drawn with the print theme is grey; colors= still changes a maze key on top."""
    from gametree.games.maze import Maze
    from gametree.view.maze import maze_figure
    state = Maze().initial
    assert _greyscale(_pixels(maze_figure(state, theme="print")._repr_png_()))
    walls = _pixels(maze_figure(state, theme="print", colors={"wall": "#ff00ff"})._repr_png_())
    assert _near(walls, "#ff00ff", tolerance=2) > 1000


def test_a_chart_follows_the_theme():
    """A chart's series are greys with the print theme."""
    from gametree.view.charts import ordering_chart
    nodes = {"none": [31, 100, 358], "pv": [31, 87, 281], "best": [31, 87, 245]}
    assert _greyscale(_pixels(ordering_chart(nodes, theme="print").png()))
    assert not _greyscale(_pixels(ordering_chart(nodes).png()))


def test_the_dice_board_follows_the_theme():
    """The dice track's HTML takes the theme's board colours."""
    pytest.importorskip("ipywidgets")
    from gametree.widgets.dice import DiceBoard
    default = DiceBoard(seed=1).track.value
    board = DiceBoard(seed=1, theme={"board dark": "#ff00ff"}).track.value
    assert "#FF00FF" in board and "#FF00FF" not in default
    assert board.replace("#FF00FF", "#333") == default


def test_a_gif_is_drawn_on_the_themes_palette(aima, tmp_path):
    """save_gif with the print theme writes grey frames only."""
    from PIL import Image

    from gametree.view.export import save_gif
    out = save_gif(aima, tmp_path / "print.gif", theme="print")
    with Image.open(out) as gif:
        gif.seek(gif.n_frames // 2)
        frame = gif.convert("RGB")
    buffer = io.BytesIO()
    frame.save(buffer, format="png")
    assert _greyscale(_pixels(buffer.getvalue()))


def test_slides_refuse_a_bad_theme_before_writing(aima, tmp_path):
    """write_slides checks its theme before it writes a page."""
    from gametree.view.slides import write_slides
    with pytest.raises(ValueError, match="no theme named 'dark'"):
        write_slides(aima, tmp_path / "s.pdf", cutoffs_only=True, theme="dark")
    assert not (tmp_path / "s.pdf").exists()
    assert write_slides(aima, tmp_path / "s.pdf", cutoffs_only=True, theme="projector") == 1
