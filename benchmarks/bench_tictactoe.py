"""Solving tic-tac-toe from the empty board: the package's alpha-beta against
straightforward code, and with and without a transposition table.

Run:  python benchmarks/bench_tictactoe.py [--rounds 15]

Part 1, the cost of the game interface.  In the same run it times three
alpha-beta searches of the same tree (18,297 positions, moves tried square
by square, the same cutoffs), each from the empty board to the end:

* ``straightforward``: one function on a tuple board, the winner read off
  all eight lines at every node, no game object (the baseline);
* ``aima-python style``: aima-python's ``alphabeta_search`` with
  ``max_value``/``min_value`` on its ``TicTacToe`` game (a dict board that
  checks the lines through the last move), its moves taken row by row;
* ``gametree.games.alpha_beta``: the package's one search on ``TicTacToe()``,
  through the Game interface (target: at most 1.5 x the faster of the
  straightforward one and ``plain_searches.tictactoe``, the shared baseline,
  copied in ``benchmarks/plain_searches.py``).

Each must count 18,297 positions and find the value 0 (a draw) before it is
timed.  Part 2 times the package's search with a fresh
:class:`TranspositionTable` keyed on the position, and on its symmetry class
(:func:`gametree.games.canonical`), against the search without one, and
plain minimax once.  (The table with symmetry visits 17x fewer positions;
each costs more, a probe, a store and a symmetry class, so the time saved
is less.)

Part 3 times the package's search with a TranspositionTable against a plain
alpha-beta with a dict table and bound flags (the same 4,781 positions and
1,050 terminals; target at most 1.3x), interleaved.

Part 1 prints medians over ``--rounds`` interleaved rounds of processor time
(this process alone) and each search's median ratio to the faster baseline
of the round; part 2 the best of the rounds.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections import defaultdict
from math import inf

import plain_searches
from plain_searches import _winner

from gametree.games import TicTacToe, TranspositionTable, alpha_beta, canonical, minimax

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
NODES = 18_297


# --- straightforward: a tuple board and one function ------------------------------

def straightforward() -> tuple[int, int]:
    """(value, positions visited) of alpha-beta from the empty board."""
    nodes = 0

    def winner(board):
        for a, b, c in LINES:
            if board[a] != "." and board[a] == board[b] == board[c]:
                return board[a]
        return None

    def value(board, player, alpha, beta):
        nonlocal nodes
        nodes += 1
        won = winner(board)
        if won is not None:
            return 1 if won == "X" else -1
        if "." not in board:
            return 0
        if player == "X":
            v = -inf
            for i in range(9):
                if board[i] == ".":
                    v = max(v, value(board[:i] + ("X",) + board[i + 1:], "O", alpha, beta))
                    if v >= beta:
                        return v
                    alpha = max(alpha, v)
            return v
        v = inf
        for i in range(9):
            if board[i] == ".":
                v = min(v, value(board[:i] + ("O",) + board[i + 1:], "X", alpha, beta))
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v

    return value((".",) * 9, "X", -inf, inf), nodes


# --- aima-python style: games4e's TicTacToe, Board and alphabeta_search -----------

class Board(defaultdict):
    """aima-python's board: {(x, y): player} with the player to move and a
    cached utility as attributes."""

    empty, off = ".", "#"

    def __init__(self, width=3, height=3, to_move=None, **kwds):
        self.__dict__.update(width=width, height=height, to_move=to_move, **kwds)

    def new(self, changes, **kwds):
        board = Board(width=self.width, height=self.height, **kwds)
        board.update(self)
        board.update(changes)
        return board

    def __missing__(self, loc):
        x, y = loc
        return self.empty if 0 <= x < self.width and 0 <= y < self.height else self.off

    def __hash__(self):
        return hash(tuple(sorted(self.items()))) + hash(self.to_move)


def k_in_row(board, player, square, k):
    """True if ``player`` has k marks in a line through ``square``."""
    def in_row(x, y, dx, dy):
        return 0 if board[x, y] != player else 1 + in_row(x + dx, y + dy, dx, dy)
    return any(in_row(*square, dx, dy) + in_row(*square, -dx, -dy) - 1 >= k
               for (dx, dy) in ((0, 1), (1, 0), (1, 1), (1, -1)))


class AimaTicTacToe:
    """aima-python's TicTacToe (games4e), its moves in row order so that it
    searches the same tree as the others (aima-python takes a set's order)."""

    def __init__(self, k=3):
        self.k = k
        self.squares = [(x, y) for y in range(3) for x in range(3)]
        self.initial = Board(to_move="X", utility=0)

    def actions(self, board):
        return [square for square in self.squares if square not in board]

    def result(self, board, square):
        player = board.to_move
        board = board.new({square: player}, to_move="O" if player == "X" else "X")
        win = k_in_row(board, player, square, self.k)
        board.utility = 0 if not win else +1 if player == "X" else -1
        return board

    def utility(self, board, player):
        return board.utility if player == "X" else -board.utility

    def is_terminal(self, board):
        return board.utility != 0 or len(self.squares) == len(board)


def aima_style() -> tuple[int, int]:
    """aima-python's alphabeta_search, counting the positions it visits."""
    game = AimaTicTacToe()
    state = game.initial
    player = state.to_move
    nodes = 0

    def max_value(state, alpha, beta):
        nonlocal nodes
        nodes += 1
        if game.is_terminal(state):
            return game.utility(state, player), None
        v, move = -inf, None
        for a in game.actions(state):
            v2, _ = min_value(game.result(state, a), alpha, beta)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(state, alpha, beta):
        nonlocal nodes
        nodes += 1
        if game.is_terminal(state):
            return game.utility(state, player), None
        v, move = +inf, None
        for a in game.actions(state):
            v2, _ = max_value(game.result(state, a), alpha, beta)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    return max_value(state, -inf, +inf)[0], nodes


# --- a plain table: alpha-beta with a dict and bound flags --------------------------

TABLE_NODES, TABLE_TERMINALS = 4_781, 1_050


def plain_table() -> tuple[int, int, int]:
    """(value, positions visited, terminals) of alpha-beta from the empty board
    with a dict from boards to (value, flag), flag 0 exact, 1 lower bound, 2
    upper bound: the straightforward table search, probing every position but
    the root after the end-of-game test, as gametree's search does."""
    table: dict = {}
    nodes = terminals = 0

    def value(board, player, alpha, beta, root=False):
        nonlocal nodes, terminals
        nodes += 1
        won = _winner(board)
        if won or 0 not in board:
            terminals += 1
            return won
        if not root:
            entry = table.get(board)
            if entry is not None:
                v, flag = entry
                if flag == 0:
                    return v
                if flag == 1:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if alpha >= beta:
                    return v
        low, high = alpha, beta
        best = -inf if player == 1 else inf
        for i in range(9):
            if board[i] == 0:
                v = value(board[:i] + (player,) + board[i + 1:], -player, alpha, beta)
                if player == 1:
                    best = max(best, v)
                    alpha = max(alpha, best)
                else:
                    best = min(best, v)
                    beta = min(beta, best)
                if alpha >= beta:
                    break
        table[board] = (best, 2 if best <= low else 1 if best >= high else 0)
        return best

    return value((0,) * 9, 1, -inf, inf, True), nodes, terminals


# --- timing -------------------------------------------------------------------------

def best_times(searches: dict, rounds: int) -> dict[str, float]:
    """The best processor time of each search, in ms, over ``rounds`` rounds taken in turn."""
    times = {name: inf for name in searches}
    for _ in range(rounds):
        for name, search in searches.items():
            start = time.process_time()
            search()
            times[name] = min(times[name], (time.process_time() - start) * 1000)
    return times


def interleaved(searches: dict, baselines: tuple[str, ...], rounds: int
                ) -> tuple[dict[str, float], dict[str, float]]:
    """Median processor ms of each search, and the median over rounds of its time over
    the fastest of ``baselines`` in the same round.  The searches take turns within a
    round, in an order that rotates from round to round, so that a busy moment of a
    shared machine falls on all of them alike; only the ratios are worth comparing.

    Each search starts on a clean heap: the garbage that the one before left
    for Python's cyclic collector (a UCT tree whose nodes point at their
    parents and children, say) is collected first, outside the timing, so
    that no search pays for another's.  (A search that leaves such garbage
    is not charged for freeing it, so this favours the baselines.)"""
    names = list(searches)
    times: dict[str, list[float]] = {name: [] for name in names}
    ratios: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        this = {}
        for name in names[r % len(names):] + names[:r % len(names)]:
            gc.collect()
            start = time.process_time()
            searches[name]()
            this[name] = (time.process_time() - start) * 1000
        base = min(this[name] for name in baselines)
        for name in names:
            times[name].append(this[name])
            ratios[name].append(this[name] / base)
    return ({name: statistics.median(t) for name, t in times.items()},
            {name: statistics.median(q) for name, q in ratios.items()})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    game = TicTacToe()
    print(f"Python {sys.version.split()[0]}; tic-tac-toe from the empty board; {args.rounds} "
          f"interleaved rounds of processor time, medians\n")

    same_tree = {
        "plain (shared)": lambda: (plain_searches.tictactoe(), NODES),
        "straightforward": straightforward,
        "aima-python style": aima_style,
        "gametree alpha_beta": lambda: (lambda r: (r.value, r.stats.nodes))(alpha_beta(game)),
    }
    for name, search in same_tree.items():
        value, nodes = search()
        assert (value, nodes) == (0, NODES), f"{name} found {value} in {nodes} nodes"
    times, ratios = interleaved(same_tree, ("plain (shared)", "straightforward"), args.rounds)
    print(f"1. The same alpha-beta, the same {NODES:,} positions (plain: "
          f"benchmarks/plain_searches.py, the shared baseline; it counts no nodes, its tree is "
          f"the same):")
    print(f"{'search':<22}{'nodes':>9}{'ms':>9}{'x baseline':>12}")
    for name, ms in times.items():
        print(f"{name:<22}{NODES:>9,}{ms:>9.2f}{ratios[name]:>11.2f}x")
    print(f"target: gametree at most 1.5x the faster baseline of each round; it is "
          f"{ratios['gametree alpha_beta']:.2f}x\n")

    tables = {
        "alpha-beta": lambda: alpha_beta(game),
        "+ table": lambda: alpha_beta(game, table=TranspositionTable()),
        "+ table, symmetry": lambda: alpha_beta(game, table=TranspositionTable(key=canonical)),
    }
    results = {name: search() for name, search in tables.items()}
    assert all(result.value == 0 for result in results.values()), "tic-tac-toe is a draw"
    times = best_times(tables, args.rounds)
    base = times["alpha-beta"]
    print("2. Transposition tables (each round with a fresh table):")
    print(f"{'search':<20}{'value':>6}{'nodes':>9}{'terminals':>11}{'hits':>7}{'ms':>9}{'speed-up':>10}")
    for name, ms in times.items():
        s = results[name].stats
        print(f"{name:<20}{results[name].value:>6}{s.nodes:>9,}{s.terminals:>11,}{s.table_hits:>7,}"
              f"{ms:>9.2f}{base / ms:>9.1f}x")
    table_searches = {
        "plain dict table": plain_table,
        "gametree + table": lambda: (lambda r: (r.value, r.stats.nodes, r.stats.terminals))(
            alpha_beta(game, table=TranspositionTable())),
    }
    for name, search in table_searches.items():
        found = search()
        assert found == (0, TABLE_NODES, TABLE_TERMINALS), f"{name} found {found}"
    times, ratios = interleaved(table_searches, ("plain dict table",), args.rounds)
    print(f"\n3. The same table search, the same {TABLE_NODES:,} positions and {TABLE_TERMINALS:,} "
          f"terminals:")
    print(f"{'search':<22}{'ms':>9}{'x plain':>10}")
    for name, ms in times.items():
        print(f"{name:<22}{ms:>9.2f}{ratios[name]:>9.2f}x")
    print(f"target: gametree with TranspositionTable at most 1.3x the plain dict table; it is "
          f"{ratios['gametree + table']:.2f}x\n")
    start = time.process_time()
    plain = minimax(game)
    ms = (time.process_time() - start) * 1000
    s = plain.stats
    print(f"{'minimax (reference)':<20}{plain.value:>6}{s.nodes:>9,}{s.terminals:>11,}{0:>7}"
          f"{ms:>9.0f}{base / ms:>9.2f}x")


if __name__ == "__main__":
    main()
