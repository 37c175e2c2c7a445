"""Play the dice race against the perfect player, on a board of ipywidgets.

>>> board = DiceBoard(seed=1)
>>> board.roll_button.click()                 # you roll (the seed decides the face) ...
>>> board.status_text
'You rolled 2. Choose the checker to move: the buttons say where each one lands.'
>>> board.move_buttons[0].click()             # ... move; the computer rolls and answers at once
>>> print(board.status_text)
You moved a checker from the start to square 2. The computer rolled 5 and moved a checker from the start to square 2, hitting your lone checker there (it goes back to its start, marked: it cannot be hit again). Your roll.

You play White (W), racing up the track from square 1 to your home past
the last square; the computer plays Black (B), racing down.  The rules
are those of :class:`gametree.games.DiceRace`.  The board is a row of
squares, each showing its number and the checkers on it as letters, W
and B, with an asterisk on a marked checker (one that was hit and cannot
be hit again): nothing is told by colour alone.  The squares of the
computer's last move carry the words "Black moved from here" and "Black
moved here", and the status line says every roll and move in a sentence,
hits included.

Each turn you press "Roll the die"; then one button per checker you can
move says where it lands ("start → square 4, hits").  The computer plays
perfectly: it searches the whole game with expectiminimax
(:class:`gametree.games.ChanceSolver`, a second or so once, then instant)
and moves to the position of the least value for you.  The line under
the board gives your winning chance with perfect play from there on
(``(value + 1) / 2``), and, with "show what each move is worth", the
winning chance each of your moves leaves you.

The die is seeded: the same seed gives the same sequence of rolls, game
after game, so a class can replay a game.  ``roll(face)`` rolls a given
face instead (for demonstrations and tests).

CSS classes, for styling and browser tests: the board ``gametree-dice``;
the track ``gametree-dice-track``, each square ``gametree-dice-square``;
the die ``gametree-dice-die``; the roll button ``gametree-dice-roll``;
each move button ``gametree-dice-move``; the status line
``gametree-dice-status``; the winning chance ``gametree-dice-chance``;
"New game" ``gametree-dice-new-game``; the checkbox
``gametree-dice-worth``.

The board's colours come from ``theme=`` (see
:func:`gametree.view.theme.theme_of`): its ``"board ..."`` keys, and
``"current"`` for the squares of the computer's last move.
"""

from __future__ import annotations

import html
import random
import re

import ipywidgets as widgets

from ..games.chance import ChanceSolver
from ..games.dice import Checker, DiceRace, RaceMove, RaceState
from ..text import describe
from ..tree import CHANCE, MAX
from ..view.theme import Theme, theme_of

__all__ = ["DiceBoard"]

SQUARE = 68
"""Width of a square of the track, in pixels."""
END = 150
"""Width of each end of the track (a start and a home), in pixels."""
WIDTH = 1090
"""Widest the board gets, in pixels: a JupyterLab cell at 1280x720 (it is
narrower where the cell is, its lines wrapping)."""
_DIE = "\u2680\u2681\u2682\u2683\u2684\u2685"
"""The faces ⚀ to ⚅."""


_SOLVERS: dict[tuple[int, int, bool], ChanceSolver[RaceState, RaceMove]] = {}


def _solver(game: DiceRace) -> ChanceSolver[RaceState, RaceMove]:
    """The solver of races with ``game``'s rules, shared by every board: the
    values of positions are facts of the rules, so each is worked out once."""
    key = (game.length, game.faces, game.exact)
    if key not in _SOLVERS:
        _SOLVERS[key] = ChanceSolver(game)
    return _SOLVERS[key]


def _checkers(moves: list[RaceMove]) -> list[Checker]:
    """The moves of a player who has rolled: checkers, every one."""
    return [move for move in moves if isinstance(move, Checker)]


def _percent(value: float) -> str:
    """A value from MAX's side as White's winning chance: ``(value + 1) / 2``."""
    return f"{100 * (float(value) + 1) / 2:.0f}%"


def _badge(letter: str, checker: Checker, paint: Theme) -> str:
    """A checker as a round badge with its letter, a marked one dashed and
    with an asterisk; Black's dark, White's light."""
    dark = letter == "B"
    mark = "*" if checker.marked else ""
    style = ("display:inline-block;min-width:26px;height:26px;line-height:26px;"
             "border-radius:13px;margin:1px;font-weight:bold;font-size:15px;"
             f"text-align:center;border:2px {'dashed' if mark else 'solid'} {paint.css('board line')};"
             f"background:{paint.css('board dark' if dark else 'board light')};"
             f"color:{paint.css('text on dark' if dark else 'board line')}")
    return f'<span style="{style}">{letter}{mark}</span>'


