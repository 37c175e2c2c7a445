"""The chess wrapper's cost per node against python-chess's own loop, and the
engine's techniques on the mate puzzles.

Run:  python benchmarks/bench_chess.py [--rounds 5] [--depth 3]

Part 1 walks every line ``--depth`` plies deep from the start position and
from Kiwipete, generating the legal moves at every node, leaves included,
two ways:

* ``python-chess loop``: one ``chess.Board``, ``generate_legal_moves``,
  ``push`` and ``pop`` (the baseline);
* ``gametree Chess``: what a search asks of the wrapper at every node:
  ``is_over`` and ``moves`` on an immutable :class:`ChessState`, and
  ``result`` for each move (a board copy and a push).

Both must count the same nodes; it prints the median over ``--rounds``
interleaved rounds of processor time of each and the wrapper's ratio
(target: at most 1.3x).  It then prints perft 4 of the start position and
perft 3 of Kiwipete through the wrapper with their times (the test suite
runs the same counts).

Part 2 searches each puzzle of :mod:`gametree.games.chess_puzzles` to its
mate depth with alpha-beta: plain (python-chess's move order), with
MVV-LVA and checks first (``order=True``), plus iterative deepening with
the previous iterations' best moves first (``first``), plus killer moves
(:class:`~gametree.games.chess.Killers` as ``first`` and ``best_moves``), plus a
transposition table keyed on the Zobrist hash, and plus quiescence on
captures; nodes and milliseconds for each.

Part 3 solves every puzzle as notebook 13 does (ordered alpha-beta with
the table, to the mate's depth; and, for the mates in 1 and 2 it steps,
the proof tree of :func:`~gametree.games.chess.mate_tree`), in processor
seconds (wall-clock in brackets: the machine is shared) against the
limit of 2 s each.

Part 4 times the widget's answer at its default level
(:class:`~gametree.widgets.chess.ChessBoard` with its default depth and
time budget): a move typed on the board, and the computer's reply, in
wall-clock seconds against the limit of 3 s, on the start position, a busy
middle game (Kiwipete) and the puzzles.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import chess

from gametree.games import TranspositionTable, alpha_beta
from gametree.games.chess import (
    MATE,
    Chess,
    Killers,
    evaluate,
    mate_tree,
    noisy_moves,
    perft,
    zobrist,
)
from gametree.games.chess_puzzles import HORIZON, PUZZLES

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def loop(board: chess.Board, depth: int) -> int:
    """Nodes of python-chess's push/generate/pop walk."""
    moves = list(board.generate_legal_moves())
    if depth == 0:
        return 1
    nodes = 1
    for move in moves:
        board.push(move)
        nodes += loop(board, depth - 1)
        board.pop()
    return nodes


