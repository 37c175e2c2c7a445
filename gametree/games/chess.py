"""Chess on the game interface, on python-chess (never a move generator of our own).

A state is a :class:`ChessState`: an immutable snapshot of a
``chess.Board`` (the board is copied on every move and never changed
afterwards) with the positions met since the last capture or pawn move, so
that repetitions are seen.  Moves are ``chess.Move`` objects, labelled in SAN.

White is MAX.  The score of an ended game is from White's side:
a checkmate is worth ``MATE - ply`` to the winner (``ply`` counted from the
start of the game), so a search prefers the shorter mate; stalemate,
insufficient material, the third repetition and the fifty-move rule are
draws (0).

:func:`evaluate` is Tomasz Michniewski's *Simplified Evaluation Function*
(material and piece-square tables, Chess Programming Wiki,
https://www.chessprogramming.org/Simplified_Evaluation_Function), in
centipawns from White's side.  :func:`noisy_moves` gives the captures and
promotions, for ``alpha_beta(..., quiescence=noisy_moves)``, and
:func:`zobrist` the key for ``TranspositionTable(key=zobrist)``.

>>> game = Chess()
>>> len(game.moves(game.initial))
20
>>> game.move_label(game.initial, game.moves(game.initial)[0])
'Nh3'
"""

from __future__ import annotations

import time
from collections.abc import Iterator, MutableMapping, Sequence

import chess
import chess.polyglot

from ..tree import MAX, MIN, Player, Tree, Value
from .base import Game, IllegalMoveError, check_game, check_whole
from .search import OutOfNodes, SearchResult, alpha_beta
from .table import TranspositionTable

__all__ = ["Chess", "ChessState", "BadFenError", "MATE", "evaluate", "noisy_moves", "zobrist",
           "PIECE_VALUES", "perft",
           "engine", "line_states", "Killers", "MAX_DEPTH", "MAX_SECONDS", "ordered",
           "mate_tree", "MAX_MATE_IN"]

MATE = 1_000_000
"""A checkmate is worth ``MATE - ply`` to the side that gave it."""


class BadFenError(ValueError):
    """A FEN that python-chess rejects, or a position that is not legal."""


class ChessState:
    """A chess position: a python-chess board that is never changed, and
    the positions met since the last irreversible move (for repetitions).

    Equal states have the same pieces, side to move, castling rights and
    en-passant square, the same halfmove clock and the same history since
    the last irreversible move: they are worth the same.
    """

    __slots__ = ("board", "history", "_key", "_hash", "_moves")

    def __init__(self, board: chess.Board, history: tuple = ()):
        self.board = board
        """The position (never change it: copy it first)."""
        self.history = history
        """Transposition keys of the positions since the last capture or pawn move, this one excluded."""
        self._key: tuple | None = None       # worked out when first asked: a leaf may never be
        self._hash: int | None = None
        self._moves: list[chess.Move] | None = None

    @property
    def key(self) -> tuple:
        """What equal states share: the position (python-chess's transposition
        key), the halfmove clock and the history."""
        if self._key is None:
            self._key = (self.board._transposition_key(), self.board.halfmove_clock, self.history)
        return self._key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChessState) and self.key == other.key

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.key)
        return self._hash

    @property
    def fen(self) -> str:
        """The position as FEN."""
        return self.board.fen()

    def __repr__(self) -> str:
        return f"ChessState({self.board.fen()!r})"

    def _repr_svg_(self) -> str:
        return self.board._repr_svg_()

    def legal(self) -> list[chess.Move]:
        """The legal moves, generated once."""
        if self._moves is None:
            self._moves = list(self.board.generate_legal_moves())
        return self._moves

    def repetitions(self) -> int:
        """How many times this position occurred before, since the last irreversible move."""
        if len(self.history) < 4:     # a position can come back 4, 6, 8, ... plies later, no sooner
            return 0
        return self.history[-4::-2].count(self.key[0])

    def is_draw_by_rule(self) -> bool:
        """Third repetition, fifty-move rule or insufficient material."""
        board = self.board
        return (board.halfmove_clock >= 100 or self.repetitions() >= 2
                or board.is_insufficient_material())


