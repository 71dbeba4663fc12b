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

A single run of each program is at the mercy of the machine, and ogsolve's
best of four methods is the least of four draws. `--again K` (with --raw)
times once more, K rounds interleaved, the codes whose wall ratio is over
--over-wall (0.5) or whose one-thread CPU ratio is over --over-cpu (1.0):
grundy on its default threads and on one, and each of ogsolve's methods
that finished in the first run; each program keeps its least time over the
rounds. The new row goes to the raw file (the last row of a code counts).
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


def best_of(code, n, order, slack, cap, first=None):
    """ogsolve's methods in `order`, each cut off once it cannot beat the best so far (or past cap).

    `first` is a (method, run) already made at this n.
    """
    runs, best = {}, None
    if first is not None:
        runs[first[0]] = first[1]
        best = dict(first[1], method=first[0])
    for m in order:
        limit = cap if best is None else min(cap, slack * best["wall"] + 0.5)
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


def whole_space():
    """Every code with at most three digits after the point, first digit 0, and every 4.d1d2.

    Trailing zeros are dropped (0.120 is 0.12).
    """
    out = []
    for a in range(8):
        for b in range(8):
            for c in range(8):
                digits = f"{a}{b}{c}".rstrip("0")
                if digits:
                    out.append("0." + digits)
    for a in range(8):
        for b in range(8):
            digits = f"{a}{b}".rstrip("0") or "0"
            out.append("4." + digits)
    return list(dict.fromkeys(out))


def done_codes(raw):
    rows = {}
    if raw and os.path.exists(raw):
        with open(raw) as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    rows[row["code"]] = row
    return rows


