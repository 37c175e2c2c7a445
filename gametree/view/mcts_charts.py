"""Charts of the Monte-Carlo tree search experiments (notebook 12), in the
style of :mod:`gametree.view.charts`: at most 1,080 by 560 pixels, no text
under 12 pixels, every series with its own colour, marker and line style
(the ``theme=`` given, by default Paul Tol's palette), 95% intervals as
error bars, alt text.

* :func:`playouts_chart`: the share of tic-tac-toe positions where UCT
  finds the perfect move, against its playouts, one line per exploration
  constant (``benchmarks/bench_mcts_tictactoe.py``);
* :func:`mcts_strength_chart`: UCT's results against depth-limited
  alpha-beta on Kalah at equal time per move, one line per evaluation
  function (``benchmarks/bench_mcts_kalah.py``).

Both read the JSON the benchmark writes; they compute nothing the lesson
should see computed.
"""

from __future__ import annotations

from collections.abc import Mapping

from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

# The chart helpers of the other experiments, shared within the view layer.
from .charts import Chart, checked_mapping, new_chart, styled
from .theme import theme_of

__all__ = ["playouts_chart", "mcts_strength_chart"]


def _count(value: float, _position=None) -> str:
    return f"{value:,.0f}" if value >= 1 else f"{value:g}"


def _entries(results: Mapping, part: str, fields: tuple[str, ...]) -> list[Mapping]:
    checked_mapping("results", results)
    entries = results.get(part)
    if not entries:
        raise ValueError(f"results has no {part!r}; pass the JSON the benchmark writes")
    for entry in entries:
        missing = [f for f in fields if f not in entry]
        if missing:
            raise ValueError(f"an entry of results[{part!r}] lacks {', '.join(missing)}")
    return entries


def _error(rate: float, interval) -> tuple[float, float]:
    low, high = interval
    return 100 * (rate - low), 100 * (high - rate)


@styled
def playouts_chart(results: Mapping, *, theme: object = None) -> Chart:
    """The share of positions where UCT's move is perfect, against the
    playouts it had (log scale), one line per exploration constant C, with
    95% intervals; the perfect player's 100% as a dashed line.  ``theme``
    gives the colours (see :func:`gametree.view.theme.theme_of`).

    >>> entry = {"exploration": 1.4, "playouts": 10, "rate": 0.5, "ci": [0.3, 0.7]}
    >>> chart = playouts_chart({"results": [entry, dict(entry, playouts=100, rate=0.9, ci=[0.8, 0.95])],
    ...                         "perfect_player": {"mean_nodes": 300}})
    >>> chart.alt.startswith("The share of tic-tac-toe positions")
    True
    """
    paint = theme_of(theme)
    markers, lines = paint.series_markers, paint.series_lines
    entries = _entries(results, "results", ("exploration", "playouts", "rate", "ci"))
    constants = list(dict.fromkeys(entry["exploration"] for entry in entries))
    if len(constants) > len(markers):
        raise ValueError(f"results has {len(constants)} exploration constants; a chart tells "
                         f"at most {len(markers)} apart")
    best = {c: max((e for e in entries if e["exploration"] == c), key=lambda e: e["playouts"])
            for c in constants}
    alt = ("The share of tic-tac-toe positions where UCT plays a perfect move, against the number of "
           "playouts (log scale), one line per exploration constant C: "
           + "; ".join(f"C = {c:.2f} reaches {100 * best[c]['rate']:.0f}% at {best[c]['playouts']:,}"
                       for c in constants)
           + ". The perfect player is right every time.")
    chart, ax = new_chart(alt, (10.0, 4.8))
    colours = [paint.series[i] for i in (0, 1, 2, 5, 3, 4)]
    for i, c in enumerate(constants):
        series = sorted((e for e in entries if e["exploration"] == c), key=lambda e: e["playouts"])
        shift = 1.04 ** (i - (len(constants) - 1) / 2)   # side by side, not on top of each other
        low, high = zip(*(_error(e["rate"], e["ci"]) for e in series), strict=True)
        ax.errorbar([e["playouts"] * shift for e in series], [100 * e["rate"] for e in series],
                    yerr=[low, high], color=colours[i % len(colours)], marker=markers[i],
                    ls=lines[i % len(lines)], capsize=3, label=f"UCT, C = {c:.2f}")
    perfect = results.get("perfect_player", {})
    label = "perfect player"
    if "mean_nodes" in perfect:
        label += f" (alpha-beta: {perfect['mean_nodes']:,.0f} positions a move)"
    ax.axhline(100, color=paint["ink"], ls="--", lw=1.6, label=label)
    ax.set_xscale("log")
    ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5)))
    ax.xaxis.set_major_formatter(FuncFormatter(_count))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set(xlabel="playouts (iterations) per search, log scale", ylabel="positions right (%)",
           ylim=(0, 104), title="How many playouts UCT needs to find the perfect move")
    ax.legend(loc="lower right")
    return chart


