"""The tic-tac-toe board widget, tested without a browser: clicks go through
``Button.click()`` and the assertions read the buttons and the status line."""

import pytest

widgets = pytest.importorskip("ipywidgets")

from gametree.games import TicTacToe, TicTacToeState, perfect_move  # noqa: E402
from gametree.games.tictactoe import winner  # noqa: E402
from gametree.widgets.tictactoe import EMPTY, TicTacToeBoard  # noqa: E402

GAME = TicTacToe()


def marks(board) -> str:
    """The board as the buttons show it, '.' for an empty square."""
    return "".join("." if button.description == EMPTY else button.description
                   for button in board.squares)


@pytest.fixture
def board():
    return TicTacToeBoard()


def test_css_classes_for_the_browser_tests(board):
    assert "gametree-board" in board._dom_classes
    for i, square in enumerate(board.squares):
        assert {"gametree-square", f"gametree-square-{i}"} <= set(square._dom_classes)
    assert "gametree-status" in board.status._dom_classes
    assert "gametree-new-game" in board.new_game_button._dom_classes
    assert "gametree-starts" in board.starts._dom_classes
    # All of them are inside the board.
    grid, status, controls = board.children
    assert list(grid.children) == list(board.squares) and status is board.status
    assert set(controls.children) == {board.new_game_button, board.starts}


def test_a_new_board_waits_for_you(board):
    assert marks(board) == "........."
    assert not any(square.disabled for square in board.squares)
    assert board.status.value == "You are X and move first: click a square."
    assert (board.human, board.computer) == ("X", "O")


def test_a_click_is_answered_by_the_perfect_player(board):
    board.squares[4].click()
    after_you = TicTacToeState("....X....")
    reply = perfect_move(after_you)
    expected = GAME.play(after_you, reply)
    assert marks(board) == expected.cells == board.state.cells
    assert board.squares[4].disabled and board.squares[reply].disabled
    assert sum(not square.disabled for square in board.squares) == 7
    assert board.status.value == f"You took square 4; the computer took square {reply}. Your move."


def test_a_taken_square_is_refused_and_nothing_changes(board):
    board.squares[4].click()
    before = marks(board)
    taken = next(i for i in range(9) if i != 4 and before[i] != ".")
    for square in (4, taken):
        board.squares[square].click()  # the browser would not let this click through
        assert marks(board) == before
        assert board.status.value == f"Square {square} is already taken; click an empty square."


def test_a_careless_player_loses_and_the_finished_board_refuses_clicks(board):
    """Taking the lowest free square each time loses to the perfect player."""
    while not GAME.is_over(board.state):
        board.squares[marks(board).index(".")].click()
    assert winner(board.state) == "O"
    assert board.status.value.endswith("The computer wins: three in a line. Press New game to try again.")
    assert all(square.disabled for square in board.squares)
    line = [i for i, square in enumerate(board.squares) if square.button_style == "danger"]
    assert len(line) == 3 and all(marks(board)[i] == "O" for i in line)
    final = marks(board)
    free = final.index(".")
    board.squares[free].click()
    assert marks(board) == final
    assert board.status.value == "The game is over; press New game to play again."


def test_perfect_play_on_both_sides_is_a_draw(board):
    while not GAME.is_over(board.state):
        board.squares[perfect_move(board.state)].click()
    assert winner(board.state) is None and "." not in marks(board)
    assert board.status.value.endswith(
        "Draw: the board is full and nobody has three in a line. Press New game to play again.")
    assert all(square.disabled for square in board.squares)


def test_new_game_clears_the_board(board):
    board.squares[0].click()
    board.new_game_button.click()
    assert marks(board) == "........."
    assert not any(square.disabled or square.button_style for square in board.squares)
    assert board.status.value == "You are X and move first: click a square."


def test_the_computer_can_start():
    board = TicTacToeBoard(computer_starts=True)
    first = perfect_move(GAME.initial)
    assert marks(board) == GAME.play(GAME.initial, first).cells
    assert (board.human, board.computer) == ("O", "X")
    assert board.status.value == f"The computer (X) took square {first}. You are O: your move."
    free = next(i for i in range(9) if i != first)
    board.squares[free].click()
    assert marks(board).count("O") == 1 and marks(board).count("X") == 2


def test_choosing_who_starts_starts_a_new_game(board):
    board.squares[4].click()
    board.starts.value = "computer"
    assert marks(board).count("X") == 1 and marks(board).count("O") == 0
    assert board.status.value.startswith("The computer (X) took square")
    board.starts.value = "you"
    assert marks(board) == "........."


def test_you_can_win_a_puzzle():
    """From a given position (X to move, a win in one), the board says you won
    and highlights the line in green."""
    board = TicTacToeBoard(start="XX. OO. ...")
    assert board.status.value == "You are X and move first: click a square."
    board.squares[2].click()
    assert board.status.value == "You win! Three in a line. Press New game to play again."
    assert [i for i, s in enumerate(board.squares) if s.button_style == "success"] == [0, 1, 2]
    board.new_game_button.click()
    assert marks(board) == "XX.OO...."


def test_the_computer_finds_the_win_in_a_puzzle():
    board = TicTacToeBoard(start="XX. OO. ...", computer_starts=True)
    assert marks(board) == "XXXOO...."
    assert board.status.value == ("The computer (X) took square 2. "
                                  "The computer wins: three in a line. Press New game to try again.")
    assert all(square.disabled for square in board.squares)


@pytest.mark.parametrize("square", [9, -1, "4", 2.0, True])
def test_play_refuses_what_is_not_a_square(board, square):
    board.play(square)
    assert marks(board) == "........."
    assert board.status.value.startswith("There is no square")


@pytest.mark.parametrize("kwargs, error, words", [
    ({"start": "XXX OO. ..."}, ValueError, "already finished"),
    ({"start": "XXX ... ..."}, ValueError, "cannot happen in a game"),
    ({"start": 5}, TypeError, "start must be a board"),
    ({"computer_starts": "yes"}, TypeError, "computer_starts must be True or False"),
])
def test_bad_arguments_are_refused(kwargs, error, words):
    with pytest.raises(error, match=words):
        TicTacToeBoard(**kwargs)


def test_empty_squares_show_a_no_break_space_never_an_empty_text():
    """ipywidgets keeps a button's old text on screen when its description is
    set to "", so a new game must write a visible blank into every square."""
    board = TicTacToeBoard()
    board.squares[4].click()
    board.new_game()
    assert all(button.description == EMPTY for button in board.squares)
    assert all(button.description != "" for button in board.squares)
