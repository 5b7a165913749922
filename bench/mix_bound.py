#!/usr/bin/env python3
"""mix_bound: the throughput bound of a compiled loop's instruction mix.

A batch kernel's loop runs no faster than the core can issue its instructions. This tool
takes the loops of one function in a binary (objdump), rewrites every vector instruction of
each loop so that none depends on another, and times the result:
  - sources become loop-invariant registers (zmm0-7), destinations a rotating pool
    (zmm8-31), so no instruction waits for another's result;
  - loads and stores go to a 4 KiB buffer that stays in L1; non-temporal stores become
    ordinary stores (an NT store to the same lines again and again would measure DRAM);
  - prefetches stay (to the buffer); scalar bookkeeping (counter, compare, branch) is
    dropped, the probe's own loop adds one.
The loops are timed in rounds, interleaved, for two seconds; the best round counts (the host
is shared).

A kernel's own time at the bound means the number and kind of its instructions limit it,
not their dependencies: only fewer or cheaper instructions make it faster. Well above the
bound, the schedule (latency, the out-of-order window) is what to work on.

  python3 bench/mix_bound.py build/release/bench/ffbench \\
      'mul_batch_vpclmul512@ff.batch<ff::b163@' --clmuls 6

--clmuls is the field's 64x64 products per multiplication (b127/ghash128 3, b163/b191/sect193
6, b256/ghash2 9); elements per iteration = VPCLMULQDQ count x products per instruction /
clmuls. x86-64 with the instruction sets the loop uses; needs objdump and a C++ compiler
($CXX, default clang++-19). --compile-only builds the probe without running it (the test).
Loops that gather or scatter (vector-indexed addresses, as in ff.power's table lookups) are
skipped: their addresses come from data the probe does not have.
"""
import argparse, collections, os, re, subprocess, sys, tempfile

FIXED_SOURCES = 8  # zmm0-7: sources
# Destinations rotate through zmm8-15 when the loop's register is below 16 (VEX encodings
# reach only those) and through zmm16-31 otherwise.
LOW_POOL, HIGH_POOL = list(range(8, 16)), list(range(16, 32))
VREG = re.compile(r"%([xyz])mm(\d+)")


def function_instructions(binary, symbol_part, tool="mix_bound"):
    """(address, instruction text) of the first symbol whose demangled name contains symbol_part."""
    syms = subprocess.run(["nm", "-C", "-n", binary], capture_output=True, text=True, check=True).stdout.splitlines()
    hits = [i for i, line in enumerate(syms) if symbol_part in line]
    if not hits:
        sys.exit(f"{tool}: no symbol containing {symbol_part!r} in {binary}")
    start, end = syms[hits[0]].split()[0], syms[hits[0] + 1].split()[0]
    dump = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary, f"--start-address=0x{start}",
                           f"--stop-address=0x{end}"], capture_output=True, text=True, check=True).stdout
    return [(int(m.group(1), 16), re.sub(r"\s*(#.*|<.*>)$", "", m.group(2)).strip())
            for m in (re.match(r"\s+([0-9a-f]+):\s+(.*)", line) for line in dump.splitlines()) if m]


def function_loops(binary, symbol_part):
    """(address, instructions) of every backward-branch loop in the first matching symbol."""
    ins = function_instructions(binary, symbol_part)
    addrs = [a for a, _ in ins]
    for k, (a, text) in enumerate(ins):
        m = re.match(r"j\w+\s+([0-9a-f]+)", text)
        if m and int(m.group(1), 16) < a and int(m.group(1), 16) in addrs:
            j = addrs.index(int(m.group(1), 16))
            body = [t for _, t in ins[j:k + 1]]
            if not any(t.startswith("j") for t in body[:-1]):  # innermost, straight-line loops only
                yield ins[j][0], body


