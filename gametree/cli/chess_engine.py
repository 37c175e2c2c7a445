"""``python -m gametree chess``: the best move and the principal variation of a chess position.

::

    python -m gametree chess --fen "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1" --depth 3
    python -m gametree chess --depth 8 --time 2
    python -m gametree chess --moves e4 e5 Nf3 --depth 4

A FEN python-chess rejects, an illegal move, or a depth or time out of
range is one sentence on stderr and exit status 2.
"""

from __future__ import annotations

import argparse

from .usage import UsageError, add_command

__all__ = ["register"]


def _chess(args: argparse.Namespace) -> None:
    from ..games.chess import MATE, MAX_SECONDS, Chess, engine, line_states

    if args.time is not None and not 0 < args.time <= MAX_SECONDS:
        raise UsageError(f"--time must be more than 0 and at most {MAX_SECONDS:g} seconds, "
                         f"not {args.time:g}")
    game = Chess(args.fen, order=True) if args.fen is not None else Chess(order=True)
    state = game.initial
    for text in args.moves:
        state = game.play(state, game.parse(state, text))
    result = engine(game, state, depth=args.depth, seconds=args.time,
                    quiescence=not args.no_quiescence)
    assert result.move is not None
    sans = [game.move_label(s, m) for s, m in zip(line_states(game, state, result.pv), result.pv, strict=True)]
    number = state.board.fullmove_number
    line, white = [], state.board.turn
    for i, san in enumerate(sans):
        if white:
            line.append(f"{number}. {san}")
        else:
            line.append(f"{number}... {san}" if i == 0 else san)
            number += 1
        white = not white
    value = result.value
    if abs(value) > MATE // 2:
        plies = MATE - abs(value) - state.board.ply()
        said = f"{'White' if value > 0 else 'Black'} mates in {(plies + 1) // 2}"
    else:
        said = f"{value / 100:+.2f} pawns for White"
    print(f"best move: {sans[0]}")
    print(f"principal variation: {' '.join(line)}")
    print(f"value: {said} ({result.stats.nodes:,} positions in the last iteration)")


def register(commands) -> None:
    """Add ``chess`` (see :mod:`gametree.cli`)."""
    parser = add_command(commands, "chess", _chess,
                         "the best move and principal variation of a chess position",
                         """Search a chess position (python-chess's rules) with the package's
                         alpha-beta, iterative deepening, a Zobrist transposition table, MVV-LVA
                         ordering and quiescence on captures; print the best move and the
                         principal variation in SAN.""")
    parser.add_argument("--fen", help="the position (FEN); the start position by default")
    parser.add_argument("--moves", nargs="*", default=[], metavar="MOVE",
                        help="moves to play first, in SAN (e4) or UCI (e2e4)")
    parser.add_argument("--depth", type=int, default=4, help="plies to search, 1 to 8 (default 4)")
    parser.add_argument("--time", type=float, default=None, metavar="SECONDS",
                        help="stop the iterations after this many seconds (more than 0, at most 60)")
    parser.add_argument("--no-quiescence", action="store_true",
                        help="estimate at the depth limit without searching on past captures")
