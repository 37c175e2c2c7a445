"""What ``import gametree`` costs over a bare interpreter.

Run:  python benchmarks/bench_import.py [--runs 25]

Starts fresh interpreters in turn, ``python -c pass`` and ``python -c "import
gametree"`` (and, for comparison, with the games loaded too, as ``import
gametree`` did before they loaded lazily), and prints the median processor
time of each over the bare one (target: ``import gametree`` at most 20 ms
over a bare interpreter).  Processor time of the child alone, so that other
programs on a shared machine count less; still, only the differences matter.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys

CODES = {
    "bare interpreter": "pass",
    "import gametree": "import gametree",
    "import gametree + games": "import gametree, gametree.games",
}


def cpu_ms(code: str) -> float:
    """Processor milliseconds of a fresh interpreter running ``code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = {name: [] for name in CODES}
    for _ in range(args.runs):
        for name, code in CODES.items():
            times[name].append(cpu_ms(code))
    bare = statistics.median(times["bare interpreter"])
    print(f"Python {sys.version.split()[0]}; median processor time of {args.runs} fresh "
          f"interpreters each, taken in turn\n")
    for name in CODES:
        median = statistics.median(times[name])
        print(f"{name:<26}{median:>8.1f} ms{median - bare:>+9.1f} ms over bare")
    print("\ntarget: import gametree at most 20 ms over a bare interpreter")


if __name__ == "__main__":
    main()