def split_operands(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += (ch == "(") - (ch == ")")
        cur += ch
    return out + [cur.strip()] if cur.strip() else out


def asm_escape(text):
    """GNU extended asm: % as %%, braces of AVX-512 masks as %{ %}."""
    return text.replace("%", "%%").replace("{", "%{").replace("}", "%}")


def rewrite(body, independent):
    """The loop's vector instructions with memory operands on the L1 buffer; independent: also
    with no register dependencies between them (else its registers as compiled)."""
    out, load_off, store_off = [], 0, 0
    turn = {"low": 0, "high": 0}
    for line in body:
        parts = line.split(None, 1)
        mnem, ops = parts[0], (split_operands(parts[1]) if len(parts) > 1 else [])
        if mnem.startswith("prefetch"):
            out.append(f"{mnem} {load_off % 4096}(%[buf])")
            load_off += 64
            continue
        if not any(VREG.search(o) for o in ops):
            continue  # scalar bookkeeping
        if mnem.startswith("vmovnt"):
            mnem = "vmovdqu64"
        new = []
        for n, o in enumerate(ops):
            dest = n == len(ops) - 1
            if "(" in o:  # memory: loads from the first 2 KiB, stores to the second
                off = (2048 + store_off % 2048) if dest else (load_off % 2048)
                if dest:
                    store_off += 64
                else:
                    load_off += 64
                new.append(f"{off}(%[buf])")
            elif VREG.match(o):
                kind, mask = VREG.match(o).group(1), o[o.index("{"):] if "{" in o else ""
                number = int(VREG.match(o).group(2))
                if not independent:
                    reg = number
                elif dest:
                    side = "low" if number < 16 else "high"
                    pool = LOW_POOL if side == "low" else HIGH_POOL
                    reg = pool[turn[side] % len(pool)]
                    turn[side] += 1
                else:
                    reg = number % FIXED_SOURCES
                new.append(asm_escape(f"%{kind}mm{reg}{mask}"))
            else:
                new.append(asm_escape(o))
        out.append(f"{mnem} " + ", ".join(new))
    return out


def probe_source(loops, target):
    clobbers = ", ".join(f'"xmm{i}"' for i in range(32)) + ", " + ", ".join(f'"k{i}"' for i in range(1, 8))
    fns = []
    for i, asm in enumerate(loops):
        body = "\\n".join(asm)
        fns.append(f"""[[gnu::target("{target}")]] __attribute__((noinline)) void loop{i}(long n) {{
  for (long i = 0; i < n; ++i) asm volatile("{body}\\n" :: [buf] "r"(buf) : "memory", {clobbers});
}}""")
    table = ", ".join(f"loop{i}" for i in range(len(loops)))
    return f"""#include <algorithm>
#include <chrono>
#include <cstdio>
alignas(64) static unsigned char buf[4096];
{chr(10).join(fns)}
int main() {{
  void (*loops[])(long) = {{{table}}};
  constexpr int count = sizeof(loops) / sizeof(loops[0]);
  constexpr long iterations = 100000;
  double best[count];
  for (int l = 0; l < count; ++l) {{ loops[l](1000); best[l] = 1e30; }}
  // Rounds for two seconds at least: another tenant on the same core can halve the
  // throughput for a while, and the best round is the one to keep.
  const auto start = std::chrono::steady_clock::now();
  for (int round = 0; round < 15 || std::chrono::steady_clock::now() - start < std::chrono::seconds(2); ++round)
    for (int l = 0; l < count; ++l) {{
      const auto t0 = std::chrono::steady_clock::now();
      loops[l](iterations);
      const auto t1 = std::chrono::steady_clock::now();
      best[l] = std::min(best[l], std::chrono::duration<double, std::nano>(t1 - t0).count() / iterations);
    }}
  for (int l = 0; l < count; ++l) std::printf("%.4f\\n", best[l]);
}}
"""


def role(body):
    if any(x.startswith("vmovnt") for x in body):
        return "streaming, non-temporal stores"
    if any(x.startswith("prefetch") for x in body):
        return "streaming"
    return "in cache"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("symbol", help="part of the demangled function name (nm -C)")
    ap.add_argument("--clmuls", type=int, required=True, help="64x64 products per field operation")
    ap.add_argument("--products-per-clmul", type=int, default=4, help="zmm 4 (default), ymm 2, xmm 1")
    ap.add_argument("--target", default="avx512f,avx512vl,avx512bw,avx512dq,vpclmulqdq,avx512vbmi,avx512vbmi2,gfni")
    ap.add_argument("--show", action="store_true", help="print the rewritten instructions")
    ap.add_argument("--compile-only", action="store_true")
    a = ap.parse_args()

    found = []
    for addr, body in function_loops(a.binary, a.symbol):
        clmuls = sum(1 for x in body if "pclmul" in x)
        if clmuls and any(re.search(r"\([^)]*%[xyz]mm", x) for x in body):
            print(f"loop {addr:#x}: skipped, it gathers or scatters (its addresses come from data)")
        elif clmuls:
            found.append((addr, body, clmuls * a.products_per_clmul / a.clmuls,
                          rewrite(body, independent=False), rewrite(body, independent=True)))
    if not found:
        sys.exit("mix_bound: no loop with a carry-less multiply in that function")
    with tempfile.TemporaryDirectory() as d:
        cpp, exe = os.path.join(d, "probe.cpp"), os.path.join(d, "probe")
        with open(cpp, "w") as f:
            f.write(probe_source([asm for *_, compiled, independent in found for asm in (compiled, independent)],
                                 a.target))
        subprocess.run([os.environ.get("CXX", "clang++-19"), "-O2", "-std=c++20", cpp, "-o", exe], check=True)
        if a.compile_only:
            print(f"mix_bound: {len(found)} loops rewritten and compiled")
            return
        ns = [float(x) for x in subprocess.run([exe], capture_output=True, text=True, check=True).stdout.split()]
    for k, (addr, body, elements, compiled, independent) in enumerate(found):
        t_compiled, t_bound = ns[2 * k] / elements, ns[2 * k + 1] / elements
        mix = collections.Counter(x.split()[0] for x in independent)
        print(f"loop {addr:#x} ({role(body)}): {len(independent)} vector instructions, {elements:g} elements "
              f"per iteration; ns/element: as compiled {t_compiled:.3f}, independent {t_bound:.3f}, "
              f"ratio {t_compiled / t_bound:.2f}")
        print("    " + ", ".join(f"{m} {v}" for m, v in mix.most_common()))
        if a.show:
            print("\n".join("    " + x for x in independent))


if __name__ == "__main__":
    main()
