"""The dice board, tested without a browser: clicks go through
``Button.click()`` and the assertions read the widgets' text, which says
every roll and move in words (nothing is told by colour alone)."""

import random
import re

import pytest
from dice_brute_force import race_value

widgets = pytest.importorskip("ipywidgets")

from gametree.games import Checker, DiceRace, RaceState  # noqa: E402
from gametree.tree import CHANCE, MAX  # noqa: E402
from gametree.widgets.dice import END, SQUARE, DiceBoard  # noqa: E402

# The module-scoped fixtures keep this module on one xdist worker (conftest.py), so the
# race is solved once for the boards (the widget keeps one solver per rules in its
# process) and its brute-force values, the reference below, are worked out once.


@pytest.fixture(scope="module")
def solved():
    """One board per module: the first solve takes about a second."""
    return DiceBoard(seed=1)


@pytest.fixture(scope="module")
def reference():
    """The default race's values by brute force from the rules (tests/dice_brute_force.py),
    apart from the boards' solver; solving the race again per test took seconds."""
    return lambda state: race_value(DiceRace(), state, one=1.0)


def fresh(seed=1, **options):
    return DiceBoard(seed=seed, **options)


def test_a_new_board_waits_for_your_roll(solved):
    board = solved
    board.new_game()
    assert board.status_text.startswith("You are White (W), racing right")
    assert not board.roll_button.disabled and board.move_texts == ()
    assert board.track_text.startswith("White start W W Black home square 1")
    assert board.track_text.count(" B ") >= 1 and "Black start B B" in board.track_text
    assert re.fullmatch(r"With perfect play from here you win \d+% of the time\.", board.chance_text)


def test_the_die_is_seeded_game_after_game():
    rolls = random.Random(7)
    board = fresh(seed=7)
    board.roll_button.click()
    first = rolls.randint(1, 6)
    assert board.status_text.startswith(f"You rolled {first}.")
    assert board.state.roll == first and f">{first}</span>" in board.die.value
    again = fresh(seed=7)
    again.roll_button.click()
    assert again.state == board.state


def test_a_move_is_answered_by_the_perfect_player_and_both_are_said_in_words(reference):
    board = fresh(seed=3)
    value = reference
    board.roll(4)
    assert board.move_texts == ("The start \u2192 square 4",)
    before = board.state
    board.move_buttons[0].click()
    game = board.game
    mine = game.play(before, Checker(0))
    # The computer's roll comes from the seeded die; its move leaves the least value for you.
    face = random.Random(3).randint(1, 6)
    rolled = game.play(mine, face)
    values = {move: value(game.play(rolled, move)) for move in game.moves(rolled)}
    assert value(board.state) == min(values.values())
    text = board.status_text
    assert text.startswith("You moved a checker from the start to square 4. ")
    assert f"The computer rolled {face} and moved a checker from " in text and text.endswith("Your roll.")
    assert "Black moved here" in board.track_text and "Black moved from here" in board.track_text


def test_a_hit_is_explained_and_the_hit_checker_is_shown_marked():
    white = (Checker(0), Checker(2))
    black = (Checker(0), Checker(2))  # one Black checker on square 5
    board = fresh(seed=2, start=RaceState(white, black, True, None, 6))
    board.roll(3)
    assert board.move_texts == ("The start \u2192 square 3", "Square 2 \u2192 square 5, hits")
    board.move_buttons[1].click()
    assert "to square 5, hitting the lone opposing checker there" in board.status_text
    assert sum(c.marked for c in board.state.black) == 1  # one roll cannot take it home again
    assert "B*" in board.track_text  # the marked checker, by an asterisk


def test_the_worth_of_each_move_is_shown_only_when_asked(reference):
    board = fresh(seed=4, start=RaceState((Checker(0), Checker(2)), (Checker(0), Checker(2)), True))
    board.roll(3)
    assert all("win" not in text for text in board.move_texts)
    board.worth.value = True
    value = reference
    shown = [int(re.search(r"you win (\d+)%", text).group(1)) for text in board.move_texts]
    expected = [round(100 * (value(board.game.play(board.state, m)) + 1) / 2)
                for m in board.game.moves(board.state)]
    assert all(abs(a - b) <= 1 for a, b in zip(shown, expected, strict=True))


def test_clicks_out_of_turn_are_refused_with_a_message_and_change_nothing():
    board = fresh(seed=5)
    state = board.state
    board.move(0)
    assert board.status_text == "Roll the die first." and board.state == state
    board.roll(3)
    board.roll(2)
    assert board.status_text == "You have rolled already: choose the checker to move."
    assert board.state.roll == 3
    board.move(1)  # only one checker can move (both are at the start)
    assert board.status_text.startswith("There is no move 1 here")


def test_a_finished_game_disables_the_board_until_a_new_game():
    # White needs one more roll: either checker goes home with any face.
    board = fresh(seed=6, start=RaceState((Checker(6), Checker(7)), (Checker(0), Checker(0)), True))
    board.roll(1)
    board.move_buttons[0].click()
    assert board.status_text.endswith("Both your checkers are home: you win! Press New game to play again.")
    assert board.roll_button.disabled and board.move_texts == () and board.chance_text == ""
    board.roll()
    assert board.status_text == "The game is over; press New game to play again."
    board.new_game_button.click()
    assert board.state == board.start and not board.roll_button.disabled


def test_a_whole_game_with_either_choice_ends_with_a_result():
    for seed in range(4):
        board = fresh(seed=seed)
        for _ in range(200):
            if board.game.is_over(board.state):
                break
            board.roll_button.click()
            board.move_buttons[len(board.move_texts) - 1].click()
        assert board.game.is_over(board.state)
        assert "wins" in board.status_text or "you win!" in board.status_text


def test_the_board_fits_a_projector_screen_and_labels_everything():
    board = fresh()
    assert int(board.layout.max_width.removesuffix("px")) <= 1100 and board.layout.width == "100%"
    assert 2 * END + board.game.length * SQUARE <= 800  # the track fits with the file browser open
    assert "white-space:normal" in board.status.value  # long sentences wrap instead of running off
    assert all(f"square {k}" in board.track_text for k in range(1, 7))
    legend = "W: your checkers, moving right \u2192 B: the computer's, moving left \u2190"
    assert legend in board.track_text
    classes = {c for w in (board, board.roll_button, board.status, board.track, *board.move_buttons)
               for c in w._dom_classes}
    assert {"gametree-dice", "gametree-dice-roll", "gametree-dice-status", "gametree-dice-track",
            "gametree-dice-move"} <= classes


@pytest.mark.parametrize("options, error, words", [
    ({"seed": "1"}, TypeError, "seed must be a whole number"),
    ({"game": "race"}, TypeError, "game must be a DiceRace"),
    ({"start": RaceState((Checker(0), Checker(0)), (Checker(0), Checker(0)), False)}, ValueError,
     "starts with White (you) to roll"),
    ({"start": "start"}, TypeError, "a RaceState"),
])
def test_bad_options_are_refused(options, error, words):
    with pytest.raises(error, match=re.escape(words)):
        DiceBoard(**options)


def test_the_computer_plays_min_and_you_max():
    board = fresh(seed=9)
    assert board.game.to_move(board.state) is CHANCE and board.state.mover is MAX


def test_pages_without_a_kernel_see_the_board_as_text_and_html(solved):
    bundle = solved._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("White start W") and "square 6" in bundle["text/plain"]
    assert "<table" in bundle["text/html"] and "gametree-dice-square" in bundle["text/html"]
