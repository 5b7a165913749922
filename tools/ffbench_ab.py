#!/usr/bin/env python3
"""A/B two ffbench binaries on this machine: run them alternately (old, new, old, new, ...)
with the same arguments, PAIRS times each, and compare every row (a record of ffbench's JSON:
bench, field, impl, backend, variant, log2_n, window_bits) by its best ns_per_op over the runs.

  ffbench_ab.py OLD_FFBENCH NEW_FFBENCH OUT_DIR [--pairs 5] [--label NAME] -- FFBENCH_ARGS...

Writes OUT_DIR/NAME.old.N.json and .new.N.json (every run), OUT_DIR/NAME.csv (one line a row:
old best, new best, new / old) and prints the rows that differ by more than --threshold (3%),
slower first. A slower row is a candidate until a rerun confirms it: absolute times on a
shared VM move by 20-30% within seconds, which alternation and best-of only damp.
Both binaries run as copies of one name length (OUT_DIR/ffbench.old, .new), and pair i gives
both the same environment padding of 16 i bytes: where a process's stack lands depends on the
length of its path, arguments and environment, and ffbench's tower rows moved by 1.2-1.5x
with it (decisions.md, "a stack-placement hazard"), so each pair sees another placement and the
two sides the same one.
Rows only one binary writes are listed apart. Floors and peers (impl other than fieldlab)
are compared too: they show how much the machine itself moved between the two.
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

KEY = ("bench", "field", "impl", "backend", "variant", "log2_n", "window_bits")


def run(binary, args, out, padding):
    cmd = [binary, *args, "--json", str(out)]
    env = dict(os.environ, FFBENCH_AB_PADDING="x" * padding)
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    if done.returncode != 0:
        sys.exit(f"ffbench_ab: {' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-2000:]}")


def best(paths):
    rows = {}
    for p in paths:
        for r in json.loads(Path(p).read_text())["records"]:
            if r.get("impl") == "published" or r.get("ns_per_op") is None:
                continue
            k = tuple(r.get(f) for f in KEY)
            rows[k] = min(rows.get(k, float("inf")), r["ns_per_op"])
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("out_dir")
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--label", default="ab")
    ap.add_argument("--threshold", type=float, default=0.03)
    # ffbench's arguments follow "--" (split here: argparse would read --label among them).
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    a = ap.parse_args(argv[:cut])
    args = argv[cut + 1:]
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    binaries = {}
    for side, given in (("old", a.old), ("new", a.new)):
        binaries[side] = (out / f"ffbench.{side}").resolve()
        shutil.copy2(given, binaries[side])
    olds, news = [], []
    for i in range(a.pairs):
        for side, acc in (("old", olds), ("new", news)):
            path = out / f"{a.label}.{side}.{i}.json"
            print(f"ffbench_ab: {a.label} pair {i + 1}/{a.pairs}: {side}", file=sys.stderr, flush=True)
            run(str(binaries[side]), args, path, 16 * i)
            acc.append(path)
    o, n = best(olds), best(news)
    common = sorted(set(o) & set(n), key=lambda k: [str(x) for x in k])
    with open(out / f"{a.label}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow([*KEY, "old_ns", "new_ns", "new_over_old"])
        for k in common:
            w.writerow([*k, o[k], n[k], n[k] / o[k] if o[k] else ""])
    ratios = [(n[k] / o[k], k) for k in common if o[k]]
    slower = sorted([r for r in ratios if r[0] > 1 + a.threshold], reverse=True)
    faster = sorted([r for r in ratios if r[0] < 1 - a.threshold])
    print(f"{a.label}: {len(common)} rows in both, {len(slower)} slower and {len(faster)} faster than "
          f"{a.threshold:.0%} (best of {a.pairs} alternated runs each)")
    for ratio, k in slower + faster:
        print(f"  {ratio:6.3f}  " + " ".join(f"{f}={v}" for f, v in zip(KEY, k) if v is not None))
    for side, only in (("old", set(o) - set(n)), ("new", set(n) - set(o))):
        if only:
            print(f"  only in {side}: {len(only)} rows, e.g. " + "; ".join(
                " ".join(str(v) for v in k if v is not None) for k in sorted(only, key=str)[:3]))


if __name__ == "__main__":
    main()
