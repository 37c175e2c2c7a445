"""Depth-limited alpha-beta on Kalah(6, 4): the package's search against
straightforward code, and the time the Kalah board's computer takes a move.

Run:  python benchmarks/bench_kalah_speed.py [--rounds 7] [--depth 9]

Part 1, the cost of the game interface.  In the same run it times three
searches of the same tree from the start, ``--depth`` moves deep (103,731
positions at depth 9), with the store difference as the evaluation:

* ``straightforward``: one function on a tuple of pits, sowing one seed a
  step, no game object (the baseline);
* ``aima-python style``: aima-python's ``alphabeta_cutoff_search`` shape
  (``max_value``/``min_value``, a game object with ``actions``, ``result``,
  ``is_terminal``, ``utility`` and a ``GameState`` namedtuple), asking whose
  move it is at each position, as Kalah's extra turns need;
* ``gametree.games.alpha_beta`` with ``depth`` and ``evaluate`` on
  ``Kalah()`` (target: at most 1.3 x the faster of the straightforward one
  and ``plain_searches.kalah``, the shared baseline, copied in
  ``benchmarks/plain_searches.py``, measured in the same round).

Each must find the same value in the same number of positions before it is
timed.  Times are medians of ``--rounds`` interleaved rounds of processor
time, each ratio the median over rounds.

Part 2, the Kalah board's computer: :func:`iterative_deepening` to depth 10
(the slider's deepest) with ``kalah_evaluation`` and the board's node
budget, from the start and from a position a few moves in, on boards up to
the largest; it prints the depth reached and the seconds a move took
(target: about a second at most on any board).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import namedtuple
from math import inf

import plain_searches
from bench_tictactoe import interleaved  # this folder's own timing helper

from gametree.games import (
    Kalah,
    alpha_beta,
    iterative_deepening,
    kalah_evaluation,
    store_difference,
)
from gametree.widgets.kalah import MAX_DEPTH, NODE_BUDGET

# --- straightforward: a tuple of pits and two functions --------------------------------

def straightforward(houses: int = 6, seeds: int = 4, depth: int = 9) -> tuple[int, int]:
    """(value, positions visited); MAX is player 0, MIN player 1."""
    n = houses
    size = 2 * n + 2
    nodes = 0

    def sow(pits, player, house):
        pits = list(pits)
        store, skip = (n, 2 * n + 1) if player == 0 else (2 * n + 1, n)
        pit = house if player == 0 else n + 1 + house
        hand, pits[pit] = pits[pit], 0
        while hand:
            pit = (pit + 1) % size
            if pit != skip:
                pits[pit] += 1
                hand -= 1
        mine = pit < n if player == 0 else n < pit < 2 * n + 1
        nxt = 1 - player
        if pit == store:
            nxt = player
        elif mine and pits[pit] == 1 and pits[2 * n - pit] > 0:
            pits[store] += 1 + pits[2 * n - pit]
            pits[pit] = pits[2 * n - pit] = 0
        if not any(pits[:n]) or not any(pits[n + 1:2 * n + 1]):
            pits[n] += sum(pits[:n])
            pits[2 * n + 1] += sum(pits[n + 1:2 * n + 1])
            pits[:n] = pits[n + 1:2 * n + 1] = [0] * n
        return tuple(pits), nxt

    def value(pits, player, depth, alpha, beta):
        nonlocal nodes
        nodes += 1
        if not any(pits[:n]) or not any(pits[n + 1:2 * n + 1]):
            return pits[n] + sum(pits[:n]) - pits[2 * n + 1] - sum(pits[n + 1:2 * n + 1])
        if depth == 0:
            return pits[n] - pits[2 * n + 1]
        first = 0 if player == 0 else n + 1
        if player == 0:
            v = -inf
            for house in range(n):
                if pits[first + house]:
                    v = max(v, value(*sow(pits, player, house), depth - 1, alpha, beta))
                    if v >= beta:
                        return v
                    alpha = max(alpha, v)
            return v
        v = inf
        for house in range(n):
            if pits[first + house]:
                v = min(v, value(*sow(pits, player, house), depth - 1, alpha, beta))
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v

    start = (seeds,) * n + (0,) + (seeds,) * n + (0,)
    return value(start, 0, depth, -inf, inf), nodes


# --- aima-python style: a Game object, GameState and max_value/min_value -----------------

GameState = namedtuple("GameState", "to_move, utility, board, moves")


class AimaKalah:
    """Kalah written as aima-python writes its games: the state carries the
    player to move, the utility and the legal moves, computed in ``result``."""

    def __init__(self, houses=6, seeds=4):
        self.n = n = houses
        board = (seeds,) * n + (0,) + (seeds,) * n + (0,)
        self.initial = GameState(to_move="MAX", utility=0, board=board, moves=list(range(n)))

    def actions(self, state):
        return state.moves

    def result(self, state, house):
        n, player = self.n, state.to_move
        pits = list(state.board)
        store, skip = (n, 2 * n + 1) if player == "MAX" else (2 * n + 1, n)
        pit = house if player == "MAX" else n + 1 + house
        hand, pits[pit] = pits[pit], 0
        while hand:
            pit = (pit + 1) % len(pits)
            if pit != skip:
                pits[pit] += 1
                hand -= 1
        mine = pit < n if player == "MAX" else n < pit < 2 * n + 1
        to_move = "MIN" if player == "MAX" else "MAX"
        if pit == store:
            to_move = player
        elif mine and pits[pit] == 1 and pits[2 * n - pit] > 0:
            pits[store] += 1 + pits[2 * n - pit]
            pits[pit] = pits[2 * n - pit] = 0
        over = _end_if_a_row_is_empty(pits, n)
        first = 0 if to_move == "MAX" else n + 1
        moves = [] if over else [h for h in range(n) if pits[first + h]]
        return GameState(to_move=to_move, utility=pits[n] - pits[2 * n + 1], board=tuple(pits), moves=moves)

    def is_terminal(self, state):
        return not state.moves

    def utility(self, state, player):
        return state.utility if player == "MAX" else -state.utility


def _end_if_a_row_is_empty(pits: list, n: int) -> bool:
    """Whether a row is empty; if so, each row's seeds go to its owner's store."""
    over = not any(pits[:n]) or not any(pits[n + 1:2 * n + 1])
    if over:
        pits[n] += sum(pits[:n])
        pits[2 * n + 1] += sum(pits[n + 1:2 * n + 1])
        pits[:n] = pits[n + 1:2 * n + 1] = [0] * n
    return over


def aima_style(depth: int = 9) -> tuple[int, int]:
    """aima-python's alphabeta_cutoff_search, counting positions; who moves
    is asked at each position (aima-python alternates, which Kalah breaks)."""
    game = AimaKalah()
    nodes = 0

    def cutoff_test(state, d):
        return d > depth or game.is_terminal(state)

    def eval_fn(state):
        return game.utility(state, "MAX")

    def value(state, alpha, beta, d):
        return (max_value if state.to_move == "MAX" else min_value)(state, alpha, beta, d)

    def max_value(state, alpha, beta, d):
        nonlocal nodes
        nodes += 1
        if cutoff_test(state, d):
            return eval_fn(state)
        v = -inf
        for a in game.actions(state):
            v = max(v, value(game.result(state, a), alpha, beta, d + 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state, alpha, beta, d):
        nonlocal nodes
        nodes += 1
        if cutoff_test(state, d):
            return eval_fn(state)
        v = inf
        for a in game.actions(state):
            v = min(v, value(game.result(state, a), alpha, beta, d + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    return value(game.initial, -inf, inf, 1), nodes


def a_few_moves_in(game: Kalah, seed: int = 15) -> object:
    rng = random.Random(seed)
    state = game.initial
    for _ in range(6):
        state = game.play(state, rng.choice(game.moves(state)))
    return state


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--depth", type=int, default=9)
    args = parser.parse_args(argv)
    game, depth = Kalah(), args.depth
    print(f"Python {sys.version.split()[0]}; Kalah(6, 4) from the start, depth {depth}, "
          f"store difference; {args.rounds} interleaved rounds of processor time, medians\n")

    start = (4,) * 6 + (0,) + (4,) * 6 + (0,)
    searches = {
        "plain (shared)": lambda: (plain_searches.kalah(start, 0, depth), None),
        "straightforward": lambda: straightforward(depth=depth),
        "aima-python style": lambda: aima_style(depth),
        "gametree alpha_beta": lambda: (lambda r: (r.value, r.stats.nodes))(
            alpha_beta(game, depth=depth, evaluate=store_difference)),
    }
    found = {name: search() for name, search in searches.items()}
    value, nodes = found["straightforward"]
    assert found.pop("plain (shared)")[0] == value, "the shared plain search disagrees"
    assert len(set(found.values())) == 1, f"the searches disagree: {found}"
    times, ratios = interleaved(searches, ("plain (shared)", "straightforward"), args.rounds)
    print(f"1. The same search, value {value}, the same {nodes:,} positions (plain: "
          f"benchmarks/plain_searches.py, the shared baseline, which counts no nodes):")
    print(f"{'search':<22}{'nodes':>9}{'ms':>9}{'x baseline':>12}")
    for name, ms in times.items():
        print(f"{name:<22}{nodes:>9,}{ms:>9.1f}{ratios[name]:>11.2f}x")
    print(f"target: gametree at most 1.3x the faster baseline of each round; it is "
          f"{ratios['gametree alpha_beta']:.2f}x\n")

    print(f"2. The Kalah board's computer: depth up to {MAX_DEPTH}, kalah_evaluation, "
          f"at most {NODE_BUDGET:,} positions a search:")
    print(f"{'board':<16}{'position':<12}{'depth':>6}{'nodes':>10}{'seconds':>9}")
    for houses, seeds in ((6, 4), (6, 20), (12, 4), (12, 20), (12, 100)):
        board = Kalah(houses, seeds)
        for where, state in (("start", board.initial), ("6 moves in", a_few_moves_in(board))):
            start = time.process_time()
            deepening = iterative_deepening(board, state, max_depth=MAX_DEPTH, evaluate=kalah_evaluation,
                                            max_nodes=NODE_BUDGET)
            seconds = time.process_time() - start
            print(f"{board!r:<16}{where:<12}{deepening.result.depth:>6}{deepening.nodes:>10,}{seconds:>9.2f}")


if __name__ == "__main__":
    main()
