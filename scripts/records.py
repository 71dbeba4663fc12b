"""The published octal-game records, reproduced and certified.

    python scripts/records.py solved   [--grundy BIN] [--only CODE ...]
    python scripts/records.py frontier [--grundy BIN] [--to N] [--threads K]
    python scripts/records.py table    [--out docs/octal-records.md]

``solved`` runs every code of ``records/published-solved.csv`` (the trivial
and the solved games of the published tables, and 0.1777) with ``grundy seq
CODE --until-proven --out FILE``, then ``grundy verify FILE``, and appends
one JSON line per code to ``records/solved.jsonl``: the period found, the
engine's figures, the time and peak memory of the run, and the verifier's
report. A code already in the file is skipped, so an interrupted run
continues where it stopped.

``frontier`` runs ``grundy survey`` over the codes of
``records/published-unsolved.csv`` into ``records/frontier-N.jsonl`` (one
file per bound ``N``; ``grundy survey --out`` resumes it).

``table`` writes the tables of both beside the published figures, with
every disagreement spelled out, to ``docs/octal-records.md``.
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records"


def published(name):
    with open(RECORDS / name, newline="") as f:
        return list(csv.DictReader(f))


def done(path):
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text().splitlines():
        if line.strip():
            j = json.loads(line)
            out[j["code"]] = j
    return out


def run_solved(args):
    path = RECORDS / "solved.jsonl"
    have = done(path)
    rows = {r["code"]: r for r in published("published-solved.csv")}
    codes = list(rows)
    if args.only:
        codes = [c for c in codes if c in args.only]
    codes = [c for c in codes if c not in (args.skip or [])]
    todo = [c for c in codes if c not in have]
    print(f"records: {len(codes) - len(todo)} of {len(codes)} codes done, {len(todo)} to run",
          file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        for code in todo:
            seq_file = Path(tmp) / "values.gsq"
            seq, seconds, max_rss = measured(
                [args.grundy, "seq", code, "--until-proven", "--to", str(args.to), "--summary",
                 "--stats", "--json", "--out", str(seq_file)], Path(tmp))
            if seq.returncode != 0:
                sys.exit(f"records: grundy seq {code} failed: {seq.stderr.strip()}")
            s = json.loads(seq.stdout)
            start = time.monotonic()
            ver = subprocess.run([args.grundy, "verify", str(seq_file), "--json"],
                                 capture_output=True, text=True)
            verify_seconds = time.monotonic() - start
            v = json.loads(ver.stdout) if ver.stdout.strip() else {"error": ver.stderr.strip()}
            v.pop("file", None)
            p = s["periodicity"] or {}
            stats = s.get("stats") or {}
            split = stats.get("split") or {}
            line = {
                "code": code,
                "status": p.get("status", "none"),
                "preperiod": p.get("preperiod"),
                "period": p.get("period"),
                "computed": s["computed"],
                "max_value": s["max_value"],
                "max_value_at": s["max_value_at"],
                "rare_mask": split.get("mask"),
                "rare_parity": split.get("domain"),
                "rare_count": stats.get("rare_count"),
                "last_rare": stats.get("last_rare"),
                "checksum": s["checksum"],
                "seconds": round(seconds, 3),
                "max_rss_kib": max_rss,
                "published_values": compare_values(rows[code]["nimbers"], code, args),
                "verify": {"status": ver.returncode, "seconds": round(verify_seconds, 3),
                           "report": v},
            }
            with open(path, "a") as f:
                f.write(json.dumps(line) + "\n")
            print(f"records: {code}: {line['status']} period {line['period']} from "
                  f"{line['preperiod']}, {seconds:.1f} s, verify exit {ver.returncode}",
                  file=sys.stderr)


def measured(cmd, tmp):
    """Runs cmd; its completed process (text output), wall seconds and peak
    resident memory in KiB (the child's own, from wait4)."""
    out, err = tmp / "stdout", tmp / "stderr"
    with open(out, "w") as o, open(err, "w") as e:
        start = time.monotonic()
        p = subprocess.Popen(cmd, stdout=o, stderr=e)
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    done = subprocess.CompletedProcess(cmd, p.returncode, out.read_text(), err.read_text())
    return done, seconds, usage.ru_maxrss


def compare_values(text, code, args):
    """The published nimber string against G(0..): how many values were
    compared and the first heap where they differ (None: none)."""
    if not text:
        return None
    want = nimbers(text)
    out = subprocess.run([args.grundy, "seq", code, "--to", str(len(want) - 1), "--json"],
                         capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)["values"]
    diff = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)
    return {"compared": len(want), "first_difference": diff}


def run_frontier(args):
    codes = RECORDS / "frontier-codes.txt"
    rows = published("published-unsolved.csv")
    skip = set(args.skip or [])
    codes.write_text("".join(r["code"] + "\n" for r in rows if r["code"] not in skip))
    out = RECORDS / f"frontier-{args.to}.jsonl"
    cmd = [args.grundy, "survey", "--codes", str(codes), "--to", str(args.to),
           "--threads", str(args.threads), "--out", str(out)]
    print("records: " + " ".join(cmd), file=sys.stderr)
    os.execvp(cmd[0], cmd)


def nimbers(text):
    """A published nimber string (digits, then A = 10, B = 11, ...; the
    period in parentheses) as its values up to the end of one period."""
    out = []
    for ch in text:
        if ch in "()":
            continue
        out.append(int(ch) if ch.isdigit() else ord(ch.upper()) - ord("A") + 10)
    return out


