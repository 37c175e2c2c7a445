"""The Kalah board widget, tested without a browser: clicks go through
``Button.click()`` and the assertions read the buttons, the stores, the
status line and the search report."""

import pytest

widgets = pytest.importorskip("ipywidgets")

from gametree import MAX, MIN  # noqa: E402
from gametree.games import (  # noqa: E402
    Kalah,
    KalahState,
    iterative_deepening,
    kalah_evaluation,
    label_line,
    store_difference,
)
from gametree.widgets import kalah as kalah_widget  # noqa: E402
from gametree.widgets.kalah import KalahBoard  # noqa: E402

GAME = Kalah()


def seeds(board) -> tuple:
    """The board as the widgets show it, as a pits tuple."""
    n = board.game.houses
    shown = []
    for pit in range(2 * n + 2):
        if pit == n:
            shown.append(int(board.stores[MAX].value))
        elif pit == 2 * n + 1:
            shown.append(int(board.stores[MIN].value))
        else:
            shown.append(int(board.houses[pit].description))
    return tuple(shown)


def computer_turn(game, state, computer, depth, evaluate=kalah_evaluation):
    """What the computer should do from ``state``: its searches and the position after."""
    searches = []
    while not game.is_over(state) and game.to_move(state) is computer:
        result = iterative_deepening(game, state, max_depth=depth, evaluate=evaluate).result
        searches.append((result, label_line(game, state, result.pv)))
        state = game.play(state, result.move)
    return searches, state


def enabled(board) -> list[int]:
    return [pit for pit, button in enumerate(board.houses) if button is not None and not button.disabled]


@pytest.fixture
def board():
    return KalahBoard(depth=3)


def test_css_classes_for_the_browser_tests(board):
    assert "gametree-kalah" in board._dom_classes
    for pit, house in enumerate(board.houses):
        if pit == 6:
            assert house is None  # South's store
        else:
            assert {"gametree-house", f"gametree-house-{pit}"} <= set(house._dom_classes)
    assert {"gametree-kalah-store", "gametree-kalah-store-6"} <= set(board.stores[MAX]._dom_classes)
    assert {"gametree-kalah-store", "gametree-kalah-store-13"} <= set(board.stores[MIN]._dom_classes)
    assert "gametree-kalah-status" in board.status._dom_classes
    board.houses[0].click()
    assert board.status.value == board.status_text.replace("'", "&#x27;")   # the HTML shows the text
    assert "gametree-kalah-pv" in board.pv._dom_classes
    assert "gametree-kalah-depth" in board.depth._dom_classes
    assert "gametree-kalah-new-game" in board.new_game_button._dom_classes
    assert "gametree-kalah-starts" in board.starts._dom_classes


def test_the_rows_are_laid_out_counter_clockwise(board):
    """North's row shows N5 .. N0 left to right above South's S0 .. S5;
    North's store on the left, South's on the right."""
    rows, *_ = board.children
    north_store, middle, south_store = rows.children
    _, north, south, _ = middle.children
    assert board.stores[MIN] in north_store.children and board.stores[MAX] in south_store.children
    assert list(north.children) == [board.houses[pit] for pit in (12, 11, 10, 9, 8, 7)]
    assert list(south.children) == [board.houses[pit] for pit in range(6)]


def test_every_house_and_store_is_labelled_with_the_name_the_messages_use(board):
    """N5 .. N0 over North's houses and S0 .. S5 under South's, each label
    in the column of its house; "North store" and "South store" over the stores."""
    rows, *_ = board.children
    north_store, middle, south_store = rows.children
    over, north, south, under = middle.children
    assert [label.value for label in over.children] == ["N5", "N4", "N3", "N2", "N1", "N0"]
    assert [label.value for label in under.children] == ["S0", "S1", "S2", "S3", "S4", "S5"]
    for labels, houses in ((over, north), (under, south)):
        for label, house in zip(labels.children, houses.children, strict=True):
            assert label.layout.width == house.layout.width     # one label a column
            assert house.tooltip == f"house {label.value}"
            assert "gametree-kalah-label" in label._dom_classes
    assert north_store.children[0].value == "North store" and south_store.children[0].value == "South store"


