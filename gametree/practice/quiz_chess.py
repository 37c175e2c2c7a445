"""Checkers for notebook 13's chess exercises: they work the answer out
with the set's engine (:mod:`gametree.games.chess`), so their source holds
no answer, and a wrong answer gets a hint, never the answer.

>>> check_mating_move(None, "6k1/5ppp/8/8/8/8/8/R6K w - - 0 1", 1).text
'Not answered yet: replace None with a move in SAN, such as "Nf3", and run this cell again.'
"""

from __future__ import annotations

import chess

from ..games import TranspositionTable, alpha_beta
from ..games.chess import MATE, Chess, evaluate, zobrist
from .quiz import Feedback, empty, invalid, right, wrong

__all__ = ["check_mating_move", "check_first_searched", "check_table_saving"]

_FORM = 'a move in SAN, such as "Nf3"'


def _move(answer: object, board: chess.Board) -> chess.Move | Feedback:
    if answer is None:
        return empty(_FORM)
    if not isinstance(answer, str):
        return invalid(f"write the move as a string in quotes, {_FORM}, not {answer!r}.")
    try:
        return board.parse_san(answer.strip())
    except chess.IllegalMoveError:
        return invalid(f"{answer.strip()} is not a legal move in this position; write {_FORM}.")
    except ValueError:
        return invalid(f"{answer.strip()!r} is not a move in SAN; write {_FORM}.")


def check_mating_move(answer: object, fen: str, mate_in: int) -> Feedback:
    """Is ``answer`` (SAN) a first move that mates by force in ``mate_in``
    moves from the position ``fen``?

    >>> check_mating_move("Ra8#", "6k1/5ppp/8/8/8/8/8/R6K w - - 0 1", 1).ok
    True
    """
    game = Chess(fen, order=True)
    move = _move(answer, game.initial.board)
    if isinstance(move, Feedback):
        return move
    san = game.initial.board.san(move)
    after = game.play(game.initial, move)
    plies = 2 * mate_in - 1
    if game.is_over(after) or plies == 1:
        found = game.is_over(after) and game.score(after) != 0
    else:
        value = alpha_beta(game, after, depth=plies - 1, evaluate=evaluate).value
        found = value > MATE // 2
    if found:
        return right(f"{san} mates in {mate_in}: every defence loses within {plies} plies.")
    return wrong(f"{san} does not force mate in {mate_in}: Black has a defence.",
                 "Try checks and captures first, and the moves that take the king's last squares.")


def check_first_searched(answer: object, fen: str) -> Feedback:
    """Is ``answer`` (SAN) the move ordered alpha-beta
    (``Chess(fen, order=True)``) searches first?

    >>> check_first_searched("Nh6+", "3r2k1/5Npp/8/8/2Q5/8/6PP/6K1 w - - 0 1").ok
    False
    """
    game = Chess(fen, order=True)
    move = _move(answer, game.initial.board)
    if isinstance(move, Feedback):
        return move
    san = game.initial.board.san(move)
    first = game.moves(game.initial)[0]
    if move == first:
        return right(f"{san} comes first: captures come before checks and quiet moves, "
                     f"the most valuable victim first, taken by the least valuable attacker.")
    kind = "a capture" if game.initial.board.is_capture(move) else \
        "a check" if game.initial.board.gives_check(move) else "a quiet move"
    return wrong(f"{san} is {kind}, and it is not the first.",
                 "Captures come first, by the value of the piece taken, then by the piece taking; then checks.")


def check_table_saving(answer: object, fen: str, depth: int) -> Feedback:
    """Is ``answer`` the number of nodes a transposition table keyed on the
    Zobrist hash saves ordered alpha-beta (``Chess(fen, order=True)``)
    searching ``depth`` plies deep: the nodes without the table less the
    nodes with it?  Both searches are run here, so the count is never
    written down.

    >>> check_table_saving("many", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", 2).verdict.value
    'invalid'
    """
    if answer is None:
        return empty("a whole number of nodes, such as 120")
    if isinstance(answer, bool) or not isinstance(answer, int):
        return invalid(f"write the number of nodes as a whole number without quotes, such as 120, "
                       f"not {answer!r}.")
    game = Chess(fen, order=True)
    without = alpha_beta(game, depth=depth, evaluate=evaluate).stats.nodes
    within = alpha_beta(game, depth=depth, evaluate=evaluate,
                        table=TranspositionTable(key=zobrist)).stats.nodes
    saved = without - within
    if answer == saved:
        return right(f"the table saves {saved:,} of {without:,} nodes: each position reached "
                     f"again by another order of moves is looked up, not searched again.")
    if answer in (without, within):
        return wrong(f"{answer:,} is the node count of one of the two searches, not what the table saves.",
                     "Run the search with and without the table and subtract.")
    if answer < 0 < saved:
        return wrong(f"{answer:,} is negative, and the table saves nodes here.",
                     "Subtract the count with the table from the count without it.")
    return wrong(f"{answer:,} is not what the table saves at depth {depth}.",
                 f"Search with Chess(fen, order=True) to depth {depth} with evaluate, once with "
                 f"table=TranspositionTable(key=zobrist) and once without, and subtract the "
                 f"result.stats.nodes.")
