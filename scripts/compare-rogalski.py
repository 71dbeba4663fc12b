#!/usr/bin/env python3
"""Compares the frequency tables of `grundy frontier --records DIR` with
Rogalski's published ones (the `results/CODE/N` files of his octal
repository: lines `value count` over G(1..=N)).

    scripts/compare-rogalski.py RECORDS_DIR ROGALSKI_RESULTS_DIR/CODE

Every power of two present in both is compared line by line; the script
prints one line per table (`same` or the first differing line) and exits
with status 1 if any differs, 2 if none could be compared.
"""

import os
import sys


def tables(directory):
    out = {}
    for name in os.listdir(directory):
        if name.isdigit():
            out[int(name)] = os.path.join(directory, name)
    return out


def lines(path):
    with open(path) as f:
        return [tuple(int(x) for x in line.split()) for line in f if line.strip()]


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    ours, theirs = tables(argv[1]), tables(argv[2])
    common = sorted(set(ours) & set(theirs))
    if not common:
        print("no power of two in both", file=sys.stderr)
        return 2
    bad = 0
    for n in common:
        a, b = lines(ours[n]), lines(theirs[n])
        if a == b:
            print(f"{n}: same ({len(a)} values, {sum(c for _, c in a)} heaps)")
            continue
        bad += 1
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        got = a[first] if first < len(a) else None
        want = b[first] if first < len(b) else None
        print(f"{n}: DIFFERENT at line {first + 1}: ours {got}, published {want}")
    print(f"{len(common) - bad} same, {bad} different (powers of two 2^{common[0].bit_length() - 1}..2^{common[-1].bit_length() - 1})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