@pytest.mark.parametrize("houses", [6, 12])
def test_the_board_fits_a_1280_by_720_screen(houses):
    """The widths the layout asks for, added up: two store columns and a
    row of houses, each house with its margins; the height: the labels,
    two rows of houses, and the lines under them."""
    board = KalahBoard(houses, 4, depth=1)
    rows, *_ = board.children
    north_store, middle, south_store = rows.children
    px = lambda text: int(text.removesuffix("px"))   # noqa: E731
    house = board.houses[0].layout
    width = px(north_store.layout.width) + px(south_store.layout.width) + houses * (px(house.width) + 4)
    assert width <= 1280 - 100          # room for JupyterLab's margins
    assert 2 * (px(house.height) + 4) + 2 * 30 + 8 * 30 <= 720 - 200   # labels, status, report, controls


def test_a_new_board_waits_for_you_on_the_south_side(board):
    assert seeds(board) == GAME.initial.pits
    assert (board.human, board.computer) == (MAX, MIN)
    assert enabled(board) == [0, 1, 2, 3, 4, 5]
    assert board.status_text == "You play South (the bottom row) and move first: click one of your houses."
    assert board.pv_text == "" and board.pv.value == ""


def test_a_move_is_answered_by_the_depth_limited_search(board):
    board.houses[0].click()
    after_you = GAME.play(GAME.initial, 0)
    searches, expected = computer_turn(GAME, after_you, MIN, depth=3)
    assert board.state == expected and seeds(board) == expected.pits
    labels = [line[0] for _, line in searches]
    assert board.status_text.startswith(f"You sowed S0. The computer sowed {labels[0]}")
    assert board.status_text.endswith("Your move.")
    # The report: one line per search, with its move, value and principal variation.
    lines = board.pv_text.splitlines()
    assert lines[0] == "The computer searched 3 moves ahead with kalah_evaluation:"
    assert len(lines) == 1 + len(searches)
    for text, (_result, line) in zip(lines[1:], searches, strict=True):
        assert text.startswith(f"{line[0]}: value ")
        assert f"principal variation {' '.join(line)}" in text
        assert [r.pv for r in board.searches] == [r.pv for r, _ in searches]
    assert board.pv.value == "<br>".join(lines).replace("'", "&#x27;")
    # The houses the computer sowed from are highlighted, and the status says which.
    sown = {7 + result.move for result, _ in searches}
    assert {pit for pit, b in enumerate(board.houses) if b is not None and b.button_style} == sown
    names = list(dict.fromkeys(line[0] for _, line in searches))
    assert f"Highlighted: {' and '.join(names)}, the house{'s' if len(names) > 1 else ''} it sowed." \
        in board.status_text


def test_an_extra_turn_is_yours_again_and_the_computer_waits(board):
    board.houses[2].click()                      # S2: 4 seeds, the last in the store
    assert board.state == GAME.play(GAME.initial, 2) and board.state.player is MAX
    assert board.status_text == "You sowed S2: the last seed fell in your store, so you move again."
    assert board.searches == [] and board.pv_text == ""
    assert 2 not in enabled(board)               # now empty


def test_the_computers_extra_turns_are_all_played_and_reported():
    """After S2 and S5, North's N1 (5 seeds) ends in its store: two computer moves."""
    board = KalahBoard(depth=2)
    board.houses[2].click()
    board.houses[5].click()
    assert len(board.searches) == 2
    # The extra turn is explained right after the move that earned it: N1's, not N0's.
    assert ("The computer sowed N1 (its last seed fell in its store, so it moved again), "
            "then N0. ") in board.status_text
    assert "Highlighted: N1 and N0, the houses it sowed. Your move." in board.status_text
    assert {pit for pit, b in enumerate(board.houses) if b is not None and b.button_style} == {8, 7}
    assert len(board.pv_text.splitlines()) == 3