@styled
def mcts_strength_chart(results: Mapping, *, theme: object = None) -> Chart:
    """UCT's share of the games won against depth-limited alpha-beta at
    equal time per move (log scale), one line per alpha-beta evaluation
    function, each rate with its 95% interval, and a dotted line at half.
    ``theme`` gives the colours (see :func:`gametree.view.theme.theme_of`).

    >>> match = {"seconds_per_move": 0.01, "evaluation": "none", "win_rate": 0.9,
    ...          "win_ci": [0.8, 0.95], "uct_iterations": 100, "alpha_beta_nodes": 3400}
    >>> mcts_strength_chart({"matches": [match]}).alt.startswith("UCT against alpha-beta")
    True
    """
    paint = theme_of(theme)
    markers, lines = paint.series_markers, paint.series_lines
    entries = _entries(results, "matches", ("seconds_per_move", "evaluation", "win_rate", "win_ci",
                                            "uct_iterations", "alpha_beta_nodes"))
    evaluations = list(dict.fromkeys(entry["evaluation"] for entry in entries))
    alt = ("UCT against alpha-beta on Kalah at equal time per move: the share of games UCT wins against "
           "the time per move (log scale), one line per evaluation function of alpha-beta: "
           + "; ".join(f"against {ev}, from {100 * _ends(entries, ev)[0]:.0f}% to "
                       f"{100 * _ends(entries, ev)[1]:.0f}%" for ev in evaluations) + ".")
    chart, ax = new_chart(alt, (10.0, 4.8))
    colours = {"kalah_evaluation": paint.series[1], "store difference": paint.series[0],
               "none": paint.series[2]}
    for i, evaluation in enumerate(evaluations):
        series = sorted((e for e in entries if e["evaluation"] == evaluation),
                        key=lambda e: e["seconds_per_move"])
        shift = 1.04 ** (i - (len(evaluations) - 1) / 2)
        low, high = zip(*(_error(e["win_rate"], e["win_ci"]) for e in series), strict=True)
        ax.errorbar([e["seconds_per_move"] * shift for e in series], [100 * e["win_rate"] for e in series],
                    yerr=[low, high], color=colours.get(evaluation, paint.series[5]),
                    marker=markers[i], ls=lines[i % len(lines)], capsize=4,
                    label=_WORDS.get(evaluation, evaluation))
    ax.axhline(50, color=paint["guide"], ls=":", lw=2)
    ax.set_xscale("log")
    times = sorted({e["seconds_per_move"] for e in entries})
    ax.set_xticks(times, [_time_label(t, entries) for t in times])
    ax.set_xlim(times[0] / 1.7, times[-1] * 1.7)   # room for the two-line labels at the ends
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set(xlabel="time per move (UCT playouts / alpha-beta positions in that time)",
           ylabel="games UCT wins (%)", ylim=(-2, 102),
           title="UCT against depth-limited alpha-beta, equal time per move")
    # Between the even line and the top: where UCT's results are not.
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.71), ncols=min(3, len(evaluations)),
              title="UCT against alpha-beta with")
    return chart


_WORDS = {"kalah_evaluation": "kalah_evaluation", "store difference": "store difference",
          "none": "no evaluation"}


def _ends(entries, evaluation) -> tuple[float, float]:
    series = sorted((e for e in entries if e["evaluation"] == evaluation), key=lambda e: e["seconds_per_move"])
    return series[0]["win_rate"], series[-1]["win_rate"]


def _time_label(seconds: float, entries) -> str:
    same = [e for e in entries if e["seconds_per_move"] == seconds]
    low, high = (f(e["alpha_beta_nodes"] for e in same) for f in (min, max))
    nodes = _short(low) if low == high else f"{_short(low)}\u2013{_short(high)}"
    shown = f"{1000 * seconds:g} ms" if seconds < 1 else f"{seconds:g} s"
    return f"{shown}\n{same[0]['uct_iterations']:,} / {nodes}"


def _short(count: float) -> str:
    return f"{count / 1000:.0f}k" if count >= 10_000 else f"{count / 1000:.1f}k" if count >= 1000 \
        else f"{count:,.0f}"

