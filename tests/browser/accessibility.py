"""axe-core, the accessibility audit the WCAG community uses, run in Chromium on a page.

``.ci/run`` installs axe-core from npm (``npm ci --prefix tests/browser/axe``, pinned in
``tests/browser/axe/package-lock.json``); the tests inject its ``axe.min.js`` into each page and
never fetch it. Without it the audits are skipped with the command that installs it, and under
``GAMETREE_REQUIRE_BROWSER=1`` (CI) they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"

SERIOUS = ("serious", "critical")
"""The impacts a page must have none of."""


def axe_source() -> str:
    """The text of axe.min.js; skips (fails in CI) where it is not installed."""
    if not AXE.exists():
        reason = (f"axe-core is not installed at {AXE}; install it with "
                  "`npm ci --prefix tests/browser/axe` to run the accessibility audits")
        if os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"GAMETREE_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
        pytest.skip(reason)
    return AXE.read_text(encoding="utf-8")


def audit(page, source: str) -> list[dict]:
    """axe-core's violations on ``page`` (a Playwright page, loaded), every impact.

    Each violation is axe's own record: ``id`` (the rule), ``impact``, ``help`` and ``nodes``
    (one per offending element, with its ``target`` selector and ``failureSummary``). axe's
    preload (it fetches the page's style sheets again, for one rule on orientation, which
    file:// pages refuse) is off: the page's own requests stay the only ones.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=source)
    return page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations'], preload: false})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}))")


def serious(violations: list[dict]) -> list[str]:
    """One line per element a serious or critical violation names: rule, element, why."""
    return [f"{v['id']} ({v['impact']}): {node['target']}: {node['summary'].splitlines()[-1].strip()}"
            for v in violations if v["impact"] in SERIOUS for node in v["nodes"]]


def counts(violations: list[dict]) -> dict[str, int]:
    """How many elements each rule flags, by ``rule (impact)``."""
    return {f"{v['id']} ({v['impact']})": len(v["nodes"]) for v in violations}