def test_houses_you_cannot_sow_are_disabled_and_refused():
    board = KalahBoard(start="1 1 1 / 0 0 / 2 0 3", depth=2)   # S1 is empty
    start = board.state
    assert enabled(board) == [0, 2]
    board.houses[5].click()                      # North's N1: the browser would not let this through
    assert board.state == start
    assert board.status_text == "That house is the computer's; click one of yours, in the bottom row."
    board.houses[1].click()
    assert board.state == start
    assert board.status_text == "House S1 is empty; click a house with seeds."
    board.houses[0].click()                      # a legal move still works after the refusals
    assert board.state != start and board.status_text.startswith("You sowed S0")


@pytest.mark.parametrize("house", [6, -1, "2", 2.0, True])
def test_play_refuses_what_is_not_a_house(board, house):
    board.play(house)
    assert board.state == GAME.initial
    assert board.status_text == f"There is no house {house!r}; your houses are numbered 0 to 5."


def test_a_whole_game_ends_with_the_result_and_every_house_disabled():
    """You always sow your first non-empty house; the computer searches 2 deep."""
    board = KalahBoard(3, 3, depth=2)
    game = Kalah(3, 3)
    for _ in range(100):
        if game.is_over(board.state):
            break
        house = next(i for i, s in enumerate(board.state.houses(MAX)) if s)
        board.houses[house].click()
    assert game.is_over(board.state)
    you, computer = board.state.store(MAX), board.state.store(MIN)
    assert you + computer == 18 and seeds(board) == board.state.pits
    verdict = {True: "You win!", False: "The computer wins."}.get(you > computer) if you != computer else "A draw."
    assert f"Game over: you {you}, the computer {computer}. {verdict}" in board.status_text
    assert enabled(board) == []
    board.play(0)
    assert board.status_text == "The game is over; press New game to play again."


def test_the_depth_slider_sets_how_far_the_computer_looks(board):
    board.depth.value = 6
    board.houses[1].click()
    after_you = GAME.play(GAME.initial, 1)
    searches, expected = computer_turn(GAME, after_you, MIN, depth=6)
    assert board.state == expected
    assert all(result.depth == 6 for result in board.searches)
    assert board.pv_text.startswith("The computer searched 6 moves ahead")


def test_the_computer_can_start_and_then_you_play_north():
    board = KalahBoard(depth=3, computer_starts=True)
    searches, expected = computer_turn(GAME, GAME.initial, MAX, depth=3)
    assert (board.human, board.computer) == (MIN, MAX)
    assert board.state == expected and seeds(board) == expected.pits
    assert board.status_text.startswith(f"The computer plays South and sowed {searches[0][1][0]}")
    assert board.status_text.endswith("You play North (the top row): your move.")
    assert set(enabled(board)) <= set(range(7, 13)) and enabled(board)
    pit = enabled(board)[0]
    board.houses[pit].click()
    assert board.status_text.startswith(f"You sowed N{pit - 7}")


def test_choosing_who_starts_and_new_game_start_again(board):
    board.houses[0].click()
    board.starts.value = "computer"
    assert board.computer is MAX and board.state != GAME.initial
    board.starts.value = "you"
    assert board.state == GAME.initial and board.pv_text == ""
    board.houses[0].click()
    board.new_game_button.click()
    assert board.state == GAME.initial and seeds(board) == GAME.initial.pits
    assert not any(b.button_style for b in board.houses if b is not None)


def test_a_puzzle_with_a_capture():
    """From a given position, S0's single seed lands in the empty S1 and takes N1's 3."""
    board = KalahBoard(start="0 3 1 / 5 2 / 1 0 4", depth=2)
    assert board.game.houses == 3 and enabled(board) == [0, 2]
    board.houses[0].click()
    assert board.status_text.startswith("You sowed S0 and captured 4 seeds. The computer sowed")