def wrapped(game: Chess, state, depth: int) -> int:
    """Nodes of the same walk through the Game interface."""
    game.is_over(state)
    moves = game.moves(state)
    if depth == 0:
        return 1
    nodes = 1
    for move in moves:
        nodes += wrapped(game, game.result(state, move), depth - 1)
    return nodes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--depth", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, python-chess {chess.__version__}; {args.rounds} "
          f"interleaved rounds of processor time, medians; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    print(f"1. Every line {args.depth} plies deep, legal moves generated at every node:")
    print(f"{'position':<12}{'nodes':>10}{'loop ms':>10}{'wrapper ms':>12}{'ratio':>8}")
    for name, fen in (("start", chess.STARTING_FEN), ("Kiwipete", KIWIPETE)):
        game = Chess(fen)
        n1, n2 = loop(chess.Board(fen), args.depth), wrapped(game, game.initial, args.depth)
        assert n1 == n2, (n1, n2)
        times: dict[str, list[float]] = {"loop": [], "wrapper": []}
        ratios = []
        for r in range(args.rounds):
            this = {}
            order = ["loop", "wrapper"] if r % 2 == 0 else ["wrapper", "loop"]
            for which in order:
                start = time.process_time()
                if which == "loop":
                    loop(chess.Board(fen), args.depth)
                else:
                    wrapped(game, Chess(fen).initial, args.depth)
                this[which] = time.process_time() - start
                times[which].append(this[which])
            ratios.append(this["wrapper"] / this["loop"])
        print(f"{name:<12}{n1:>10,}{statistics.median(times['loop']) * 1000:>10.0f}"
              f"{statistics.median(times['wrapper']) * 1000:>12.0f}{statistics.median(ratios):>7.2f}x")
    print("target: at most 1.3x\n")
    for name, fen, depth, count in (("start", chess.STARTING_FEN, 4, 197_281),
                                    ("Kiwipete", KIWIPETE, 3, 97_862)):
        game = Chess(fen)
        start = time.process_time()
        found = perft(game, game.initial, depth)
        assert found == count
        print(f"perft {depth} of {name} through the wrapper: {found:,} in "
              f"{(time.process_time() - start) * 1000:.0f} ms")

    print("\n2. Alpha-beta to each puzzle's mate depth: nodes (ms)")
    techniques = ("plain", "ordering", "+ ID best first", "+ killers", "+ table", "+ quiescence")
    print(f"{'puzzle':<22}" + "".join(f"{t:>18}" for t in techniques))
    for puzzle in PUZZLES:
        depth = 2 * puzzle.mate_in - 1
        row = []
        for technique in techniques:
            game = Chess(puzzle.fen, order=technique != "plain")
            start = time.process_time()
            nodes, result = 0, None
            best: dict | Killers = {} if technique == "+ ID best first" else Killers()
            table = TranspositionTable(key=zobrist) if technique in ("+ table", "+ quiescence") else None
            iterative = technique not in ("plain", "ordering")
            for d in range(1 if iterative else depth, depth + 1):
                result = alpha_beta(game, depth=d, evaluate=evaluate, table=table,
                                    first=best if iterative else None,
                                    best_moves=best if iterative else None,
                                    quiescence=noisy_moves if technique == "+ quiescence" else None)
                nodes += result.stats.nodes
            ms = (time.process_time() - start) * 1000
            mate = MATE - game.initial.board.ply() - depth
            assert result is not None and result.value == mate, (puzzle.name, technique)
            row.append(f"{nodes:,} ({ms:.0f})")
        print(f"{puzzle.name:<22}" + "".join(f"{cell:>18}" for cell in row))

    print("\n3. Each puzzle solved as notebook 13 solves it: processor seconds, wall-clock in "
          "brackets (limit 2 s each)")
    print(f"{'puzzle':<22}{'ordered + table':>22}{'mate_tree':>22}{'verdict':>9}")
    for puzzle in PUZZLES:
        cells, worst = [], 0.0
        for work in ("solve", "mate_tree"):
            if work == "mate_tree" and puzzle.mate_in > 2:   # the notebook steps mates in 1 and 2
                cells.append("-")
                continue
            wall, cpu = time.perf_counter(), time.process_time()
            game = Chess(puzzle.fen, order=True)
            if work == "solve":
                result = alpha_beta(game, depth=2 * puzzle.mate_in - 1, evaluate=evaluate,
                                    table=TranspositionTable(key=zobrist))
                assert game.move_label(game.initial, result.move) == puzzle.key
            else:
                mate_tree(game, mate_in=puzzle.mate_in)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            worst = max(worst, cpu)
            cells.append(f"{cpu:.2f} ({wall:.2f}) s")
        verdict = "ok" if worst <= 2 else "SLOW"
        print(f"{puzzle.name:<22}" + "".join(f"{cell:>22}" for cell in cells) + f"{verdict:>9}")

    from gametree.widgets.chess import DEFAULT_DEPTH, DEFAULT_SECONDS, ChessBoard

    print(f"\n4. The widget's reply at its default level (depth {DEFAULT_DEPTH}, "
          f"{DEFAULT_SECONDS:g} s budget): wall-clock seconds from a typed move to the "
          f"computer's answer (limit 3 s)")
    positions = [("start, after 1.e4", chess.STARTING_FEN, "e4"),
                 ("Kiwipete, after 1.a3", KIWIPETE, "a3"),
                 ("horizon, after 1.Kd2", HORIZON, "Kd2")]
    positions += [(f"{p.name}, after 1.{p.key}", p.fen, p.key) for p in PUZZLES if p.mate_in > 1]
    slowest = 0.0
    for name, fen, san in positions:
        board = ChessBoard(fen)
        start = time.perf_counter()
        board.type_move(san)
        seconds = time.perf_counter() - start
        assert len(board.board.move_stack) == 2, (name, board.status_text)
        slowest = max(slowest, seconds)
        print(f"{name:<34}{seconds:>6.2f}s  answers {board.board.peek().uci()}")
    print(f"slowest {slowest:.2f} s: {'ok' if slowest <= 3 else 'OVER the 3 s limit'}")


if __name__ == "__main__":
    main()
