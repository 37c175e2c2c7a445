"""A maze with ghosts: one runner (MAX) eating dots, one to three ghosts,
as in CS188's Pacman projects, on the :class:`~gametree.games.base.Game`
interface.

The rules:

* The maze is a grid of walls (``#``) and open squares.  The runner (``R``)
  and the ghosts (``1``, ``2``, ``3``) stand on open squares; dots (``.``)
  lie on open squares.
* A round is a move of the runner, then one move of each ghost in turn
  (ghost 1, ghost 2, ...).  Every move is one step north, east, south or
  west (``"N"``, ``"E"``, ``"S"``, ``"W"``, tried in that order) onto an
  open square; nobody stands still.  Ghosts may share a square.
* The runner eats the dot on the square it steps onto: +10 points.  Each of
  its moves costs a point.
* The runner **wins** when the last dot is eaten (+100) and **loses** when
  it is on a ghost's square, whoever stepped there (-100).  (Moves are
  made one at a time, so the runner and a ghost cannot pass each other.)
* After ``max_rounds`` rounds the game ends anyway (nobody wins), so every
  game ends.

``score`` is the points at the end, from the runner's side (MAX wants them
high).  A :class:`MazeState` also carries the points so far
(:attr:`MazeState.points`), which is CS188's simplest evaluation,
:func:`score_evaluation`; :func:`maze_evaluation` is a better one.

What the ghosts are *in the runner's search* is the game's ``model``, per
ghost: ``"MIN"`` (adversarial: ``to_move`` says MIN when that ghost moves)
or ``"CHANCE"`` (random: ``to_move`` says CHANCE, and ``outcomes`` gives
its legal moves, equally likely).  How the ghosts *really* move is a
separate policy a game is played with (:func:`play_maze`: ``"random"``,
``"chase"`` or ``"adversarial"``), so a runner's model and the ghosts'
behaviour can differ, as in CS188's "dangerous pessimism / dangerous
optimism": :func:`model_experiment` plays seeded games of each runner
against each kind of ghost, and :func:`exact_model_values` gives the exact
values on a maze small enough to solve.

Which agent moves, for captions and drawings, is :meth:`Maze.agent`
(``"runner"``, ``"ghost 2"``); ``to_move`` keeps saying MAX, MIN or CHANCE.

Depth-limited agents (:func:`minimax_agent`, :func:`alpha_beta_agent`,
:func:`expectimax_agent`) count their depth in *rounds*, as CS188 does:
depth d is d moves of the runner and, after each, one move of every ghost
(``rounds=True`` of :func:`~gametree.games.alpha_beta` and
:func:`~gametree.games.expectiminimax`).  The engine's own ``depth``
without ``rounds`` counts moves (plies), as notebooks 07 and 08 teach.

>>> game = Maze("small")
>>> print(game.initial)
#####
#R..#
#.#.#
#..1#
#####
runner to move; 6 dots left; 8 rounds left; points 0
>>> game.to_move(game.initial), game.agent(game.initial), game.moves(game.initial)
(<Player.MAX: 'MAX'>, 'runner', ['E', 'S'])
>>> state = game.play(game.initial, "E")
>>> game.to_move(state), game.agent(state), state.points
(<Player.MIN: 'MIN'>, 'ghost 1', 9)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from ..stats import mean_interval, wilson_interval
from ..text import describe
from ..tree import CHANCE, MAX, MIN, Player, Value
from .base import Evaluation, Game, IllegalMoveError, Strategy, check_whole, short
from .chance import ChanceSolver
from .search import alpha_beta

__all__ = [
    "Maze", "MazeState", "MazeLayout", "Cell", "Direction", "DIRECTIONS", "LAYOUTS",
    "DOT_POINTS", "STEP_POINTS", "WIN_POINTS", "CAUGHT_POINTS", "MAX_GHOSTS",
    "score_evaluation", "maze_evaluation", "EVALUATIONS",
    "GHOST_POLICIES", "ghost_move", "play_maze", "MazeRecord",
    "minimax_agent", "alpha_beta_agent", "expectimax_agent", "search_agent",
    "run_match", "MatchTally", "model_experiment", "exact_model_values", "wilson_interval",
    "mean_interval", "EXACT_LIMIT",
]

Cell = tuple[int, int]
"""A square of the maze: (row, column), row 0 at the top, column 0 on the left."""

Direction = str
"""A move: ``"N"``, ``"E"``, ``"S"`` or ``"W"`` (north is up)."""

DIRECTIONS: Mapping[Direction, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0),
                                                   "W": (0, -1)}
"""Each move and the (row, column) step it makes, in the order searches try them."""

_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}

DOT_POINTS = 10
"""Points for each dot the runner eats."""
STEP_POINTS = -1
"""Points for each move of the runner (time costs)."""
WIN_POINTS = 100
"""Points for eating the last dot."""
CAUGHT_POINTS = -100
"""Points for being caught by a ghost."""
MAX_GHOSTS = 3
"""Most ghosts a maze may have."""
MAX_SIDE = 15
"""Most rows, and most columns, a maze may have."""

LAYOUTS: Mapping[str, str] = {
    "small": "#####\n"
             "#R..#\n"
             "#.#.#\n"
             "#..1#\n"
             "#####",
    "default": "#######\n"
               "#R....#\n"
               "#.#.#.#\n"
               "#.....#\n"
               "#.#.#.#\n"
               "#1...2#\n"
               "#######",
    "three ghosts": "#######\n"
                    "#R....#\n"
                    "#.#.#.#\n"
                    "#..3..#\n"
                    "#.#.#.#\n"
                    "#1...2#\n"
                    "#######",
}
"""The named mazes.  ``"small"`` (one ghost, 8 rounds) is solved exactly in
a moment and searched to depth 2 in milliseconds; ``"default"`` (7x7, two
ghosts, 60 rounds) is the one to play; ``"three ghosts"`` adds a third
ghost in the middle.  ``#`` is a wall, ``.`` a dot, a space an open square
without a dot, ``R`` the runner's start and ``1`` to ``3`` the ghosts'."""

_ROUNDS = {"small": 8, "default": 60, "three ghosts": 60}
"""The move limit of each named maze, in rounds."""


@dataclass(frozen=True, eq=False)
class MazeLayout:
    """The fixed part of a maze: its walls and where everyone starts.
    Read from text with :meth:`from_text`; two layouts are equal when
    their text is.

    >>> layout = MazeLayout.from_text(LAYOUTS["small"])
    >>> layout.runner, layout.ghosts, len(layout.dots), layout.distance((1, 1), (3, 3))
    ((1, 1), ((3, 3),), 6, 4)
    """

    rows: tuple[str, ...]
    """The maze as text, one string per row (``#``, ``.``, space, ``R``, ``1`` to ``3``)."""
    runner: Cell = field(init=False)
    """Where the runner starts."""
    ghosts: tuple[Cell, ...] = field(init=False)
    """Where the ghosts start, ghost 1 first."""
    dots: frozenset[Cell] = field(init=False, repr=False)
    """The squares with a dot at the start."""
    open: frozenset[Cell] = field(init=False, repr=False)
    """Every square that is not a wall."""
    steps: Mapping[Cell, tuple[tuple[Direction, Cell], ...]] = field(init=False, repr=False)
    """For each open square, each legal move from it and the square it leads to, in the
    order of :data:`DIRECTIONS`."""
    distances: Mapping[Cell, Mapping[Cell, int]] = field(init=False, repr=False)
    """``distances[a][b]``: the fewest moves from open square a to open square b."""
    _hash: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        rows = self.rows
        cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
        opened = frozenset(cell for cell, ch in cells.items() if ch != "#")
        steps = {}
        for (r, c) in opened:
            steps[(r, c)] = tuple((d, (r + dr, c + dc)) for d, (dr, dc) in DIRECTIONS.items()
                                  if (r + dr, c + dc) in opened)
        set_ = object.__setattr__  # the computed fields of a frozen dataclass
        set_(self, "runner", next(cell for cell, ch in cells.items() if ch == "R"))
        set_(self, "ghosts", tuple(sorted((cell for cell, ch in cells.items() if ch in "123"),
                                          key=lambda cell: cells[cell])))
        set_(self, "dots", frozenset(cell for cell, ch in cells.items() if ch == "."))
        set_(self, "open", opened)
        set_(self, "steps", steps)
        set_(self, "distances", {cell: _distances(cell, steps) for cell in opened})
        set_(self, "_hash", hash(rows))

    @classmethod
    def from_text(cls, text: str) -> MazeLayout:
        """The layout drawn in ``text`` (rows separated by newlines or ``/``).

        Raises ValueError, saying what is wrong and how to fix it, for a
        maze that is not closed by walls, has a square nobody can leave or
        reach, no runner or more than one, ghosts not numbered 1, 2, 3 in
        order, no dot, or other characters.

        >>> MazeLayout.from_text("#####/#R.1#/#####").rows
        ('#####', '#R.1#', '#####')
        >>> MazeLayout.from_text("#####/#R.1 /#####")
        Traceback (most recent call last):
        ...
        ValueError: the maze must be closed by walls: row 2 has ' ' at its end, not '#'
        """
        if not isinstance(text, str):
            raise TypeError(f"a maze is text such as '#####/#R.1#/#####', not {describe(text)}")
        rows = tuple(row for row in text.replace("/", "\n").strip("\n").split("\n"))
        _check_rows(rows)
        return cls(rows)

    def distance(self, a: Cell, b: Cell) -> int:
        """The fewest moves from open square ``a`` to open square ``b``."""
        return self.distances[a][b]

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, MazeLayout) and self.rows == other.rows)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return "\n".join(self.rows)


