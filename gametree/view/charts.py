"""Charts of the experiments in the lessons: one call per figure.

* :func:`leaf_counts_chart` and :func:`branching_factor_chart`: how much
  alpha-beta saves (notebook 04);
* :func:`search_cost_chart`: positions each search visits to solve
  tic-tac-toe (notebook 06);
* :func:`move_values_chart`: each move's value as a search deepens, the
  horizon effect (notebook 07);
* :func:`ordering_chart`, :func:`strength_chart` and
  :func:`round_robin_chart`: move ordering and playing strength (notebook 08).

Every chart is made for a projector: at most 1,080 by 560 pixels, so it
fits a 1280x720 screen beside the notebook's margins, and no text smaller
than 15 pixels.  Series never differ by colour alone: each also has its own
marker or line style (or hatching, for bars), and the colours are Paul
Tol's colour-blind-safe "bright" palette, as in the tree drawings: the
``"series 1"`` to ``"series 7"`` keys of the theme each chart function takes
as ``theme=`` (see :mod:`gametree.view.theme`; ``"print"`` gives greys).

A chart is a :class:`Chart`: a matplotlib Figure that shows itself in a
notebook as a PNG with alt text (the image's ``alt`` metadata, and the
plain-text form of the output, which is what a text-only front end or a
screen reader gets).  The charts read numbers; they compute nothing the
lessons should see computed.
"""

from __future__ import annotations

import base64
import functools
import io
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator, ScalarFormatter

from .theme import DEFAULT, theme_of

if TYPE_CHECKING:
    from matplotlib.typing import LineStyleType, MarkerType, RcKeyType

__all__ = ["Chart", "PALETTE", "MARKERS", "LINESTYLES", "DPI", "leaf_counts_chart",
           "branching_factor_chart", "search_cost_chart", "move_values_chart", "ordering_chart",
           "strength_chart", "round_robin_chart", "styled", "new_chart", "checked_mapping"]

PALETTE = DEFAULT.series
"""The default theme's series colours, Paul Tol's "bright" qualitative
palette (blue, red, green, yellow, cyan, purple, grey): distinguishable with
every common colour-vision deficiency.  A chart reads its theme's instead."""
MARKERS = DEFAULT.series_markers
"""Markers, one per series, so that no two series differ by colour alone."""
LINESTYLES = DEFAULT.series_lines
"""Line styles, one per series."""
DPI = 100
"""Pixels per inch of the PNG a notebook shows."""
MAX_SIZE = (10.8, 5.6)
"""Largest chart, in inches at :data:`DPI`: 1,080 by 560 pixels."""
_STYLE: dict[RcKeyType, Any] = {
    "font.size": 13, "axes.titlesize": 14, "axes.labelsize": 13, "xtick.labelsize": 12,
    "ytick.labelsize": 12, "legend.fontsize": 12, "legend.title_fontsize": 12,
    "lines.linewidth": 2.2, "lines.markersize": 8, "axes.grid": True, "grid.alpha": 0.3,
    "axes.spines.top": False, "axes.spines.right": False}
_ORDERS = {"worst": (1, "v", "-"), "random": (0, "o", "-."), "best": (2, "^", "none")}
"""Each move order's series (an index into the theme's), marker and line style."""


class Chart(Figure):
    """A Figure that a notebook shows as a PNG with alt text.

    Made by the chart functions of this module, never through pyplot, so a
    cell shows it once, as its last expression.
    """

    alt: str = ""
    """One or two sentences that say what the chart shows, for readers who
    cannot see it."""

    def png(self) -> bytes:
        """The chart as PNG bytes, at :data:`DPI`."""
        out = io.BytesIO()
        self.savefig(out, format="png", dpi=DPI)
        return out.getvalue()

    def _repr_mimebundle_(self, include=None, exclude=None):
        data = {"image/png": base64.b64encode(self.png()).decode("ascii"), "text/plain": self.alt}
        return data, {"image/png": {"alt": self.alt}}


def styled(function):
    """Run a chart function inside the projector style, so every text it makes
    (titles, legends, labels added after the axes) has the style's sizes."""
    @functools.wraps(function)
    def in_style(*args, **kwargs):
        with matplotlib.rc_context(_STYLE):
            return function(*args, **kwargs)
    return in_style