class Chess(Game[ChessState, chess.Move]):
    """Chess from ``fen`` (the start position by default); White is MAX.

    Parameters
    ----------
    fen : str, optional
        The position, as python-chess reads it (``chess.Board(fen)``).
    order : bool
        List moves as engines try them: checks and captures first,
        captures by most valuable victim, least valuable attacker (MVV-LVA);
        False: python-chess's order.

    Raises
    ------
    BadFenError
        For a FEN python-chess rejects or a position that is not legal.
    """

    def __init__(self, fen: str = chess.STARTING_FEN, *, order: bool = False):
        if not isinstance(fen, str):
            raise BadFenError(f"fen must be a FEN string, such as {chess.STARTING_FEN!r}, "
                              f"not {type(fen).__name__}")
        try:
            board = chess.Board(fen)
        except ValueError as error:
            raise BadFenError(f"python-chess rejects the FEN {fen!r} ({error}); give six fields "
                              f"such as {chess.STARTING_FEN!r}") from None
        status = board.status()
        if status != chess.STATUS_VALID:
            raise BadFenError(f"the FEN {fen!r} is not a legal position ({status!r}); "
                              f"check the kings, pawns and the side to move")
        if not isinstance(order, bool):
            raise TypeError(f"order must be True or False, not {order!r}")
        self.fen = board.fen()
        self.order = order
        self.initial = ChessState(board)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chess) and (self.fen, self.order) == (other.fen, other.order)

    def __hash__(self) -> int:
        return hash((self.fen, self.order))

    def __repr__(self) -> str:
        return f"Chess({self.fen!r})"

    def to_move(self, state: ChessState) -> Player:
        return MAX if state.board.turn else MIN

    def moves(self, state: ChessState) -> Sequence[chess.Move]:
        if state.is_draw_by_rule():
            return []
        moves = state.legal()
        return ordered(state.board, moves) if self.order else moves

    def play(self, state: ChessState, move: chess.Move) -> ChessState:
        if not isinstance(move, chess.Move):
            raise IllegalMoveError(f"a move is a chess.Move, such as chess.Move.from_uci('e2e4'), "
                                   f"not {move!r}; for SAN use game.parse(state, 'e4')")
        if self.is_over(state) or move not in state.legal():
            raise IllegalMoveError(f"{move.uci()} is not legal in {state.board.fen()}")
        return self.result(state, move)

    def result(self, state: ChessState, move: chess.Move) -> ChessState:
        board = state.board
        irreversible = board.is_zeroing(move)
        child = board.copy(stack=False)
        child.push(move)
        history = () if irreversible else (*state.history, state.key[0])
        return ChessState(child, history)

    def parse(self, state: ChessState, text: str) -> chess.Move:
        """The move ``text`` (SAN such as 'Nf3', or UCI such as 'g1f3') at ``state``.

        Raises IllegalMoveError with a sentence for text that is not a legal move.
        """
        try:
            return state.board.parse_san(text)
        except ValueError:
            try:
                move = chess.Move.from_uci(text)
            except ValueError:
                move = None
        if move is None or move not in state.legal():
            legal = ", ".join(state.board.san(m) for m in state.legal()[:12])
            raise IllegalMoveError(f"{text!r} is not a legal move here; legal moves include {legal}")
        return move

    def is_over(self, state: ChessState) -> bool:
        return state.is_draw_by_rule() or not state.legal()

    def score(self, state: ChessState) -> Value:
        board = state.board
        if state.is_draw_by_rule() or not board.is_check():
            return 0
        mate = MATE - board.ply()
        return -mate if board.turn else mate      # the side to move is mated

    def move_label(self, state: ChessState, move: chess.Move) -> str:
        return state.board.san(move)

    def check_state(self, state: object) -> None:
        if not isinstance(state, ChessState):
            raise TypeError(f"expected a ChessState, such as Chess().initial, not {type(state).__name__}")


PIECE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500,
                chess.QUEEN: 900, chess.KING: 20000}
"""Michniewski's piece values, in centipawns."""