def solved_table(rows, ours):
    lines = [
        "| code | preperiod | period | published | largest value | rare values (mask: count, last) | seconds | peak memory | certified |",
        "|---|---:|---:|---|---:|---|---:|---:|---|",
    ]
    notes = []
    for r in rows:
        o = ours.get(r["code"])
        if o is None:
            lines.append(f"| {r['code']} | | | {r['preperiod']}, {r['period']} | | | | | not run |")
            continue
        agree = (str(o["preperiod"]), str(o["period"])) == (r["preperiod"], r["period"])
        pub = f"{int(r['preperiod']):,}, {int(r['period']):,}" + ("" if agree else " **differs**")
        if not agree:
            notes.append(f"- {r['code']}: published preperiod {r['preperiod']} and period "
                         f"{r['period']}; computed {o['preperiod']} and {o['period']}.")
        pv = o.get("published_values")
        if pv and pv["first_difference"] is not None:
            notes.append(f"- {r['code']}: the published values differ from the computed ones "
                         f"at n = {pv['first_difference']}.")
        if r["largest"] and str(o["max_value"]) != r["largest"]:
            notes.append(f"- {r['code']}: largest value published {r['largest']}, computed {o['max_value']}.")
        if r["rare_count"] and o["rare_count"] is not None and str(o["rare_count"]) != r["rare_count"]:
            if int(r["rare_count"]) != o["rare_count"] + 1:
                notes.append(f"- {r['code']}: {r['rare_count']} rare values published, "
                             f"{o['rare_count']} computed.")
        rare = rare_text(o)
        mem = "" if o["max_rss_kib"] is None else f"{o['max_rss_kib'] / 1024:,.0f} MiB"
        cert = certified(o)
        lines.append(
            f"| {r['code']} | {o['preperiod']:,} | {o['period']:,} | {pub} | {o['max_value']} | "
            f"{rare} | {o['seconds']:,.2f} | {mem} | {cert} |")
    return lines, notes


def rare_text(o):
    """The rare values' mask, count and last heap, as the tables show them."""
    if o["rare_mask"] is None or o["rare_count"] is None:
        return ""
    parity = " + parity" if o["rare_parity"] else ""
    last = "none" if o["last_rare"] is None else f"{o['last_rare']:,}"
    return f"0x{o['rare_mask']:x}{parity}: {o['rare_count']:,}, {last}"


def certified(o):
    v = o["verify"]
    rep = v["report"]
    if v["status"] != 0 or not rep.get("clean"):
        return f"**no** (verify exit {v['status']})"
    if rep.get("certified"):
        return "values and period"
    return "values"


def frontier_table(rows, ours, bound):
    lines = [
        f"| code | published | computed to | status | largest value | rare values (mask: count, last) | checksum | seconds |",
        "|---|---|---:|---|---:|---|---|---:|",
    ]
    for r in rows:
        o = ours.get(r["code"])
        pub = "no bound given" if r["computed_to"] == "" else r["computed_to"] if r["largest"] == "" else (
            f"{r['computed_to']}: largest {r['largest']}, {r['rare_count']} rare, last {r['last_rare']}")
        if o is None:
            lines.append(f"| {r['code']} | {pub} | | not reached | | | | |")
            continue
        status = o["status"] if o["status"] != "proven" else (
            f"**periodic**: period {o['period']:,} from {o['preperiod']:,}")
        rare = rare_text(o)
        lines.append(f"| {r['code']} | {pub} | {o['computed']:,} | {status} | {o['max_value']} | "
                     f"{rare} | {o['checksum']} | {o['seconds']:,.1f} |")
    return lines


def write_table(args):
    solved_rows = published("published-solved.csv")
    lines, notes = solved_table(solved_rows, done(RECORDS / "solved.jsonl"))
    unsolved_rows = published("published-unsolved.csv")
    frontier = {}
    for path in sorted(RECORDS.glob("frontier-*.jsonl"), key=lambda p: int(p.stem.split("-")[1])):
        for code, j in done(path).items():
            frontier[code] = j  # the largest bound reached wins
    text = [line.rstrip() for line in Path(args.template).read_text().splitlines()]
    out = []
    for line in text:
        if line == "<!-- solved -->":
            out += lines
        elif line == "<!-- solved-notes -->":
            out += notes or ["- none: every code agrees with its published preperiod, period and values."]
        elif line == "<!-- frontier -->":
            out += frontier_table(unsolved_rows, frontier, None)
        else:
            out.append(line)
    Path(args.out).write_text("\n".join(out) + "\n")
    print(f"records: wrote {args.out}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    s = sub.add_parser("solved")
    s.add_argument("--grundy", default=str(ROOT / "target/release/grundy"))
    s.add_argument("--to", type=int, default=1 << 30, help="the last heap any code may need")
    s.add_argument("--only", nargs="*", help="run these codes only")
    s.add_argument("--skip", nargs="*", help="leave these codes out")
    f = sub.add_parser("frontier")
    f.add_argument("--grundy", default=str(ROOT / "target/release/grundy"))
    f.add_argument("--to", type=int, default=1 << 24)
    f.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    f.add_argument("--skip", nargs="*", help="codes left out of this bound")
    t = sub.add_parser("table")
    t.add_argument("--template", default=str(RECORDS / "octal-records.template.md"))
    t.add_argument("--out", default=str(ROOT / "docs/octal-records.md"))
    args = ap.parse_args()
    {"solved": run_solved, "frontier": run_frontier, "table": write_table}[args.what](args)


if __name__ == "__main__":
    main()
