"""Tic-tac-toe: the rules, the classic figures, a perfect player, and the
transposition table checked on every position the game can reach."""

import itertools
import pickle
from functools import cache

import pytest

from gametree import MAX, MIN
from gametree.games import (
    IllegalMoveError,
    NaiveTable,
    TicTacToe,
    TicTacToeState,
    TranspositionTable,
    alpha_beta,
    canonical,
    minimax,
    negamax,
    perfect_move,
)
from gametree.games.tictactoe import LINES, SYMMETRIES, count_games, positions, winner

GAME = TicTacToe()


@pytest.fixture(scope="module")
def open_positions():
    """The 4,520 positions reachable from the empty board where the game is not over."""
    return sorted(s for s in positions() if not GAME.is_over(s))


@cache
def reference_value(cells: str) -> int:
    """Plain minimax, written out here from the rules (memoized: without
    pruning every value is exact, so remembering them is safe)."""
    state = TicTacToeState(cells)
    if GAME.is_over(state):
        return GAME.score(state)
    values = [reference_value(GAME.play(state, move).cells) for move in GAME.moves(state)]
    return max(values) if GAME.to_move(state) is MAX else min(values)


# --- the classic figures -----------------------------------------------------------

def test_full_game_tree_has_549946_nodes_and_255168_games():
    """The well-known counts, with the split of results (Schaefer; Bottomley)."""
    assert count_games() == (549_946, 255_168, 131_184, 77_904, 46_080)


def test_minimax_without_memory_visits_the_whole_tree():
    """Plain minimax from the empty board walks all 549,946 nodes and reads
    all 255,168 finished games, and finds a draw."""
    result = minimax(GAME)
    assert result.value == 0
    assert (result.stats.nodes, result.stats.terminals) == (549_946, 255_168)


def test_there_are_5478_legal_positions():
    assert len(positions()) == 5_478


def test_reachable_positions_are_exactly_the_boards_from_text_accepts():
    """from_text's legality check accepts exactly the 5,478 reachable boards
    among all 3^9 fillings of the squares."""
    accepted = set()
    for cells in itertools.product("XO.", repeat=9):
        try:
            accepted.add(TicTacToeState.from_text("".join(cells)))
        except ValueError:
            pass
    assert accepted == positions()


def test_the_empty_board_is_a_draw():
    assert reference_value(GAME.initial.cells) == 0
    for result in (alpha_beta(GAME), alpha_beta(GAME, table=TranspositionTable()),
                   negamax(GAME, memo=True), minimax(GAME, memo=True)):
        assert result.value == 0


def test_figures_of_symmetry():
    """765 positions up to rotation and reflection; 3 different first moves."""
    assert len({canonical(s) for s in positions()}) == 765
    assert len({canonical(GAME.play(GAME.initial, move)) for move in range(9)}) == 3


# --- the transposition table on every position -------------------------------------

def test_there_are_4520_open_positions(open_positions):
    assert len(open_positions) == 4_520


@pytest.mark.parametrize("key", [None, canonical], ids=["by state", "by symmetry class"])
def test_alpha_beta_with_the_table_equals_minimax_on_all_4520_positions(open_positions, key):
    """Each position searched with a fresh table gives minimax's value and a
    move that keeps it."""
    for state in open_positions:
        result = alpha_beta(GAME, state, table=TranspositionTable(key=key))
        assert result.value == reference_value(state.cells), state
        assert reference_value(GAME.play(state, result.move).cells) == result.value, state


def test_one_table_reused_for_all_4520_positions_stays_exact(open_positions):
    """Entries stored while searching one position (as bounds for its windows)
    are used when later searches meet it in other windows."""
    table = TranspositionTable(key=canonical)
    wrong = [s for s in open_positions if alpha_beta(GAME, s, table=table).value != reference_value(s.cells)]
    assert wrong == []
    assert len(table) <= 765


def test_the_naive_table_gets_some_positions_wrong(open_positions):
    """A table keyed on the position alone, storing every value as exact,
    answers wrongly on some positions (values returned after a cutoff are
    only bounds).  With one fresh table per position it is 29 of them, the
    figure known from a teaching notebook that made this mistake."""
    wrong = [s for s in open_positions
             if alpha_beta(GAME, s, table=NaiveTable()).value != reference_value(s.cells)]
    assert len(wrong) == 29