def summary(rows):
    """The worst ten by wall ratio and the histograms of both ratios, as markdown."""
    def ratios(key):
        return sorted(((r[key], r["code"], r["n"]) for r in rows), reverse=True)

    lines = []
    for key, title in (("ratio", "wall, grundy's default threads"), ("ratio_one_thread", "CPU, one thread")):
        rs = ratios(key)
        lines.append(f"worst ten ({title}): " + ", ".join(f"{c} {x:.2f} (n = {n})" for x, c, n in rs[:10]))
    edges = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 1.5]
    lines.append("")
    lines.append("| ratio | " + " | ".join(
        [f"< {edges[0]}"] + [f"{lo}–{hi}" for lo, hi in zip(edges, edges[1:])] + [f">= {edges[-1]}"]) + " |")
    lines.append("|---" * (len(edges) + 2) + "|")
    for key, title in (("ratio", "wall, two threads"), ("ratio_one_thread", "CPU, one thread")):
        counts = [0] * (len(edges) + 1)
        for r in rows:
            i = 0
            while i < len(edges) and r[key] >= edges[i]:
                i += 1
            counts[i] += 1
        lines.append(f"| {title} | " + " | ".join(map(str, counts)) + " |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("codes", nargs="*")
    ap.add_argument("--space", action="store_true",
                    help="every code 0.d1d2d3 and 4.d1d2 (the whole three-digit space)")
    ap.add_argument("--grundy", default=os.environ.get("GRUNDY", "target/release/grundy"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", type=int, default=5, help="random codes per digit count")
    ap.add_argument("--min-time", type=float, default=0.5)
    ap.add_argument("--start", type=int, default=1 << 12)
    ap.add_argument("--cap", type=int, default=1 << 25)
    ap.add_argument("--slack", type=float, default=1.5,
                    help="a method is cut off at slack * best + 0.5 s")
    ap.add_argument("--threads", type=int, default=0, help="grundy --threads (0: its default)")
    ap.add_argument("--raw", help="append one JSON line per code here; codes already there are skipped")
    ap.add_argument("--time-cap", type=float, default=120.0,
                    help="a single ogsolve run is cut off past this many seconds")
    ap.add_argument("--again", type=int, default=0,
                    help="re-time, this many rounds interleaved, the codes over --over-wall or --over-cpu")
    ap.add_argument("--over-wall", type=float, default=0.5)
    ap.add_argument("--over-cpu", type=float, default=1.0)
    a = ap.parse_args()
    if a.again and not a.raw:
        sys.exit("--again re-times the codes of a --raw file")
    if shutil.which("ogsolve") is None:
        sys.exit("ogsolve is not on PATH (cargo install ogsolve --root DIR; PATH=DIR/bin:$PATH)")
    if not os.access(a.grundy, os.X_OK):
        sys.exit(f"{a.grundy}: build first (cargo build --release -p grundy-cli)")
    todo = a.codes or (whole_space() if a.space else codes(a.grundy, a.seed, a.sample))
    done = done_codes(a.raw)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", file=sys.stderr)
    print("| code | n | grundy wall (CPU) | ogsolve best: method, wall (CPU) | ratio | one thread: CPU, ratio | rare mask, rare positions |")
    print("|---|---|---|---|---|---|---|")
    rows, started = [], time.monotonic()
    for code in todo:
        if code in done:
            row = done[code]
            over = row["ratio"] > a.over_wall or row["ratio_one_thread"] > a.over_cpu
            if a.again and over and row.get("rounds", 1) < a.again:
                row = again(a, row)
                with open(a.raw, "a") as f:
                    f.write(json.dumps(row) + "\n")
        else:
            row = measure(a, code)
            if a.raw:
                with open(a.raw, "a") as f:
                    f.write(json.dumps(row) + "\n")
        rows.append(row)
        print(table_row(row), flush=True)
    bad = [r["code"] for r in rows if not r["checksums_equal"]]
    print()
    print(summary(rows))
    print()
    print(f"{len(rows)} codes ({len(rows) - len(done)} measured now) in {time.monotonic() - started:.0f} s; "
          f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if bad:
        print(f"checksums differ: {' '.join(bad)}", file=sys.stderr)
        sys.exit(1)


def measure(a, code):
    """Finds n where ogsolve's best method needs min_time of CPU (or the cap), then times grundy there.

    n grows on one method, the fastest of the four at the first n where they take a measurable time
    (each step at most the square root of the factor that would reach min_time, as ogsolve's time may
    grow with the square of n). At the last n grundy runs, then the other three methods, each cut off
    once it cannot beat the best by the slack, or past 20 times grundy's time: then the ratios are
    upper bounds (`bounded`).
    """
    n, lead, chosen = a.start, "rc", False
    while True:
        r = ogsolve(code, n, lead, a.time_cap)
        if r is None:
            if n <= a.start:
                raise RuntimeError(f"{code}: ogsolve {lead} took over {a.time_cap} s at n = {n}")
            n = max(a.start, n // 4)
            continue
        if not chosen and (r["cpu"] >= 0.05 or n >= a.cap):
            chosen = True
            for m in METHODS:
                if m != lead:
                    o = ogsolve(code, n, m, 10 * r["wall"] + 0.5)
                    if o is not None and o["cpu"] < r["cpu"]:
                        lead, r = m, o
        if r["cpu"] < a.min_time and n < a.cap:
            grow = (1.3 * a.min_time / max(r["cpu"], 0.001)) ** 0.5
            n = min(a.cap, int(n * min(16.0, max(1.5, grow))))
            continue
        break
    us = ours(a.grundy, code, n, a.threads)
    one = ours(a.grundy, code, n, 1)
    quick = max(0.2, 20 * max(us["wall"], one["cpu"]))
    runs, best, bound = {lead: r}, dict(r, method=lead), None
    for m in METHODS:
        if m == lead:
            continue
        limit = min(a.time_cap, a.slack * best["wall"] + 0.5, quick)
        o = ogsolve(code, n, m, limit)
        runs[m] = o
        if o is None and limit < best["wall"]:
            bound = limit if bound is None else min(bound, limit)
        elif o is not None and o["cpu"] < best["cpu"]:
            best = dict(o, method=m)
    wall = best["wall"] if bound is None else min(best["wall"], bound)
    cpu = best["cpu"] if bound is None else min(best["cpu"], bound)
    sums = {m: o["checksum"] for m, o in runs.items() if o}
    equal = all(x == us["checksum"] for x in sums.values()) and one["checksum"] == us["checksum"]
    return {"code": code, "n": n, "grundy": us, "grundy_one_thread": one, "ogsolve": runs,
            "best": best["method"], "ratio": us["wall"] / wall, "ratio_one_thread": one["cpu"] / cpu,
            "bounded": bound is not None and bound < best["wall"], "checksums_equal": equal,
            "load": os.getloadavg()}


def again(a, row):
    """The row of a code timed again: `a.again` rounds of every program, interleaved, least times."""
    code, n = row["code"], row["n"]
    methods = [m for m, o in row["ogsolve"].items() if o is not None]
    runs = {"grundy": [], "one": [], **{m: [] for m in methods}}
    for _ in range(a.again):
        runs["grundy"].append(ours(a.grundy, code, n, a.threads))
        runs["one"].append(ours(a.grundy, code, n, 1))
        for m in methods:
            runs[m].append(ogsolve(code, n, m, a.time_cap))

    def least(rs):
        done = [r for r in rs if r is not None]
        return dict(done[0], wall=min(r["wall"] for r in done), cpu=min(r["cpu"] for r in done),
                    checksums={r["checksum"] for r in done})

    us, one = least(runs["grundy"]), least(runs["one"])
    og = {m: least(runs[m]) for m in methods if any(runs[m])}
    best = min(og, key=lambda m: og[m]["cpu"])
    fastest = min(og, key=lambda m: og[m]["wall"])
    sums = set().union(us.pop("checksums"), one.pop("checksums"), *(o.pop("checksums") for o in og.values()))
    return {"code": code, "n": n, "grundy": us, "grundy_one_thread": one, "ogsolve": og, "best": best,
            "ratio": us["wall"] / og[fastest]["wall"], "ratio_one_thread": one["cpu"] / og[best]["cpu"],
            "bounded": False, "checksums_equal": len(sums) == 1, "rounds": a.again,
            "load": os.getloadavg()}


def table_row(row):
    us, one, best = row["grundy"], row["grundy_one_thread"], row["ogsolve"][row["best"]]
    mask = us["mask"] or "none"
    if us["period"]:
        mask += " (period proven)"
    le = "≤ " if row.get("bounded") else ""
    if row.get("rounds", 1) > 1:
        le = f"{le}[{row['rounds']}] "
    return (f"| {row['code']} | {row['n']} | {us['wall']:.2f} s ({us['cpu']:.2f}) | {row['best']}, "
            f"{best['wall']:.2f} s ({best['cpu']:.2f}) | {le}{row['ratio']:.2f} | {one['cpu']:.2f} s, "
            f"{le}{row['ratio_one_thread']:.2f} | {mask}, {us['rare']} |"
            + ("" if row["checksums_equal"] else "  **checksum differs**"))

if __name__ == "__main__":
    main()