def _distances(start: Cell, steps: Mapping[Cell, tuple[tuple[Direction, Cell], ...]]
               ) -> dict[Cell, int]:
    """Breadth-first search from ``start``: the fewest moves to every square reached."""
    far = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for _, nxt in steps[cell]:
            if nxt not in far:
                far[nxt] = far[cell] + 1
                queue.append(nxt)
    return far


def _check_rows(rows: tuple[str, ...]) -> None:
    """Refuse, with a sentence, rows that are not a maze this game can play."""
    _check_size(rows)
    _check_walls(rows)
    _check_pieces("".join(rows))
    cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "#"}
    start = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "R")
    _check_open(cells, start)


def _check_size(rows: tuple[str, ...]) -> None:
    """3 to MAX_SIDE rows, all as long, of 3 to MAX_SIDE squares."""
    if not 3 <= len(rows) <= MAX_SIDE or not all(3 <= len(row) <= MAX_SIDE for row in rows):
        raise ValueError(f"a maze has 3 to {MAX_SIDE} rows of 3 to {MAX_SIDE} squares each; this one "
                         f"has {len(rows)} rows of {sorted({len(row) for row in rows})} squares")
    if len({len(row) for row in rows}) > 1:
        raise ValueError(f"every row of the maze must be as long as the first ({len(rows[0])} "
                         f"squares); pad short rows with '#'")


