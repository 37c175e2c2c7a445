"""What a graded game test is played on: the games by name, the
evaluation functions handed to student code, and the recording wrapper
that notes every ``play`` call.

This module is loaded in the student's process (the sandbox's worker), so
it holds nothing a submission could grade itself with: no search, no
expected answer.  A test names its game and evaluation by text (a
:class:`GameSpec`), and the worker and the grader each build them from it.

>>> spec = GameSpec("ghost-tree", seed=1, branching=2, height=3)
>>> game = spec.build()
>>> game.agent("a"), game.to_move("a"), game.moves("a")
('ghost 1', <Player.MIN: 'MIN'>, ['a', 'b'])
>>> recording = RecordingGame(game)
>>> recording.play(recording.play("", "a"), "b")
'ab'
>>> recording.plays                     # (state, move) keys: their reprs
[("''", "'a'"), ("'a'", "'b'")]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..games.base import Game
from ..games.maze import Maze, MazeState, maze_evaluation, score_evaluation
from ..games.tictactoe import LINES, TicTacToe, TicTacToeState
from ..tree import MAX, MIN, Player, Value
from .wire import decode_maze, encode_maze

__all__ = ["GameSpec", "GhostTree", "RecordingGame", "RecordingEvaluation", "EVALUATIONS",
           "TooManyCalls", "key", "MAX_CALLS", "state_text", "encode_maze", "decode_maze"]

MAX_CALLS = 50_000
"""Most ``play`` (and ``evaluate``) calls one graded answer may make; the
reference needs a few hundred on every test case."""


class TooManyCalls(BaseException):
    """Raised in student code at its ``MAX_CALLS + 1``-th call (a
    BaseException, so a bare ``except Exception`` does not swallow it)."""


def key(obj: object) -> str:
    """The text a state or a move is compared by: its repr (a tic-tac-toe
    board's cells, a ghost tree's path), for a maze every square of it.

    >>> key(TicTacToeState("X........")), key(4)
    ("TicTacToeState(cells='X........')", '4')
    >>> key(Maze("small").initial)
    'maze: runner (1, 1); ghosts (3, 3); dots (1, 2) (1, 3) (2, 1) (2, 3) (3, 1) (3, 2); turn 0; 8 rounds left; points 0'
    """
    if isinstance(obj, MazeState):
        dots = " ".join(map(str, sorted(obj.dots)))
        ghosts = " ".join(map(str, obj.ghosts))
        return (f"maze: runner {obj.runner}; ghosts {ghosts}; dots {dots}; turn {obj.turn}; "
                f"{obj.rounds_left} rounds left; points {obj.points}")
    return repr(obj)


def state_text(text: str) -> str:
    """A state's key as the feedback shows it: a tic-tac-toe board as its
    three rows, a ghost tree's node as its path from the root.

    >>> state_text("TicTacToeState(cells='X...O....')")
    'the board X.. .O. ...'
    >>> state_text("'ab'"), state_text("''")
    ("node 'ab'", 'the root')
    """
    prefix = "TicTacToeState(cells="
    if text.startswith(prefix):
        cells = text[len(prefix) + 1: -2]
        return "the board " + " ".join(cells[i: i + 3] for i in range(0, 9, 3))
    if text == "''":
        return "the root"
    if text.startswith("maze: "):
        runner, ghosts, _, turn, *_ = text[6:].split("; ")
        mover = "the runner" if turn == "turn 0" else f"ghost {turn.split()[1]}"
        return f"the maze with the {runner}, the {ghosts} ({mover} to move)"
    return f"node {text}"


class GhostTree(Game[str, str]):
    """A game tree with one MAX agent and ghosts that move in turn, each
    ghost a MIN agent: the node at depth ``k`` belongs to
    ``agents[k % len(agents)]``.  A state is the path from the root, one
    letter per move (``"ab"``); the nodes at depth ``height`` end the game
    with a seeded score, and every node has a seeded estimate, which the
    ``"estimate"`` evaluation reads.  ``to_move`` says MIN for every ghost,
    :meth:`agent` says which one ("ghost 2")."""

    def __init__(self, seed: int, branching: int, height: int, ghosts: int = 2):
        self.seed, self.branching, self.height, self.ghosts = seed, branching, height, ghosts
        self.initial = ""

    def to_move(self, state: str) -> Player:
        return MAX if len(state) % (self.ghosts + 1) == 0 else MIN

    def agent(self, state: str) -> str:
        turn = len(state) % (self.ghosts + 1)
        return "MAX" if turn == 0 else f"ghost {turn}"

    def moves(self, state: str) -> list[str]:
        return [] if self.is_over(state) else [chr(ord("a") + i) for i in range(self.branching)]

    def play(self, state: str, move: str) -> str:
        if move not in self.moves(state):
            raise ValueError(f"{move!r} is not a move at node {state!r}: the moves are "
                             f"{', '.join(self.moves(state)) or 'none (the game is over)'}")
        return state + move

    def is_over(self, state: str) -> bool:
        return len(state) >= self.height

    def score(self, state: str) -> Value:
        return self._number(state, "score")

    def estimate(self, state: str) -> Value:
        """A seeded guess at ``state``'s value, from 0 to 9."""
        return self._number(state, "estimate")

    def _number(self, state: str, what: str) -> int:
        return _seeded(f"{self.seed}:{what}:{state}")

    def check_state(self, state: object) -> None:
        if not isinstance(state, str) or len(state) > self.height:
            raise ValueError(f"{state!r} is not a node of this ghost tree")

    def __repr__(self) -> str:
        return f"GhostTree(seed={self.seed}, branching={self.branching}, height={self.height})"


