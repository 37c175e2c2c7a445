"""Play chess against a search, on python-chess's board picture with a
see-through button over every square.

Click one of your pieces, then the square it goes to; or type the move in
SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q``) or UCI (``g1f3``) and press
Enter.  A move that is not legal changes nothing, and the status line says
why in a sentence.  The computer then answers with the move its search
chose, shaded on the board.

The computer is a function ``engine(board, depth, seconds) -> chess.Move`` (given as
``engine=``); by default it is the set's engine
(:func:`gametree.games.chess.engine`: iterative deepening of alpha-beta
with ordered moves, quiescence and a transposition table, stopped by the
time budget), imported when the first search starts.

CSS classes, for styling and for browser tests: the widget
``gametree-chess``; the picture ``gametree-chess-board``; each square's
button ``gametree-chess-square`` and ``gametree-chess-square-<name>``
(e.g. ``gametree-chess-square-e2``), a selected one also
``gametree-chess-selected``; the move box ``gametree-chess-move``; the
status line ``gametree-chess-status``; the depth slider
``gametree-chess-depth``; the time slider ``gametree-chess-seconds``; the "New game" button ``gametree-chess-new-game``.
"""

from __future__ import annotations

from collections.abc import Callable

import chess
import ipywidgets as widgets

from ..games.base import check_whole
from ..view.chess import BOARD_SIZE, board_svg, square_box, square_name
from ..view.theme import Theme, theme_of
from .controls import StatusLine, close_all

__all__ = ["ChessBoard", "MAX_DEPTH", "DEFAULT_DEPTH", "DEFAULT_SECONDS", "MAX_SECONDS", "Engine"]

Engine = Callable[[chess.Board, int, float], chess.Move]
"""The computer: the position (a copy it may change), a depth in plies and a
time budget in seconds, to the move it plays."""

MAX_DEPTH = 6
"""Deepest search the slider offers (the time budget stops it sooner in a busy middle game)."""
DEFAULT_DEPTH = 3
"""The default depth."""
DEFAULT_SECONDS = 1.5
"""The default time budget: the computer answers within 3 s (Kiwipete, a busy middle game, took 2.4 to 3.0 s with a 2.5 s budget and 1.9 to 2.9 s with 2 s on the shared machine: the budget overshoots by up to a third, so 1.5 s)."""
MAX_SECONDS = 10.0
"""The longest time budget the slider offers."""

_CELL = "1 / 1 / 2 / 2"


def _style(theme: Theme) -> str:
    current, selected = theme.css("current"), theme.css("selected")
    return f"""<style>
.gametree-chess .gametree-chess-square {{ background: transparent !important;
  color: transparent !important; box-shadow: none !important; padding: 0 !important;
  min-width: 0 !important; border: 3px solid transparent !important; font-size: 1px;
  overflow: hidden; cursor: pointer; z-index: 1; }}
.gametree-chess .gametree-chess-square:hover {{ border-color: {current} !important; }}
.gametree-chess .gametree-chess-square:focus {{ outline: 3px solid {current} !important; }}
.gametree-chess .gametree-chess-selected {{ border: 4px dashed {selected} !important; }}
</style>"""


def _default_engine(board: chess.Board, depth: int, seconds: float) -> chess.Move:
    """The set's engine (:func:`gametree.games.chess.engine`) on the position."""
    from ..games.chess import Chess, engine  # the engine, when it is first needed
    move = engine(Chess(board.fen(), order=True), depth=depth, seconds=seconds).move
    assert move is not None   # the game is not over, so the search found a move
    return move