def _check_walls(rows: tuple[str, ...]) -> None:
    """Only the maze's characters, and walls all round."""
    for r, row in enumerate(rows, 1):
        wrong = sorted(set(row) - set("#. R123"))
        if wrong:
            raise ValueError(f"row {r} of the maze has {wrong[0]!r}; write '#' for a wall, '.' for "
                             f"a dot, ' ' for an empty square, 'R' for the runner and 1 to 3 for "
                             f"the ghosts")
    for r, row in enumerate(rows, 1):
        if r in (1, len(rows)) and set(row) != {"#"}:
            raise ValueError(f"the maze must be closed by walls: row {r} must be all '#', "
                             f"not {row!r}")
        for ch, where in ((row[0], "start"), (row[-1], "end")):
            if ch != "#":
                raise ValueError(f"the maze must be closed by walls: row {r} has {ch!r} at its "
                                 f"{where}, not '#'")


def _check_pieces(text: str) -> None:
    """One runner, ghosts numbered 1, 2, 3 in order, and at least one dot."""
    if text.count("R") != 1:
        raise ValueError(f"a maze has one runner 'R', not {text.count('R')}")
    ghosts = sorted(ch for ch in text if ch in "123")
    if not ghosts or ghosts != [str(k) for k in range(1, len(ghosts) + 1)]:
        raise ValueError(f"a maze has 1 to {MAX_GHOSTS} ghosts numbered 1, 2, 3 in order, each "
                         f"once; this one has {ghosts or 'none'}")
    if "." not in text:
        raise ValueError("a maze needs at least one dot '.' for the runner to eat")


def _check_open(cells: set[Cell], start: Cell) -> None:
    """Every open square has a way out, and the runner's start reaches them all."""
    for (r, c) in sorted(cells):
        if not any((r + dr, c + dc) in cells for dr, dc in DIRECTIONS.values()):
            raise ValueError(f"the square at row {r + 1}, column {c + 1} has walls on all four "
                             f"sides, so whoever stands there cannot move; open a side or wall it")
    seen = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in DIRECTIONS.values():
            if (r + dr, c + dc) in cells and (r + dr, c + dc) not in seen:
                seen.add((r + dr, c + dc))
                queue.append((r + dr, c + dc))
    if seen != cells:
        r, c = min(cells - seen)
        raise ValueError(f"the square at row {r + 1}, column {c + 1} cannot be reached from the "
                         f"runner's start; join it to the rest of the maze or wall it")


class MazeState(NamedTuple):
    """A position of :class:`Maze`.  Immutable and hashable; ``print`` it to
    see the maze.  ``X`` marks a runner caught on a ghost's square."""

    runner: Cell
    """The runner's square."""
    ghosts: tuple[Cell, ...]
    """Each ghost's square, ghost 1 first."""
    dots: frozenset[Cell]
    """The squares that still have a dot."""
    turn: int
    """Who moves next: 0 the runner, k ghost k."""
    rounds_left: int
    """Rounds still to play, counting the one in progress: each move of the
    runner uses one up; the game ends when it is the runner's move and none
    are left."""
    points: int
    """The runner's points so far (the score, once the game is over)."""
    layout: MazeLayout
    """The walls and starting squares (the same for every state of a game)."""

    @property
    def caught(self) -> bool:
        """Whether the runner stands on a ghost's square."""
        return self.runner in self.ghosts

    def __repr__(self) -> str:
        return (f"MazeState(runner={self.runner}, ghosts={self.ghosts}, dots=<{len(self.dots)}>, "
                f"turn={self.turn}, rounds_left={self.rounds_left}, points={self.points})")

    def __str__(self) -> str:
        grid = [["#" if ch == "#" else " " for ch in row] for row in self.layout.rows]
        for r, c in self.dots:
            grid[r][c] = "."
        for k in range(len(self.ghosts), 0, -1):  # ghost 1 shows where ghosts share a square
            r, c = self.ghosts[k - 1]
            grid[r][c] = str(k)
        r, c = self.runner
        grid[r][c] = "X" if self.caught else "R"
        return "\n".join("".join(row) for row in grid) + "\n" + self.summary()

    def summary(self) -> str:
        """One line: who moves or how the game ended, dots and rounds left, points."""
        dots = f"{len(self.dots)} dot{'s' * (len(self.dots) != 1)} left"
        rounds = f"{self.rounds_left} round{'s' * (self.rounds_left != 1)} left"
        if self.caught:
            ghost = self.ghosts.index(self.runner) + 1
            head = f"caught by ghost {ghost}"
        elif not self.dots:
            head = "the runner ate every dot and wins"
        elif self.turn == 0 and self.rounds_left == 0:
            head = "out of rounds"
        else:
            head = "runner to move" if self.turn == 0 else f"ghost {self.turn} to move"
        return f"{head}; {dots}; {rounds}; points {self.points}"


ModelSpec = str | Player | Sequence[str | Player]
"""How the runner's search models the ghosts: "MIN" or "CHANCE" for every
ghost, or one of them per ghost."""


