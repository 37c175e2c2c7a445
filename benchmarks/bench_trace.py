"""The recorded search at scale: memory per node and time per step.

Run:  python benchmarks/bench_trace.py

For complete binary trees of 2**10 to 2**20 leaves in worst order (alpha-beta
prunes least, so the trace is longest) it measures, in the same run:

* ``trace_alpha_beta``: seconds, and the trace's peak memory in bytes per node;
* ``state`` at the end, then 1,000 consecutive states from the middle, and
  a jump back to the start: microseconds per step moved, and bytes per node
  kept afterwards (target: a few hundred at most, whatever the size);
* every caption in order: microseconds per step (target: linear);
* against a straightforward trace that keeps a copy of every node's state
  at every step (what a first version writes), where that fits in memory:
  the ratio of memory kept.
"""

from __future__ import annotations

import gc
import sys
import time
import tracemalloc

import gametree
from gametree.trace import Status, StepKind


def straightforward_states(trace):
    """Every step's state copied in full: a list of tuples per step."""
    n = len(trace.tree)
    status, v = [Status.UNVISITED] * n, [None] * n
    states = []
    for step in trace:
        i = step.node.id
        if step.kind in (StepKind.ENTER, StepKind.LEAF, StepKind.UPDATE):
            v[i] = step.v
        if step.kind is StepKind.ENTER:
            status[i] = Status.ACTIVE
        elif step.kind in (StepKind.LEAF, StepKind.RETURN):
            status[i] = Status.DONE
        elif step.kind is StepKind.CUTOFF:
            for child in step.pruned:
                for below in trace.tree.subtree(child):
                    status[below.id] = Status.PRUNED
        states.append((tuple(status), tuple(v)))
    return states


def main() -> None:
    print(f"Python {sys.version.split()[0]}; binary trees, worst order\n")
    header = (f"{'leaves':>8} {'nodes':>9} {'steps':>9} {'trace s':>8} {'B/node':>7} "
              f"{'state us/step':>14} {'kept B/node':>12} {'caption us':>11} "
              f"{'naive kept':>11}")
    print(header)
    print("-" * len(header))
    for depth in (10, 14, 16, 20):
        leaves = gametree.worst_order(gametree.random_leaves(2, depth, seed=depth), 2)
        gc.collect()
        tracemalloc.start()
        start = time.perf_counter()
        trace = gametree.trace_alpha_beta(leaves, 2)
        made = time.perf_counter() - start
        trace_bytes = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        nodes, steps = len(trace.tree), len(trace)
        _ = trace.tree.nodes if nodes <= 2**16 else None  # Node objects are the tree's

        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        trace.state(-1)
        middle = steps // 2
        start = time.perf_counter()
        trace.state(middle)
        for index in range(middle + 1, min(steps, middle + 1000)):
            trace.state(index)
        moved = min(steps, middle + 1000) - middle
        per_state = (time.perf_counter() - start) / moved * 1e6
        trace.state(0)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()

        start = time.perf_counter()
        for step in trace:
            _ = step.caption
        per_caption = (time.perf_counter() - start) / steps * 1e6

        naive = "-"
        if nodes <= 2**11:  # steps x nodes: 2**14 leaves would need tens of GB
            tracemalloc.start()
            states = straightforward_states(trace)
            naive_bytes = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
            del states
            naive = f"{naive_bytes / max(kept, 1):9.0f}x"
        print(f"{2**depth:>8,} {nodes:>9,} {steps:>9,} {made:>8.2f} {trace_bytes / nodes:>7.0f} "
              f"{per_state:>14.0f} {kept / nodes:>12.0f} {per_caption:>11.1f} {naive:>11}")
    print("\nstate us/step: each state builds its snapshot (tuples of every node), so it grows "
          "with the tree;\nkept B/node: memory the trace holds after reading states (working "
          "copy, final state, index);\nnaive kept: a copy of every state, as a multiple of that")


if __name__ == "__main__":
    main()
