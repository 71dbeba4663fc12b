#!/usr/bin/env python3
"""Misère quotients: how far grundy and Siegel's MisereSolver each get in the same time.

For every octal code 0.1 .. 0.777 (at most three digits, the whole space) both programs
compute the quotient heap by heap for --seconds each, side by side (one core each), and
the table says the heap each reached with |Q| and |P| there, and whether their |Q| agree
at every heap both reached.

MisereSolver is built from a checkout of CGSuite's sources (github.com/aaron-siegel/cgsuite),
its algorithm untouched: the solver package's files are compiled with javac, with CGSuite's
rulesets replaced by a small class that lists an octal code's moves and a driver that prints
one line per heap. Nothing of it enters this repository.

    git clone https://github.com/aaron-siegel/cgsuite SOMEWHERE
    cargo build --release -p grundy-cli
    scripts/misere-bench.py --cgsuite SOMEWHERE [--seconds 3] [--max-heap 300] [--jobs 2] [--raw FILE] [CODE ...]

--raw keeps one JSON line per code and skips the codes already there, so a run resumes.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

SOLVER = "lib/core/src/main/scala/org/cgsuite/core/misere/solver"
FILES = ["BipartiteMonoid", "CommutativeMonoid", "DirectSumMonoid", "ExplicitFiniteMonoid",
         "MisereSolver", "Pretension", "Relation", "Word"]
PACKAGE = "org.cgsuite.core.misere.solver"

RULESET = """package org.cgsuite.core.misere.solver;

import java.util.*;

/** The moves of an octal code (first digit 0 or 4), in place of CGSuite's rulesets. */
public class HeapRuleset {
    final String code;
    final int[] digits;

    public HeapRuleset(String code) {
        this.code = code;
        String d = code.substring(code.indexOf('.') + 1);
        digits = new int[d.length() + 1];
        digits[0] = code.startsWith("4") ? 4 : 0;
        for (int i = 0; i < d.length(); i++) digits[i + 1] = d.charAt(i) - '0';
    }

    public List<int[]> heapOptions(int n) {
        List<int[]> out = new ArrayList<>();
        for (int k = 0; k < digits.length && k <= n; k++) {
            int d = digits[k], rest = n - k;
            if ((d & 1) != 0 && rest == 0) out.add(new int[0]);
            if ((d & 2) != 0 && rest >= 1 && k >= 1) out.add(new int[] {rest});
            if ((d & 4) != 0) for (int a = 1; 2 * a <= rest; a++) out.add(new int[] {a, rest - a});
        }
        return out;
    }

    public String toString() { return code; }
}
"""

TIMEOUT = """package org.cgsuite.core.misere.solver;

/** Thrown by MisereSolver when its thread is interrupted. */
public class TimeoutException extends RuntimeException {}
"""

DRIVER = """package org.cgsuite.core.misere.solver;

/** MisereSolver heap by heap up to a heap or a time: "heap |Q| |P| seconds" per heap. */
public class Bench {
    public static void main(String[] args) throws Exception {
        int maxHeap = Integer.parseInt(args[1]);
        double seconds = Double.parseDouble(args[2]);
        MisereSolver s = new MisereSolver(new HeapRuleset(args[0]));
        long start = System.nanoTime();
        Thread t = new Thread(() -> {
            try {
                while (s.p.prefn.size() <= maxHeap) {
                    s.next();
                    System.out.println((s.p.prefn.size() - 1) + " " + s.p.quotient.monoid.size() + " "
                        + s.p.quotient.pPortionSize() + " " + (System.nanoTime() - start) / 1e9);
                    System.out.flush();
                }
            } catch (RuntimeException e) {
                System.out.println("stopped " + e.getClass().getSimpleName());
            }
        });
        t.start();
        t.join((long) (seconds * 1000));
        if (t.isAlive()) {
            t.interrupt();
            System.out.println("timeout");
            System.out.flush();
            Runtime.getRuntime().halt(0);
        }
    }
}
"""


def patch(source):
    """MisereSolver.java without CGSuite's rulesets, Scala and .msv loading; the algorithm as it is."""
    s = re.sub(r"import org\.cgsuite\.core\.impartial\.\w+;\n", "", source)
    s = re.sub(r"import scala\.[\w.]+;\n", "", s)
    a = s.index("    public MisereSolver(InputStream msvInputStream)")
    b = s.index("    public HeapRuleset getRules()")
    s = s[:a] + s[b:]
    a = s.index("    public List<int[]> heapOptions(int heapSize) {")
    b = s.index("    public void next()")
    return s[:a] + "    public List<int[]> heapOptions(int n) { return rules.heapOptions(n); }\n\n" + s[b:]


