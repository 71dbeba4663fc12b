"""The two speed figures of the Python package, measured in one run:

1. grundy.rule("0.6").sequence(10**6) against `grundy seq 0.6 --to 1000000
   --summary` (median of five alternating runs, ratio Python / CLI);
2. own games (grundy.Game) against a plain bottom-up mex written in Python:
   subtract-a-square to 10^5 and Kayles to 2000, time and peak memory
   (a Markdown table).

Usage: python bench/speed.py PATH-TO-THE-GRUNDY-COMMAND
"""

import statistics
import subprocess
import sys
import time

import grundy


def sequences(cli, runs=5):
    py_t, cli_t = [], []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([cli, "seq", "0.6", "--to", "1000000", "--summary"], check=True, capture_output=True)
        cli_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        s = grundy.rule("0.6").sequence(10**6)
        s.checksum
        py_t.append(time.perf_counter() - t)
    py, c = statistics.median(py_t), statistics.median(cli_t)
    print(f"0.6 to 10^6: Python {py:.3f} s, CLI {c:.3f} s (medians of {runs}), ratio {py / c:.2f}")


# Own games: a plain bottom-up mex in Python against grundy.Game on the same
# options, each case in a fresh interpreter (its time and peak memory).
SETUP = """
import time, math
import grundy
squares = [k * k for k in range(1, 400)]
def mex(seen):
    m = 0
    while m in seen:
        m += 1
    return m
def square_options(n):
    return [n - s for s in squares[:math.isqrt(n)]]
def kayles_parts(n):
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]
def kayles_sums(n):
    return [grundy.sum([a, n - t - a]) for t in (1, 2) if t <= n for a in range(n - t + 1)]
try:
    import numpy as np
    square_array = np.array(squares)
    def square_options_array(n):
        return n - square_array[:math.isqrt(n)]
    def kayles_rows(n):
        a, b = np.arange(n), np.arange(max(n - 1, 0))
        return np.concatenate([np.column_stack([a, n - 1 - a]), np.column_stack([b, n - 2 - b])])
except ImportError:
    pass
"""

CASES = {
    "subtract-a-square": (10**5, {
        "Python mex": "g = [0] * (N + 1)\nfor n in range(1, N + 1):\n"
                      "    g[n] = mex({g[n - s] for s in squares[:math.isqrt(n)]})\nv = g[N]",
        "Game, top-down": "v = grundy.Game(square_options).value(N)",
        "Game, bottom-up": "g = grundy.Game(square_options)\nfor n in range(N + 1):\n    v = g.value(n)",
        "Game, numpy options, top-down": "v = grundy.Game(square_options_array).value(N)",
        "Game, numpy options, bottom-up": "g = grundy.Game(square_options_array)\n"
                                          "for n in range(N + 1):\n    v = g.value(n)",
    }),
    "Kayles": (2000, {
        "Python mex": "g = [0] * (N + 1)\nfor n in range(1, N + 1):\n"
                      "    g[n] = mex({g[a] ^ g[n - t - a] for t in (1, 2) if t <= n for a in range(n - t + 1)})\nv = g[N]",
        "Game(splits=True), top-down": "v = grundy.Game(kayles_parts, splits=True).value(N)",
        "Game with grundy.sum, top-down": "v = grundy.Game(kayles_sums).value(N)",
        "Game, numpy rows, top-down": "v = grundy.Game(kayles_rows).value(N)",
    }),
}


def run_case(code, n):
    """Seconds and peak resident memory (MiB) of `code`, in a fresh
    interpreter, past what the imports take."""
    script = SETUP + f"""
import resource
N = {n}
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
{code}
secs = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(secs, peak, before, v)
"""
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True)
    secs, peak, before, v = out.stdout.split()
    return float(secs), int(peak) / 1024, (int(peak) - int(before)) / 1024, int(v)


def own_games(runs=3):
    """Each game's cases in turn, `runs` rounds (so that a change of load
    falls on every case alike), medians reported; a Markdown table."""
    print("| game | how | time | ratio to the Python mex | peak memory (growth) |")
    print("|---|---|---|---|---|")
    for game, (n, codes) in CASES.items():
        results = {name: [] for name in codes}
        for _ in range(runs):
            for name, code in codes.items():
                results[name].append(run_case(code, n))
        base = statistics.median(r[0] for r in results["Python mex"])
        value = results["Python mex"][0][3]
        for name, rs in results.items():
            assert all(r[3] == value for r in rs), (name, rs, value)
            secs = statistics.median(r[0] for r in rs)
            peak = statistics.median(r[1] for r in rs)
            grew = statistics.median(r[2] for r in rs)
            print(f"| {game} to {n} | {name} | {secs:.2f} s | {secs / base:.2f} | {peak:.0f} MiB (+{grew:.0f}) |")


if __name__ == "__main__":
    sequences(sys.argv[1])
    own_games()
