#!/usr/bin/env python3
"""Checks that a compiled zmm batch function still has the stores its streaming loop asks for.

Every zmm streaming loop stores non-temporally, one block in 16 ordinarily (ff.batch,
streaming_shape). A compiler may turn a non-temporal store into an ordinary one: clang merged
the realigned sink's two branches (an NT and an ordinary store of the same value to the same
address) into one ordinary store and dropped the hint (666c78b). Results stay right, only the
speed goes, so the tests of results cannot see it; this reads the binary instead.

  store_kinds.py BINARY SYMBOL_PART [--realigned]

Passes when the first function whose demangled name contains SYMBOL_PART has a `vmovntdq`,
and with --realigned (32-byte elements, whose outputs malloc puts at 16 mod 64) when both a
`vmovntdq` and an ordinary zmm store write at 48 mod 64 from their base: the realigned lines,
16 bytes before each element block, in both store kinds. Needs nm and objdump; optimized
x86-64 builds only (an -O0 build addresses memory differently).
"""
import argparse, re, sys

from mix_bound import function_instructions

ZMM_STORE = re.compile(r"(vmovntdq|vmovdq[au](?:64|32)|vmov[au]ps)\s+%zmm\d+,(-?0x[0-9a-f]+)?\((%\w+)")


def store_residues(instructions):
    """Offsets mod 64 of the zmm stores to memory other than the stack: (non-temporal, ordinary)."""
    nt, ordinary = set(), set()
    for _, text in instructions:
        m = ZMM_STORE.match(text)
        if not m or m.group(3) == "%rsp":
            continue
        residue = (int(m.group(2), 16) if m.group(2) else 0) % 64
        (nt if m.group(1) == "vmovntdq" else ordinary).add(residue)
    return nt, ordinary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("symbol", help="part of the demangled function name (nm -C)")
    ap.add_argument("--realigned", action="store_true", help="32-byte elements: expect the realigned lines too")
    args = ap.parse_args()
    nt, ordinary = store_residues(function_instructions(args.binary, args.symbol, "store_kinds"))
    print(f"store_kinds: {args.symbol}: zmm stores at offsets mod 64: non-temporal {sorted(nt)}, "
          f"ordinary {sorted(ordinary)}")
    missing = []
    if not nt:
        missing.append("no non-temporal store at all")
    if args.realigned:
        if 48 not in nt:
            missing.append("no non-temporal store to the realigned lines (48 mod 64)")
        if 48 not in ordinary:
            missing.append("no ordinary store to the realigned lines (48 mod 64): the one block in 16")
    if missing:
        print("store_kinds: FAIL: " + "; ".join(missing))
        return 1
    print("store_kinds: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
