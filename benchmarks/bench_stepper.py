"""What one step of the step-through widget costs in the kernel.

Run:  python benchmarks/bench_stepper.py

For a 121-node tree (branching 3, depth 4) and a 364-node tree (3^5), both
seeded, it times in the same run, over the same 60 steps (a fixed
shuffle, so the slider jumps as well as walks):

* ``in place``: what the Stepper does when the slider moves: update the
  existing artists, render over the cached background, encode the PNG and
  set the Image widget's value (the observe handler, end to end), at the
  size the widget shows it on a 1280x720 screen (one pixel per point);
* ``full redraw``: the straightforward implementation: a new figure with
  every artist, drawn by ``draw(trace, step)`` and saved as PNG at the same
  size and resolution;
* ``networkx redraw``: the first thing one writes with networkx: a new
  pyplot-free figure, ``draw_networkx_nodes/edges/labels`` with a label
  per node, saved as PNG.

It prints median and 90th-percentile milliseconds per step and the ratio
of the redraws' medians to the in-place median.  Targets: in place at most
50 ms (median) at 121 nodes and 150 ms at 364 nodes.
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import time

import networkx as nx
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import gametree
from gametree.text import fmt
from gametree.trace import Status
from gametree.view.draw import screen_dpi, draw, tree_graph
from gametree.widgets.stepper import Stepper

STEPS = 60


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


def networkx_redraw(trace, graph, step, size, dpi):
    """A fresh networkx drawing of the state at ``step``, as PNG bytes."""
    state = trace.state(step)
    figure = Figure(figsize=size)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    pos = nx.get_node_attributes(graph, "pos")
    colors = {Status.UNVISITED: "white", Status.ACTIVE: "#D4E0EE", Status.DONE: "#4477AA",
              Status.PRUNED: "#F2F2F2"}
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


def bench(depth: int) -> float:
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


def main() -> int:
    limits = {4: 50.0, 5: 150.0}
    ok = True
    for depth, limit in limits.items():
        median = bench(depth)
        verdict = "ok" if median <= limit else "TOO SLOW"
        print(f"  target: in place median <= {limit:.0f} ms: {verdict}")
        ok &= median <= limit
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