def test_the_naive_table_is_wrong_two_moves_in():
    """X in the centre, O in a corner: a draw, as every tic-tac-toe primer
    says.  The naive table claims a win for X."""
    state = TicTacToeState.from_text("O.. .X. ...")
    assert reference_value(state.cells) == 0
    assert alpha_beta(GAME, state, table=TranspositionTable()).value == 0
    assert alpha_beta(GAME, state, table=NaiveTable()).value != 0


# --- the rules -------------------------------------------------------------------------

def test_turns_moves_and_score():
    state = TicTacToeState.from_text("XO. .X. ..O")
    assert GAME.to_move(state) is MAX and GAME.mark(state) == "X"
    assert GAME.moves(state) == (2, 3, 5, 6, 7)
    after = GAME.play(state, 3)
    assert after.cells == "XO.XX...O" and GAME.to_move(after) is MIN
    assert GAME.move_label(state, 3) == "X3" and GAME.move_label(after, 5) == "O5"
    won = TicTacToeState.from_text("XXX OO. ...")
    assert GAME.is_over(won) and GAME.score(won) == 1 and GAME.moves(won) == ()
    lost = TicTacToeState.from_text("XX. OOO X..")
    assert GAME.score(lost) == -1 and winner(lost) == "O"
    full = TicTacToeState.from_text("XOX XOO OXX")
    assert GAME.is_over(full) and GAME.score(full) == 0 and winner(full) is None


@pytest.mark.parametrize("move, words", [
    (4, "square 4 is already taken \\(by X\\); choose an empty square: 0, 1, 2, 3, 5"),
    (9, "a move is a square from 0 to 8"),
    (-1, "a move is a square from 0 to 8"),
    ("4", "not '4'"),
    (True, "not True"),
])
def test_illegal_moves_are_refused(move, words):
    state = GAME.play(GAME.initial, 4)
    with pytest.raises(IllegalMoveError, match=words):
        GAME.play(state, move)


def test_no_move_after_the_game_is_won():
    won = TicTacToeState.from_text("XXX OO. ...")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.play(won, 5)


@pytest.mark.parametrize("text, words", [
    ("XO.", "has 3 squares, not 9"),
    ("XO. .X. ..Q", "contains 'Q'"),
    ("XXX ... ...", "X has as many marks as O or one more, not 3 and 0"),
    ("OO. ... ...", "not 0 and 2"),
    ("XXX OOO X..", "both players have three in a line"),
    ("XXX OO. O..", "X has three in a line"),
    ("OOO XX. XX.", "O has three in a line"),
])
def test_impossible_boards_are_refused_with_the_reason(text, words):
    with pytest.raises(ValueError, match=words):
        TicTacToeState.from_text(text)


def test_from_text_layouts():
    expected = TicTacToeState("XO..X...O")
    for text in ["XO. .X. ..O", "xo./.x./..o", "XO-|-X-|--O", "XO_\n_X_\n__O"]:
        assert TicTacToeState.from_text(text) == expected
    assert str(expected) == "X O .\n. X .\n. . O"
    with pytest.raises(TypeError, match="as text"):
        TicTacToeState.from_text(["X"] * 9)


def test_symmetries_are_the_eight_of_the_square():
    """They permute the squares, fix the centre, map lines to lines, and are all different."""
    lines = {frozenset(line) for line in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6),
                                           (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]}
    assert len(set(SYMMETRIES)) == 8
    for sym in SYMMETRIES:
        assert sorted(sym) == list(range(9)) and sym[4] == 4
        assert {frozenset(sym[i] for i in line) for line in lines} == lines


def test_symmetric_positions_share_value_and_key():
    for state in sorted(positions())[::50]:
        key = canonical(state)
        for sym in SYMMETRIES:
            image = TicTacToeState("".join(state.cells[i] for i in sym))
            assert canonical(image) == key
            assert reference_value(image.cells) == reference_value(state.cells)


# --- the perfect player --------------------------------------------------------------

