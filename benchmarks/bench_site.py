"""What the course site weighs and costs to build (issue 24).

Run:  python benchmarks/bench_site.py [--jobs N] [NAME ...]

Builds the site of ``notebooks/`` (all 13 notebooks, or those named, such
as ``01-minimax 02-alpha-beta``) into a temporary folder, as ``python -m
gametree site`` does: every notebook run again in a fresh kernel, each
stepper drawn into its player, ``--jobs`` notebooks at once (by default
the command's: one per core, up to 4).  It prints

* the build's time (wall clock; the machine may be shared, so compare
  runs of the same machine only);
* the site's size in all, the shared ``static/`` folder (MathJax, the
  style sheets, the players' script) and the pages;
* each page: its size, its players and the widgets shown as a picture,
  and the time to run and render it;
* the largest player, and the players' share of the pages.

Run from the repository's root.  The folder is removed afterwards.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from gametree.cli.site import JOBS
from gametree.view.pages.site import build_site

MB = 1e6


def main(argv: list[str]) -> int:
    jobs = JOBS
    if argv[:1] == ["--jobs"]:
        jobs, argv = int(argv[1]), argv[2:]
    with tempfile.TemporaryDirectory(prefix="bench-site-") as folder:
        site = build_site(Path(folder) / "site", notebooks=argv or None, jobs=jobs,
                          progress=lambda page: print(f"  built {page.file} in {page.seconds:.1f} s",
                                                      file=sys.stderr, flush=True))
    pages = sum(page.size for page in site.pages)
    print(f"build: {site.seconds:.0f} s for {len(site.pages)} pages, {jobs} at once "
          f"({sum(page.seconds for page in site.pages):.0f} s running and rendering notebooks)")
    print(f"size: {site.size / MB:.1f} MB in all = {site.static / MB:.1f} MB static/ "
          f"+ {pages / MB:.1f} MB of pages")
    print(f"{'page':<28}{'size':>10}{'players':>9}{'pictures':>10}{'time':>8}")
    for page in site.pages:
        print(f"{page.file:<28}{page.size / MB:>8.2f}MB{len(page.players):>9}{page.pictures:>10}"
              f"{page.seconds:>7.1f}s")
    players = [(size, page.file) for page in site.pages for size in page.players]
    if players:
        size, where = max(players)
        share = sum(size for size, _ in players) / pages
        print(f"players: {len(players)}, the largest {size / MB:.2f} MB (on {where}); "
              f"{share:.0%} of the pages' bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
