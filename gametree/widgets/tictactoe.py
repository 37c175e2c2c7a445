"""Play tic-tac-toe against the perfect player, on a board of ipywidgets buttons.

>>> board = TicTacToeBoard()
>>> board.squares[4].click()         # you take the centre ...
>>> board.state.cells                # ... and the computer answers at once, in a corner
'O...X....'
>>> board.status.value
'You took square 4; the computer took square 0. Your move.'

The board never lets a move through that the rules forbid: taken squares
and every square of a finished game are disabled, and a click that gets
through anyway is refused with a message in the status line.  The search
(:func:`gametree.games.perfect_move`) knows nothing of this module.

CSS classes, for styling and for browser tests: the board ``gametree-board``;
each square ``gametree-square`` and ``gametree-square-<i>`` (i = 0 to 8, row
by row); the status line ``gametree-status``; the "New game" button
``gametree-new-game``; the choice of who starts ``gametree-starts``.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..games.tictactoe import (
    LINES,
    Square,
    TicTacToe,
    TicTacToeState,
    perfect_move,
    winner,
)
from ..i18n import check_language, get_language, using
from ..i18n import gettext as _
from .controls import COMPUTER, StatusLine, game_controls, speaking

__all__ = ["TicTacToeBoard"]

EMPTY = "\u00a0"
"""What an empty square shows: a no-break space.  ipywidgets 8 leaves a
button's old text on screen when its description becomes "", so a new game
would still show the last game's marks in the browser."""


class TicTacToeBoard(widgets.VBox):
    """A 3x3 board of buttons: you against the perfect player.

    Parameters
    ----------
    computer_starts : bool
        Whether the computer makes the first move (the choice can be
        changed on the board; changing it starts a new game).
    start : str or TicTacToeState, optional
        The position each game starts from, e.g. ``"XX. OO. ..."`` for a
        puzzle; the empty board by default.  Whoever starts plays the side
        whose turn it is there.
    lang : str, optional
        The language of its buttons and messages (``"en"``, ``"da"``,
        ``"hi"``, ``"ko"``); by default the language in force when it is made.

    Attributes
    ----------
    squares : tuple of ipywidgets.Button
        The nine squares, row by row; ``squares[i].click()`` plays square i.
    status : StatusLine
        Whose move it is, who won, or why a click was refused (an HTML
        line that wraps; ``status.text`` is the message as plain text).
    starts : ipywidgets.ToggleButtons
        Who makes the first move: ``"you"`` or ``"computer"``.
    new_game_button : ipywidgets.Button
        Starts again from the start position.
    state : TicTacToeState
        The position on the board.
    human, computer : str
        The marks, ``"X"`` or ``"O"``, of you and of the computer.
    """

    def __init__(self, *, computer_starts: bool = False, start: str | TicTacToeState | None = None,
                 lang: str | None = None):
        self.lang = get_language() if lang is None else check_language(lang)
        with using(self.lang):  # its buttons and messages in the widget's language
            self._make(computer_starts, start)

    def _make(self, computer_starts, start) -> None:
        if not isinstance(computer_starts, bool):
            raise TypeError(f"computer_starts must be True or False, not {computer_starts!r}")
        if start is None:
            start = TicTacToe.initial
        elif isinstance(start, str):
            start = TicTacToeState.from_text(start)
        elif not isinstance(start, TicTacToeState):
            raise TypeError(f"start must be a board such as 'XO. .X. ...', not {type(start).__name__}")
        if TicTacToe().is_over(start):
            raise ValueError(f"the start position is already finished:\n{start}")
        self.game = TicTacToe()
        self.start = start
        self.state = start
        self.human = self.computer = ""

        self.squares = tuple(self._square(i) for i in range(9))
        grid = widgets.GridBox(list(self.squares), layout=widgets.Layout(
            grid_template_columns="repeat(3, 64px)", grid_gap="4px", width="max-content"))
        self.status = StatusLine("gametree-status")
        self.starts, self.new_game_button, controls = game_controls(
            computer_starts=computer_starts, on_new_game=self.new_game, prefix="gametree")
        super().__init__([grid, self.status, controls])
        self.add_class("gametree-board")
        self.new_game()

    def _square(self, i: Square) -> widgets.Button:
        button = widgets.Button(description=EMPTY, tooltip=_("square {number}").format(number=i),
                                layout=widgets.Layout(width="64px", height="64px"))
        button.style.font_size = "28px"
        button.style.font_weight = "bold"
        button.add_class("gametree-square")
        button.add_class(f"gametree-square-{i}")
        button.on_click(lambda _, i=i: self.play(i))
        return button

    # --- playing ------------------------------------------------------------------

    @speaking
    def new_game(self) -> None:
        """Clear the board back to the start position; the computer moves
        first if it starts."""
        self.state = self.start
        mover = self.game.mark(self.start)
        other = "O" if mover == "X" else "X"
        if self.starts.value == COMPUTER:
            self.computer, self.human = mover, other
            square = self._computer_move()
            then = (self._result() if self.game.is_over(self.state) else
                    _("You are {mark}: your move.").format(mark=self.human))
            message = _("The computer ({mark}) took square {square}. {then}").format(
                mark=self.computer, square=square, then=then)
        else:
            self.human, self.computer = mover, other
            message = _("You are {mark} and move first: click a square.").format(mark=self.human)
        self._show(message)

    @speaking
    def play(self, square: Square) -> None:
        """Your move on ``square`` (0 to 8), then the computer's answer.

        An illegal move changes nothing; the status line says why.
        """
        if self.game.is_over(self.state):
            self._say(_("The game is over; press New game to play again."))
            return
        if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square <= 8:
            self._say(_("There is no square {square}; the squares are 0 to 8.").format(square=repr(square)))
            return
        if self.state.cells[square] != ".":
            self._say(_("Square {square} is already taken; click an empty square.").format(square=square))
            return
        self.state = self.game.play(self.state, square)
        if self.game.is_over(self.state):
            self._show(self._result())
            return
        reply = self._computer_move()
        then = self._result() if self.game.is_over(self.state) else _("Your move.")
        self._show(_("You took square {square}; the computer took square {reply}. {then}").format(
            square=square, reply=reply, then=then))

    def _computer_move(self) -> Square:
        square = perfect_move(self.state)
        self.state = self.game.play(self.state, square)
        return square

    def _result(self) -> str:
        who = winner(self.state)
        if who is None:
            return _("Draw: the board is full and nobody has three in a line. Press New game to play "
                     "again.")
        if who == self.human:
            return _("You win! Three in a line. Press New game to play again.")
        return _("The computer wins: three in a line. Press New game to try again.")

    # --- showing ------------------------------------------------------------------

    def _say(self, message: str) -> None:
        self.status.say(message)

    def _show(self, message: str) -> None:
        """Draw the position: marks on the squares, taken squares and a
        finished game disabled, a winning line highlighted."""
        over = self.game.is_over(self.state)
        who = winner(self.state)
        line = next((line for line in LINES if all(self.state.cells[i] == who for i in line)), ())
        for i, button in enumerate(self.squares):
            mark = self.state.cells[i]
            button.description = EMPTY if mark == "." else mark
            button.disabled = over or mark != "."
            if i in line:
                button.button_style = "success" if who == self.human else "danger"
            else:
                button.button_style = ""
        self._say(message)
