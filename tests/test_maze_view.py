"""The maze drawing (gametree.view.maze): what it shows, its alt text, and
the projector rules (size, text sizes, nothing overlapping or cut off)."""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from gametree.games.maze import MAX_SIDE, Maze  # noqa: E402
from gametree.view.maze import MAZE_COLORS, maze_figure  # noqa: E402


def texts(figure):
    from matplotlib.text import Text

    return [t for t in figure.findobj(Text) if t.get_text()]


def test_every_agent_is_a_letter_or_number_and_the_alt_text_says_where():
    game = Maze("three ghosts")
    figure = maze_figure(game.initial)
    shown = {t.get_text() for t in texts(figure)}
    assert {"R", "1", "2", "3"} <= shown
    assert "The runner (R) is at row 2, column 2; ghost 1 at row 6, column 2" in figure.alt_text
    assert "17 dots are left" in figure.alt_text


def test_a_caught_runner_is_an_x_and_arrows_show_the_last_moves():
    game = Maze("######/#R1..#/######")
    caught = game.play(game.initial, "E")
    figure = maze_figure(caught, caption="caught", moves=[("runner", (1, 1), (1, 2))])
    shown = {t.get_text() for t in texts(figure)}
    assert "X" in shown and "R" not in shown
    assert "caught by ghost 1" in figure.alt_text
    assert "Arrows: runner from row 2, column 2 to row 2, column 3." in figure.alt_text


def test_colors_merge_over_the_defaults_and_typos_are_named():
    figure = maze_figure(Maze().initial, colors={"wall": "black"})
    squares = figure.axes[0].collections[0]              # the walls and the floor
    faces = {tuple(round(x, 2) for x in face[:3]) for face in squares.get_facecolor()}
    assert faces == {(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)}
    with pytest.raises(ValueError, match="no maze colour named 'walls'; the keys are 'wall'"):
        maze_figure(Maze().initial, colors={"walls": "black"})
    assert set(MAZE_COLORS) >= {"wall", "runner", "ghost 3"}


def test_bad_arguments_are_refused_with_a_sentence():
    state = Maze().initial
    with pytest.raises(TypeError, match="maze_figure draws a MazeState"):
        maze_figure("#####")
    with pytest.raises(ValueError, match="each move is .agent, from, to. with two open squares"):
        maze_figure(state, moves=[("runner", (0, 0), (1, 1))])
    with pytest.raises(TypeError, match="title must be text"):
        maze_figure(state, title=3)


@pytest.mark.parametrize("side", [7, MAX_SIDE])
def test_fits_a_projector_with_legible_text_inside_the_picture(side):
    """At most 1,100 x 540 px, text 13 px or more, no text cut off or overlapping."""
    if side == 7:
        game = Maze()
    else:
        inner = ["#R" + "." * (side - 4) + "1#"] + ["#" + "." * (side - 2) + "#"] * (side - 3)
        game = Maze("\n".join(["#" * side, *inner, "#" * side]))
    state = game.play(game.initial, "E")
    figure = maze_figure(state, title="A maze", caption="the runner moves east and eats a dot, "
                         "then ghost 1 answers", moves=[("runner", game.initial.runner, state.runner)])
    width, height = figure.get_size_inches() * 72
    assert width <= 1100 and height <= 540
    renderer = figure.canvas.get_renderer()
    boxes = []
    for text in texts(figure):
        assert text.get_fontsize() >= 13
        box = text.get_window_extent(renderer)
        assert box.x0 >= 0 and box.y0 >= 0 and box.x1 <= width and box.y1 <= height, text.get_text()
        if text.axes is None and text.get_text() != " ":   # the panel and the title
            boxes.append((text.get_text(), box))
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1:]:
            assert not box_a.overlaps(box_b), (a, b)
