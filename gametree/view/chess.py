"""A chess position as python-chess draws it (:func:`chess.svg.board`),
coloured from the set's theme, and where each square lies on that picture.

The widgets (:mod:`gametree.widgets.chess`) show the SVG in an HTML widget
and lay one see-through button over each square, at the box
:func:`square_box` gives, so a click on a square is a real, focusable
button a screen reader names ("e2, white pawn").

>>> import chess
>>> svg = board_svg(chess.Board(), size=320, selected=chess.E2)
>>> svg.startswith("<svg") and 'width="320"' in svg
True
>>> square_box(chess.A8, 320)   # the top left square, inside the coordinates margin
(12.3, 12.3, 49.2, 49.2)
>>> square_box(chess.A8, 320, flipped=True)
(270.8, 270.8, 307.7, 307.7)
"""

from __future__ import annotations

from collections.abc import Iterable

import chess
import chess.svg

from .theme import Theme, theme_of

__all__ = ["board_svg", "board_colors", "square_box", "square_name", "describe_position", "BoardPicture", "BOARD_SIZE"]

BOARD_SIZE = 400
"""Width and height of the widget's board, in pixels: 45 px a square, which
reads from the back of a lecture hall and fits a 1280×720 screen with the
controls beside it."""

_MARGIN = 15
"""python-chess's margin for the coordinates, in its 390-unit board."""
_SQUARE = 45
"""python-chess's square, in the same units."""
_UNITS = 2 * _MARGIN + 8 * _SQUARE


def board_colors(theme: object = None) -> dict[str, str]:
    """The ``colors=`` python-chess takes, from a theme's keys: light and
    dark squares, the margin and its coordinates, the selected square and
    the last move.

    >>> board_colors()["square light"], board_colors("print")["square dark"]
    ('#fff', '#a3a3a3')
    """
    look: Theme = theme_of(theme)
    light, dark = look.css("board light"), _soft(look.css("board dark"))
    selected, current = look.css("selected"), look.css("current")
    return {
        "square light": light.lower(),
        "square dark": dark,
        "square light lastmove": _mix(light, current),
        "square dark lastmove": _mix(dark, current),
        "margin": look.css("background").lower(),
        "coord": look.css("text").lower(),
        "inner border": look.css("board line").lower(),
        "outer border": look.css("board line").lower(),
        "arrow blue": selected + "cc",
    }


def _rgb(color: str) -> tuple[int, int, int]:
    color = color.lstrip("#")
    if len(color) == 3:
        color = "".join(c * 2 for c in color)
    return int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16)


def _soft(dark: str) -> str:
    """The theme's board dark, lightened so black pieces stay visible on it
    (a tic-tac-toe board's dark is nearly black)."""
    return _blend(dark, "#ffffff", 0.55)


def _mix(square: str, mark: str) -> str:
    return _blend(square, mark, 0.5)


def _blend(a: str, b: str, share: float) -> str:
    ra, rb = _rgb(a), _rgb(b)
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(ra, rb, strict=True))


def square_box(square: chess.Square, size: int = BOARD_SIZE, *,
               flipped: bool = False) -> tuple[float, float, float, float]:
    """Where ``square`` lies on the picture of :func:`board_svg` of width
    ``size``: (left, top, right, bottom) in pixels, rounded to 0.1 px.

    Raises
    ------
    ValueError
        For a square outside 0 to 63.
    """
    if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < 64:
        raise ValueError(f"a square is a number 0 (a1) to 63 (h8), not {square!r}")
    file, rank = chess.square_file(square), chess.square_rank(square)
    column, row = (7 - file, rank) if flipped else (file, 7 - rank)
    scale = size / _UNITS
    left, top = (_MARGIN + column * _SQUARE) * scale, (_MARGIN + row * _SQUARE) * scale
    return (round(left, 1), round(top, 1), round(left + _SQUARE * scale, 1), round(top + _SQUARE * scale, 1))


def square_name(board: chess.Board, square: chess.Square) -> str:
    """A square's name and what stands on it, for a button's label.

    >>> square_name(chess.Board(), chess.E2), square_name(chess.Board(), chess.E4)
    ('e2, white pawn', 'e4, empty')
    """
    piece = board.piece_at(square)
    what = "empty" if piece is None else \
        f"{'white' if piece.color else 'black'} {chess.piece_name(piece.piece_type)}"
    return f"{chess.square_name(square)}, {what}"


def board_svg(board: chess.Board, *, size: int = BOARD_SIZE, selected: chess.Square | None = None,
              targets: Iterable[chess.Square] = (), lastmove: chess.Move | None = None,
              flipped: bool = False, theme: object = None) -> str:
    """The position drawn by :func:`chess.svg.board` in the theme's colours.

    Parameters
    ----------
    board : chess.Board
        The position.
    size : int
        Width and height in pixels.
    selected : square, optional
        A square the player picked: framed in the theme's ``"selected"``.
    targets : squares
        Where the selected piece may go: marked with python-chess's crosses.
    lastmove : chess.Move, optional
        Shaded in the theme's ``"current"`` over the squares.
    flipped : bool
        Black at the bottom.
    theme : optional
        See :func:`gametree.view.theme.theme_of`.
    """
    look = theme_of(theme)
    fill = {}
    if selected is not None:
        fill[selected] = look.css("selected") + "88"
    check = board.king(board.turn) if board.is_check() else None
    return chess.svg.board(board, size=size, orientation=chess.BLACK if flipped else chess.WHITE,
                           lastmove=lastmove, check=check, fill=fill,
                           squares=chess.SquareSet(targets), colors=board_colors(look))


def describe_position(board: chess.Board) -> str:
    """The position in words, for alt text and screen readers.

    >>> describe_position(chess.Board("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"))
    'Chess position, White to move. White: king c8, rook a1, pawn b6. Black: king a8, bishop b8, pawns a7, b7.'
    """
    sides = []
    for colour, side in ((chess.WHITE, "White"), (chess.BLACK, "Black")):
        parts = []
        for piece in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN):
            squares = [chess.square_name(s) for s in sorted(board.pieces(piece, colour), key=lambda s: (s & 7, s))]
            if squares:
                name = chess.piece_name(piece) + ("s" if len(squares) > 1 else "")
                parts.append(f"{name} {', '.join(squares)}")
        sides.append(f"{side}: {', '.join(parts)}.")
    mover = "White" if board.turn else "Black"
    check = " (in check)" if board.is_check() else ""
    return f"Chess position, {mover} to move{check}. " + " ".join(sides)


class BoardPicture:
    """A position that shows itself in a notebook as :func:`board_svg`
    draws it, with :func:`describe_position` as its alt text.

    >>> picture = BoardPicture(chess.Board())
    >>> data, metadata = picture._repr_mimebundle_()
    >>> metadata["image/svg+xml"]["alt"].startswith("Chess position, White to move. White: king e1")
    True
    """

    def __init__(self, board: chess.Board, *, size: int = 320, lastmove: chess.Move | None = None,
                 theme: object = None):
        self.board, self.size, self.lastmove, self.theme = board.copy(), size, lastmove, theme

    def __repr__(self) -> str:
        return f"BoardPicture({self.board.fen()!r})"

    def _repr_mimebundle_(self, include=None, exclude=None):
        svg = board_svg(self.board, size=self.size, lastmove=self.lastmove, theme=self.theme)
        alt = describe_position(self.board)
        return ({"image/svg+xml": svg, "text/plain": repr(self)}, {"image/svg+xml": {"alt": alt}})
