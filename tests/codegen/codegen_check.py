#!/usr/bin/env python3
"""Codegen guards: what only the compiled kernels show, read from a binary with objdump.

  codegen_check.py BINARY FIELD OP [--stores nt|realigned|auto] [--no-calls-in-loops]

The function checked is the zmm batch kernel of FIELD and OP (mul or square) as ff::dispatch
compiles it: ff::detail::under_vpclmul512<... batch_kernel<ff::FIELD, operands> ...>.

--stores nt: the kernel has a non-temporal store (`vmovntdq`): every zmm streaming loop stores
  non-temporally, one block in 16 ordinarily (ff.algo.batch). A compiler may turn an NT store
  into an ordinary one: clang once merged the realigned sink's two branches (an NT and an
  ordinary store of the same value to the same address) and dropped the hint. Results stay
  right, only the speed goes, so no test of results can see it.
--stores realigned: also, for 32-byte elements (whose outputs malloc puts at 16 mod 64), the
  realigned lines in both store kinds: a `vmovntdq` and an ordinary zmm store of a register
  that a `valignq` wrote (each aligned line joins the tail of one row and the head of the next).
--stores auto: realigned for 32-byte elements, nt otherwise (BINARY --element-bytes FIELD tells).
--no-calls-in-loops: no `call` inside any loop of the kernel (backward branch to a label in
  the function): everything a loop runs is inlined, nothing goes through a function pointer.

Needs nm and objdump; optimized x86-64 builds only (an -O0 build addresses memory differently).
"""
import argparse, re, subprocess, sys

ZMM_STORE = re.compile(r"(vmovntdq|vmovdq[au](?:64|32)|vmov[au]ps)\s+%zmm\d+,(-?0x[0-9a-f]+)?\((%\w+)")
OPERANDS = {"mul": 1, "square": 0}  # ff::detail::operands::two / one


def kernel_instructions(binary, field, op):
    """(address, text) of the zmm batch kernel of field and op."""
    pattern = re.compile(r"under_vpclmul512@.*batch_kernel@ff\.algo\.batch<[\w:]*::%s@[\w.]+, "
                         r"\(ff::detail::operands@ff\.algo\.batch\)%d>" % (re.escape(field), OPERANDS[op]))
    syms = subprocess.run(["nm", "-C", "-n", binary], capture_output=True, text=True, check=True).stdout.splitlines()
    hits = [i for i, line in enumerate(syms) if pattern.search(line)]
    if not hits:
        sys.exit(f"codegen_check: no zmm {op} kernel of {field} in {binary}")
    start, end = syms[hits[0]].split()[0], syms[hits[0] + 1].split()[0]
    dump = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary, f"--start-address=0x{start}",
                           f"--stop-address=0x{end}"], capture_output=True, text=True, check=True).stdout
    return [(int(m.group(1), 16), re.sub(r"\s*(#.*|<.*>)$", "", m.group(2)).strip())
            for m in (re.match(r"\s+([0-9a-f]+):\s+(.*)", line) for line in dump.splitlines()) if m]


def zmm_stores(instructions):
    """(kind, written by) of every zmm store to memory other than the stack: kind is nt or
    ordinary, written by the mnemonic that last wrote the stored register (in address order)."""
    written_by, stores = {}, []
    for _, text in instructions:
        parts = text.split(None, 1)
        if len(parts) < 2:
            continue
        mnemonic, operands = parts[0], [o.strip() for o in parts[1].split(",")]
        m = ZMM_STORE.match(text)
        if m and m.group(3) != "%rsp":
            stores.append(("nt" if m.group(1) == "vmovntdq" else "ordinary", written_by.get(operands[0])))
        elif operands[-1].startswith("%zmm"):
            written_by[operands[-1]] = mnemonic
    return stores