class Maze(Game[MazeState, Direction]):
    """The maze game (see the module's docstring for the rules).

    Parameters
    ----------
    layout : str or MazeLayout
        A name in :data:`LAYOUTS` (``"default"``, ``"small"``, ``"three
        ghosts"``) or a maze drawn as text (see :meth:`MazeLayout.from_text`).
    model : str or sequence
        How the search models each ghost: ``"MIN"`` (adversarial) or
        ``"CHANCE"`` (moves at random, each legal move equally likely), for
        every ghost, or a sequence with one per ghost such as ``("MIN",
        "CHANCE")``.  This is what ``to_move`` says when that ghost moves;
        how ghosts really move is :func:`play_maze`'s ``ghosts``.
    max_rounds : int, optional
        The move limit, 1 to 1,000 rounds; by default 8 for ``"small"``,
        60 for the other named mazes, twice the open squares for others.

    Examples
    --------
    >>> game = Maze(model=("MIN", "CHANCE"))
    >>> state = game.play(game.initial, "E")
    >>> game.to_move(state), game.agent(state)
    (<Player.MIN: 'MIN'>, 'ghost 1')
    >>> state = game.play(state, "E")
    >>> game.to_move(state), game.agent(state), game.outcomes(state)
    (<Player.CHANCE: 'CHANCE'>, 'ghost 2', [(0.5, 'N'), (0.5, 'W')])
    """

    def __init__(self, layout: str | MazeLayout = "default", *, model: ModelSpec = "MIN",
                 max_rounds: int | None = None):
        if isinstance(layout, MazeLayout):
            self.layout = layout
            name = None
        elif isinstance(layout, str):
            name = layout if layout in LAYOUTS else None
            if name is None and "#" not in layout:
                names = ", ".join(repr(n) for n in LAYOUTS)
                raise ValueError(f"there is no maze named {layout!r}; the named mazes are {names} "
                                 f"(or draw one as text, such as '#####/#R.1#/#####')")
            self.layout = MazeLayout.from_text(LAYOUTS[name] if name else layout)
        else:
            raise TypeError(f"layout must be a maze's name, such as 'default', or a maze drawn as "
                            f"text; not {describe(layout)}")
        self.name = name
        """The maze's name in :data:`LAYOUTS`, or None for one drawn as text."""
        self.ghost_count = len(self.layout.ghosts)
        """How many ghosts there are."""
        self.model: tuple[Player, ...] = _check_model(model, self.ghost_count)
        """MIN or CHANCE for each ghost, ghost 1 first: what ``to_move`` says when it moves."""
        if max_rounds is None:
            max_rounds = _ROUNDS[name] if name else 2 * len(self.layout.open)
        self.max_rounds = check_whole("max_rounds", max_rounds, 1, 1000)
        """The move limit, in rounds."""
        layout_ = self.layout
        self.initial = MazeState(layout_.runner, layout_.ghosts, layout_.dots, 0, self.max_rounds,
                                 0, layout_)
        self._players = (MAX, *self.model)
        self._models: dict[tuple[Player, ...], Maze] = {self.model: self}

    def with_model(self, model: ModelSpec) -> Maze:
        """The same maze and move limit, with the ghosts modelled as ``model``
        (its states are this game's states).

        >>> Maze().with_model("CHANCE").model
        (<Player.CHANCE: 'CHANCE'>, <Player.CHANCE: 'CHANCE'>)
        """
        players = _check_model(model, self.ghost_count)
        if players not in self._models:
            other = Maze(self.layout, model=players, max_rounds=self.max_rounds)
            other.name = self.name
            self._models[players] = other
        return self._models[players]

    # --- the five questions ------------------------------------------------------

    def to_move(self, state: MazeState) -> Player:
        """MAX when the runner moves; for ghost k, the model's MIN or CHANCE."""
        return self._players[state.turn]

    def agent(self, state: MazeState) -> str:
        """``"runner"`` or ``"ghost k"``: who moves at ``state``."""
        return "runner" if state.turn == 0 else f"ghost {state.turn}"

    def moves(self, state: MazeState) -> list[Direction]:
        """The directions the agent to move can step in, in the order N, E,
        S, W; none once the game is over."""
        if self.is_over(state):
            return []
        cell = state.runner if state.turn == 0 else state.ghosts[state.turn - 1]
        return [d for d, _ in state.layout.steps[cell]]

    def outcomes(self, state: MazeState) -> list[tuple[Value, Direction]]:
        """Where a ghost modelled as CHANCE moves: each legal move, equally likely."""
        if self.is_over(state) or self.to_move(state) is not CHANCE:
            raise ValueError("outcomes are asked for where a ghost modelled as CHANCE moves next; "
                             "here the runner or an adversarial ghost moves (or the game is over)")
        moves = self.moves(state)
        return [(1 / len(moves), move) for move in moves]

    def play(self, state: MazeState, move: Direction) -> MazeState:
        """The state after the agent to move steps in direction ``move``."""
        runner, ghosts, dots, turn, left, points, layout = state
        cell = runner if turn == 0 else ghosts[turn - 1]
        target = next((square for d, square in layout.steps[cell] if d == move), None)
        if target is None or self.is_over(state):
            raise IllegalMoveError(self._refusal(state, move))
        if turn == 0:
            points += STEP_POINTS
            if target in ghosts:
                points += CAUGHT_POINTS
            elif target in dots:
                dots = dots - {target}
                points += DOT_POINTS + (WIN_POINTS if not dots else 0)
            return MazeState(target, ghosts, dots, 1, left - 1, points, layout)
        ghosts = ghosts[: turn - 1] + (target,) + ghosts[turn:]
        if target == runner:
            points += CAUGHT_POINTS
        return MazeState(runner, ghosts, dots, turn + 1 if turn < len(ghosts) else 0, left, points,
                         layout)

    def is_over(self, state: MazeState) -> bool:
        """True once the runner is caught, every dot is eaten, or the rounds are used up."""
        return (state.runner in state.ghosts or not state.dots
                or (state.turn == 0 and state.rounds_left == 0))

    def score(self, state: MazeState) -> int:
        """The runner's points at the end (see the rules)."""
        if not self.is_over(state):
            raise ValueError("the game is not over yet, so it has no score; the points so far "
                             "are state.points")
        return state.points

    # --- words and checks ------------------------------------------------------------

    def move_label(self, state: MazeState, move: Direction) -> str:
        """The direction, ``"N"`` to ``"W"``."""
        return str(move)

    def describe_move(self, state: MazeState, move: Direction) -> str:
        """The move in a sentence: ``"ghost 2 moves north"``, with what it does.

        >>> game = Maze("small")
        >>> game.describe_move(game.initial, "E")
        'the runner moves east and eats a dot'
        """
        if move not in self.moves(state):
            raise IllegalMoveError(self._refusal(state, move))
        after = self.play(state, move)
        who = "the runner" if state.turn == 0 else f"ghost {state.turn}"
        words = f"{who} moves {_WORDS[move]}"
        if after.caught:
            words += " and catches the runner" if state.turn else " into a ghost and is caught"
        elif len(after.dots) < len(state.dots):
            words += " and eats the last dot" if not after.dots else " and eats a dot"
        return words

    def outcome(self, state: MazeState) -> str:
        """How an ended game ended: ``"won"``, ``"caught"`` or ``"out of rounds"``
        ("" while it goes on)."""
        if state.caught:
            return "caught"
        if not state.dots:
            return "won"
        return "out of rounds" if self.is_over(state) else ""

    def _refusal(self, state: MazeState, move: object) -> str:
        if self.is_over(state):
            return "the game is over; no more moves"
        return (f"{short(move)} is not a move {self.agent(state)} can make here; choose one of "
                f"{self.moves(state)}")

    def check_state(self, state: object) -> None:
        """Refuse what is not a position of this maze."""
        if not isinstance(state, MazeState):
            raise TypeError(f"a position of Maze is a MazeState such as game.initial, "
                            f"not {describe(state)}")
        if state.layout != self.layout:
            raise ValueError("this position is on another maze; use a position of this game, "
                             "such as game.initial")
        if len(state.ghosts) != self.ghost_count:
            raise ValueError(f"this maze has {self.ghost_count} ghosts, but the position has "
                             f"{len(state.ghosts)}")
        opened = self.layout.open
        for cell in (state.runner, *state.ghosts, *state.dots):
            if cell not in opened:
                raise ValueError(f"{cell!r} is not an open square of the maze")
        if not (isinstance(state.turn, int) and 0 <= state.turn <= self.ghost_count):
            raise ValueError(f"turn is 0 (the runner) to {self.ghost_count} (the last ghost), "
                             f"not {state.turn!r}")
        if not (isinstance(state.rounds_left, int) and 0 <= state.rounds_left <= self.max_rounds):
            raise ValueError(f"rounds_left is 0 to {self.max_rounds}, not {state.rounds_left!r}")

    def random_start(self, seed: int) -> MazeState:
        """A start on this maze's walls with the runner and the ghosts on
        random squares (each ghost at least 3 moves from the runner) and a dot
        on every other square, from ``random.Random(seed)``: seeded games
        then differ even between players that never play at random.

        >>> Maze().random_start(1) == Maze().random_start(1)
        True
        """
        rng = random.Random(seed)
        layout = self.layout
        squares = sorted(layout.open)
        runner = rng.choice(squares)
        far = [cell for cell in squares if layout.distance(runner, cell) >= 3] or \
              [cell for cell in squares if cell != runner]
        ghosts = tuple(rng.choice(far) for _ in range(self.ghost_count))
        dots = frozenset(squares) - {runner}
        return MazeState(runner, ghosts, dots, 0, self.max_rounds, 0, layout)

    def __repr__(self) -> str:
        where = repr(self.name) if self.name else f"'{'/'.join(self.layout.rows)}'"
        model = tuple(str(p) for p in self.model)
        return f"Maze({where}, model={model}, max_rounds={self.max_rounds})"


