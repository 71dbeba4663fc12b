"""The two speed figures of the Python package, measured in one run:

1. grundy.rule("0.6").sequence(10**6) against `grundy seq 0.6 --to 1000000
   --summary` (median of five alternating runs, ratio Python / CLI);
2. Kayles as a Python callable (grundy.Game) against the same memoised mex
   in Rust, in options per second.

Usage: python bench/speed.py PATH-TO-THE-GRUNDY-COMMAND
"""

import statistics
import subprocess
import sys
import time

import grundy
from grundy import _grundy


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


def kayles(n):
    return [grundy.sum([a, n - t - a]) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def callables(to=1500):
    g = grundy.Game(options=kayles)
    t = time.perf_counter()
    for n in range(to + 1):
        g.value(n)
    secs = time.perf_counter() - t
    count = sum(len(kayles(n)) for n in range(to + 1))
    rust_count, rust_secs, rust_value = _grundy._bench_kayles(to)
    assert (rust_count, rust_value) == (count, g.value(to))
    py_rate, rust_rate = count / secs, rust_count / rust_secs
    print(f"Kayles 0..={to} ({count} options): Python callable {py_rate:,.0f} options/s, "
          f"Rust {rust_rate:,.0f} options/s, Rust is {rust_rate / py_rate:.0f} times faster")


if __name__ == "__main__":
    sequences(sys.argv[1])
    callables()
