"""Watch a searching runner play the maze against the ghosts, move by move,
or play the runner yourself.

>>> board = MazeBoard("small", depth=2, ghosts="random", seed=1)
>>> board.next_move()                  # the runner searches, then moves
>>> board.status.text
'The runner moves east and eats a dot. Its search (minimax, ghosts as MIN, 2 rounds, maze_evaluation) valued E 7, S 7.'
>>> board.next_round()                 # the ghost moves, and the round is over
>>> board.status.text
'Ghost 1 moves north. Runner to move.'
>>> board.mode.value = "play"           # now you are the runner
>>> board.arrows["E"].click()           # east; the ghost answers at once
>>> board.status.text.startswith("You move east and eat a dot. Ghost 1 moves")
True

Two modes, chosen at the top:

* **Watch**: the runner is a depth-limited search (:func:`gametree.games.maze.search_agent`)
  that models the ghosts as MIN (minimax) or CHANCE (expectimax), to the
  depth on the slider, counted in rounds as CS188 counts them, with the
  evaluation chosen.  "Next move" makes one move, the runner's or one
  ghost's; "Next round" moves until the runner is to move again; "To the
  end" plays the game out; "Back" takes a move back.  After each move of
  the runner the status says what its search thought each move worth
  (every move's exact depth-limited value, so the search is minimax or
  expectimax without pruning: alpha-beta would give bounds for all but
  the best move; its choice is the same).
* **Play**: you are the runner.  The four arrow buttons (enabled only
  where a move is legal) move you; then every ghost moves at once.

How the ghosts *really* move ("random", "chase" or "adversarial", see
:data:`gametree.games.maze.GHOST_POLICIES`) is chosen apart from the
runner's model, so a pessimistic or optimistic runner can be watched
against ghosts that do not behave as it thinks.  The ghosts' chances come
from ``random.Random(seed)``; "New game" starts again with the same seed,
so a game can be replayed.

The board is :func:`gametree.view.maze.maze_figure` (letters and shapes for
everyone, alt text under ``<img alt=...>``); the arrows show the moves since
the runner last moved.  ``transcript`` lists every move in words.

CSS classes: the board ``gametree-maze``; the picture ``gametree-maze-board``;
the status ``gametree-maze-status``; buttons ``gametree-maze-next``,
``gametree-maze-round``, ``gametree-maze-end``, ``gametree-maze-back``,
``gametree-maze-new-game`` and ``gametree-maze-move-N`` (E, S, W); the
mode ``gametree-maze-mode``.
"""

from __future__ import annotations

import base64
import html
import random
from itertools import pairwise

import ipywidgets as widgets

from ..games.base import check_whole
from ..games.chance import ChanceSolver
from ..games.maze import (
    DIRECTIONS,
    EVALUATIONS,
    GHOST_POLICIES,
    Direction,
    Maze,
    MazeState,
    ghost_move,
)
from ..text import describe, pretty
from ..view.maze import maze_figure
from ..view.theme import Theme, theme_of
from .controls import StatusLine, fixed_layout

__all__ = ["MazeBoard", "MAX_DEPTH"]

MAX_DEPTH = 3
"""Deepest search the slider offers: on the default maze a click of "Next
round" at depth 3 (the search, adversarial ghosts' own searches and the
drawing) took at most 0.42 s in ``benchmarks/bench_maze.py``, within a
second even on a busy machine."""

_ARROWS = {"N": "\u2191 N", "E": "\u2192 E", "S": "\u2193 S", "W": "\u2190 W"}
_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_MODELS = {"MIN": "ghosts as MIN (minimax)", "CHANCE": "ghosts as CHANCE (expectimax)"}


