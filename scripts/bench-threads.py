#!/usr/bin/env python3
"""Wall and CPU time of `grundy seq` on 1, 2, 4 and 8 threads, on an idle
machine and with busy processes competing for the cores.

    python3 scripts/bench-threads.py [--grundy target/release/grundy]
        [--rule 0.167] [--to 2^24] [--rounds 3] [--threads 1,2,4,8]
        [--competitors 0,2] [--json]

Each round runs every thread count once, interleaved, so that a change in
the machine's load touches them all alike; the least of the rounds is
kept. With `--competitors K`, K processes that only spin run during the
whole measurement (what other work on a shared machine looks like to the
scheduler). The ratios are against one thread in the same condition: CPU
time (user + system, from wait4) and wall time. Every run must print the
same checksum, or the script stops.
"""

import argparse
import json
import os
import subprocess
import sys
import time


def run_once(grundy, rule, to, threads):
    args = [grundy, "seq", rule, "--to", to, "--summary", "--stats", "--json",
            "--threads", str(threads)]
    began = time.monotonic()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - began
    if status != 0:
        sys.exit(f"{' '.join(args)}: exit status {status}")
    report = json.loads(out)
    return wall, usage.ru_utime + usage.ru_stime, report["checksum"]


def spinners(count):
    code = "while True:\n    pass\n"
    return [subprocess.Popen([sys.executable, "-c", code]) for _ in range(count)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grundy", default="target/release/grundy")
    ap.add_argument("--rule", default="0.167")
    ap.add_argument("--to", default="2^24")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", default="1,2,4,8")
    ap.add_argument("--competitors", default="0,2")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    counts = [int(t) for t in a.threads.split(",")]
    if 1 not in counts:
        counts.insert(0, 1)
    results = []
    checksum = None
    for busy in [int(c) for c in a.competitors.split(",")]:
        others = spinners(busy)
        try:
            time.sleep(0.5 if busy else 0)
            best = {t: [float("inf"), float("inf")] for t in counts}
            for _ in range(a.rounds):
                for t in counts:
                    wall, cpu, sum_ = run_once(a.grundy, a.rule, a.to, t)
                    if checksum is None:
                        checksum = sum_
                    elif sum_ != checksum:
                        sys.exit(f"{t} threads: checksum {sum_}, not {checksum}")
                    best[t][0] = min(best[t][0], wall)
                    best[t][1] = min(best[t][1], cpu)
        finally:
            for p in others:
                p.kill()
                p.wait()
        one_wall, one_cpu = best[1]
        for t in counts:
            wall, cpu = best[t]
            results.append({
                "competitors": busy, "threads": t, "wall_s": round(wall, 3),
                "cpu_s": round(cpu, 3), "wall_ratio": round(wall / one_wall, 3),
                "cpu_ratio": round(cpu / one_cpu, 3),
            })
    if a.json:
        print(json.dumps({"rule": a.rule, "to": a.to, "checksum": checksum,
                          "rounds": a.rounds, "runs": results}, indent=1))
        return
    print(f"{a.rule} to {a.to}, checksum {checksum}, least of {a.rounds} rounds")
    print("| competitors | threads | wall (s) | CPU (s) | wall / one thread | CPU / one thread |")
    print("|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['competitors']} | {r['threads']} | {r['wall_s']:.2f} | {r['cpu_s']:.2f} "
              f"| {r['wall_ratio']:.2f} | {r['cpu_ratio']:.2f} |")


if __name__ == "__main__":
    main()
