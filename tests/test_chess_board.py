"""The chess play widget and its picture, driven without a browser.

The computer is a stand-in engine here (the first legal move in UCI order),
so these tests check the widget, not the search; the engine's own tests
live with :mod:`gametree.games.chess`.
"""

import chess
import pytest

from gametree.view.chess import board_colors, board_svg, square_box
from gametree.widgets.chess import MAX_DEPTH, MAX_SECONDS, ChessBoard


def first_move(board, depth, seconds):
    return min(board.legal_moves, key=lambda move: move.uci())


@pytest.fixture
def board():
    widget = ChessBoard(engine=first_move)
    yield widget
    widget.close()


def test_a_click_on_a_piece_then_a_square_plays_the_move_and_the_computer_answers(board):
    board.squares[chess.E2].click()
    assert board.selected == chess.E2
    assert "gametree-chess-selected" in board.squares[chess.E2]._dom_classes
    board.squares[chess.E4].click()
    assert board.board.move_stack[0] == chess.Move.from_uci("e2e4")
    assert len(board.board.move_stack) == 2            # the computer answered
    assert board.status_text.startswith("You played e4. The computer answered ")
    assert board.selected is None


def test_a_typed_move_in_san_or_uci_is_played(board):
    board.move_box.value = "Nf3"
    assert board.board.move_stack[0] == chess.Move.from_uci("g1f3")
    assert board.move_box.value == ""
    board.type_move("d2d4")
    assert board.board.move_stack[2] == chess.Move.from_uci("d2d4")


@pytest.mark.parametrize("text, sentence", [
    ("Ke2", "Ke2 is not legal here: no piece of yours can make that move here"),
    ("xyz", "'xyz' is not a move in SAN"),
    ("e2e5", "e2e5 is not legal here: that is not how this piece moves"),
])
def test_an_illegal_typed_move_gets_a_sentence_and_changes_nothing(board, text, sentence):
    board.type_move(text)
    assert board.status_text.startswith(sentence)
    assert board.board == chess.Board()


def test_a_click_on_an_empty_square_or_an_unreachable_one_is_explained(board):
    board.squares[chess.E4].click()
    assert board.status_text == "e4 is empty: click one of your own pieces first."
    board.squares[chess.G1].click()
    board.squares[chess.G3].click()
    assert board.status_text.startswith("The knight on g1 cannot go to g3")
    assert board.board == chess.Board()


def test_a_move_that_leaves_the_king_in_check_is_refused_with_the_reason():
    pinned = ChessBoard("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", engine=first_move)
    pinned.squares[chess.E2].click()
    pinned.squares[chess.D3].click()
    assert "it would leave your king in check" in pinned.status_text
    pinned.close()


def test_mate_ends_the_game_and_further_clicks_change_nothing():
    mate_in_one = ChessBoard("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", engine=first_move)
    mate_in_one.type_move("Ra8#")
    assert mate_in_one.status_text == "You played Ra8#. Checkmate: you win! Press New game to play again."
    mate_in_one.squares[chess.G1].click()
    assert len(mate_in_one.board.move_stack) == 1
    mate_in_one.new_game_button.click()
    assert mate_in_one.board == chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    mate_in_one.close()


@pytest.mark.parametrize("kwargs, error", [
    ({"fen": "not a fen"}, "python-chess rejects the FEN"),
    ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "not a legal position"),
    ({"depth": 0}, "depth"),
    ({"depth": MAX_DEPTH + 1}, "depth"),
    ({"seconds": 0}, "seconds"),
    ({"seconds": MAX_SECONDS + 0.5}, "seconds"),
])
def test_bad_arguments_are_refused_with_a_sentence(kwargs, error):
    with pytest.raises(ValueError, match=error):
        ChessBoard(engine=first_move, **kwargs)


def test_the_deepest_depth_is_accepted():
    widget = ChessBoard(depth=MAX_DEPTH, seconds=MAX_SECONDS, engine=first_move)
    assert (widget.depth.value, widget.seconds.value) == (MAX_DEPTH, MAX_SECONDS)
    widget.close()


def test_a_broken_engine_is_reported_not_raised():
    def broken(board, depth, seconds):
        raise RuntimeError("out of fuel")
    widget = ChessBoard(engine=broken)
    widget.type_move("e4")
    assert widget.status_text == "You played e4. The computer cannot answer: out of fuel"
    widget.close()


def test_buttons_lie_on_their_squares_and_black_plays_from_the_bottom():
    assert square_box(chess.A1, 390) == (15.0, 330.0, 60.0, 375.0)
    assert square_box(chess.H8, 390, flipped=True) == (15.0, 330.0, 60.0, 375.0)
    black = ChessBoard("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", engine=first_move)
    assert black.squares[chess.E7].layout.margin == f"{square_box(chess.E7, black.size, flipped=True)[1]}px 0 0 " \
        f"{square_box(chess.E7, black.size, flipped=True)[0]}px"
    assert black.squares[chess.E7].description == "e7, black pawn"
    black.close()


def test_the_picture_takes_the_theme_colours_and_marks_the_selection():
    svg = board_svg(chess.Board(), selected=chess.E2, theme={"selected": "#123456"})
    assert "#123456" in svg
    assert board_colors("print") != board_colors("default")


def test_the_set_s_engine_answers_at_the_default_level_and_finds_a_mate_in_one():
    widget = ChessBoard("6k1/5ppp/8/1p6/8/8/5PPP/R5K1 b - - 0 1")   # after b4, White mates on a8
    widget.type_move("b4")
    assert widget.board.move_stack[-1] == chess.Move.from_uci("a1a8")
    assert widget.status_text == "You played b4. The computer answered Ra8# (searching 3 plies). " \
        "Checkmate: the computer wins. Press New game to play again."
    widget.close()
