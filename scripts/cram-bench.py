#!/usr/bin/env python3
"""Cram boards solved by grundy and by igsolve (Beling), one after the other
in the same run: the value, CPU seconds, wall seconds and peak memory of
each, and grundy's share of igsolve's time.

grundy is timed with the library's search for the value alone
(`search_value`, what igsolve computes), on one thread (CPU time) and on
two (wall time), and with `--analysis` also as `grundy cram RxC --json`
(the analysis a user gets, which also lists every winning move). igsolve
runs on one thread.

    cargo build --release -p grundy-cli && cargo build --release -p grundy --example search_value
    python3 scripts/cram-bench.py --igsolve PATH 5x7 5x8 4x11 5x9 6x7

A run past --cap seconds is stopped and shown as `> cap`.
"""

import argparse
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIME = "/usr/bin/time"


def timed(cmd, cap):
    """(stdout, user s, wall s, peak KB) of one command, or None past cap."""
    # A session of its own, so that a run past the cap is stopped with the
    # command it times, not the timer alone.
    p = subprocess.Popen(
        [TIME, "-f", "@@ %U %e %M", *cmd],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = p.communicate(timeout=cap)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None
    m = re.search(r"@@ ([\d.]+) ([\d.]+) (\d+)", err)
    if p.returncode != 0 or not m:
        sys.exit(f"cram-bench: {' '.join(cmd)} failed: {err.strip()}")
    return out, float(m[1]), float(m[2]), int(m[3])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("boards", nargs="+", help="boards, RxC")
    ap.add_argument("--igsolve", required=True, help="the igsolve binary")
    ap.add_argument("--cap", type=float, default=600, help="seconds per run")
    ap.add_argument("--analysis", action="store_true",
                    help="also time `grundy cram RxC --json` (every winning move)")
    ap.add_argument("--target", default=str(ROOT / "target" / "release"))
    args = ap.parse_args()
    target = Path(args.target)
    value_bin = str(target / "examples" / "search_value")
    print("| board | value | grundy, 1 thread (CPU s) | grundy, 2 threads (wall s) "
          "| grundy analysis (wall s) | igsolve (CPU s / wall s) "
          "| 1 thread / igsolve, CPU | 2 threads / igsolve, wall "
          "| grundy memory (1 / 2 threads) | igsolve memory |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for board in args.boards:
        r, c = board.lower().split("x")
        one = timed([value_bin, "--threads=1", "cram:" + board], args.cap)
        two = timed([value_bin, "--threads=2", "cram:" + board], args.cap)
        full = (timed([str(target / "grundy"), "cram", board, "--json"], args.cap)
                if args.analysis else None)
        theirs = timed([args.igsolve, "cram", "-r", r, "-c", c], args.cap)
        ours = two or one
        value = re.search(r"value (\d+)", ours[0])[1] if ours else "?"
        for other in (one, two):
            if other and re.search(r"value (\d+)", other[0])[1] != value:
                sys.exit(f"cram-bench: {board}: one and two threads disagree")
        if theirs:
            got = re.search(r"Nimber of initial position: (\d+)", theirs[0])[1]
            if ours and got != value:
                sys.exit(f"cram-bench: {board}: grundy {value}, igsolve {got}")
        if full and ours:
            if f'"value":{value}' not in full[0].replace(" ", ""):
                sys.exit(f"cram-bench: {board}: the analysis disagrees")

        def secs(t, i):
            return f"{t[i]:.2f}" if t else f"> {args.cap:.0f}"

        def ratio(a, b, i):
            return f"{a[i] / b[i]:.2f}" if a and b and b[i] > 0 else "-"

        def mem(t):
            return f"{t[3] / 1024:.1f}" if t else "-"

        analysis = secs(full, 2) if args.analysis else "-"
        print(f"| {board} | {value} | {secs(one, 1)} | {secs(two, 2)} | {analysis} "
              f"| {secs(theirs, 1)} / {secs(theirs, 2)} "
              f"| {ratio(one, theirs, 1)} | {ratio(two, theirs, 2)} "
              f"| {mem(one)} / {mem(two)} MB | {mem(theirs)} MB |", flush=True)


if __name__ == "__main__":
    main()
