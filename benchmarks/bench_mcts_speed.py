"""UCT's cost per iteration: gametree's uct_search against a straightforward UCT
that builds the same tree.

Run:  python benchmarks/bench_mcts_speed.py [--rounds 9] [--iterations 3000]

The straightforward UCT is what a careful programmer writes from AIMA's
pseudocode on the same Game interface (its trusted ``game.result`` for the
moves ``game.moves`` listed, as the package's searches use): a node class
with slots, UCB1 through ``max(children, key=...)``, the first untried move
expanded, uniform random playouts from one ``random.Random(seed)``, wins
backed up.  It makes the same choices in the same order as
:func:`gametree.games.uct_search`, so both build the same tree (checked: the
same visits at every child of the root) and only the bookkeeping differs.

On tic-tac-toe from the empty board and Kalah(6, 4) from the start it times,
in interleaved rounds of processor time, the straightforward UCT,
``uct_search(..., record=True)`` (every iteration kept, for stepping
through) and ``record=False`` (the move only, as a player), and prints the
medians and each one's median ratio to the straightforward UCT of its round
(targets: at most 1.5x with the record, 1.2x without).
"""

from __future__ import annotations

import argparse
import math
import random
import sys

from bench_tictactoe import interleaved

from gametree import MAX
from gametree.games import Kalah, TicTacToe, uct_search

C = math.sqrt(2)


class Node:
    __slots__ = ("state", "parent", "move", "children", "untried", "visits", "wins",
                 "counts_for", "over")

    def __init__(self, game, state, parent, move, counts_for):
        self.state, self.parent, self.move, self.counts_for = state, parent, move, counts_for
        self.over = game.is_over(state)
        self.untried = [] if self.over else list(game.moves(state))
        self.children = []
        self.visits, self.wins = 0, 0.0


def straightforward(game, state, iterations, seed):
    """The root's children's (move, visits) after ``iterations`` of UCT."""
    rng = random.Random(seed)
    root = Node(game, state, None, None, game.to_move(state).other)
    for _ in range(iterations):
        node = root
        while not node.over and not node.untried:               # select
            log_n = math.log(node.visits)
            node = max(node.children,
                       key=lambda ch: ch.wins / ch.visits + C * math.sqrt(log_n / ch.visits))
        if not node.over:                                       # expand
            move = node.untried.pop(0)
            child = Node(game, game.result(node.state, move), node, move, game.to_move(node.state))
            node.children.append(child)
            node = child
        position = node.state                                   # simulate
        while not game.is_over(position):
            position = game.result(position, rng.choice(game.moves(position)))
        score = game.score(position)
        result = 1.0 if score > 0 else 0.5 if score == 0 else 0.0
        while node is not None:                                 # back-propagate
            node.visits += 1
            node.wins += result if node.counts_for is MAX else 1 - result
            node = node.parent
    return [(child.move, child.visits) for child in root.children]


def ours(game, state, iterations, seed, record):
    result = uct_search(game, state, iterations=iterations, seed=seed, record=record)
    return [(child.move, child.visits) for child in result.tree.children(result.tree.root)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--iterations", type=int, default=3000)
    args = parser.parse_args(argv)
    n = args.iterations
    print(f"Python {sys.version.split()[0]}; {n:,} iterations of UCT (C = sqrt 2, seed 1); "
          f"{args.rounds} interleaved rounds of processor time, medians\n")
    print(f"{'game':<14}{'search':<22}{'ms':>9}{'x straightforward':>19}")
    for name, game in (("tic-tac-toe", TicTacToe()), ("Kalah(6, 4)", Kalah())):
        state = game.initial
        searches = {
            "straightforward": lambda g=game, s=state: straightforward(g, s, n, 1),
            "uct_search record": lambda g=game, s=state: ours(g, s, n, 1, True),
            "uct_search no record": lambda g=game, s=state: ours(g, s, n, 1, False),
        }
        found = {label: search() for label, search in searches.items()}
        assert len({tuple(v) for v in found.values()}) == 1, f"the trees differ: {found}"
        times, ratios = interleaved(searches, ("straightforward",), args.rounds)
        for label in searches:
            print(f"{name:<14}{label:<22}{times[label]:>9.1f}{ratios[label]:>18.2f}x", flush=True)
    print("\ntargets: at most 1.5x with the record, 1.2x without")


if __name__ == "__main__":
    main()
