"""What one step of the step-through widgets costs in the kernel.

Run:  python benchmarks/bench_stepper.py [--redraws]

For the searches the notebooks step through (02's Figure 5.2 and its
81-leaf tree, 11's PVS and MTD(f) traces, 12's seven UCT iterations,
10's max^n figure), it builds the widget the notebook builds (a
:class:`~gametree.widgets.Stepper`, or an
:class:`~gametree.widgets.mcts.MctsStepper`) and times what happens when
the slider moves: the observe handler end to end (the plot drawn in place,
the PNG encoded, the caption, counter and pseudocode set), over the same
steps in a fixed shuffle (so the slider jumps as well as walks), at most
:data:`STEPS` of them.  The widgets are timed in interleaved rounds, so a
busy machine slows them all alike.  It prints the median and the worst
milliseconds per step.  Target: a median of at most 50 ms for each.

With ``--redraws`` it also compares, for a 121-node tree (branching 3,
depth 4) and a 364-node tree (3^5), both seeded, the Stepper's in-place
step with the straightforward implementations:

* ``full redraw``: a new figure with every artist, drawn by
  ``draw(trace, step)`` and saved as PNG at the same size and resolution;
* ``networkx redraw``: the first thing one writes with networkx: a new
  pyplot-free figure, ``draw_networkx_nodes/edges/labels`` with a label
  per node, saved as PNG;

and prints their medians and 90th percentiles and the ratio of the
redraws' medians to the in-place median (targets: in place at most 50 ms
at 121 nodes and 150 ms at 364 nodes).
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import time

import gametree
from gametree import Tree, random_leaves, worst_order
from gametree.games import TicTacToe, TicTacToeState, uct_search
from gametree.games.windows import trace_mtdf, trace_pvs
from gametree.text import fmt
from gametree.trace import Status
from gametree.vectors import trace_maxn
from gametree.view.draw import draw, screen_dpi, tree_graph
from gametree.view.theme import DEFAULT
from gametree.widgets.mcts import MctsStepper
from gametree.widgets.stepper import Stepper

STEPS = 60
ROUNDS = 3
TARGET = 50.0
FIG52 = [3, 12, 8, 2, 4, 6, 14, 5, 2]


def percentile(times, q):
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(function, steps):
    times = []
    for step in steps:
        start = time.perf_counter()
        function(step)
        times.append((time.perf_counter() - start) * 1000)
    return times


def notebook_widgets() -> dict:
    """The widgets the notebooks show, by the notebook and search."""
    corner = TicTacToeState.from_text("XOX OOX ...")
    figure_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
                  [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]
    return {
        "02 Figure 5.2": Stepper(gametree.trace_alpha_beta(FIG52, 3)),
        "02 81 leaves": Stepper(gametree.trace_alpha_beta(gametree.random_tree(3, 4, seed=11))),
        "10 max^n": Stepper(trace_maxn(figure_5_4)),
        "11 PVS": Stepper(trace_pvs(worst_order(FIG52, 3), 3)),
        "11 MTD(f)": Stepper(trace_mtdf(Tree.from_leaves(random_leaves(2, 4, seed=31, high=9), 2),
                                        guess=5)),
        "12 MCTS": MctsStepper(uct_search(TicTacToe(), corner, iterations=7, seed=4)),
    }


def bench_notebooks() -> bool:
    widgets = notebook_widgets()
    plans = {}
    for name, widget in widgets.items():
        steps = list(range(int(widget.slider.max) + 1))
        random.Random(0).shuffle(steps)
        plans[name] = steps[:STEPS]
        widget.slider.value = plans[name][-1]  # warm caches (fonts, checkpoints, backgrounds)
    times: dict[str, list[float]] = {name: [] for name in widgets}
    for _ in range(ROUNDS):
        for name, widget in widgets.items():
            def move(step, widget=widget):
                widget.slider.value = step
            times[name] += timed(move, plans[name])
    print(f"ms per step of the notebooks' widgets ({ROUNDS} interleaved rounds of at most "
          f"{STEPS} steps; target: median <= {TARGET:.0f} ms)")
    ok = True
    for name, widget in widgets.items():
        median, worst = statistics.median(times[name]), max(times[name])
        width, height = widget.picture_size
        verdict = "ok" if median <= TARGET else "TOO SLOW"
        print(f"  {name:<14} {int(widget.slider.max) + 1:4} steps  {width}x{height} px  "
              f"median {median:6.1f} ms   worst {worst:6.1f} ms   {verdict}")
        ok &= median <= TARGET
    return ok


def networkx_redraw(trace, graph, step, size, dpi):
    """A fresh networkx drawing of the state at ``step``, as PNG bytes."""
    import networkx as nx
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    state = trace.state(step)
    figure = Figure(figsize=size)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    pos = nx.get_node_attributes(graph, "pos")
    theme = DEFAULT
    colors = {Status.UNVISITED: theme["background"], Status.ACTIVE: theme["active MAX node"],
              Status.DONE: theme["MAX node"], Status.PRUNED: theme["pruned fill"]}
    for shape, player in (("^", "MAX"), ("v", "MIN")):
        nodes = [n for n, p in graph.nodes(data="player") if p == player]
        nx.draw_networkx_nodes(graph, pos, nodelist=nodes, node_shape=shape, ax=ax,
                               node_color=[colors[state.status[n]] for n in nodes])
    nx.draw_networkx_edges(graph, pos, ax=ax, arrows=False,
                           style=["dashed" if state.status[v] is Status.PRUNED else "solid"
                                  for _, v in graph.edges])
    labels = {n: f"{graph.nodes[n]['name']}\n{fmt(state.v[n])}" for n in graph}
    nx.draw_networkx_labels(graph, pos, labels=labels, font_size=7, ax=ax)
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=dpi)
    return out.getvalue()


def bench_redraws(depth: int) -> float:
    tree = gametree.random_tree(3, depth, seed=depth)
    trace = gametree.trace_alpha_beta(tree)
    steps = list(range(len(trace)))
    random.Random(0).shuffle(steps)
    steps = steps[:STEPS]

    stepper = Stepper(trace)
    size = tuple(stepper.plot.figure.get_size_inches())
    dpi = screen_dpi(stepper.plot.figure)
    graph = tree_graph(tree)

    def in_place(step):
        stepper.slider.value = step

    def full_redraw(step):
        figure = draw(trace, step, caption=False, figsize=size)
        figure.savefig(io.BytesIO(), format="png", dpi=dpi)

    for function in (in_place, full_redraw):  # warm caches (fonts, checkpoints)
        function(steps[0])
    results = {
        "in place": timed(in_place, steps),
        "full redraw": timed(full_redraw, steps),
        "networkx redraw": timed(lambda s: networkx_redraw(trace, graph, s, size, dpi), steps),
    }
    base = statistics.median(results["in place"])
    width, height = stepper.plot.figure.canvas.get_width_height()
    print(f"\n{len(tree)} nodes (branching 3, depth {depth}), {len(trace)} steps, "
          f"{width}x{height} px, {len(steps)} steps timed")
    for name, times in results.items():
        median = statistics.median(times)
        print(f"  {name:<16} median {median:6.1f} ms   p90 {percentile(times, 0.9):6.1f} ms   "
              f"{median / base:5.1f}x in place")
    return base


def main(argv: list[str]) -> int:
    ok = bench_notebooks()
    if "--redraws" in argv:
        for depth, limit in {4: 50.0, 5: 150.0}.items():
            median = bench_redraws(depth)
            verdict = "ok" if median <= limit else "TOO SLOW"
            print(f"  target: in place median <= {limit:.0f} ms: {verdict}")
            ok &= median <= limit
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