def _check_model(model: object, ghosts: int) -> tuple[Player, ...]:
    """The model as MIN or CHANCE per ghost, or a sentence saying what is wrong."""
    items = [model] * ghosts if isinstance(model, (str, Player)) else model
    if not isinstance(items, Sequence) or isinstance(items, str):
        raise TypeError(f"model must be 'MIN', 'CHANCE' or one of them per ghost, such as "
                        f"('MIN', 'CHANCE'); not {describe(model)}")
    if len(items) != ghosts:
        raise ValueError(f"this maze has {ghosts} ghost{'s' * (ghosts != 1)}, so model needs "
                         f"{ghosts} entr{'ies' if ghosts != 1 else 'y'} (MIN or CHANCE), not "
                         f"{len(items)}")
    players = []
    for item in items:
        text = item.value if isinstance(item, Player) else item
        if text not in ("MIN", "CHANCE"):
            raise ValueError(f"a ghost is modelled as 'MIN' (adversarial) or 'CHANCE' (random), "
                             f"not {short(item)}")
        players.append(MIN if text == "MIN" else CHANCE)
    return tuple(players)


# --- evaluation functions -------------------------------------------------------------

def score_evaluation(state: MazeState) -> Value:
    """The simplest evaluation: the points so far (CS188's
    ``scoreEvaluationFunction``).  It cannot tell apart positions beyond the
    horizon, so far from every dot a runner using it wanders.

    >>> score_evaluation(Maze().initial)
    0
    """
    return state.points


