"""What the kernel-free pages weigh and cost to build (issue 24).

Run:  python benchmarks/bench_pages.py [--quick]

For AIMA's 9-leaf tree (3 12 8 2 4 6 14 5 2, branching 3), a seeded
81-leaf tree (branching 3, depth 4) and the same leaves in the worst order
(the 81-leaf search that prunes least, so has the most steps), it measures
in the same run:

* the step-through page (:func:`gametree.view.html`): its size, and the
  time to build it;
* the straightforward page: every step's picture stored whole (the same
  SVG text, nothing shared), its size; and the straightforward build, a
  new figure per step drawn by ``draw(trace, step)`` and saved as SVG;
* in Chromium (when /usr/bin/chromium and Playwright are there), the time
  from a click on *next* to the new picture laid out (script, SVG
  parsing, style and layout), over every step: median, 90th percentile
  and worst.

It prints sizes in kB, build seconds and the ratios against the
straightforward versions, and the drill page's size and build time for
``--seed 42 --count 10``.  Targets: at most 1 MB for AIMA's tree, 5 MB for
an 81-leaf search, a step drawn within 30 ms.  ``--quick`` skips the
worst-ordered tree (about two minutes of drawing).
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import matplotlib

from gametree import trace_alpha_beta
from gametree.cli.drill import drill_page
from gametree.generate import worst_order
from gametree.view import html
from gametree.view.draw import draw
from gametree.view.pages import TraceSteps, page_data
from gametree.view.pages.steps import svg_settings


def whole_size(steps: TraceSteps) -> int:
    """Bytes of a page storing every picture whole: the pictures and each
    step's words, as JSON would hold them."""
    data = page_data(steps)
    pictures = sum(len(steps.picture(i).encode("utf-8")) for i in range(len(steps)))
    words = sum(len((s["caption"] + s["counter"] + s["alt"]).encode("utf-8")) for s in data["steps"])
    return pictures + words


def straightforward_build(trace) -> float:
    """Seconds to draw every step as a new figure and save it as SVG."""
    start = time.perf_counter()
    for index in range(len(trace)):
        figure = draw(trace, index, caption=False)
        with matplotlib.rc_context(svg_settings()):
            figure.savefig(io.StringIO(), format="svg", metadata={"Date": None})
    return time.perf_counter() - start


_CLICK_TO_LAYOUT = """() => {
  const start = performance.now();
  document.getElementById("next").click();
  void document.getElementById("picture").getBoundingClientRect().height;  // style and layout now
  return performance.now() - start;
}"""


def draw_times(path: Path, count: int) -> list[float] | None:
    """Milliseconds the page takes to draw each step after a click on next."""
    if not Path("/usr/bin/chromium").exists():
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=flags)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                       else route.abort())
            page.goto(path.as_uri())
            # From the click to the new picture laid out: script, SVG parsing,
            # style and layout (painting it is the compositor's, after).
            return [page.evaluate(_CLICK_TO_LAYOUT) for _ in range(count - 1)]
        finally:
            browser.close()


def measure(name: str, trace, folder: Path) -> None:
    steps = TraceSteps(trace)
    start = time.perf_counter()
    page = html(steps)
    built = time.perf_counter() - start
    size = len(page.encode("utf-8"))
    whole = whole_size(TraceSteps(trace))
    plain = straightforward_build(trace)
    path = folder / f"{name.split()[0]}.html"
    path.write_text(page, encoding="utf-8")
    times = draw_times(path, len(trace))
    drawn = "" if times is None else (
        f"; a step drawn in {statistics.median(times):.1f} ms (median), "
        f"{statistics.quantiles(times, n=10)[-1]:.1f} ms (90th percentile), "
        f"{max(times):.1f} ms (worst) in Chromium")
    print(f"{name}: {len(trace)} steps, page {size / 1000:,.0f} kB, every picture whole "
          f"{whole / 1000:,.0f} kB (ratio {whole / size:.1f}); built in {built:.1f} s "
          f"({built / len(trace) * 1000:.0f} ms a step), a new figure per step {plain:.1f} s "
          f"(ratio {plain / built:.2f}){drawn}")


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    rng = random.Random(81)
    leaves = [rng.randint(0, 20) for _ in range(81)]
    cases = [("AIMA 9 leaves", trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)),
             ("random 81 leaves (seed 81)", trace_alpha_beta(leaves, 3))]
    if not quick:
        cases.append(("worst-ordered 81 leaves", trace_alpha_beta(worst_order(leaves, 3), 3)))
    with tempfile.TemporaryDirectory() as folder:
        for name, trace in cases:
            measure(name, trace, Path(folder))
    start = time.perf_counter()
    page = drill_page(42, 10)
    built = time.perf_counter() - start
    print(f"drill --seed 42 --count 10: page {len(page.encode('utf-8')) / 1000:,.0f} kB, built in "
          f"{built * 1000:.0f} ms")


if __name__ == "__main__":
    main()
