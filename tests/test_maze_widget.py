"""The maze widget (gametree.widgets.maze), driven without a browser."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("ipywidgets")

from gametree.games.maze import Maze, search_agent  # noqa: E402
from gametree.widgets.maze import MAX_DEPTH, MazeBoard  # noqa: E402


def test_watching_moves_one_agent_then_a_round():
    board = MazeBoard(depth=1, ghosts="random", seed=2)
    board.next_move()
    assert board.state.turn == 1 and len(board.history) == 2
    assert "Its search (minimax, ghosts as MIN, 1 round, maze_evaluation) valued" in board.status.text
    board.next_round()
    assert board.state.turn == 0 and len(board.transcript) == 3
    assert board.status.text.endswith("Runner to move.")


def test_the_widget_plays_the_move_of_the_engine_search():
    """The widget's runner plays what search_agent plays, for both models."""
    for model in ("MIN", "CHANCE"):
        board = MazeBoard(depth=2, model=model, seed=3)
        for _ in range(3):
            state = board.state
            board.next_round()
            expected = search_agent(model, 2)(board.game, state)
            assert board.game.play(state, expected).runner == board.history[
                board.history.index(state) + 1].runner


def test_to_the_end_finishes_and_disables_the_moves_and_new_game_replays_it():
    board = MazeBoard("small", depth=2, ghosts="random", seed=5)
    board.to_the_end()
    assert board.game.is_over(board.state)
    assert board.next_button.disabled and board.round_button.disabled
    first = list(board.transcript)
    board.next_move()
    assert "Press New game to play again" in board.status.text and board.transcript == first
    board.new_game()
    assert board.state == board.game.initial and board.transcript == []
    board.to_the_end()
    assert board.transcript == first                     # the same seed, the same game


def test_back_takes_a_move_back_and_says_so_at_the_start():
    board = MazeBoard(depth=1)
    board.back()
    assert "there is no move to take back" in board.status.text
    board.next_move()
    board.back()
    assert board.state == board.game.initial and board.back_button.disabled


def test_playing_the_runner_walls_are_refused_and_ghosts_answer():
    board = MazeBoard("small", mode="play", ghosts="chase", seed=1)
    assert board.arrows["N"].disabled and not board.arrows["E"].disabled
    board.run("N")
    assert board.status.text == "There is a wall north; you can move east, south."
    assert board.state == board.game.initial
    board.arrows["E"].click()
    assert board.state.turn == 0 and board.status.text.startswith("You move east and eat a dot.")
    assert board.status.text.endswith("Your move.")
    assert board.play_row.layout.display is None and board.watch_row.layout.display == "none"


def test_a_caught_runner_ends_the_game_in_words():
    board = MazeBoard(Maze("######/#R1..#/######"), mode="play")
    board.run("E")
    assert "A ghost caught the runner: -101 points." in board.status.text
    assert all(button.disabled for button in board.arrows.values())


def test_the_picture_carries_its_alt_text():
    board = MazeBoard("small")
    assert f'alt="{html.escape(board.alt_text)}"' in board.picture.value
    assert board.alt_text.startswith("A maze of 5 rows and 5 columns.")


def test_the_menus_change_the_search():
    board = MazeBoard(depth=1)
    board.model.value = "CHANCE"
    board.depth.value = 2
    board.evaluate.value = "score"
    board.next_move()
    assert "(expectimax, ghosts as CHANCE, 2 rounds, score_evaluation)" in board.status.text


@pytest.mark.parametrize("kwargs, error, message", [
    ({"depth": 0}, ValueError, f"depth must be from 1 to {MAX_DEPTH}"),
    ({"depth": MAX_DEPTH + 1}, ValueError, f"depth must be from 1 to {MAX_DEPTH}"),
    ({"model": "MAX"}, ValueError, "model must be one of 'MIN', 'CHANCE'"),
    ({"ghosts": "angry"}, ValueError, "ghosts must be one of 'random', 'chase', 'adversarial'"),
    ({"mode": "race"}, ValueError, "mode must be one of 'watch', 'play'"),
    ({"game": 3}, TypeError, "game must be a Maze"),
])
def test_bad_arguments_are_refused_with_a_sentence(kwargs, error, message):
    with pytest.raises(error, match=message):
        MazeBoard(**kwargs)


def test_the_deepest_search_offered_is_accepted():
    assert MazeBoard("small", depth=MAX_DEPTH).depth.value == MAX_DEPTH