# Michniewski's piece-square tables, as printed on the Chess Programming Wiki: rank 8
# first, from White's side (a8 .. h8, a7 .. h7, ..., a1 .. h1).
_TABLES_TEXT = {
    chess.PAWN: """ 0 0 0 0 0 0 0 0  50 50 50 50 50 50 50 50  10 10 20 30 30 20 10 10
        5 5 10 25 25 10 5 5  0 0 0 20 20 0 0 0  5 -5 -10 0 0 -10 -5 5
        5 10 10 -20 -20 10 10 5  0 0 0 0 0 0 0 0""",
    chess.KNIGHT: """-50 -40 -30 -30 -30 -30 -40 -50  -40 -20 0 0 0 0 -20 -40
        -30 0 10 15 15 10 0 -30  -30 5 15 20 20 15 5 -30  -30 0 15 20 20 15 0 -30
        -30 5 10 15 15 10 5 -30  -40 -20 0 5 5 0 -20 -40  -50 -40 -30 -30 -30 -30 -40 -50""",
    chess.BISHOP: """-20 -10 -10 -10 -10 -10 -10 -20  -10 0 0 0 0 0 0 -10
        -10 0 5 10 10 5 0 -10  -10 5 5 10 10 5 5 -10  -10 0 10 10 10 10 0 -10
        -10 10 10 10 10 10 10 -10  -10 5 0 0 0 0 5 -10  -20 -10 -10 -10 -10 -10 -10 -20""",
    chess.ROOK: """0 0 0 0 0 0 0 0  5 10 10 10 10 10 10 5  -5 0 0 0 0 0 0 -5
        -5 0 0 0 0 0 0 -5  -5 0 0 0 0 0 0 -5  -5 0 0 0 0 0 0 -5  -5 0 0 0 0 0 0 -5
        0 0 0 5 5 0 0 0""",
    chess.QUEEN: """-20 -10 -10 -5 -5 -10 -10 -20  -10 0 0 0 0 0 0 -10  -10 0 5 5 5 5 0 -10
        -5 0 5 5 5 5 0 -5  0 0 5 5 5 5 0 -5  -10 5 5 5 5 5 0 -10  -10 0 5 0 0 0 0 -10
        -20 -10 -10 -5 -5 -10 -10 -20""",
    chess.KING: """-30 -40 -40 -50 -50 -40 -40 -30  -30 -40 -40 -50 -50 -40 -40 -30
        -30 -40 -40 -50 -50 -40 -40 -30  -30 -40 -40 -50 -50 -40 -40 -30
        -20 -30 -30 -40 -40 -30 -30 -20  -10 -20 -20 -20 -20 -20 -20 -10
        20 20 0 0 0 0 20 20  20 30 10 0 0 10 30 20""",
}


def _tables() -> dict[tuple[int, bool], list[int]]:
    """{(piece type, colour): value + table entry by python-chess square (a1 = 0)}."""
    out = {}
    for piece, text in _TABLES_TEXT.items():
        rows = [int(x) for x in text.split()]
        assert len(rows) == 64
        white = [0] * 64
        for i, v in enumerate(rows):                        # i = 0 is a8
            white[chess.square(i % 8, 7 - i // 8)] = PIECE_VALUES[piece] + v
        out[piece, chess.WHITE] = white
        out[piece, chess.BLACK] = [-white[chess.square_mirror(s)] for s in range(64)]
    return out


_SQUARE_VALUES = _tables()


def evaluate(state: ChessState) -> Value:
    """Michniewski's Simplified Evaluation Function: material plus
    piece-square tables, in centipawns from White's side.

    >>> evaluate(Chess().initial)
    0
    >>> evaluate(Chess("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").initial)   # a queen up
    895
    """
    total = 0
    board = state.board
    for (piece, colour), table in _SQUARE_VALUES.items():
        for square in chess.scan_forward(board.pieces_mask(piece, colour)):
            total += table[square]
    return total


def ordered(board: chess.Board, moves: Sequence[chess.Move]) -> list[chess.Move]:
    """``moves`` as engines try them: captures by MVV-LVA (most valuable victim,
    then least valuable attacker) and promotions, then checks, then the rest,
    each group in python-chess's order."""
    def key(move: chess.Move) -> tuple[int, int]:
        if board.is_capture(move):
            victim = board.piece_type_at(move.to_square) or chess.PAWN   # en passant
            attacker = board.piece_type_at(move.from_square) or chess.PAWN
            return (0, attacker - 10 * victim)
        if move.promotion:
            return (0, -move.promotion)
        if board.gives_check(move):
            return (1, 0)
        return (2, 0)
    return sorted(moves, key=key)


def noisy_moves(state: ChessState) -> list[chess.Move]:
    """The captures and promotions at ``state``, by MVV-LVA: the moves a
    quiescence search follows past the depth limit (none once the game is over)."""
    if state.is_draw_by_rule():
        return []
    board = state.board
    if board.is_check():       # in check every move is an escape: stand pat would be wrong, search all
        return ordered(board, state.legal())
    return ordered(board, [m for m in state.legal() if board.is_capture(m) or m.promotion])


def zobrist(state: ChessState) -> tuple[int, int]:
    """The key of ``state`` for a :class:`~gametree.games.TranspositionTable`:
    python-chess's polyglot Zobrist hash and the repetitions so far (a
    position's third occurrence is a draw, its first is not)."""
    return chess.polyglot.zobrist_hash(state.board), state.repetitions()


def perft(game: Chess, state: ChessState, depth: int) -> int:
    """The number of move sequences ``depth`` moves long from ``state``, through
    the wrapper (the correctness test of move generators).

    >>> perft(Chess(), Chess().initial, 2)
    400
    """
    if depth == 0:
        return 1
    moves = state.legal()
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.result(state, m), depth - 1) for m in moves)