@lru_cache(maxsize=1 << 16)
def _seeded(text: str) -> int:
    """A number from 0 to 9 drawn from ``text`` (the grader and the
    reference ask for the same leaves: drawn once)."""
    return random.Random(text).randrange(10)


def _open_lines(state: TicTacToeState) -> Value:
    """Lines X can still complete minus lines O can."""
    cells = state.cells
    return (sum("O" not in (cells[a], cells[b], cells[c]) for a, b, c in LINES)
            - sum("X" not in (cells[a], cells[b], cells[c]) for a, b, c in LINES))


EVALUATIONS: dict[str, Callable[[Any, Any], Value]] = {
    "zero": lambda game, state: 0,
    "open lines": lambda game, state: _open_lines(state),
    "estimate": lambda game, state: game.estimate(state),
    "maze score": lambda game, state: score_evaluation(state),
    "maze": lambda game, state: maze_evaluation(state),
}
"""Name -> evaluation of (game, state): what a test hands student code as
``evaluate`` (bound to the game)."""


@dataclass(frozen=True)
class GameSpec:
    """A game named by text, so that a test can be sent to the worker."""

    name: str
    """"tictactoe", "ghost-tree" or "maze"."""
    seed: int = 0
    """The ghost tree's seed."""
    branching: int = 2
    """The ghost tree's moves per node."""
    height: int = 3
    """The ghost tree's depth, in moves."""
    ghosts: int = 2
    """How many ghosts move after MAX."""
    layout: str = "small"
    """The maze's layout (a name in :data:`gametree.games.maze.LAYOUTS`)."""

    def build(self) -> Any:
        """The game itself."""
        if self.name == "tictactoe":
            return TicTacToe()
        if self.name == "ghost-tree":
            return GhostTree(self.seed, self.branching, self.height, self.ghosts)
        if self.name == "maze":
            return Maze(self.layout)
        raise ValueError(f"unknown game {self.name!r}")

    def state(self, text: str) -> Hashable:
        """The state written as ``text`` (a board's nine cells, a path; a
        maze's ``"initial"`` or ``"start N"``, its seeded random start N)."""
        if self.name == "tictactoe":
            return TicTacToeState(text)
        if self.name == "maze":
            game = Maze(self.layout)
            return game.initial if text == "initial" else game.random_start(int(text.split()[1]))
        return text


class RecordingGame(Game[Any, Any]):
    """``game`` as handed to student code: the same rules, and every
    ``play(state, move)`` call noted as a pair of keys in :attr:`plays`
    (``moves``, ``outcomes`` and the rest are not counted)."""

    def __init__(self, game: Any):
        self._game = game
        self.initial = game.initial
        self.plays: list[tuple[str, str]] = []

    def play(self, state: Any, move: Any) -> Any:
        self.record(state, move)
        return self._game.play(state, move)

    def record(self, state: Any, move: Any) -> None:
        """Note a ``play(state, move)`` call whose child is known already."""
        if len(self.plays) >= MAX_CALLS:
            raise TooManyCalls(f"called game.play more than {MAX_CALLS:,} times")
        self.plays.append((key(state), key(move)))

    def to_move(self, state: Any) -> Player:
        return self._game.to_move(state)

    def agent(self, state: Any) -> str:
        return self._game.agent(state)

    def moves(self, state: Any) -> Sequence[Any]:
        return self._game.moves(state)

    def is_over(self, state: Any) -> bool:
        return self._game.is_over(state)

    def score(self, state: Any) -> Value:
        return self._game.score(state)

    def outcomes(self, state: Any) -> Sequence[tuple[Value, Any]]:
        return self._game.outcomes(state)

    def move_label(self, state: Any, move: Any) -> str:
        return self._game.move_label(state, move)

    def check_state(self, state: object) -> None:
        self._game.check_state(state)

    def __repr__(self) -> str:
        return repr(self._game)


class RecordingEvaluation:
    """An evaluation function that notes the key of every state it is called on."""

    def __init__(self, game: Any, name: str):
        self._game, self._evaluate = game, EVALUATIONS[name]
        self.calls: list[str] = []

    def __call__(self, state: Any) -> Value:
        if len(self.calls) >= MAX_CALLS:
            raise TooManyCalls(f"called evaluate more than {MAX_CALLS:,} times")
        self.calls.append(key(state))
        return self._evaluate(self._game, state)
