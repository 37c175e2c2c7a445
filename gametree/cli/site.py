"""``python -m gametree site``: the course's notebooks as a static site that needs no kernel.

:func:`gametree.view.pages.site.build_site` runs each notebook again in a
fresh kernel and renders it with nbconvert, every stepper replaced by its
step-through player (see that module for how it finds them).  The site
opens from a ``file://`` path or any static web host and fetches nothing.
Without ``--out`` it goes to ``handouts/site/``.  A notebook that fails to
run stops the build with one line naming it, and exit status 2; nothing
is written then.

nbconvert and the kernels are started only when the site is built, so
``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import os

from .usage import (
    HANDOUTS,
    UsageError,
    default_out,
    file_error,
    language_argument,
    theme_argument,
    whole_number,
)

__all__ = ["register", "JOBS"]

JOBS = max(1, min(4, os.cpu_count() or 1))
"""Notebooks run at once by default: one per core, at most 4 (each kernel
draws its players; more would only share the cores)."""


def register(commands) -> None:
    """Add ``site`` to the command line (see :mod:`gametree.cli`)."""
    parser = commands.add_parser(
        "site", help="write the notebooks as a static web site that needs no kernel",
        description="Write every notebook of notebooks/ as a page of a static site: its outputs, "
                    "solutions folded, links between notebooks working, an index page, and each "
                    "stepper replaced by a step-through player. Each notebook is run again in a "
                    "fresh kernel to find its steppers (the notebooks are not changed). The site "
                    "opens from a file or any static web host and fetches nothing.")
    language_argument(parser)
    parser.add_argument("--out", "-o", metavar="DIR",
                        help=f"the site's folder: new, empty, or a site written by this command "
                             f"(default: {HANDOUTS}/site)")
    parser.add_argument("--notebooks", nargs="+", metavar="NAME",
                        help="only these notebooks, e.g. 01-minimax 02-alpha-beta (default: all); "
                             "links to the others become plain text")
    parser.add_argument("--source", metavar="DIR",
                        help="the folder of notebooks (default: notebooks, or notebooks/CODE for "
                             "--lang CODE)")
    parser.add_argument("--all-languages", action="store_true",
                        help="every language at once: English at the site's root, each "
                             "translation (notebooks/CODE) in the folder CODE, every page with "
                             "a language switcher")
    parser.add_argument("--binder", metavar="URL",
                        help="the repository's Binder address (such as "
                             "https://mybinder.org/v2/gh/OWNER/gametree/main): a widget the site "
                             "shows as a picture then links to its notebook there")
    parser.add_argument("--jobs", "-j", type=whole_number, default=JOBS, metavar="N",
                        help=f"notebooks run at once, each in its own kernel (default: {JOBS}, "
                             f"one per core up to 4)")
    theme_argument(parser)
    parser.set_defaults(run=_run)


def _line(page) -> str:
    players = len(page.players)
    words = [f"{page.size / 1e6:.2f} MB", f"{players} player{'s' if players != 1 else ''}"]
    if page.pictures:
        words.append(f"{page.pictures} widget{'s' if page.pictures != 1 else ''} as a picture")
    return f"  {page.file}: {', '.join(words)} ({page.seconds:.1f} s)"


def _run(args: argparse.Namespace) -> None:
    from ..i18n import check_language
    from ..view.pages.site import build_site, build_sites, chosen_notebooks

    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: run 1 or more notebooks at once")
    if args.binder is not None and not args.binder.startswith("https://"):
        raise UsageError(f"--binder {args.binder}: give the repository's Binder address, such as "
                         f"https://mybinder.org/v2/gh/OWNER/gametree/main")
    lang = "en" if args.lang is None or args.all_languages else check_language(args.lang)
    source = args.source or ("notebooks" if lang == "en" else f"notebooks/{lang}")
    chosen_notebooks(source, args.notebooks)  # refused before the default folder is made
    out = args.out if args.out is not None else default_out("site")
    options = {"jobs": args.jobs, "binder": args.binder, "theme": args.theme,
               "progress": lambda page: print(_line(page), flush=True)}
    try:
        if args.all_languages:
            for site in build_sites(out, source=source, notebooks=args.notebooks, **options):
                print(f"wrote {site.out}: {len(site.pages)} pages")
            return
        site = build_site(out, source=source, notebooks=args.notebooks, lang=lang, **options)
    except OSError as error:
        raise file_error(error, out) from None
    print(f"wrote {out}: {len(site.pages)} pages, {site.players} step-through players, "
          f"{site.size / 1e6:.1f} MB ({site.static / 1e6:.1f} MB shared in {out}/static), "
          f"in {site.seconds:.0f} s; open {out}/index.html")