MAX_DEPTH = 8
"""Deepest search :func:`engine` accepts (plies)."""

MAX_SECONDS = 60.0
"""Longest time budget :func:`engine` accepts."""


def engine(game: Chess, state: ChessState | None = None, *, depth: int = 4,
           seconds: float | None = None, quiescence: bool = True) -> SearchResult[chess.Move]:
    """What a real engine does, with the package's one alpha-beta: iterative
    deepening to ``depth`` plies, each iteration trying first the best moves
    the previous ones found, or else a killer move (:class:`Killers`), with a transposition table keyed on the Zobrist
    hash, MVV-LVA ordering (``game`` should be ``Chess(..., order=True)``)
    and a quiescence search on captures; with ``seconds``, the iterations
    stop when the time is spent (the deepest finished one answers; the
    budget is turned into a node budget at the speed the earlier iterations
    showed, so an iteration is stopped mid-way too).

    Raises ValueError for a depth outside 1 to :data:`MAX_DEPTH` or a time
    outside (0, :data:`MAX_SECONDS`], and for a position where the game is over.

    >>> from gametree.games.chess_puzzles import PUZZLES
    >>> game = Chess(PUZZLES[1].fen, order=True)
    >>> result = engine(game, depth=3)
    >>> [game.move_label(s, m) for s, m in zip(line_states(game, game.initial, result.pv), result.pv, strict=True)]
    ['Ra6', 'bxa6', 'b7#']
    """
    state = check_game(game, state)
    check_whole("depth", depth, 1, MAX_DEPTH)
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise TypeError(f"seconds must be a number of seconds, such as 2, not {seconds!r}")
        if not 0 < seconds <= MAX_SECONDS:
            raise ValueError(f"seconds must be more than 0 and at most {MAX_SECONDS:g}, not {seconds}")
    if game.is_over(state):
        raise ValueError("the game is over in this position: there is no move to search for")
    table: TranspositionTable[ChessState] = TranspositionTable(key=zobrist)
    best = Killers()
    start = time.perf_counter()
    nodes = 0
    result: SearchResult[chess.Move] | None = None
    for d in range(1, depth + 1):
        budget = None
        if seconds is not None and result is not None:
            spent = time.perf_counter() - start
            left = seconds - spent
            if left <= 0:
                break
            budget = max(1, int(left * nodes / max(spent, 1e-6)))
        try:
            result = alpha_beta(game, state, depth=d, evaluate=evaluate, table=table, first=best,
                                best_moves=best, max_nodes=budget,
                                quiescence=noisy_moves if quiescence else None)
        except OutOfNodes:
            break
        nodes += result.stats.nodes
        if abs(result.value) > MATE // 2:      # a mate found: deeper finds no shorter one
            break
    assert result is not None
    return result


MAX_MATE_IN = 3
"""Longest mate :func:`mate_tree` draws (moves of the mating side)."""