def _outcomes_against_everyone(state, perfect_mark):
    """Scores of every game where ``perfect_mark`` plays perfect_move and the
    opponent tries every move."""
    if GAME.is_over(state):
        return {GAME.score(state)}
    if GAME.mark(state) == perfect_mark:
        return _outcomes_against_everyone(GAME.play(state, perfect_move(state)), perfect_mark)
    return set().union(*(_outcomes_against_everyone(GAME.play(state, m), perfect_mark)
                         for m in GAME.moves(state)))


def test_the_perfect_player_never_loses_as_x_or_as_o():
    assert _outcomes_against_everyone(GAME.initial, "X") <= {0, 1}
    assert _outcomes_against_everyone(GAME.initial, "O") <= {0, -1}
    # And it wins whenever the opponent errs: some games end in its favour.
    assert 1 in _outcomes_against_everyone(GAME.initial, "X")
    assert -1 in _outcomes_against_everyone(GAME.initial, "O")


def test_the_perfect_move_keeps_the_value_everywhere(open_positions):
    for state in open_positions:
        assert reference_value(GAME.play(state, perfect_move(state)).cells) == reference_value(state.cells)


def test_the_perfect_player_takes_an_immediate_win(open_positions):
    for state in open_positions:
        wins = [m for m in GAME.moves(state) if winner(GAME.play(state, m)) == GAME.mark(state)]
        if wins:
            assert perfect_move(state) in wins, state


def test_no_perfect_move_in_a_finished_game():
    with pytest.raises(IllegalMoveError, match="the game is over"):
        perfect_move(TicTacToeState.from_text("XXX OO. ..."))


# --- the facts a state carries, and what is refused --------------------------------------

def test_every_state_carries_its_mover_and_winner_as_read_off_its_cells():
    """States made by play carry the facts play worked out; they must be
    what the cells say, on every reachable position."""
    for state in positions():
        cells = state.cells
        assert state.player is (MAX if cells.count("X") == cells.count("O") else MIN)
        lines = [cells[a] for a, b, c in LINES if cells[a] != "." and cells[a] == cells[b] == cells[c]]
        assert state.winner == (lines[0] if lines else None)
        assert state == TicTacToeState(cells) and hash(state) == hash(TicTacToeState(cells))


def test_a_state_shows_and_copies_as_its_cells():
    state = GAME.play(GAME.initial, 4)
    assert repr(state) == "TicTacToeState(cells='....X....')"
    assert pickle.loads(pickle.dumps(state)) == state
    assert state._replace(cells="XXX.O.O..").winner == "X"   # the facts are read again


@pytest.mark.parametrize("cells, error, words", [
    ("", ValueError, "cells must be nine characters X, O or ."),
    ("XO.", ValueError, "not 'XO.'"),
    ("abcdefghi", ValueError, "not 'abcdefghi'"),
    (list("........."), TypeError, "not list"),
])
def test_a_state_is_nine_cells_of_x_o_and_dot(cells, error, words):
    with pytest.raises(error, match=words):
        TicTacToeState(cells)


@pytest.mark.parametrize("call, error, words", [
    (lambda: perfect_move(TicTacToeState("XX.......")), ValueError,
     "the board 'XX.......' cannot happen in a game: X moves first and players alternate"),
    (lambda: perfect_move(TicTacToeState("XXXOOO...")), ValueError, "both players have three in a line"),
    (lambda: perfect_move(TicTacToeState("XXXOO....")), IllegalMoveError, "the game is over"),
    (lambda: perfect_move(""), TypeError, "expected a TicTacToeState .* not str"),
    (lambda: perfect_move(None), TypeError, "not NoneType"),
    (lambda: winner("XXX......"), TypeError, "expected a TicTacToeState"),
    (lambda: canonical("X........"), TypeError, "expected a TicTacToeState"),
    (lambda: count_games("X........"), TypeError, "expected a TicTacToeState"),
    (lambda: GAME.play("X........", 4), TypeError, "expected a TicTacToeState"),
    (lambda: GAME.play(GAME.initial, 4.0), IllegalMoveError, "not 4.0"),
])
def test_impossible_boards_and_wrong_arguments_get_a_sentence(call, error, words):
    with pytest.raises(error, match=words):
        call()
