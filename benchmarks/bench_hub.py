"""A class on the course hub, measured on this machine (not a test).

    .venv/bin/python benchmarks/bench_hub.py            # 30 students
    .venv/bin/python benchmarks/bench_hub.py --students 5

Starts the course hub (hub/start.py) on free ports in a temporary folder,
logs every student in through the hub's REST API, asks the hub to start
every server at once, then has each student pull the set with nbgitpuller's
link (a bare clone of this repository's HEAD: no network) and run notebook
02 top to bottom in a kernel of her server, all at once.  Prints:

* the time until every server answers (from the first start request);
* the time until every notebook has run (from the first run);
* memory per student server: the resident size (RSS) of its process tree
  (the server and its kernel, the notebook still open), and its unique
  size (USS: what that student alone adds);
* how many servers or notebooks failed, and why.

Then it stops the hub and removes its folder.  Figures under load are
noisy: the load average at the start is printed beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "hub"))   # hub/ is a folder of scripts, not a package

from hubclient import Hub, Ran, StepFailed, run_notebook  # noqa: E402

NOTEBOOK = "gametree/notebooks/02-alpha-beta.ipynb"
BRANCH = "under-test"


def server_trees(users: list[str]) -> dict[str, list[psutil.Process]]:
    """Each user's server process and everything it started (its kernel)."""
    found: dict[str, list[psutil.Process]] = {}
    for process in psutil.process_iter(["cmdline"]):
        try:
            if not any("jupyterhub-singleuser" in part for part in process.info["cmdline"] or []):
                continue
            user = process.environ().get("JUPYTERHUB_USER")
            if user in users and process.environ().get("JUPYTERHUB_SERVICE_NAME") is None:
                found[user] = [process, *process.children(recursive=True)]
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return found


def memory(trees: dict[str, list[psutil.Process]]) -> tuple[list[float], list[float]]:
    """RSS and USS (MB) of each tree."""
    rss, uss = [], []
    for processes in trees.values():
        total_rss = total_uss = 0
        for process in processes:
            try:
                info = process.memory_full_info()
                total_rss, total_uss = total_rss + info.rss, total_uss + info.uss
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
        rss.append(total_rss / 2**20)
        uss.append(total_uss / 2**20)
    return rss, uss


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=600, help="seconds for each server to answer")
    parser.add_argument("--notebook-timeout", type=float, default=300, help="seconds for each notebook")
    args = parser.parse_args()
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)     # each figure as soon as it is measured
    students = [f"student{n:02d}" for n in range(1, args.students + 1)]
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GB; "
          f"load average {load:.1f} at the start (other work shares the CPU)")
    folder = Path(tempfile.mkdtemp(prefix="gametree-bench-hub-"))
    bare = folder / "gametree.git"
    subprocess.run(["git", "clone", "--quiet", "--bare", "--depth", "1", "--no-local", f"file://{REPO}",
                    str(bare)], check=True, timeout=300)
    subprocess.run(["git", "-C", str(bare), "update-ref", f"refs/heads/{BRANCH}", "HEAD"], check=True)
    hub = Hub(folder / "state", "bench-password", students=students, start_timeout=int(args.timeout))
    failures: list[str] = []
    try:
        began = time.monotonic()
        hub.start(timeout=120)
        print(f"hub up: {time.monotonic() - began:.1f} s")
        tokens = {student: hub.login(student) for student in students}
        began = time.monotonic()
        for student in students:
            hub.start_server(student, tokens[student])

        def wait(student: str) -> str | None:
            try:
                hub.wait_for_server(student, tokens[student], timeout=args.timeout)
                return None
            except StepFailed as failed:
                return str(failed)

        with ThreadPoolExecutor(len(students)) as pool:
            waited = dict(zip(students, pool.map(wait, students), strict=True))
        answered = [student for student, failed in waited.items() if failed is None]
        failures += [failed for failed in waited.values() if failed]
        print(f"every server answers: {time.monotonic() - began:.1f} s "
              f"({len(answered)} of {len(students)})")

        def pull(student: str) -> str | None:
            try:
                hub.git_pull(student, tokens[student], f"file://{bare}", BRANCH, "gametree")
                return None
            except StepFailed as failed:
                return str(failed)

        began = time.monotonic()
        with ThreadPoolExecutor(len(answered) or 1) as pool:
            pulled = dict(zip(answered, pool.map(pull, answered), strict=True))
        failures += [failed for failed in pulled.values() if failed]
        ready = [student for student, failed in pulled.items() if failed is None]
        print(f"every nbgitpuller link opened: {time.monotonic() - began:.1f} s")

        async def run_all() -> list[Ran | BaseException]:
            return await asyncio.gather(*(run_notebook(hub, student, tokens[student], NOTEBOOK,
                                                       timeout=args.notebook_timeout, keep_kernel=True)
                                          for student in ready), return_exceptions=True)

        began = time.monotonic()
        results = asyncio.run(run_all())
        elapsed = time.monotonic() - began
        ran = [result for result in results if isinstance(result, Ran)]
        failures += [f"{student}: {type(result).__name__}: {result}"
                     for student, result in zip(ready, results, strict=True) if not isinstance(result, Ran)]
        each = sorted(result.seconds for result in ran)
        print(f"every notebook has run: {elapsed:.1f} s ({len(ran)} of {len(ready)}; each took "
              f"{each[0]:.1f} to {each[-1]:.1f} s, median {statistics.median(each):.1f} s)" if each
              else "no notebook ran")
        rss, uss = memory(server_trees(ran and [result.user for result in ran] or answered))
        if rss:
            print(f"memory per student server (server and kernel, notebook 02 open): RSS median "
                  f"{statistics.median(rss):.0f} MB, max {max(rss):.0f} MB; USS median "
                  f"{statistics.median(uss):.0f} MB; all {len(rss)} servers: RSS {sum(rss) / 1024:.1f} GB")
        if hub.process is not None:
            everything = [psutil.Process(hub.process.pid), *psutil.Process(hub.process.pid).children(recursive=True)]
            total, _ = memory({"hub": everything})
            print(f"the hub, its proxy and the formgrader service (the rest of its process tree): "
                  f"RSS {total[0] - sum(rss):.0f} MB")
    finally:
        began = time.monotonic()
        hub.stop(timeout=180)
        left = hub.left_running()
        shutil.rmtree(folder, ignore_errors=True)
        print(f"hub stopped: {time.monotonic() - began:.1f} s; processes left: {len(left)}")
    print(f"failures: {len(failures)}")
    for failed in failures:
        print(f"  {failed}")
    return 1 if failures or left else 0


if __name__ == "__main__":
    sys.exit(main())