def maze_evaluation(state: MazeState) -> Value:
    """A better evaluation: the points so far minus the maze distance to the
    nearest dot, so that the runner heads for food beyond its horizon.  It
    says nothing of the ghosts: the search itself sees them coming, and a
    penalty for a ghost nearby (tried at 10 to 40 points) made runners
    worse in ``benchmarks/bench_maze.py``, timid among random ghosts and
    against adversarial ones alike.

    >>> game = Maze()
    >>> maze_evaluation(game.initial)     # 0 points, the nearest dot is next door
    -1
    """
    far = state.layout.distances[state.runner]
    return state.points - min((far[dot] for dot in state.dots), default=0)


EVALUATIONS: Mapping[str, Evaluation[MazeState]] = {"score": score_evaluation,
                                                     "maze": maze_evaluation}
"""The evaluation functions by name."""


# --- how the ghosts really move -------------------------------------------------------

GHOST_POLICIES = ("random", "chase", "adversarial")
"""How a ghost can really move in :func:`play_maze`: ``"random"`` (each legal
move equally likely), ``"chase"`` (a move that most shortens its maze
distance to the runner; ties at random) or ``"adversarial"`` (the move of a
MIN search, every ghost modelled as MIN, :data:`ADVERSARY_DEPTH` rounds deep
with :func:`maze_evaluation`)."""

ADVERSARY_DEPTH = 1
"""How many rounds an adversarial ghost searches."""


def ghost_move(game: Maze, state: MazeState, policy: str, rng: random.Random) -> Direction:
    """The move of the ghost to move at ``state`` under ``policy`` (one of
    :data:`GHOST_POLICIES`), its chances drawn from ``rng``.

    >>> game = Maze("small")
    >>> state = game.play(game.initial, "E")          # the runner steps east, next to ghost 1's column
    >>> ghost_move(game, state, "chase", random.Random(0))
    'N'
    """
    moves = game.moves(state)
    if policy == "random":
        return rng.choice(moves)
    if policy == "chase":
        cell = state.ghosts[state.turn - 1]
        far = state.layout.distances[state.runner]
        options = [(far[target], d) for d, target in state.layout.steps[cell]]
        nearest = min(d for d, _ in options)
        return rng.choice([move for d, move in options if d == nearest])
    if policy == "adversarial":
        move = alpha_beta(game.with_model("MIN"), state, depth=ADVERSARY_DEPTH,
                          evaluate=maze_evaluation, rounds=True).move
        assert move is not None  # the game goes on, so the search finds a move
        return move
    raise ValueError(f"a ghost moves 'random', 'chase' or 'adversarial', not {short(policy)}")


def _check_policies(ghosts: object, count: int) -> tuple[str, ...]:
    items = [ghosts] * count if isinstance(ghosts, str) else ghosts
    if not isinstance(items, Sequence) or len(items) != count:
        raise ValueError(f"ghosts must be one of {', '.join(map(repr, GHOST_POLICIES))} for every "
                         f"ghost, or a sequence of {count} of them (one per ghost); "
                         f"not {short(ghosts)}")
    for item in items:
        if item not in GHOST_POLICIES:
            raise ValueError(f"a ghost moves 'random', 'chase' or 'adversarial', not {short(item)}")
    return tuple(items)


# --- playing ----------------------------------------------------------------------------

@dataclass(frozen=True)
class MazeRecord:
    """A game played by :func:`play_maze`."""

    states: tuple[MazeState, ...]
    """Every position in order, from the start to the end."""
    moves: tuple[Direction, ...]
    """Every move in order (``moves[i]`` leads from ``states[i]`` to ``states[i + 1]``)."""
    score: Value
    """The final score, from the runner's side."""
    outcome: str
    """``"won"``, ``"caught"`` or ``"out of rounds"``."""

    @property
    def final(self) -> MazeState:
        """The position at the end."""
        return self.states[-1]


def play_maze(game: Maze, runner: Strategy[MazeState, Direction],
              ghosts: str | Sequence[str] = "random", *, seed: int = 0,
              state: MazeState | None = None) -> MazeRecord:
    """Play a whole game: ``runner`` chooses the runner's moves, and each
    ghost moves by its policy (``ghosts``: one of :data:`GHOST_POLICIES`
    for every ghost, or one per ghost), whatever ``game.model`` says.

    Parameters
    ----------
    game : Maze
        The maze (its model matters only to runners that search ``game`` itself).
    runner : callable
        A player ``(game, state) -> move``, such as ``alpha_beta_agent(2)``.
    ghosts : str or sequence of str
        How the ghosts really move.
    seed : int
        Seeds the ghosts' chances (``random.Random(seed)``).
    state : MazeState, optional
        Where to start (the runner to move); ``game.initial`` by default.

    Raises IllegalMoveError, naming the runner, for a move the rules do not allow.

    >>> game = Maze("small")
    >>> record = play_maze(game, alpha_beta_agent(2), "random", seed=1)
    >>> record.outcome, record.score == record.final.points, len(record.moves) == len(record.states) - 1
    ('won', True, True)
    """
    if not isinstance(game, Maze):
        raise TypeError(f"game must be a Maze, such as Maze('small'), not {describe(game)}")
    if state is None:
        state = game.initial
    game.check_state(state)
    if not callable(runner):
        raise TypeError(f"runner must be a player: a function (game, state) -> move, such as "
                        f"alpha_beta_agent(2), not {describe(runner)}")
    policies = _check_policies(ghosts, game.ghost_count)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, such as 7, not {describe(seed)}")
    rng = random.Random(seed)
    states, moves = [state], []
    while not game.is_over(state):
        if state.turn == 0:
            move = runner(game, state)
            if move not in game.moves(state):
                name = getattr(runner, "__name__", "the runner")
                raise IllegalMoveError(f"the runner ({name}) chose {short(move)}: "
                                       f"{game._refusal(state, move)}")
        else:
            move = ghost_move(game, state, policies[state.turn - 1], rng)
        state = game.play(state, move)
        states.append(state)
        moves.append(move)
    return MazeRecord(tuple(states), tuple(moves), game.score(state), game.outcome(state))