def _cell(content: str, width: int, paint: Theme, note: str = "", square: str = "") -> str:
    """A square of the track: its name over its checkers, ``note`` (the
    computer's last move) under them and a thick border if there is one."""
    border = f"3px solid {paint.css('current')}" if note else f"1px solid {paint.css('board border')}"
    return (f'<td class="gametree-dice-square" style="width:{width}px;height:84px;'
            f'border:{border};text-align:center;vertical-align:top;padding:2px">'
            f'<div style="font-size:13px;color:{paint.css("muted text")}">{square}</div>{content}'
            f'<div style="font-size:12px;font-weight:bold;color:{paint.css("board line")}">{note}</div></td>')


class DiceBoard(widgets.VBox):
    """The dice race against the perfect player.

    Parameters
    ----------
    seed : int
        Seeds the die (``random.Random(seed)``); the same seed gives the
        same rolls, game after game.
    game : DiceRace, optional
        The race to play; ``DiceRace()`` by default (6 squares, a six-sided die).
    start : RaceState, optional
        Where each game starts (White to roll); the game's start by default.
    theme : optional
        What colours the track, its squares and checkers are drawn in, None
        for the default (see :func:`gametree.view.theme.theme_of`).

    Attributes
    ----------
    game : DiceRace
    theme : Theme
        The colours of the track.
    solver : ChanceSolver
        The perfect player's memory of every position's value.
    state : RaceState
        The position on the board.
    roll_button : Button
        Rolls the die for you; enabled when it is your roll.
    move_buttons : tuple of Button
        One per checker you can move after your roll (the others hidden).
    new_game_button : Button
    worth : Checkbox
        Show on each move button the winning chance it leaves you.
    status, chance, die, track : HTML
        The sentence about the last rolls and moves, your winning chance,
        the last roll, and the board.
    """

    def __init__(self, *, seed: int = 1, game: DiceRace | None = None, start: RaceState | None = None,
                 theme: object = None):
        self.theme: Theme = theme_of(theme)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be a whole number such as 1, not {describe(seed)}")
        if game is None:
            game = DiceRace()
        if not isinstance(game, DiceRace):
            raise TypeError(f"game must be a DiceRace, not {describe(game)}")
        if start is None:
            start = game.initial
        game.check_state(start)
        if game.is_over(start) or start.roll is not None or not start.white_to_move:
            raise ValueError("a game on the board starts with White (you) to roll; give such a "
                             "position, or none for the start of the race")
        self.game, self.start, self.seed = game, start, seed
        self.solver = _solver(game)
        self.rng = random.Random(seed)
        self.state = start
        self._last: tuple[Checker, Checker] | None = None  # the computer's last move, from and to
        self._words = ""

        self.track = widgets.HTML()
        self.die = widgets.HTML(layout=widgets.Layout(width="120px"))
        self.roll_button = widgets.Button(description="Roll the die", icon="cube",
                                          button_style="primary", layout=widgets.Layout(width="150px"))
        self.move_buttons = tuple(widgets.Button(layout=widgets.Layout(
            width="auto", min_width="240px", height="36px", margin="2px 6px")) for _ in range(2))
        self.status = widgets.HTML(layout=widgets.Layout(min_height="3.2em", width="100%"))
        self.chance = widgets.HTML()
        self.worth = widgets.Checkbox(value=False, description="show what each move is worth",
                                      indent=False, layout=widgets.Layout(width="280px"))
        self.new_game_button = widgets.Button(description="New game", icon="refresh",
                                              layout=widgets.Layout(width="120px"))

        self.roll_button.on_click(lambda _: self.roll())
        for k, button in enumerate(self.move_buttons):
            button.on_click(lambda _, k=k: self.move(k))
        self.new_game_button.on_click(lambda _: self.new_game())
        self.worth.observe(lambda _: self._show(), names="value")

        for widget, name in ((self, "dice"), (self.track, "dice-track"), (self.die, "dice-die"),
                             (self.roll_button, "dice-roll"), (self.status, "dice-status"),
                             (self.chance, "dice-chance"), (self.new_game_button, "dice-new-game"),
                             (self.worth, "dice-worth"), *((b, "dice-move") for b in self.move_buttons)):
            widget.add_class(f"gametree-{name}")
        controls = widgets.HBox([self.roll_button, self.die, *self.move_buttons],
                                layout=widgets.Layout(align_items="center", flex_flow="row wrap",
                                                      width="100%"))
        footer = widgets.HBox([self.new_game_button, self.worth, self.chance],
                              layout=widgets.Layout(align_items="center", flex_flow="row wrap",
                                                    width="100%"))
        super().__init__([self.track, controls, self.status, footer],
                         layout=widgets.Layout(width="100%", max_width=f"{WIDTH}px"))
        self.new_game()

    # --- playing ------------------------------------------------------------------

    def new_game(self) -> None:
        """Back to the start position, your roll (the die goes on with its
        sequence of rolls)."""
        self.state = self.start
        self._last = None
        self._words = ("You are White (W), racing right to your home; the computer is Black (B), "
                       "racing left. Roll the die.")
        self._show()

    def roll(self, face: int | None = None) -> None:
        """Roll the die for you (``face`` rolls that face instead).  Refused,
        with a message, unless it is your roll."""
        game, state = self.game, self.state
        if self._refused(CHANCE, "You have rolled already: choose the checker to move."):
            return
        if face is None:
            face = self.rng.randint(1, game.faces)
        elif isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= game.faces:
            self._say(f"A die shows 1 to {game.faces}, not {face!r}.")
            return
        self.state = game.play(state, face)
        self._words = (f"You rolled {face}. Choose the checker to move: the buttons say where each "
                       f"one lands.")
        self._show()

    def move(self, k: int) -> None:
        """Move the checker of move button ``k`` (0 or 1), then let the
        computer roll and answer.  Refused, with a message, unless you have
        rolled and button ``k`` offers a move."""
        game, state = self.game, self.state
        if self._refused(MAX, "Roll the die first."):
            return
        moves = _checkers(game.moves(state))
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(moves):
            self._say(f"There is no move {k!r} here; press one of the move buttons.")
            return
        mine = f"You {self._sentence(state, moves[k])}."
        self.state = game.play(state, moves[k])
        self._last = None
        if game.is_over(self.state):
            self._words = f"{mine} {self._result()}"
        else:
            self._words = f"{mine} {self._computer_turn()}"
        self._show()

    def _refused(self, mover, wrong_turn: str) -> bool:
        """True, having said why, if the game is over or it is not
        ``mover``'s turn (then the status says ``wrong_turn``)."""
        if self.game.is_over(self.state):
            self._say("The game is over; press New game to play again.")
            return True
        if self.game.to_move(self.state) is not mover:
            self._say(wrong_turn)
            return True
        return False

    def _computer_turn(self) -> str:
        """The computer rolls and plays its best move; its turn in words."""
        game = self.game
        face = self.rng.randint(1, game.faces)
        rolled = game.play(self.state, face)
        move = self.solver.best_move(rolled)
        assert isinstance(move, Checker)   # after a roll, a move is a checker
        landed = min(move.at + face, game.home)
        self._last = (move, Checker(landed))
        self.state = game.play(rolled, move)
        sentence = self._sentence(rolled, move).replace("the lone opposing checker", "your lone checker")
        words = f"The computer rolled {face} and {sentence}."
        if game.is_over(self.state):
            return f"{words} {self._result()}"
        return f"{words} Your roll."

    def _sentence(self, state: RaceState, move: Checker) -> str:
        """``moved a checker from square 2 to square 6, hitting ...``, the
        past tense of :meth:`DiceRace.describe_move`."""
        text = self.game.describe_move(state, move)
        return "moved" + text.removeprefix("moves")

    def _result(self) -> str:
        if self.game.score(self.state) == 1:
            return "Both your checkers are home: you win! Press New game to play again."
        return "Both the computer's checkers are home: the computer wins. Press New game to try again."

    # --- showing ----------------------------------------------------------------------

    def _say(self, message: str) -> None:
        self.status.value = (f'<div style="font-size:15px;line-height:1.4;white-space:normal">'
                             f"{html.escape(message)}</div>")

    def _show(self) -> None:
        game, state = self.game, self.state
        over = game.is_over(state)
        self.track.value = self._track_html()
        roll = None if over else state.roll   # the roll to move with, if any
        self.die.value = (f'<span style="font-size:40px;line-height:1" aria-label="die">'
                          f'{_DIE[roll - 1]}</span> <span style="font-size:18px">{roll}'
                          f"</span>" if roll is not None else
                          '<span style="font-size:15px;color:'
                          f'{self.theme.css("muted text")}">roll to move</span>')
        self.roll_button.disabled = over or roll is not None
        texts = [] if roll is None else [self._button_text(state, roll, move)
                                         for move in _checkers(game.moves(state))]
        for k, button in enumerate(self.move_buttons):
            if k < len(texts):
                button.description = texts[k]
                button.disabled = False
                button.layout.display = None
            else:
                button.description = " "
                button.disabled = True
                button.layout.display = "none"
        self._say(self._words)
        if over:
            self.chance.value = ""
        else:
            value = self.solver.value(state)
            self.chance.value = (f'<span style="font-size:15px">With perfect play from here you win '
                                 f"<b>{_percent(value)}</b> of the time.</span>")

    def _button_text(self, state: RaceState, roll: int, move: Checker) -> str:
        game = self.game
        landed = min(move.at + roll, game.home)
        text = f"{game.where(MAX, move.at)} \u2192 {game.where(MAX, landed)}"
        if move.marked:
            text = f"marked checker: {text}"
        if game._hit(state, MAX, Checker(landed, move.marked)) is not None:
            text += ", hits"
        if self.worth.value:
            text += f" (you win {_percent(self.solver.value(game.play(state, move)))})"
        return text[0].upper() + text[1:]

    def _track_html(self) -> str:
        """The board: White's start and Black's home on the left, the
        squares, Black's start and White's home on the right; checkers as
        letters, a marked one with an asterisk; the computer's last move in
        words under its squares."""
        state, paint, home = self.state, self.theme, self.game.home
        notes = self._notes()

        def whites(square: int) -> str:
            return "".join(_badge("W", c, paint) for c in state.white if c.at == square)

        def blacks(square: int) -> str:  # Black's squares counted from White's side
            return "".join(_badge("B", c, paint) for c in state.black if home - c.at == square)

        cells = [_cell(f'<div style="font-size:13px">White start</div>{whites(0)}'
                       f'<div style="font-size:13px">Black home</div>{blacks(0)}', END, paint,
                       notes.get(0, ""))]
        cells += [_cell(whites(square) + blacks(square), SQUARE, paint, notes.get(square, ""),
                        f"square {square}") for square in range(1, home)]
        cells.append(_cell(f'<div style="font-size:13px">White home</div>{whites(home)}'
                           f'<div style="font-size:13px">Black start</div>{blacks(home)}', END, paint,
                           notes.get(home, "")))
        legend = ('<div style="font-size:14px;margin-top:4px">W: your checkers, moving right '
                  "\u2192 &nbsp;&nbsp; B: the computer's, moving left \u2190 &nbsp;&nbsp; "
                  "*: marked (hit once, cannot be hit again)</div>")
        return (f'<table style="border-collapse:collapse;table-layout:fixed">'
                f'<tr>{"".join(cells)}</tr></table>{legend}')

    def _notes(self) -> dict[int, str]:
        """Square (counted from White's side) -> the words under it about the
        computer's last move."""
        notes: dict[int, str] = {}
        if self._last is not None:
            home = self.game.home
            last_from, last_to = home - self._last[0].at, home - self._last[1].at
            notes[last_from] = "Black moved from here"
            notes[last_to] = "Black moved here" if last_to != last_from else notes[last_from]
        return notes

    # --- reading the board -------------------------------------------------------------

    @property
    def status_text(self) -> str:
        """The status line as plain text."""
        return html.unescape(re.sub(r"<[^>]+>", "", self.status.value)).strip()

    @property
    def chance_text(self) -> str:
        """Your winning chance line as plain text ("" once the game is over)."""
        return html.unescape(re.sub(r"<[^>]+>", "", self.chance.value)).strip()

    @property
    def track_text(self) -> str:
        """The board as plain text, square by square (what a screen reader says)."""
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", self.track.value)).split())

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus the board as HTML and plain text for places
        without a kernel (GitHub, nbviewer), which skip the widget view."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/html"] = self.track.value + self.status.value + self.chance.value
            bundle["text/plain"] = f"{self.track_text}\n{self.status_text}\n{self.chance_text}"
        return bundle

    @property
    def move_texts(self) -> tuple[str, ...]:
        """The descriptions of the move buttons shown."""
        return tuple(b.description for b in self.move_buttons if b.layout.display != "none")