class ChessBoard(widgets.VBox):
    """Chess against the computer.

    Parameters
    ----------
    fen : str
        The position each game starts from (the start position by
        default); you play the side to move.
    depth : int
        How many plies the computer searches, 1 to :data:`MAX_DEPTH`
        (a slider changes it between moves).
    engine : callable, optional
        ``engine(board, depth, seconds)`` returns the computer's move.
    seconds : float
        The computer's time budget per move, more than 0 and at most
        :data:`MAX_SECONDS` (a slider changes it between moves).
    size : int
        The board's width in pixels.
    theme : optional
        The board's colours (see :func:`gametree.view.theme.theme_of`).

    Attributes
    ----------
    board : chess.Board
        The position on the board.
    squares : dict of square -> ipywidgets.Button
        The button over each square; ``squares[chess.E2].click()`` clicks e2.
    move_box : ipywidgets.Text
        Type a move and press Enter (or call :meth:`type_move`).
    status : StatusLine
        What happened, whose move, or why a move was refused.
    depth : ipywidgets.IntSlider
        The computer's depth.
    seconds : ipywidgets.FloatSlider
        The computer's time budget per move.
    selected : square or None
        The piece you clicked, waiting for its target square.
    human : bool
        Your colour (``chess.WHITE`` is True).
    """

    def __init__(self, fen: str = chess.STARTING_FEN, *, depth: int = DEFAULT_DEPTH,
                 seconds: float = DEFAULT_SECONDS, engine: Engine | None = None, size: int = BOARD_SIZE, theme: object = None):
        self.theme: Theme = theme_of(theme)
        check_whole("depth", depth, 1, MAX_DEPTH)
        check_whole("size", size, 200, 800)
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise TypeError(f"seconds must be a number of seconds, such as 2.5, not {seconds!r}")
        if not 0 < seconds <= MAX_SECONDS:
            raise ValueError(f"seconds must be more than 0 and at most {MAX_SECONDS:g}, not {seconds}")
        if not isinstance(fen, str):
            raise TypeError(f"fen must be a FEN string, such as {chess.STARTING_FEN!r}, not {type(fen).__name__}")
        try:
            start = chess.Board(fen)
        except ValueError as error:
            raise ValueError(f"python-chess rejects the FEN {fen!r} ({error}); "
                             f"give six fields such as {chess.STARTING_FEN!r}") from None
        if start.status() != chess.STATUS_VALID:
            raise ValueError(f"the FEN {fen!r} is not a legal position; check the kings, pawns and "
                             f"the side to move")
        if engine is not None and not callable(engine):
            raise TypeError(f"engine must be a function engine(board, depth, seconds) -> chess.Move, "
                            f"not {engine!r}")
        self.start = start
        self.engine: Engine = engine or _default_engine
        self.size = size
        self.human = start.turn
        self.board = start.copy()
        self.selected: chess.Square | None = None
        self.lastmove: chess.Move | None = None
        self.picture = widgets.HTML(layout=widgets.Layout(grid_area=_CELL, margin="0",
                                                          width=f"{size}px", height=f"{size}px"))
        self.picture.add_class("gametree-chess-board")
        self.squares: dict[chess.Square, widgets.Button] = {}
        for square in chess.SQUARES:
            left, top, right, bottom = square_box(square, size, flipped=self.human == chess.BLACK)
            button = widgets.Button(layout=widgets.Layout(
                grid_area=_CELL, width=f"{right - left:.1f}px", height=f"{bottom - top:.1f}px",
                margin=f"{top:.1f}px 0 0 {left:.1f}px"))
            button.add_class("gametree-chess-square")
            button.add_class(f"gametree-chess-square-{chess.square_name(square)}")
            button.on_click(lambda _, square=square: self.click(square))
            self.squares[square] = button
        css = widgets.HTML(_style(self.theme), layout=widgets.Layout(display="none"))
        grid = widgets.GridBox([css, self.picture, *self.squares.values()], layout=widgets.Layout(
            grid_template_columns="max-content", grid_template_rows="max-content",
            justify_items="flex-start", align_items="flex-start", width="max-content"))
        self.move_box = widgets.Text(placeholder="type a move: Nf3, exd5, O-O", description="Your move:",
                                     continuous_update=False, layout=widgets.Layout(width="20em"),
                                     style={"description_width": "initial"})
        self.move_box.add_class("gametree-chess-move")
        self.move_box.observe(self._typed, names="value")
        self.depth = widgets.IntSlider(value=depth, min=1, max=MAX_DEPTH, description="Depth (plies)",
                                       style={"description_width": "initial"})
        self.depth.add_class("gametree-chess-depth")
        self.seconds = widgets.FloatSlider(value=seconds, min=0.5 if seconds >= 0.5 else seconds, max=MAX_SECONDS,
                                           step=0.5, description="Seconds at most",
                                           style={"description_width": "initial"})
        self.seconds.add_class("gametree-chess-seconds")
        self.new_game_button = widgets.Button(description="New game")
        self.new_game_button.add_class("gametree-chess-new-game")
        self.new_game_button.on_click(lambda _: self.new_game())
        self.status = StatusLine("gametree-chess-status", layout=widgets.Layout(width=f"{size + 120}px"))
        self.status.style.font_size = "16px"
        super().__init__([grid, widgets.HBox([self.move_box, self.new_game_button]), widgets.HBox([self.depth, self.seconds]), self.status])
        self.add_class("gametree-chess")
        self.new_game()

    # --- playing ------------------------------------------------------------------

    def new_game(self) -> None:
        """Back to the start position."""
        self.board = self.start.copy()
        self.selected, self.lastmove = None, None
        side = "White" if self.human else "Black"
        self._show(f"You play {side}: click a piece, then the square it goes to, or type a move.")

    def click(self, square: chess.Square) -> None:
        """A click on ``square``: picks one of your pieces, or moves the picked one there."""
        if self._over():
            return
        piece = self.board.piece_at(square)
        name = chess.square_name(square)
        if piece is not None and piece.color == self.human:
            if self.selected == square:
                self.selected = None
                self._show(f"You put the piece on {name} back: click a piece.")
                return
            self.selected = square
            if not any(move.from_square == square for move in self.board.legal_moves):
                self._show(f"The {chess.piece_name(piece.piece_type)} on {name} has no legal move; "
                           f"click another piece.")
                return
            self._show(f"The {chess.piece_name(piece.piece_type)} on {name} is picked: click the square "
                       f"it goes to (marked with a cross).")
            return
        if self.selected is None:
            what = "is empty" if piece is None else "holds one of the computer's pieces"
            self._show(f"{name} {what}: click one of your own pieces first.")
            return
        start = self.selected
        moves = [move for move in self.board.legal_moves if move.from_square == start and move.to_square == square]
        if not moves:
            self._show(f"The {chess.piece_name(self.board.piece_type_at(start) or chess.PAWN)} on "
                       f"{chess.square_name(start)} cannot go to {name}: "
                       f"{self._why(chess.Move(start, square))} Click a square marked with a cross, or another piece.")
            return
        # A pawn reaching the last rank becomes a queen on a click; type e8=N for a knight.
        move = next((m for m in moves if m.promotion in (None, chess.QUEEN)), moves[0])
        self.play(move)

    def type_move(self, text: str) -> None:
        """A typed move, in SAN (``Nf3``) or UCI (``g1f3``)."""
        if self._over():
            return
        text = text.strip()
        if not text:
            return
        try:
            move = self.board.parse_san(text)
        except chess.IllegalMoveError:
            try:   # python-chess reads UCI here too: say why that move is not legal
                why = self._why(chess.Move.from_uci(text))
            except chess.InvalidMoveError:
                why = self._why_text()
            self._show(f"{text} is not legal here: {why}")
            return
        except chess.AmbiguousMoveError:
            self._show(f"{text} could be more than one move; add the piece's file or rank, e.g. Nbd2.")
            return
        except chess.InvalidMoveError:
            try:
                move = chess.Move.from_uci(text)
            except chess.InvalidMoveError:
                self._show(f"{text!r} is not a move in SAN (such as Nf3, exd5, O-O, e8=Q) or UCI (g1f3).")
                return
            if move not in self.board.legal_moves:
                self._show(f"{text} is not legal here: {self._why(move)}")
                return
        self.play(move)

    def play(self, move: chess.Move) -> None:
        """Your move (legal: :meth:`click` and :meth:`type_move` check), then the computer's answer."""
        said = f"You played {self.board.san(move)}."
        self.board.push(move)
        self.selected, self.lastmove = None, move
        if self._over(said):
            return
        try:
            answer = self.engine(self.board.copy(), self.depth.value, self.seconds.value)
        except Exception as error:   # noqa: BLE001 - a broken engine must not leave a traceback on the board
            self._show(f"{said} The computer cannot answer: {error}")
            return
        if answer not in self.board.legal_moves:
            self._show(f"{said} The computer's engine returned {answer!r}, which is not legal here.")
            return
        said += f" The computer answered {self.board.san(answer)} (searching {self.depth.value} plies)."
        self.board.push(answer)
        self.lastmove = answer
        if self._over(said):
            return
        check = " You are in check." if self.board.is_check() else ""
        self._show(f"{said}{check} Your move.")

    def _why(self, move: chess.Move) -> str:
        """Why a move from a square of yours is not legal, in a sentence."""
        if self.board.is_pseudo_legal(move):
            return "it would leave your king in check." if not self.board.is_check() else \
                "your king is in check, and this move does not get it out."
        if self.board.is_check():
            return "your king is in check; a legal move must get it out."
        return "that is not how this piece moves, or the way is blocked."

    def _why_text(self) -> str:
        if self.board.is_check():
            return "your king is in check, and a legal move must get it out."
        return "no piece of yours can make that move here (check the piece letter and the square)."

    def _over(self, said: str = "") -> bool:
        outcome = self.board.outcome(claim_draw=True)
        if outcome is None:
            return False
        if outcome.winner is None:
            verdict = f"A draw ({outcome.termination.name.lower().replace('_', ' ')})."
        elif outcome.winner == self.human:
            verdict = "Checkmate: you win!"
        else:
            verdict = "Checkmate: the computer wins."
        self._show(f"{said} {verdict} Press New game to play again.".strip())
        return True

    def _typed(self, change) -> None:
        text = change["new"]
        if text:
            self.move_box.value = ""
            self.type_move(text)

    # --- showing ------------------------------------------------------------------

    @property
    def status_text(self) -> str:
        """What the status line says, as plain text."""
        return self.status.text

    def _show(self, message: str) -> None:
        targets = [] if self.selected is None else \
            [move.to_square for move in self.board.legal_moves if move.from_square == self.selected]
        self.picture.value = board_svg(self.board, size=self.size, selected=self.selected, targets=targets,
                                       lastmove=self.lastmove, flipped=self.human == chess.BLACK,
                                       theme=self.theme)
        for square, button in self.squares.items():
            label = square_name(self.board, square)
            button.description = label
            button.tooltip = label
            if square == self.selected:
                button.add_class("gametree-chess-selected")
            else:
                button.remove_class("gametree-chess-selected")
        self.status.say(message)

    def close(self) -> None:
        """Close the board and every widget in it."""
        for child in self.children:
            close_all(child)
        super().close()