def mate_tree(game: Chess, state: ChessState | None = None, *, mate_in: int) -> Tree:
    """The tree that proves a mate in ``mate_in`` from ``state``, as a mate
    search reads it when its move ordering is perfect (the side to move mates).

    Three exact rules keep it small; none can lose the mate:

    * at the mating side's last move, only checks: a move that gives no
      check cannot mate;
    * at its earlier moves, only the move :func:`engine` finds best, the
      shortest mate: ordered first, it scores a mate in the fewest plies
      any move can, so an engine searches nothing after it at that node
      (*mate-distance pruning*);
    * at the defender's moves, every legal move, in ``game``'s order: a
      mate must answer every defence.

    Edges are labelled with the moves in SAN.  A mate search asks only yes
    or no, so a leaf scores 1 where the side to move at ``state`` has
    mated and 0 elsewhere (short numbers, which a drawing can write inside
    its nodes); :func:`gametree.trace_alpha_beta` on the tree finds 1.

    Raises ValueError for ``mate_in`` outside 1 to :data:`MAX_MATE_IN`,
    a position where the game is over, or one with no mate in exactly
    ``mate_in`` moves (none, or a shorter one).

    >>> from gametree.games.chess_puzzles import PUZZLES
    >>> game = Chess(PUZZLES[1].fen, order=True)
    >>> tree = mate_tree(game, mate_in=2)
    >>> [node.label for node in tree.children(tree.root)]
    ['Ra6']
    >>> [(node.label, node.score) for node in tree.leaves][:3]
    [('b7#', 1), ('Rxa7#', 1), ('Rxa7#', 1)]
    """
    state = check_game(game, state)
    check_whole("mate_in", mate_in, 1, MAX_MATE_IN)
    plies = 2 * mate_in - 1
    best = engine(game, state, depth=plies, quiescence=False)   # raises if the game is over
    if best.value * (1 if game.to_move(state) is MAX else -1) != MATE - state.board.ply() - plies:
        raise ValueError(f"the side to move has no mate in exactly {mate_in} here "
                         f"({state.board.fen()}); give the number of moves of its shortest mate")

    def expand(position: tuple[ChessState, str, int]) -> list | None:
        here, _, left = position
        if game.is_over(here) or left == 0:
            return None
        moves: Sequence[chess.Move] = game.moves(here)
        if left == 1:
            moves = [move for move in moves if here.board.gives_check(move)]
        elif left % 2 == 1:
            key = engine(game, here, depth=left, quiescence=False).move
            assert key is not None        # the game is not over here
            moves = [key]
        return [(game.result(here, move), game.move_label(here, move), left - 1)
                for move in moves] or None

    mater = state.board.turn

    def score(position: tuple[ChessState, str, int]) -> Value:
        board = position[0].board
        return 1 if board.is_checkmate() and board.turn != mater else 0

    return Tree.unfold((state, "", plies), expand, score,
                       player=lambda position: game.to_move(position[0]),
                       label=lambda position: position[1])


def line_states(game: Chess, state: ChessState, line: Sequence[chess.Move]) -> list[ChessState]:
    """The states at which the moves of ``line`` are played, from ``state``."""
    states = []
    for move in line:
        states.append(state)
        state = game.result(state, move)
    return states


class Killers(MutableMapping[ChessState, chess.Move]):
    """Killer moves through :func:`~gametree.games.alpha_beta`'s own hooks:
    give the same object as ``best_moves`` (the search files the best move
    of every position it searched here) and as ``first`` (the move to try
    first).  Asked for a position, it answers the best move found there
    before (iterative deepening's order) or else a *killer*: one of the two
    latest quiet moves (not captures) that were best at another position
    the same number of plies into the game, if it is legal here; a capture
    is ordered by MVV-LVA already.

    >>> game = Chess(order=True)
    >>> killers = Killers()
    >>> after = game.result(game.initial, game.parse(game.initial, "e4"))
    >>> killers[after] = game.parse(after, "Nf6")
    >>> other = game.result(game.initial, game.parse(game.initial, "d4"))
    >>> game.move_label(other, killers.get(other))   # Nf6 was best one ply in: try it first
    'Nf6'
    """

    def __init__(self) -> None:
        self.best: dict[ChessState, chess.Move] = {}
        """The best move found at each position searched."""
        self.killers: dict[int, list[chess.Move]] = {}
        """The two latest quiet best moves at each ply of the game, newest first."""

    def __setitem__(self, state: ChessState, move: chess.Move) -> None:
        self.best[state] = move
        if not state.board.is_capture(move):
            slots = self.killers.setdefault(state.board.ply(), [])
            if move not in slots:
                slots.insert(0, move)
                del slots[2:]

    def __getitem__(self, state: ChessState) -> chess.Move:
        move = self.best.get(state)
        if move is not None:
            return move
        for killer in self.killers.get(state.board.ply(), ()):
            if killer in state.legal():
                return killer
        raise KeyError(state)

    def __delitem__(self, state: ChessState) -> None:
        del self.best[state]

    def __iter__(self) -> Iterator[ChessState]:
        return iter(self.best)

    def __len__(self) -> int:
        return len(self.best)
