#!/usr/bin/env python3
"""Cram boards solved by grundy and by igsolve (Beling), one after the other
in the same run: the value, user CPU seconds, wall seconds and peak memory
of each, and grundy's share of igsolve's time.

grundy is timed twice: `search_value` (the library's search, the value only,
which is what igsolve computes) and `grundy cram RxC --json` (the analysis a
user gets, which also lists every winning move).

    cargo build --release -p grundy-cli && cargo build --release -p grundy --example search_value
    python3 scripts/cram-bench.py --igsolve PATH 4x7 5x6 5x7 5x8 4x11

A run past --cap seconds is stopped and shown as `> cap`.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIME = "/usr/bin/time"


def timed(cmd, cap):
    """(stdout, user s, wall s, peak KB) of one command, or None past cap."""
    try:
        p = subprocess.run(
            [TIME, "-f", "@@ %U %e %M", *cmd],
            capture_output=True,
            text=True,
            timeout=cap,
        )
    except subprocess.TimeoutExpired:
        return None
    m = re.search(r"@@ ([\d.]+) ([\d.]+) (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        sys.exit(f"cram-bench: {' '.join(cmd)} failed: {p.stderr.strip()}")
    return p.stdout, float(m[1]), float(m[2]), int(m[3])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("boards", nargs="+", help="boards, RxC")
    ap.add_argument("--igsolve", required=True, help="the igsolve binary")
    ap.add_argument("--cap", type=float, default=600, help="seconds per run")
    ap.add_argument("--target", default=str(ROOT / "target" / "release"))
    args = ap.parse_args()
    target = Path(args.target)
    print("| board | value | grundy value (user s) | grundy analysis (user s) "
          "| igsolve (user s) | value / igsolve | analysis / igsolve "
          "| grundy memory | igsolve memory |")
    print("|---|---|---|---|---|---|---|---|---|")
    for board in args.boards:
        r, c = board.lower().split("x")
        ours = timed([str(target / "examples" / "search_value"), "cram:" + board], args.cap)
        full = timed([str(target / "grundy"), "cram", board, "--json"], args.cap)
        theirs = timed([args.igsolve, "cram", "-r", r, "-c", c], args.cap)
        value = re.search(r"value (\d+)", ours[0])[1] if ours else "?"
        if theirs:
            got = re.search(r"Nimber of initial position: (\d+)", theirs[0])[1]
            if ours and got != value:
                sys.exit(f"cram-bench: {board}: grundy {value}, igsolve {got}")
        if full and ours:
            if f'"value":{value}' not in full[0].replace(" ", ""):
                sys.exit(f"cram-bench: {board}: the analysis disagrees")

        def secs(t):
            return f"{t[1]:.2f}" if t else f"> {args.cap:.0f}"

        def ratio(a, b):
            return f"{a[1] / b[1]:.2f}" if a and b and b[1] > 0 else "-"

        def mem(t):
            return f"{t[3] // 1024} MB" if t else "-"

        print(f"| {board} | {value} | {secs(ours)} | {secs(full)} | {secs(theirs)} "
              f"| {ratio(ours, theirs)} | {ratio(full, theirs)} "
              f"| {mem(ours)} | {mem(theirs)} |", flush=True)


if __name__ == "__main__":
    main()