def _figure(alt: str, size: tuple[float, float]) -> Chart:
    """An empty chart of ``size`` inches, checked to fit a projector."""
    if not isinstance(alt, str) or not alt:
        raise ValueError("a chart needs alt text")
    width, height = size
    if width > MAX_SIZE[0] or height > MAX_SIZE[1]:
        raise ValueError(f"a {width} x {height} inch chart does not fit a projector; "
                         f"keep it within {MAX_SIZE[0]} x {MAX_SIZE[1]}")
    chart = Chart(figsize=size, dpi=DPI, layout="constrained")
    chart.alt = alt
    return chart


def new_chart(alt: str, size: tuple[float, float]) -> tuple[Chart, Axes]:
    """A chart of one Axes, ``size`` inches, with ``alt`` text (ValueError
    if there is none or the chart would not fit a projector)."""
    chart = _figure(alt, size)
    return chart, chart.subplots()


def _chart_row(alt: str, size: tuple[float, float], ncols: int) -> tuple[Chart, list[Axes]]:
    """A chart of ``ncols`` Axes side by side, left to right."""
    chart = _figure(alt, size)
    return chart, list(chart.subplots(ncols=ncols, squeeze=False)[0])


def checked_mapping(name: str, value: object) -> Mapping:
    """``value`` if it is a non-empty mapping; TypeError or ValueError, naming
    ``name``, otherwise."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping (a dict), not {type(value).__name__}")
    if not value:
        raise ValueError(f"{name} is empty: there is nothing to plot")
    return value


def _series(name: str, values: object) -> list[float]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise TypeError(f"{name} must be a list of numbers, not {type(values).__name__}")
    if not values:
        raise ValueError(f"{name} is empty: there is nothing to plot")
    for x in values:
        if isinstance(x, bool) or not isinstance(x, (int, float)) or math.isnan(x):
            raise TypeError(f"{name} must hold numbers only, not {x!r}")
    return list(values)


def _grid(name: str, data: Mapping) -> dict[int, list[int]]:
    """The depths measured for each branching factor, from keys (b, d)."""
    depths: dict[int, list[int]] = {}
    for key in data:
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, int) for k in key)):
            raise TypeError(f"{name} must be keyed by (branching, depth) pairs of whole numbers, not {key!r}")
        depths.setdefault(key[0], []).append(key[1])
    if len(depths) > 3:
        raise ValueError(f"{name} has {len(depths)} branching factors; a chart shows at most 3")
    return {b: sorted(ds) for b, ds in sorted(depths.items())}


# --- 04: how much alpha-beta saves --------------------------------------------------

@styled
def leaf_counts_chart(counts: Mapping[tuple[int, int], Mapping[str, Sequence[int]]], *,
                      minimum: Mapping[tuple[int, int], int], theme: object = None) -> Chart:
    """Leaves alpha-beta evaluates against depth, on a log scale, one panel
    per branching factor: the mean for worst, random and best order, the
    spread of random order as a band, and the two yardsticks b^d and
    ``minimum`` (the Knuth-Moore minimum).

    Parameters
    ----------
    counts : mapping
        ``counts[b, d]`` maps ``"worst"``, ``"random"`` and ``"best"`` to
        the leaves evaluated on each tree measured with branching b and depth d.
    minimum : mapping
        ``minimum[b, d]``: the fewest leaves alpha-beta can evaluate there.
    theme : optional
        The colours (see :func:`gametree.view.theme.theme_of`); None: the default.

    Examples
    --------
    >>> counts = {(2, d): {"worst": [2**d], "random": [2**d - 1], "best": [d + 1]} for d in (1, 2)}
    >>> chart = leaf_counts_chart(counts, minimum={(2, 1): 2, (2, 2): 3})
    >>> chart.alt.startswith("Leaves alpha-beta evaluates")
    True
    """
    paint = theme_of(theme)
    depths = _grid("counts", checked_mapping("counts", counts))
    checked_mapping("minimum", minimum)
    for key, by_order in counts.items():
        if set(checked_mapping(f"counts{key}", by_order)) != set(_ORDERS):
            raise ValueError(f"counts{key} must give the 'worst', 'random' and 'best' counts, "
                             f"not {sorted(by_order)}")
        for order in _ORDERS:
            _series(f"counts{key}[{order!r}]", by_order[order])
        if key not in minimum:
            raise ValueError(f"minimum has no value for (branching, depth) = {key}")
    alt = ("Leaves alpha-beta evaluates against depth, log scale, for branching "
           + " and ".join(map(str, depths)) + ": worst order follows b^d, best order lies on the "
           "Knuth-Moore minimum, and random order lies between them, its line climbing more steeply than the minimum's.")
    chart, axes = _chart_row(alt, (10.8, 5.0), ncols=len(depths))
    for ax, (b, ds) in zip(axes, depths.items(), strict=True):
        ax.plot(ds, [b**d for d in ds], color=paint["ink"], ls="--", lw=1.6, label="$b^d$ (minimax)")
        ax.plot(ds, [minimum[b, d] for d in ds], color=paint["ink"], ls=":", lw=2.4, label="Knuth–Moore minimum")
        for order, (series, marker, line) in _ORDERS.items():
            means = [sum(counts[b, d][order]) / len(counts[b, d][order]) for d in ds]
            ax.plot(ds, means, color=paint.series[series], marker=marker, ls=line, ms=9,
                    label=f"{order} order (mean)")
        ax.fill_between(ds, [min(counts[b, d]["random"]) for d in ds], [max(counts[b, d]["random"]) for d in ds],
                        color=paint.series[0], alpha=0.15, label="random order (fewest to most)")
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(ScalarFormatter())
        ax.minorticks_off()
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set(xlabel="depth d", title=f"branching b = {b}")
    axes[0].set_ylabel("leaves evaluated (log scale)")
    axes[0].legend(loc="upper left")
    return chart


@styled
def branching_factor_chart(mean_leaves: Mapping[tuple[int, int], float], *,
                           pearl: Mapping[int, float], theme: object = None) -> Chart:
    """The growth per ply of the leaves evaluated on random trees,
    N^(1/d), against depth, one panel per branching factor b, beside four
    levels: b (minimax), ``pearl[b]`` (Pearl's limit), b^(3/4) (AIMA's
    estimate for random order) and sqrt(b) (best order).

    Parameters
    ----------
    mean_leaves : mapping
        ``mean_leaves[b, d]``: the mean number N of leaves evaluated on
        random trees with branching b and depth d.
    pearl : mapping
        ``pearl[b]``: Pearl's limit of N^(1/d) for branching b.
    theme : optional
        The colours (see :func:`gametree.view.theme.theme_of`); None: the default.

    Examples
    --------
    >>> chart = branching_factor_chart({(2, 1): 2, (2, 2): 3.2}, pearl={2: 1.618})
    >>> "Pearl" in chart.alt
    True
    """
    depths = _grid("mean_leaves", checked_mapping("mean_leaves", mean_leaves))
    checked_mapping("pearl", pearl)
    for b in depths:
        if b not in pearl:
            raise ValueError(f"pearl has no limit for branching {b}")
    _series("mean_leaves", list(mean_leaves.values()))
    alt = ("The d-th root of the leaves evaluated on random trees, against depth, for branching "
           + " and ".join(map(str, depths)) + ": it starts at b and falls with depth towards Pearl's limit, "
           "drawn with b, b^(3/4) and the square root of b for comparison.")
    chart, axes = _chart_row(alt, (10.8, 4.6), ncols=len(depths))
    paint = theme_of(theme)
    levels = [("$b$ (minimax)", paint["ink"], "--"), ("$b^{3/4}$ (AIMA, random order)", paint.series[5], "-."),
              ("Pearl's limit", paint.series[1], "-"), (r"$\sqrt{b}$ (best order)", paint["ink"], ":")]
    for ax, (b, ds) in zip(axes, depths.items(), strict=True):
        ax.plot(ds, [mean_leaves[b, d] ** (1 / d) for d in ds], color=paint.series[0], marker="o", ls="-",
                label="random trees: $N^{1/d}$")
        for (label, colour, style), level in zip(levels, (b, b**0.75, pearl[b], math.sqrt(b)), strict=True):
            ax.axhline(level, color=colour, ls=style, lw=2, label=label)
        ax.set_ylim(math.sqrt(b) - 0.15, b + 0.15)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set(xlabel="depth d", title=f"b = {b}: Pearl's limit {pearl[b]:.3f}")
    axes[0].set_ylabel("$N^{1/d}$")
    handles, labels = axes[0].get_legend_handles_labels()
    chart.legend(handles, labels, loc="outside lower center", ncols=3)
    return chart


# --- 06: tic-tac-toe -----------------------------------------------------------------

@styled
def search_cost_chart(nodes: Mapping[str, int], *, remembers: Sequence[str] = (),
                      theme: object = None) -> Chart:
    """Positions each search visits, as horizontal bars on a log scale,
    the searches that remember positions (named in ``remembers``) hatched
    and coloured apart from the others; ``theme`` gives the colours (see
    :func:`gametree.view.theme.theme_of`).

    >>> search_cost_chart({"minimax": 549946, "minimax + memo": 16168}, remembers=["minimax + memo"]).alt
    'Positions visited to solve tic-tac-toe, log scale: minimax 549,946; minimax + memo 16,168.'
    """
    checked_mapping("nodes", nodes)
    _series("nodes", list(nodes.values()))
    unknown = set(remembers) - set(nodes)
    if unknown:
        raise ValueError(f"remembers names {sorted(unknown)}, which are not in nodes")
    alt = "Positions visited to solve tic-tac-toe, log scale: " + "; ".join(
        f"{name} {count:,}" for name, count in nodes.items()) + "."
    paint = theme_of(theme)
    chart, ax = new_chart(alt, (10.8, 4.4))
    names = list(nodes)[::-1]
    plain, remembering = paint.series[0], paint.series[3]
    for i, name in enumerate(names):
        table = name in remembers
        bar = ax.barh([i], [nodes[name]], color=remembering if table else plain,
                      hatch="//" if table else None, edgecolor=paint["ink"], linewidth=0.8)
        ax.bar_label(bar, labels=[f"{nodes[name]:,}"], padding=6)
    ax.set_yticks(range(len(names)), names)
    ax.set_xscale("log")
    ax.set_xlim(300, 1e7)
    ax.grid(False, axis="y")
    ax.set(xlabel="positions visited (log scale)", title="Proving that tic-tac-toe is a draw")
    ax.legend(handles=[Patch(facecolor=plain, edgecolor=paint["ink"], label="remembers nothing"),
                       Patch(facecolor=remembering, edgecolor=paint["ink"], hatch="//",
                             label="remembers positions (memo or table)")], loc="lower right")
    return chart


# --- 07: the horizon effect ----------------------------------------------------------

@styled
def move_values_chart(values: Mapping[str, Sequence[float]], *, horizon: float | None = None,
                      title: str = "", ylabel: str = "value of the move", dodge: float = 0.06,
                      theme: object = None) -> Chart:
    """Each move's value (one line per move, each with its own colour,
    marker and line style) against the depth searched, 1, 2, ...; a
    dotted vertical line at ``horizon`` when given.  Moves often share a
    value, so each line is shifted sideways by ``dodge`` depths from the
    next, and equal values show as markers side by side, not one on top
    of another.  ``theme`` gives the colours (see
    :func:`gametree.view.theme.theme_of`).

    >>> move_values_chart({"S1": [1, 0, -9], "S2": [1, 0, 0]}, horizon=2.5).alt
    'The value of each move against the depth searched (S1, S2), with a dotted line between depth 2 and 3.'
    """
    checked_mapping("values", values)
    if len(values) > len(MARKERS):
        raise ValueError(f"values has {len(values)} moves; a chart tells at most {len(MARKERS)} apart")
    for name, line in values.items():
        _series(f"values[{name!r}]", line)
    alt = f"The value of each move against the depth searched ({', '.join(values)})"
    if horizon is not None:
        alt += f", with a dotted line between depth {math.floor(horizon)} and {math.ceil(horizon)}"
    paint = theme_of(theme)
    chart, ax = new_chart(alt + ".", (10.0, 4.8))
    colours = [*paint.series[:6], paint["ink"]]  # not the grey series 7: it reads as a guide
    for i, (name, line) in enumerate(values.items()):
        shift = dodge * (i - (len(values) - 1) / 2)
        ax.plot([d + shift for d in range(1, len(line) + 1)], line, color=colours[i % len(colours)], marker=MARKERS[i],
                ls=LINESTYLES[i % len(LINESTYLES)], label=name)
    if horizon is not None:
        ax.axvline(horizon, color=paint["guide"], ls=":", lw=2)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(xlabel="search depth (moves)", ylabel=ylabel, title=title)
    chart.legend(title="move", loc="outside right upper")
    return chart


# --- 08: move ordering and playing strength ------------------------------------------

@styled
def ordering_chart(nodes: Mapping[str, Sequence[int]], *, ylabel: str = "nodes searched (log scale)",
                   theme: object = None) -> Chart:
    """Nodes searched at each depth 1, 2, ..., one line per move ordering
    (the keys of ``nodes`` name them), on a log scale, in ``theme``'s colours
    (see :func:`gametree.view.theme.theme_of`).

    >>> ordering_chart({"none": [10, 100], "best": [10, 50]}).alt
    'Nodes searched against depth, log scale, for each move ordering: at depth 2, none 100, best 50.'
    """
    checked_mapping("nodes", nodes)
    lengths = {len(_series(f"nodes[{name!r}]", line)) for name, line in nodes.items()}
    if len(lengths) != 1:
        raise ValueError("every ordering in nodes needs a count for the same depths")
    depth = lengths.pop()
    alt = (f"Nodes searched against depth, log scale, for each move ordering: at depth {depth}, "
           + ", ".join(f"{name} {line[-1]:,}" for name, line in nodes.items()) + ".")
    paint = theme_of(theme)
    chart, ax = new_chart(alt, (10.0, 4.8))
    for i, (name, line) in enumerate(nodes.items()):
        ax.plot(range(1, depth + 1), line, color=paint.series[i], marker=MARKERS[i], ls=LINESTYLES[i], label=name)
    ax.set_yscale("log")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set(xlabel="search depth (moves)", ylabel=ylabel, title="Move ordering: nodes per depth")
    ax.legend(loc="upper left")
    return chart


def _rates(match: Mapping, key: str) -> tuple[float, float, float]:
    rate, (low, high) = match[f"{key}_rate"], match[f"{key}_ci"]
    return 100 * rate, 100 * (rate - low), 100 * (high - rate)


@styled
def strength_chart(results: Mapping, *, theme: object = None) -> Chart:
    """Two panels from the strength experiment's results (the JSON that
    ``benchmarks/bench_kalah_strength.py`` writes): the share of games won
    against the random and greedy players by depth, and the games won and
    lost by ``kalah_evaluation`` against the store difference at the same
    depth, each rate with its 95% interval as an error bar, in ``theme``'s
    colours (see :func:`gametree.view.theme.theme_of`).

    >>> match = {"win_rate": 0.5, "win_ci": [0.4, 0.6], "loss_rate": 0.5, "loss_ci": [0.4, 0.6]}
    >>> results = {"baselines": [dict(match, player="depth 1", opponent="random")],
    ...            "evaluations": [dict(match, player="depth 1")]}
    >>> strength_chart(results).alt.startswith("Two panels.")
    True
    """
    checked_mapping("results", results)
    for part in ("baselines", "evaluations"):
        if not results.get(part):
            raise ValueError(f"results has no {part!r} matches; pass what bench_kalah_strength.py writes")
    alt = ("Two panels. First, the share of games a depth-limited player wins against a random and a "
           "greedy player, by depth, with 95% intervals. Second, the games won and lost by "
           "kalah_evaluation against the store difference at the same depth.")
    paint = theme_of(theme)
    chart, (left, right) = _chart_row(alt, (10.8, 4.8), ncols=2)
    opponents = list(dict.fromkeys(m["opponent"] for m in results["baselines"]))
    for i, opponent in enumerate(opponents):
        matches = [m for m in results["baselines"] if m["opponent"] == opponent]
        depths = [int(m["player"].split()[1]) for m in matches]
        rate, low, high = zip(*(_rates(m, "win") for m in matches), strict=True)
        left.errorbar(depths, rate, yerr=[low, high], color=paint.series[i], marker=MARKERS[i], ls=LINESTYLES[i],
                      capsize=4, label=f"against {opponent}")
    left.set(xlabel="search depth (moves)", ylabel="games won (%)", ylim=(0, 102), title="Against the baselines")
    left.legend(loc="lower right")
    depths = [int(m["player"].split()[1]) for m in results["evaluations"]]
    for i, (key, words) in enumerate((("win", "games won"), ("loss", "games lost"))):
        rate, low, high = zip(*(_rates(m, key) for m in results["evaluations"]), strict=True)
        right.errorbar(depths, rate, yerr=[low, high], color=paint.series[2 * i], marker=MARKERS[2 + i],
                       ls=LINESTYLES[i], capsize=4, label=words)
    right.axhline(50, color=paint["guide"], ls=":")
    right.set(xlabel="search depth (moves), the same for both", ylabel="% of games", ylim=(0, 100),
              title="kalah_evaluation against store difference")
    right.legend(loc="upper right")
    for ax in (left, right):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    return chart


@styled
def round_robin_chart(share: Sequence[Sequence[float | None]], *, names: Sequence[str],
                      theme: object = None) -> Chart:
    """A table of shares as a heat map: ``share[i][j]`` is the share of the
    points player ``names[i]`` took from player ``names[j]`` (None on the
    diagonal), written in each cell as a percentage on a blue (more than
    half) to red (less than half) scale, in ``theme``'s text colours (see
    :func:`gametree.view.theme.theme_of`).

    >>> round_robin_chart([[None, 0.2], [0.8, None]], names=["depth 1", "depth 2"]).alt
    'Round robin: each cell is the row player’s share of the points against the column player; depth 2 took 80% from depth 1.'
    """
    _check_share(share, names)
    paint = theme_of(theme)
    grid = [[0.5 if x is None else x for x in row] for row in share]  # off the diagonal: share
    pairs = ", ".join(f"{names[i + 1]} took {100 * grid[i + 1][i]:.0f}% from {names[i]}"
                      for i in range(len(names) - 1))
    alt = f"Round robin: each cell is the row player’s share of the points against the column player; {pairs}."
    chart, ax = new_chart(alt, (8.0, 5.6))
    image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for i, row in enumerate(share):
        for j, x in enumerate(row):
            strong = x is not None and abs(x - 0.5) > 0.3
            ax.text(j, i, "–" if x is None else f"{100 * x:.0f}%", ha="center", va="center",
                    color=paint["text on dark"] if strong else paint["ink"])
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.grid(False)
    ax.set(xlabel="opponent", ylabel="player", title="Round robin: the player's share of the points")
    chart.colorbar(image, ax=ax, shrink=0.8, label="share of the points")
    return chart


def _check_share(share: Sequence[Sequence[float | None]], names: Sequence[str]) -> None:
    """ValueError naming the first cell of ``share`` that is not a share
    (None on the diagonal, a number from 0 to 1 elsewhere)."""
    if len(share) != len(names) or any(len(row) != len(names) for row in share):
        raise ValueError(f"share must be a {len(names)} x {len(names)} table, one row and column per name")
    for i, row in enumerate(share):
        for j, x in enumerate(row):
            if (x is None) != (i == j) or (x is not None and not 0 <= x <= 1):
                raise ValueError(f"share[{i}][{j}] must be {'None' if i == j else 'a share from 0 to 1'}, not {x!r}")


def _legend_keys(chart: Chart) -> list[tuple[MarkerType, LineStyleType]]:
    """(marker, line style) of every line in the chart's legends, for tests."""
    keys = []
    legends = [legend for ax in chart.axes if (legend := ax.get_legend()) is not None]
    legends += chart.legends
    for legend in legends:
        for handle in legend.legend_handles:
            if isinstance(handle, Line2D):
                keys.append((handle.get_marker(), handle.get_linestyle()))
    return keys
