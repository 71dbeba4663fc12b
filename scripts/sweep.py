#!/usr/bin/env python3
"""Times `grundy seq` against Beling's ogsolve on a broad, generated set of codes.

The codes: every two-digit octal code 0.01..0.77 whose period is not already
proven below heap 64, a seeded random sample of three- and four-digit codes
with and without splitting digits (digits with the 4 bit), and codes whose
first digit is 4 (a heap may be split without taking anything; ogsolve reads
no hexadecimal digit: it takes `8` for "no move"). For each code, n is
doubled until ogsolve's best method needs at least --min-time seconds (or n
reaches --cap); at that n grundy and ogsolve's four rare/common methods run
one after another, and their checksums over G(0..=n) must agree. n is
calibrated on CPU time, which a loaded machine stretches less than wall
time; grundy also runs on one thread, for a CPU-time ratio (--threads 1).

    cargo install ogsolve --root SOMEWHERE && PATH=SOMEWHERE/bin:$PATH
    cargo build --release -p grundy-cli
    scripts/sweep.py [--seed 1] [--min-time 0.5] [--cap 33554432] [--raw FILE] [CODE ...]

Prints a markdown table (code, n, grundy wall, ogsolve's best method and its
wall, the ratio) and the worst ratio; exits with status 1 when a checksum
differs. --raw appends one JSON line per code with every run.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

METHODS = ["rc", "rc2", "rcs", "rc2s"]


def run(cmd, timeout):
    """Runs cmd; returns (wall seconds, output) or None on timeout."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None
    wall = time.monotonic() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {proc.returncode}: {out.strip()[-300:]}")
    return wall, out


def cpu_children():
    t = os.times()
    return t.children_user + t.children_system


def timed(cmd, timeout):
    # The CPU time of the (reaped) child, as the growth of the children's totals.
    before = cpu_children()
    r = run(cmd, timeout)
    if r is None:
        return None
    wall, out = r
    return {"wall": wall, "cpu": cpu_children() - before, "out": out}


def ogsolve(code, n, method, timeout):
    r = timed(["ogsolve", "-m", method, "-n", str(n), code], timeout)
    if r is None:
        return None
    m = re.search(r"checksum: ([0-9A-Fa-f]+)", r["out"])
    r["checksum"] = f"{int(m.group(1), 16):08X}"
    del r["out"]
    return r


def ours(grundy, code, n, threads):
    cmd = [grundy, "seq", code, "--to", str(n), "--summary", "--stats"]
    if threads:
        cmd += ["--threads", str(threads)]
    r = timed(cmd, None)
    m = re.search(r"checksum: ([0-9A-F]+)", r["out"])
    r["checksum"] = m.group(1)
    mask = re.search(r"rare mask: (.*)", r["out"])
    rare = re.search(r"rare positions: (\d+)", r["out"])
    r["mask"] = mask.group(1) if mask else None
    r["rare"] = int(rare.group(1)) if rare else None
    r["period"] = "proven" in r["out"]
    del r["out"]
    return r


def best_of(code, n, order, slack):
    """ogsolve's methods in `order`, each cut off once it cannot beat the best so far."""
    runs, best = {}, None
    for m in order:
        limit = None if best is None else slack * best["wall"] + 1.0
        # On a loaded machine wall time stretches; the cut-off follows it.
        r = ogsolve(code, n, m, limit)
        runs[m] = r
        if r is not None and (best is None or r["cpu"] < best["cpu"]):
            best = dict(r, method=m)
    return best, runs


def grundy_proves_early(grundy, code, limit=64):
    out = subprocess.run(
        [grundy, "seq", code, "--until-proven", "--to", str(limit), "--summary", "--json"],
        capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out)["periodicity"].get("status") == "proven"