# --- depth-limited agents: depth counts rounds -------------------------------------------

def search_agent(model: ModelSpec, depth: int, evaluate: Evaluation[MazeState] = maze_evaluation,
                 *, prune: bool = True) -> Strategy[MazeState, Direction]:
    """A runner that searches ``depth`` rounds ahead (CS188's depth: ``depth``
    moves of the runner and, after each, one move of every ghost; an ended
    game is worth its score, any other position at the depth limit its
    ``evaluate``), modelling the ghosts as ``model`` (``"MIN"``,
    ``"CHANCE"``, or one per ghost), and plays the first best move in the
    order N, E, S, W.

    A model with CHANCE in it is searched by depth-limited expectimax
    (:class:`~gametree.games.ChanceSolver`, ``rounds=True``); an all-MIN
    model by :func:`~gametree.games.alpha_beta` with ``rounds=True`` when
    ``prune`` (the default) and by plain depth-limited minimax (the same
    solver, which never prunes) otherwise.  Pruning changes the work, never
    the move.

    >>> game = Maze("small")
    >>> search_agent("MIN", 2)(game, game.initial), search_agent("CHANCE", 2)(game, game.initial)
    ('E', 'E')
    """
    depth = check_whole("depth", depth, 1, 20)
    if not callable(evaluate):
        raise TypeError(f"evaluate must be a function from a MazeState to a number, such as "
                        f"maze_evaluation, not {describe(evaluate)}")
    if not isinstance(prune, bool):
        raise TypeError(f"prune must be True or False, not {describe(prune)}")

    def play(game: Game[MazeState, Direction], state: MazeState) -> Direction:
        if not isinstance(game, Maze):
            raise TypeError(f"this runner plays a Maze, not {describe(game)}")
        searched = game.with_model(model)
        move: Direction | None
        if prune and CHANCE not in searched.model:
            move = alpha_beta(searched, state, depth=depth, evaluate=evaluate, rounds=True).move
        else:  # a fresh memory for each move keeps memory small over many games
            move = ChanceSolver(searched, depth=depth, evaluate=evaluate,
                                rounds=True).best_move(state)
        if move is None:
            raise IllegalMoveError("the game is over; there is no move to make")
        return move

    names = {MIN: "minimax" if not prune else "alpha-beta", CHANCE: "expectimax"}
    kinds = {names[p] for p in _as_players(model)}
    name = kinds.pop() if len(kinds) == 1 else "expectiminimax"
    play.__name__ = f"{name} depth {depth} ({getattr(evaluate, '__name__', 'evaluation')})"
    return play


def _as_players(model: ModelSpec) -> tuple[Player, ...]:
    """The players named in ``model``, whatever the number of ghosts."""
    items = [model] if isinstance(model, (str, Player)) else list(model)
    return _check_model(items, len(items))


def minimax_agent(depth: int, evaluate: Evaluation[MazeState] = maze_evaluation
                  ) -> Strategy[MazeState, Direction]:
    """A depth-limited minimax runner: every ghost modelled as MIN, depth in
    rounds, nothing pruned (see :func:`search_agent`)."""
    return search_agent("MIN", depth, evaluate, prune=False)


def alpha_beta_agent(depth: int, evaluate: Evaluation[MazeState] = maze_evaluation
                     ) -> Strategy[MazeState, Direction]:
    """A depth-limited alpha-beta runner: every ghost modelled as MIN, depth
    in rounds; the same moves as :func:`minimax_agent` with less work."""
    return search_agent("MIN", depth, evaluate)


def expectimax_agent(depth: int, evaluate: Evaluation[MazeState] = maze_evaluation
                     ) -> Strategy[MazeState, Direction]:
    """A depth-limited expectimax runner: every ghost modelled as moving at
    random, depth in rounds (see :func:`search_agent`)."""
    return search_agent("CHANCE", depth, evaluate)


# --- matches and their statistics --------------------------------------------------------

@dataclass(frozen=True)
class MatchTally:
    """The results of :func:`run_match`, from the runner's side."""

    runner: str
    """The runner's name (its ``__name__``)."""
    ghosts: tuple[str, ...]
    """How each ghost really moved."""
    scores: tuple[Value, ...]
    """The score of each game, in order."""
    outcomes: tuple[str, ...]
    """How each game ended: ``"won"``, ``"caught"`` or ``"out of rounds"``."""

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.scores)

    @property
    def wins(self) -> int:
        """Games in which the runner ate every dot."""
        return self.outcomes.count("won")

    @property
    def caught(self) -> int:
        """Games in which a ghost caught the runner."""
        return self.outcomes.count("caught")

    @property
    def timeouts(self) -> int:
        """Games that ran out of rounds."""
        return self.outcomes.count("out of rounds")

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games

    @property
    def win_interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        """The mean score."""
        return sum(self.scores) / self.games

    @property
    def score_interval(self) -> tuple[float, float]:
        """The normal 95% interval of the mean score."""
        return mean_interval(self.scores)

    def __str__(self) -> str:
        low, high = self.win_interval
        s_low, s_high = self.score_interval
        return (f"{self.runner} against {'/'.join(self.ghosts)} ghosts: won {self.wins} of "
                f"{self.games} ({self.win_rate:.0%}, 95% CI {low:.0%} to {high:.0%}), caught "
                f"{self.caught}, out of rounds {self.timeouts}; mean score {self.mean_score:.1f} "
                f"(95% CI {s_low:.1f} to {s_high:.1f})")