class MazeBoard(widgets.VBox):
    """The maze game on a board of ipywidgets.

    Parameters
    ----------
    game : Maze or str
        The maze, or a name in :data:`gametree.games.maze.LAYOUTS`
        (``"default"`` by default).
    depth : int
        Rounds the runner searches, 1 to :data:`MAX_DEPTH`.
    model : str
        How the searching runner models the ghosts: ``"MIN"`` or ``"CHANCE"``.
    evaluate : str
        ``"maze"`` (:func:`~gametree.games.maze.maze_evaluation`) or
        ``"score"`` (:func:`~gametree.games.maze.score_evaluation`).
    ghosts : str
        How the ghosts really move: ``"random"``, ``"chase"`` or ``"adversarial"``.
    seed : int
        Seeds the ghosts' chances.
    mode : str
        ``"watch"`` (the computer runs) or ``"play"`` (you run).
    theme : optional
        The board's colours (see :func:`gametree.view.theme.theme_of`);
        None: the default.

    Attributes
    ----------
    theme : Theme
        The board's colours.
    state : MazeState
        The position on the board.
    history : list of MazeState
        Every position of the game so far, the start first.
    transcript : list of str
        Every move so far in words.
    status : StatusLine
        What happened last (``status.text``).
    arrows : dict
        The four move buttons of play mode, by direction.
    """

    def __init__(self, game: Maze | str = "default", *, depth: int = 2, model: str = "MIN",
                 evaluate: str = "maze", ghosts: str = "random", seed: int = 0,
                 mode: str = "watch", theme: object = None):
        if isinstance(game, str):
            game = Maze(game)
        if not isinstance(game, Maze):
            raise TypeError(f"game must be a Maze or a maze's name such as 'default', "
                            f"not {describe(game)}")
        check_whole("depth", depth, 1, MAX_DEPTH)
        for name, value, allowed in (("model", model, tuple(_MODELS)),
                                     ("evaluate", evaluate, tuple(EVALUATIONS)),
                                     ("ghosts", ghosts, GHOST_POLICIES),
                                     ("mode", mode, ("watch", "play"))):
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, "
                                 f"not {describe(value)}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be a whole number such as 1, not {describe(seed)}")
        self.theme: Theme = theme_of(theme)
        self.game, self.seed = game, seed
        self.state: MazeState = game.initial
        self.history: list[MazeState] = [game.initial]
        self.transcript: list[str] = []
        self._rng = random.Random(seed)
        self.alt_text = ""
        """The alt text of the picture shown."""

        self.picture = widgets.HTML()
        self.status = StatusLine("gametree-maze-status", layout=widgets.Layout(min_height="2.6em"))
        self.mode = widgets.ToggleButtons(options=[("Watch the computer", "watch"),
                                                   ("Play the runner", "play")], value=mode,
                                          style={"button_width": "150px"})
        self.depth = widgets.IntSlider(value=depth, min=1, max=MAX_DEPTH, description="Rounds:",
                                       continuous_update=False,
                                       layout=widgets.Layout(width="260px"))
        self.model = widgets.Dropdown(options=[(words, key) for key, words in _MODELS.items()],
                                      value=model, description="Runner:",
                                      layout=widgets.Layout(width="330px"))
        self.evaluate = widgets.Dropdown(options=[(name, name) for name in EVALUATIONS],
                                         value=evaluate, description="Evaluation:",
                                         layout=widgets.Layout(width="220px"))
        self.ghosts = widgets.Dropdown(options=list(GHOST_POLICIES), value=ghosts,
                                       description="Ghosts:", layout=widgets.Layout(width="220px"))
        self.next_button = widgets.Button(description="Next move", layout=fixed_layout("9em"))
        self.round_button = widgets.Button(description="Next round", layout=fixed_layout("9em"))
        self.end_button = widgets.Button(description="To the end", layout=fixed_layout("9em"))
        self.back_button = widgets.Button(description="Back", icon="undo", layout=fixed_layout("7em"))
        self.new_game_button = widgets.Button(description="New game", icon="refresh",
                                              layout=fixed_layout("9em"))
        self.arrows = {d: widgets.Button(description=_ARROWS[d], layout=fixed_layout("5.5em"))
                       for d in DIRECTIONS}

        self.next_button.on_click(lambda _: self.next_move())
        self.round_button.on_click(lambda _: self.next_round())
        self.end_button.on_click(lambda _: self.to_the_end())
        self.back_button.on_click(lambda _: self.back())
        self.new_game_button.on_click(lambda _: self.new_game())
        for d, button in self.arrows.items():
            button.on_click(lambda _, d=d: self.run(d))
        self.mode.observe(lambda _: self._show(), names="value")

        for widget, name in ((self, "maze"), (self.picture, "maze-board"),
                             (self.next_button, "maze-next"), (self.round_button, "maze-round"),
                             (self.end_button, "maze-end"), (self.back_button, "maze-back"),
                             (self.new_game_button, "maze-new-game"), (self.mode, "maze-mode"),
                             *((b, f"maze-move-{d}") for d, b in self.arrows.items())):
            widget.add_class(f"gametree-{name}")
        def row() -> widgets.Layout:
            return widgets.Layout(align_items="center", flex_flow="row wrap", width="100%")

        self.watch_row = widgets.HBox([self.next_button, self.round_button, self.end_button,
                                       self.back_button], layout=row())
        self.play_row = widgets.HBox(list(self.arrows.values()), layout=row())
        settings = widgets.HBox([self.model, self.depth, self.evaluate], layout=row())
        footer = widgets.HBox([self.new_game_button, self.ghosts], layout=row())
        super().__init__([self.mode, self.picture, self.status, self.watch_row, self.play_row,
                          settings, footer], layout=widgets.Layout(width="100%", max_width="1100px"))
        self.status.say("Runner to move.")
        self._show()

    # --- moving -----------------------------------------------------------------------

    def new_game(self) -> None:
        """Back to the start, the ghosts' chances from the seed again."""
        self.state = self.game.initial
        self.history = [self.state]
        self.transcript = []
        self._rng = random.Random(self.seed)
        self.status.say("A new game. Runner to move.")
        self._show()

    def next_move(self) -> None:
        """One move: the searching runner's, or the ghost's to move."""
        if self._over():
            return
        self.status.say(self._step())
        self._show()

    def next_round(self) -> None:
        """Moves until the runner is to move again (or the game ends)."""
        if self._over():
            return
        words = [self._step()]
        while not self.game.is_over(self.state) and self.state.turn != 0:
            words.append(self._step())
        self.status.say(" ".join(words))
        self._show()

    def to_the_end(self) -> None:
        """Play the game out (the computer runs, whatever the mode)."""
        if self._over():
            return
        while not self.game.is_over(self.state):
            self._step()
        self.status.say(f"{len(self.transcript)} moves in all. {self._ending()}")
        self._show()

    def back(self) -> None:
        """Take the last move back (the ghosts' chances go on with their sequence)."""
        if len(self.history) == 1:
            self.status.say("This is the start: there is no move to take back.")
            return
        self.history.pop()
        self.transcript.pop()
        self.state = self.history[-1]
        self.status.say(f"Took a move back. {self.state.summary().capitalize()}.")
        self._show()

    def run(self, direction: Direction) -> None:
        """Play mode: you move the runner in ``direction``; then every ghost moves."""
        game = self.game
        if self._over():
            return
        if self.state.turn != 0:
            self.status.say("The ghosts are still to move: press Next round in Watch mode.")
            return
        if direction not in game.moves(self.state):
            legal = ", ".join(_WORDS[d] for d in game.moves(self.state))
            self.status.say(f"There is a wall {_WORDS.get(direction, direction)}; you can move {legal}.")
            return
        words = [self._apply(direction, "you")]
        while not game.is_over(self.state) and self.state.turn != 0:
            words.append(self._step())
        if not game.is_over(self.state):
            words.append("Your move.")
        self.status.say(" ".join(words))
        self._show()

    def _over(self) -> bool:
        if self.game.is_over(self.state):
            self.status.say(f"{self._ending()} Press New game to play again.")
            return True
        return False

    def _step(self) -> str:
        """Make the next move (runner: the search's; ghost: its policy's); its words."""
        state = self.state
        if state.turn == 0:
            move, values = self.search(state)
            shown = ", ".join(f"{d} {pretty(round(v, 1))}" for d, v in values.items())
            return (f"{self._apply(move, 'runner')} Its search ({self._search_name()}) valued "
                    f"{shown}.")
        move = ghost_move(self.game, state, self.ghosts.value, self._rng)
        return self._apply(move, "ghost")

    def _apply(self, move: Direction, who: str) -> str:
        words = self.game.describe_move(self.state, move)
        if who == "you":
            words = (words.replace("the runner moves", "you move").replace(" and eats ", " and eat ")
                     .replace("and is caught", "and are caught"))
        self.state = self.game.play(self.state, move)
        self.history.append(self.state)
        self.transcript.append(words)
        sentence = words[0].upper() + words[1:] + "."
        if self.game.is_over(self.state):
            sentence += f" {self._ending()}"
        elif self.state.turn == 0 and who == "ghost":
            sentence += " Runner to move."
        return sentence

    def search(self, state: MazeState) -> tuple[Direction, dict[Direction, float]]:
        """The searching runner's move at ``state`` and the value its search
        gives each legal move (depth-limited, in rounds, as the slider and
        menus say): the first move of the highest value."""
        searched = self.game.with_model(self.model.value)
        solver = ChanceSolver(searched, depth=self.depth.value,
                              evaluate=EVALUATIONS[self.evaluate.value], rounds=True)
        values = dict(solver.move_values(state))
        best = max(values.values())
        return next(d for d, v in values.items() if v == best), values

    def _search_name(self) -> str:
        kind = "minimax, ghosts as MIN" if self.model.value == "MIN" else \
            "expectimax, ghosts as CHANCE"
        rounds = self.depth.value
        return (f"{kind}, {rounds} round{'s' * (rounds != 1)}, "
                f"{EVALUATIONS[self.evaluate.value].__name__}")

    def _ending(self) -> str:
        outcome = self.game.outcome(self.state)
        points = self.state.points
        if outcome == "won":
            return f"Every dot is eaten: the runner wins with {points} points."
        if outcome == "caught":
            return f"A ghost caught the runner: {points} points."
        return f"Out of rounds: {points} points."

    # --- showing ------------------------------------------------------------------------

    def _last_moves(self) -> list[tuple[str, tuple[int, int], tuple[int, int]]]:
        """The moves since the runner last moved, its move included, as
        (agent, from, to) for the arrows."""
        history = self.history
        starts = [i for i in range(len(history) - 1) if history[i].turn == 0]
        if not starts:
            return []
        moves = []
        for before, after in pairwise(history[starts[-1]:]):
            k = before.turn - 1
            moves.append((self.game.agent(before), before.runner if k < 0 else before.ghosts[k],
                          after.runner if k < 0 else after.ghosts[k]))
        return moves

    def _show(self) -> None:
        playing = self.mode.value == "play"
        caption = self.transcript[-1] if self.transcript else ""
        figure = maze_figure(self.state, caption=caption, moves=self._last_moves(), theme=self.theme)
        png = base64.b64encode(figure._repr_png_()).decode("ascii")
        self.alt_text = figure.alt_text
        self.picture.value = (f'<img src="data:image/png;base64,{png}" '
                              f'alt="{html.escape(figure.alt_text)}" style="max-width:100%">')
        over = self.game.is_over(self.state)
        self.watch_row.layout.display = "none" if playing else None
        self.play_row.layout.display = None if playing else "none"
        legal = set() if over or self.state.turn != 0 else set(self.game.moves(self.state))
        for d, button in self.arrows.items():
            button.disabled = d not in legal
        for button in (self.next_button, self.round_button, self.end_button):
            button.disabled = over
        self.back_button.disabled = len(self.history) == 1

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus the alt text and the status for places without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = f"{self.alt_text}\n{self.status.text}"
        return bundle