def codes(grundy, seed, sample):
    two = [f"0.{a}{b}" for a in range(8) for b in range(1, 8)]
    two = [c for c in two if not grundy_proves_early(grundy, c)]
    rng = random.Random(seed)
    drawn = []

    def draw(digits, split):
        while True:
            ds = [rng.randrange(8) for _ in range(digits - 1)] + [rng.randrange(1, 8)]
            has = any(d & 4 for d in ds)
            c = "0." + "".join(map(str, ds))
            if has == split and c not in drawn:
                return c

    for digits in (3, 4):
        for _ in range(sample):
            drawn.append(draw(digits, True))
        drawn.append(draw(digits, False))
    rng2 = random.Random(seed + 1)
    fours = []
    while len(fours) < max(2, sample // 2):
        ds = [rng2.randrange(8) for _ in range(rng2.randrange(1, 3))]
        ds[-1] = ds[-1] or 1
        c = "4." + "".join(map(str, ds))
        if c not in fours:
            fours.append(c)
    return two + drawn + fours


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("codes", nargs="*")
    ap.add_argument("--grundy", default=os.environ.get("GRUNDY", "target/release/grundy"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", type=int, default=5, help="random codes per digit count")
    ap.add_argument("--min-time", type=float, default=0.5)
    ap.add_argument("--start", type=int, default=1 << 14)
    ap.add_argument("--cap", type=int, default=1 << 25)
    ap.add_argument("--slack", type=float, default=2.0,
                    help="a method is cut off at slack * best + 1 s")
    ap.add_argument("--threads", type=int, default=0, help="grundy --threads (0: its default)")
    ap.add_argument("--raw", help="append one JSON line per code here")
    a = ap.parse_args()
    if shutil.which("ogsolve") is None:
        sys.exit("ogsolve is not on PATH (cargo install ogsolve --root DIR; PATH=DIR/bin:$PATH)")
    if not os.access(a.grundy, os.X_OK):
        sys.exit(f"{a.grundy}: build first (cargo build --release -p grundy-cli)")
    todo = a.codes or codes(a.grundy, a.seed, a.sample)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", file=sys.stderr)
    print("| code | n | grundy wall (CPU) | ogsolve best: method, wall (CPU) | ratio | one thread: CPU, ratio | rare mask, rare positions |")
    print("|---|---|---|---|---|---|---|")
    worst, worst1, bad, started = None, None, [], time.monotonic()
    for code in todo:
        n, order = a.start, list(METHODS)
        while True:
            best, runs = best_of(code, n, order, a.slack)
            order = sorted((m for m in METHODS if runs.get(m)), key=lambda m: runs[m]["cpu"])
            order += [m for m in METHODS if m not in order]
            if best["cpu"] >= a.min_time or n >= a.cap:
                break
            # Double, or jump by a power of two towards the target at once.
            step = 2
            while step < 8 and best["cpu"] * step * 2 < a.min_time:
                step *= 2
            n = min(n * step, a.cap)
        us = ours(a.grundy, code, n, a.threads)
        one = ours(a.grundy, code, n, 1)
        sums = {m: r["checksum"] for m, r in runs.items() if r}
        if any(s != us["checksum"] for s in sums.values()) or one["checksum"] != us["checksum"]:
            bad.append(code)
        ratio = us["wall"] / best["wall"]
        single = one["cpu"] / best["cpu"]
        if worst is None or ratio > worst[0]:
            worst = (ratio, code, n)
        if worst1 is None or single > worst1[0]:
            worst1 = (single, code, n)
        mask = us["mask"] or "none"
        if us["period"]:
            mask += " (period proven)"
        print(
            f"| {code} | {n} | {us['wall']:.2f} s ({us['cpu']:.2f}) | {best['method']}, "
            f"{best['wall']:.2f} s ({best['cpu']:.2f}) | {ratio:.2f} | {one['cpu']:.2f} s, {single:.2f} | "
            f"{mask}, {us['rare']} |"
            + ("  **checksum differs**" if code in bad else ""),
            flush=True,
        )
        if a.raw:
            with open(a.raw, "a") as f:
                f.write(json.dumps({"code": code, "n": n, "grundy": us, "grundy_one_thread": one, "ogsolve": runs,
                                    "load": os.getloadavg()}) + "\n")
    print()
    print(f"worst ratio: {worst[0]:.2f} ({worst[1]} at n = {worst[2]}); "
          f"worst one-thread CPU ratio: {worst1[0]:.2f} ({worst1[1]}); "
          f"{len(todo)} codes in {time.monotonic() - started:.0f} s; "
          f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if bad:
        print(f"checksums differ: {' '.join(bad)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