def test_the_evaluation_function_can_be_chosen():
    board = KalahBoard(depth=2, evaluate=store_difference)
    board.houses[0].click()
    assert board.pv_text.startswith("The computer searched 2 moves ahead with store_difference:")
    _, expected = computer_turn(GAME, GAME.play(GAME.initial, 0), MIN, depth=2, evaluate=store_difference)
    assert board.state == expected


@pytest.mark.parametrize("kwargs, error, words", [
    ({"depth": 0}, ValueError, "depth must be from 1 to 10, not 0"),
    ({"depth": 11}, ValueError, "depth must be from 1 to 10, not 11"),
    ({"depth": 2.0}, TypeError, "depth must be a whole number, not 2.0"),
    ({"computer_starts": "yes"}, TypeError, "computer_starts must be True or False"),
    ({"evaluate": 3}, TypeError, "evaluate must be a function"),
    ({"start": 5}, TypeError, "start must be a board"),
    ({"start": "0 0 0 / 4 2 / 1 2 3"}, ValueError, "already finished"),
    ({"start": "1 2 / 0 0 / 1 2 3"}, ValueError, "2 houses in MIN's row but 3"),
    ({"houses": 0}, ValueError, "houses must be from 1 to 12"),
    ({"seeds": 101}, ValueError, "seeds must be from 1 to 100, not 101"),
])
def test_bad_arguments_are_refused(kwargs, error, words):
    with pytest.raises(error, match=words):
        KalahBoard(**kwargs)


def test_a_start_position_with_min_to_move_makes_you_north():
    board = KalahBoard(start=KalahState.from_text("1 1 1 / 0 0 / 1 1 1", MIN), depth=2)
    assert board.human is MIN and enabled(board) == [4, 5, 6]


def test_the_deepest_slider_depth_is_allowed():
    assert KalahBoard(3, 3, depth=10).depth.value == 10


def test_the_computer_stops_deepening_at_its_node_budget(monkeypatch):
    """On a big board, depth 10 would take minutes: the computer plays the
    move of the deepest search it finished within NODE_BUDGET positions,
    and the report says so.  (The budget is lowered here so that the test
    is quick; the rule is the same.)"""
    monkeypatch.setattr(kalah_widget, "NODE_BUDGET", 2_000)
    board = KalahBoard(12, 20, depth=10)
    board.houses[0].click()
    game = Kalah(12, 20)
    after_you = game.play(game.initial, 0)
    expected = iterative_deepening(game, after_you, max_depth=10, evaluate=kalah_evaluation, max_nodes=2_000)
    assert expected.result.depth < 10 and expected.nodes <= 2_000
    assert board.searches[0] == expected.result
    assert board.pv_text.splitlines()[0] == (
        f"The computer searched {expected.result.depth} moves ahead with kalah_evaluation (not the 10 "
        f"the slider asks for: a deeper search would visit more than 2,000 positions):")


def test_the_budget_is_not_mentioned_when_the_search_reached_the_slider_depth(board):
    board.houses[0].click()
    assert "slider" not in board.pv_text


def test_an_evaluation_that_fails_is_reported_on_the_status_line():
    """A student's evaluation that returns NaN: the board says why the
    computer cannot move instead of dying with a traceback in the log."""
    def broken(state):
        return float("nan")

    board = KalahBoard(3, 3, depth=2, evaluate=broken)
    board.houses[1].click()                     # S1's 3 seeds: S2, the store, N0
    assert board.status_text.startswith("You sowed S1. The computer cannot answer: broken returned NaN "
                                        "for the position KalahState(")
    starting = KalahBoard(3, 3, depth=2, evaluate=broken, computer_starts=True)
    assert starting.status_text.startswith("The computer cannot move: broken returned NaN")