def build(cgsuite, out):
    src = os.path.join(out, "src")
    os.makedirs(src, exist_ok=True)
    for name in FILES:
        with open(os.path.join(cgsuite, SOLVER, name + ".java")) as f:
            text = f.read()
        if name == "MisereSolver":
            text = patch(text)
        with open(os.path.join(src, name + ".java"), "w") as f:
            f.write(text)
    for name, text in (("HeapRuleset", RULESET), ("TimeoutException", TIMEOUT), ("Bench", DRIVER)):
        with open(os.path.join(src, name + ".java"), "w") as f:
            f.write(text)
    classes = os.path.join(out, "classes")
    subprocess.run(["javac", "-nowarn", "-d", classes] + [os.path.join(src, f) for f in os.listdir(src)],
                   check=True, capture_output=True)
    return classes


def misere_solver(classes, code, max_heap, seconds):
    out = subprocess.run(["java", "-Xss64m", "-cp", classes, f"{PACKAGE}.Bench", code, str(max_heap), str(seconds)],
                         capture_output=True, text=True, timeout=seconds + 60).stdout
    heaps = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[0].isdigit():
            heaps[int(f[0])] = (int(f[1]), int(f[2]), float(f[3]))
    top = max(heaps) if heaps else 0
    return {"top": top, "orders": {h: v[0] for h, v in heaps.items()},
            "order": heaps[top][0] if heaps else 1, "p_size": heaps[top][1] if heaps else 0,
            "seconds": heaps[top][2] if heaps else 0.0, "end": out.splitlines()[-1] if out else ""}


def grundy(exe, code, max_heap, seconds):
    start = time.monotonic()
    out = subprocess.run([exe, "misere", code, "--to", str(max_heap), "--seconds", str(seconds), "--json"],
                         capture_output=True, text=True, timeout=seconds + 60)
    d = json.loads(out.stdout)
    return {"top": d["top"], "orders": dict(enumerate(d["orders"])), "order": d["order"], "p_size": d["p_size"],
            "seconds": time.monotonic() - start, "stopped": d.get("stopped"),
            "period": d["periodicity"]["status"]}


def whole_space():
    codes = []
    for a in range(1, 8):
        codes.append(f"0.{a}")
        for b in range(8):
            for c in range(8):
                codes.append(f"0.{a}{b}{c}".rstrip("0"))
    return list(dict.fromkeys(codes))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("codes", nargs="*")
    ap.add_argument("--cgsuite", required=True, help="a checkout of CGSuite's sources")
    ap.add_argument("--grundy", default=os.environ.get("GRUNDY", "target/release/grundy"))
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--max-heap", type=int, default=300)
    ap.add_argument("--raw", help="one JSON line per code; codes already there are skipped")
    ap.add_argument("--jobs", type=int, default=2, choices=[1, 2],
                    help="2: the two programs side by side; 1: one after the other")
    a = ap.parse_args()
    done = {}
    if a.raw and os.path.exists(a.raw):
        with open(a.raw) as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    done[row["code"]] = row
    classes = build(a.cgsuite, tempfile.mkdtemp(prefix="misere-solver-"))
    print("| code | MisereSolver: heap, \\|Q\\|, \\|P\\| | grundy: heap, \\|Q\\|, \\|P\\| | grundy − MisereSolver | \\|Q\\| agree |")
    print("|---|---|---|---|---|")
    rows = []
    with ThreadPoolExecutor(a.jobs) as pool:
        for code in a.codes or whole_space():
            row = done.get(code)
            if row is None:
                ms = pool.submit(misere_solver, classes, code, a.max_heap, a.seconds)
                us = pool.submit(grundy, a.grundy, code, a.max_heap, a.seconds)
                row = {"code": code, "misere_solver": ms.result(), "grundy": us.result()}
                if a.raw:
                    with open(a.raw, "a") as f:
                        f.write(json.dumps(row) + "\n")
            ms, us = row["misere_solver"], row["grundy"]
            mo = {int(k): v for k, v in ms["orders"].items()}
            uo = {int(k): v for k, v in us["orders"].items()}
            agree = all(mo[k] == uo[k] for k in mo.keys() & uo.keys())
            row["agree"] = agree
            rows.append(row)
            print(f"| {code} | {ms['top']}, {ms['order']}, {ms['p_size']} | {us['top']}, {us['order']}, "
                  f"{us['p_size']} | {us['top'] - ms['top']:+d} | {'yes' if agree else '**no**'} |", flush=True)
    behind = [r for r in rows if r["grundy"]["top"] < r["misere_solver"]["top"]]
    print()
    print(f"{len(rows)} codes, {a.seconds} s each, heaps up to {a.max_heap}: grundy reaches a heap at least as "
          f"large on {len(rows) - len(behind)}, a larger one on "
          f"{sum(r['grundy']['top'] > r['misere_solver']['top'] for r in rows)}; behind on {len(behind)}"
          + (": " + ", ".join(f"{r['code']} ({r['grundy']['top']} < {r['misere_solver']['top']})" for r in behind)
             if behind else "")
          + f"; |Q| differs on {sum(not r['agree'] for r in rows)}.")
    if any(not r["agree"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