def calls_in_loops(instructions):
    """The calls inside a cycle of the function's control-flow graph (a loop, however the
    compiler laid it out): basic blocks split at jumps and jump targets, edges to direct jump
    targets and to the next block unless the block ends in jmp or ret; cycles are the strongly
    connected components with more than one block, or a block that jumps to itself."""
    addresses = [a for a, _ in instructions]
    index = {a: k for k, a in enumerate(addresses)}
    target = {}
    for k, (a, text) in enumerate(instructions):
        m = re.match(r"j\w+\s+([0-9a-f]+)$", text)
        if m and int(m.group(1), 16) in index:
            target[k] = index[int(m.group(1), 16)]
    starts = sorted({0} | set(target.values()) | {k + 1 for k, (_, t) in enumerate(instructions)
                                                   if t.startswith(("j", "ret")) and k + 1 < len(instructions)})
    block_of = {}
    for b, s0 in enumerate(starts):
        for k in range(s0, starts[b + 1] if b + 1 < len(starts) else len(instructions)):
            block_of[k] = b
    edges = {b: set() for b in range(len(starts))}
    for b, s0 in enumerate(starts):
        last = (starts[b + 1] if b + 1 < len(starts) else len(instructions)) - 1
        text = instructions[last][1]
        if last in target:
            edges[b].add(block_of[target[last]])
        if not text.startswith(("jmp", "ret")) and last + 1 < len(instructions):
            edges[b].add(block_of[last + 1])
    # Tarjan's strongly connected components (iterative).
    order, low, on_stack, stack, counter, cyclic = {}, {}, set(), [], [0], set()
    for root in edges:
        if root in order:
            continue
        work = [(root, iter(sorted(edges[root])))]
        order[root] = low[root] = counter[0]; counter[0] += 1; stack.append(root); on_stack.add(root)
        while work:
            node, it = work[-1]
            child = next(it, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == order[node]:
                    component = []
                    while True:
                        w = stack.pop(); on_stack.discard(w); component.append(w)
                        if w == node:
                            break
                    if len(component) > 1 or node in edges[node]:
                        cyclic.update(component)
            elif child not in order:
                order[child] = low[child] = counter[0]; counter[0] += 1; stack.append(child); on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], order[child])
    return [f"{a:x}: {t}" for k, (a, t) in enumerate(instructions) if t.startswith("call") and block_of[k] in cyclic]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("field")
    ap.add_argument("op", choices=sorted(OPERANDS))
    ap.add_argument("--stores", choices=["nt", "realigned", "auto"])
    ap.add_argument("--no-calls-in-loops", action="store_true")
    args = ap.parse_args()
    if args.stores == "auto":
        size = subprocess.run([args.binary, "--element-bytes", args.field], capture_output=True, text=True, check=True)
        args.stores = "realigned" if int(size.stdout) == 32 else "nt"
    ins = kernel_instructions(args.binary, args.field, args.op)
    problems = []
    if args.stores:
        stores = zmm_stores(ins)
        nt = sum(1 for kind, _ in stores if kind == "nt")
        realigned = {kind: sum(1 for k, source in stores if k == kind and source == "valignq") for kind in ("nt", "ordinary")}
        print(f"codegen_check: {args.field} {args.op}: {len(stores)} zmm stores, {nt} non-temporal; of valignq "
              f"results: {realigned['nt']} non-temporal, {realigned['ordinary']} ordinary")
        if not nt:
            problems.append("no non-temporal store at all")
        if args.stores == "realigned":
            if not realigned["nt"]:
                problems.append("no non-temporal store of a realigned line (valignq)")
            if not realigned["ordinary"]:
                problems.append("no ordinary store of a realigned line (valignq): the one block in 16")
    if args.no_calls_in_loops:
        calls = calls_in_loops(ins)
        print(f"codegen_check: {args.field} {args.op}: {len(ins)} instructions, calls inside loops: {calls or 'none'}")
        if calls:
            problems.append("calls inside a loop: " + "; ".join(calls))
    if problems:
        print("codegen_check: FAIL: " + "; ".join(problems))
        return 1
    print("codegen_check: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