def run_match(game: Maze, runner: Strategy[MazeState, Direction],
              ghosts: str | Sequence[str] = "random", *, games: int = 20, seed: int = 0,
              random_starts: bool = True) -> MatchTally:
    """Play ``games`` seeded games (:func:`play_maze`) and tally them.  Game
    i uses seed ``seed + i`` for the ghosts' chances and, with
    ``random_starts``, for its start (:meth:`Maze.random_start`); without,
    every game starts from ``game.initial``.

    >>> tally = run_match(Maze("small"), alpha_beta_agent(1), "random", games=4, seed=1)
    >>> tally.games, tally.wins + tally.caught + tally.timeouts
    (4, 4)
    """
    check_whole("games", games, 1, 10_000)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, such as 7, not {describe(seed)}")
    policies = _check_policies(ghosts, game.ghost_count if isinstance(game, Maze) else 1)
    scores, outcomes = [], []
    for i in range(games):
        start = game.random_start(seed + i) if random_starts else None
        record = play_maze(game, runner, policies, seed=seed + i, state=start)
        scores.append(record.score)
        outcomes.append(record.outcome)
    return MatchTally(getattr(runner, "__name__", "runner"), policies, tuple(scores),
                      tuple(outcomes))


def model_experiment(game: Maze, depth: int = 2,
                     evaluate: Evaluation[MazeState] = maze_evaluation, *, games: int = 20,
                     seed: int = 0, adversary: str = "adversarial"
                     ) -> dict[tuple[str, str], MatchTally]:
    """CS188's "dangerous pessimism / dangerous optimism": a runner that
    models every ghost as MIN and one that models them as CHANCE, each
    against ghosts that move at random and ghosts that move by
    ``adversary`` (``"adversarial"`` or ``"chase"``), on the same seeded
    games.  Returns the four tallies keyed ``(model, ghosts)``, e.g.
    ``("MIN", "random")``: the pessimist among random ghosts.

    >>> results = model_experiment(Maze("small"), depth=1, games=2, seed=3)
    >>> sorted(results)
    [('CHANCE', 'adversarial'), ('CHANCE', 'random'), ('MIN', 'adversarial'), ('MIN', 'random')]
    """
    if adversary not in ("adversarial", "chase"):
        raise ValueError(f"adversary is 'adversarial' or 'chase', not {short(adversary)}")
    results = {}
    for model in ("MIN", "CHANCE"):
        runner = search_agent(model, depth, evaluate)
        for ghosts in ("random", adversary):
            results[(model, ghosts)] = run_match(game, runner, ghosts, games=games, seed=seed)
    return results


EXACT_LIMIT = 12
"""Most open squares, and most rounds, of a maze :func:`exact_model_values` solves."""


def exact_model_values(game: Maze) -> dict[tuple[str, str], Value]:
    """Dangerous pessimism and dangerous optimism, exactly, on a maze small
    enough to solve (at most :data:`EXACT_LIMIT` open squares and rounds,
    such as ``"small"``).

    For each model of the ghosts (``"MIN"``, ``"CHANCE"``) the runner plays
    the exact best moves of that model (:class:`~gametree.games.ChanceSolver`,
    no depth limit); each is then valued against ghosts that really are
    ``"adversarial"`` (each ghost's move the worst for the runner, knowing
    how the runner plays) or ``"random"`` (each legal move equally likely).
    Returns the four values keyed ``(model, ghosts)``.

    ``("MIN", "adversarial")`` is the minimax value and ``("CHANCE",
    "random")`` the expectimax value; no runner does better against those
    ghosts, so the two others can only be lower: what each wrong model costs.

    >>> values = exact_model_values(Maze("small"))
    >>> values[("MIN", "adversarial")], values[("CHANCE", "adversarial")]   # the optimist is caught
    (12, -57)
    >>> round(values[("CHANCE", "random")], 2), round(values[("MIN", "random")], 2)
    (46.33, 36.61)
    """
    if not isinstance(game, Maze):
        raise TypeError(f"game must be a Maze, such as Maze('small'), not {describe(game)}")
    if len(game.layout.open) > EXACT_LIMIT or game.max_rounds > EXACT_LIMIT:
        raise ValueError(f"only a maze of at most {EXACT_LIMIT} open squares and {EXACT_LIMIT} "
                         f"rounds is solved exactly (this one has {len(game.layout.open)} and "
                         f"{game.max_rounds}); use Maze('small'), or model_experiment to play "
                         f"seeded games instead")
    results: dict[tuple[str, str], Value] = {}
    for model in ("MIN", "CHANCE"):
        solver: ChanceSolver[MazeState, Direction] = ChanceSolver(game.with_model(model))
        for ghosts in ("adversarial", "random"):
            results[(model, ghosts)] = _policy_value(game, solver.best_move, ghosts)
    return results


def _policy_value(game: Maze, runner: Callable[[MazeState], Direction], ghosts: str) -> Value:
    """The exact value of the runner playing ``runner(state)`` against ghosts
    that move worst for it (``"adversarial"``) or at random."""

    @cache
    def value(state: MazeState) -> Value:
        if game.is_over(state):
            return game.score(state)
        if state.turn == 0:
            return value(game.play(state, runner(state)))
        values = [value(game.play(state, move)) for move in game.moves(state)]
        return min(values) if ghosts == "adversarial" else sum(values) / len(values)

    return value(game.initial)
