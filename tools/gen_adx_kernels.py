#!/usr/bin/env python3
"""Writes modules/include/fieldlab/adx_kernels.inc: Montgomery multiplication on MULX, ADCX and ADOX, one
inline-assembly block per limb count, generated from one description of the algorithm (CIOS,
"no-carry" variant for moduli with a spare top bit).

Each row i multiplies a by b[i] into the running sum t with two carry chains (ADOX adds the low
halves, ADCX the high halves), then adds m p for m = t[0] (-p^-1) mod 2^64 the same way, which
clears t[0]; the limbs are renamed instead of shifted, and the cleared register becomes the next
row's top limb. The sum ends below 2p; p is subtracted into spare registers and CMOV keeps
the difference unless it borrowed (a conditional move on data is constant time, and valgrind
treats it as data flow, not as a branch).

Also the plain product a b (2n limbs) for the special-form fields, which fold it themselves
(ff.prime.fold): the same rows without the reduction, a finished limb stored after each row.
a, b and the product share one buffer, so one register addresses all three: n + 5 registers,
4 to 8 limbs.

Usage: gen_adx_kernels.py [OUTPUT]   (no OUTPUT: print to stdout; tests compare the two)
"""
import sys

# t (n + 1 registers), lo, hi, rdx, a and b fit x86-64's registers; at 7 limbs (13 of 15)
# clang 19 fails to allocate them inside some callers ("inline assembly requires more
# registers than available" in ffbench's eight-chain loop), so 7+ limbs run portable kernels.
LIMB_COUNTS = (4, 5, 6)


def asm_parts(n, lines):
    """The asm statement's text, the running sum's declarations t0..tn and its output operands."""
    asm = "\n".join(f'        "{line}\\n\\t"' for line in lines)
    regs = ", ".join(f"t{k}" for k in range(n + 1))
    outputs = ", ".join(f'[t{k}] "=&r"(t{k})' for k in range(n + 1))
    return asm, regs, outputs


def kernel(n):
    t = [f"t{k}" for k in range(n + 1)]
    lines = []
    emit = lines.append

    def op(name):
        return f"%[{name}]"

    def limb(array, j):  # a and b come as pointers in registers
        return f"{8 * j}(%[{array}])"

    # Row 0: t = a * b[0] (a single chain: t starts at zero).
    emit(f"xorl %k[lo], %k[lo]")  # clears CF and OF (lo is free until its first MULX)
    emit(f"movq {limb('b', 0)}, %%rdx")
    emit(f"mulxq {limb('a', 0)}, {op(t[0])}, {op(t[1])}")
    for j in range(1, n):
        emit(f"mulxq {limb('a', j)}, %[lo], {op(t[j + 1])}")
        emit(f"adcxq %[lo], {op(t[j])}")
    emit(f"adcq $0, {op(t[n])}")
    for i in range(n):
        if i:
            # t += a * b[i]; t[n] is the register row i-1 cleared.
            emit(f"movq {limb('b', i)}, %%rdx")
            emit(f"xorl %k[lo], %k[lo]")
            for j in range(n):
                emit(f"mulxq {limb('a', j)}, %[lo], %[hi]")
                emit(f"adoxq %[lo], {op(t[j])}")
                emit(f"adcxq %[hi], {op(t[j + 1])}")
            emit(f"movl $0, %k[lo]")  # MOV leaves the flags alone
            emit(f"adoxq %[lo], {op(t[n])}")
        # t += m p with m = t[0] (-p^-1): t[0] becomes zero, then the limbs move down one.
        emit(f"movabsq %[inv], %%rdx")
        emit(f"imulq {op(t[0])}, %%rdx")
        emit(f"xorl %k[lo], %k[lo]")
        for j in range(n):  # p is a global: RIP-relative memory operands, no register
            emit(f"mulxq {8 * j}+%[p], %[lo], %[hi]" if j else "mulxq %[p], %[lo], %[hi]")
            emit(f"adcxq %[lo], {op(t[j])}")
            emit(f"adoxq %[hi], {op(t[j + 1])}")
        emit(f"adcq $0, {op(t[n])}")  # the ADOX chain has ended: ADC may write OF
        t = t[1:] + t[:1]
    # t[0..n) < 2p: d = t - p in the registers that are free now, t = d unless that borrowed.
    spare = ["%[lo]", "%[hi]", "%%rdx", op(t[n]), "%[b]", "%[a]"][:n]
    for j in range(n):
        emit(f"movq {op(t[j])}, {spare[j]}")
        p_limb = f"{8 * j}+%[p]" if j else "%[p]"
        emit(f"{'subq' if j == 0 else 'sbbq'} {p_limb}, {spare[j]}")
    for j in range(n):
        emit(f"cmovncq {spare[j]}, {op(t[j])}")
    asm, regs, outputs = asm_parts(n, lines)
    result = ", ".join(t[:n])
    return f"""template <>
struct mont_adx<{n}> {{
  static constexpr bool generated = true;
  template <const std::array<u64, {n}>& p, u64 inv>
  FF_INLINE static void mul(std::array<u64, {n}>& r, const std::array<u64, {n}>& a, const std::array<u64, {n}>& b) {{
    u64 {regs}, lo, hi;
    const u64* a_limbs = a.data();  // the subtraction at the end reuses these registers
    const u64* b_limbs = b.data();
    asm(
{asm}
        : {outputs}, [lo] "=&r"(lo), [hi] "=&r"(hi), [a] "+r"(a_limbs), [b] "+r"(b_limbs)
        : [inv] "i"(inv), [p] "m"(p), "m"(a), "m"(b)  // what the pointers point at is read
        : "rdx", "cc");
    r = {{{result}}};
  }}
}};
"""


# 9 limbs (14 registers) fail register allocation like the Montgomery kernels at 7: p521 runs
# the portable product.
PRODUCT_LIMB_COUNTS = (4, 5, 6, 7, 8)


# Up to 5 limbs a and b are read where they are (n + 7 registers); above, they are copied into
# the product's buffer first, so that one register addresses all three (n + 5).
DIRECT_LIMBS = 5


def product_rows(n, copied=False):
    """The rows of the product of a and b, two carry chains; limb i of the product is stored
    after row i. Returns the lines and the register names, in order, of the product's top n
    limbs (t[n] is free)."""
    t = [f"t{k}" for k in range(n + 1)]
    lines = []
    emit = lines.append

    def a(j):
        return f"{8 * j}(%[a])" if direct(n, copied) else f"{8 * j}(%[x])"

    def b(i):
        return f"{8 * i}(%[b])" if direct(n, copied) else f"{8 * (n + i)}(%[x])"

    # Row 0: t = a * b[0], one chain.
    emit("xorl %k[lo], %k[lo]")
    emit(f"movq {b(0)}, %%rdx")
    emit(f"mulxq {a(0)}, %[{t[0]}], %[{t[1]}]")
    for j in range(1, n):
        emit(f"mulxq {a(j)}, %[lo], %[{t[j + 1]}]")
        emit(f"adcxq %[lo], %[{t[j]}]")
    emit(f"adcq $0, %[{t[n]}]")
    emit(f"movq %[{t[0]}], {product_limb(n, 0, copied)}")
    t = t[1:] + t[:1]
    for i in range(1, n):
        # t += a * b[i]; t[n] (the register just stored) starts at zero.
        emit(f"movq {b(i)}, %%rdx")
        emit(f"xorl %k[{t[n]}], %k[{t[n]}]")  # also clears CF and OF
        for j in range(n):
            emit(f"mulxq {a(j)}, %[lo], %[hi]")
            emit(f"adoxq %[lo], %[{t[j]}]")
            emit(f"adcxq %[hi], %[{t[j + 1]}]")
        emit("movl $0, %k[lo]")  # MOV leaves the flags alone
        emit(f"adoxq %[lo], %[{t[n]}]")
        emit(f"movq %[{t[0]}], {product_limb(n, i, copied)}")
        t = t[1:] + t[:1]
    return lines, t


def direct(n, copied):
    return n <= DIRECT_LIMBS and not copied


def product_limb(n, k, copied=False):
    return f"{8 * k}(%[x])" if direct(n, copied) else f"{8 * (2 * n + k)}(%[x])"


def asm_kernel(n, struct, template, result_type, lines, result, copied=False):
    asm, regs, outputs = asm_parts(n, lines)
    constant = ', [c] "i"(C)' if template else ""
    if direct(n, copied):
        buffer = f"std::array<u64, {2 * n}> x;  // the product"
        inputs = f'[x] "r"(x.data()), [a] "r"(a.data()), [b] "r"(b.data()), "m"(a), "m"(b){constant}'
        offset = 0
    else:
        buffer = f"""std::array<u64, {4 * n}> x;  // a, b, then the product
    for (std::size_t j = 0; j < {n}; ++j) x[j] = a[j], x[{n} + j] = b[j];"""
        inputs = f'[x] "r"(x.data()){constant}'
        offset = 2 * n
    return f"""template <>
struct {struct}<{n}> {{
  static constexpr bool generated = true;
  {template}FF_INLINE static {result_type} mul(const std::array<u64, {n}>& a, const std::array<u64, {n}>& b) {{
    {buffer}
    u64 {regs}, lo, hi;
    asm(
{asm}
        : {outputs}, [lo] "=&r"(lo), [hi] "=&r"(hi), "+m"(x)
        : {inputs}
        : "rdx", "cc");
{result.replace("OFFSET", str(offset))}
  }}
}};
"""


def product_kernel(n, struct="product_adx", copied=False):
    """The product a b, 2n limbs."""
    lines, t = product_rows(n, copied)
    for k in range(n):
        lines.append(f"movq %[{t[k]}], {product_limb(n, n + k, copied)}")
    result = f"""    std::array<u64, {2 * n}> w;
    for (std::size_t k = 0; k < {2 * n}; ++k) w[k] = x[OFFSET + k];
    return w;"""
    return asm_kernel(n, struct, "", f"std::array<u64, {2 * n}>", lines, result, copied)


def limb_fold_kernel(n):
    """a b folded at the limb boundary, for p with 2^(64 n) = C (mod p), C one limb: the
    product's top half h becomes h C (one row), the limb above that its multiple of C, and a
    carry out of that one more C; the result is below 2^(64 n) and congruent to a b."""
    lines, t = product_rows(n)
    emit = lines.append
    # r_j = w_j + lo(h_j C) (OF chain) + hi(h_(j-1) C) (CF chain), r_j in h_j's register; the
    # high halves alternate between hi and t[n].
    emit("movabsq %[c], %%rdx")
    emit(f"xorl %k[{t[n]}], %k[{t[n]}]")
    high = ["hi", t[n]]
    for j in range(n):
        emit(f"mulxq %[{t[j]}], %[lo], %[{high[j % 2]}]")
        emit(f"movq {product_limb(n, j)}, %[{t[j]}]")
        emit(f"adoxq %[lo], %[{t[j]}]")
        if j:
            emit(f"adcxq %[{high[(j - 1) % 2]}], %[{t[j]}]")
    top = high[(n - 1) % 2]
    emit("movl $0, %k[lo]")
    emit(f"adoxq %[lo], %[{top}]")
    emit(f"adcxq %[lo], %[{top}]")
    # The limb above (at most C): times C into the two lowest limbs.
    other = high[n % 2]
    emit(f"mulxq %[{top}], %[lo], %[{other}]")
    emit(f"addq %[lo], %[{t[0]}]")
    emit(f"adcq %[{other}], %[{t[1]}]")
    for j in range(2, n):
        emit(f"adcq $0, %[{t[j]}]")
    # A carry out (the sum is then below 2^(64 n) + C^2): C once more, no carry out of that.
    emit("movl $0, %k[lo]")
    emit("cmovcq %%rdx, %[lo]")
    emit(f"addq %[lo], %[{t[0]}]")
    for j in range(1, n):
        emit(f"adcq $0, %[{t[j]}]")
    result = f"    return {{{', '.join(t[:n])}}};"
    return asm_kernel(n, "limb_fold_adx", "template <u64 C>\n  ", f"std::array<u64, {n}>", lines, result)


def redc_kernel(n):
    """Montgomery reduction's rows for a double-width w: u = (w_lo + M p) / 2^(64 n) <= p for
    the M that clears w_lo, one row per limb (m = t[0] (-p^-1), t += m p on two carry chains,
    the limbs renamed). The caller adds w_hi and subtracts p once (u + w_hi < 2p for w < p R)."""
    t = [f"t{k}" for k in range(n + 1)]
    lines = []
    emit = lines.append
    for j in range(n):
        emit(f"movq {8 * j}(%[w]), %[{t[j]}]")
    for i in range(n):
        emit("movabsq %[inv], %%rdx")
        emit(f"imulq %[{t[0]}], %%rdx")
        emit(f"xorl %k[{t[n]}], %k[{t[n]}]")  # the new top limb; clears CF and OF
        for j in range(n):
            emit(f"mulxq {8 * j}+%[p], %[lo], %[hi]" if j else "mulxq %[p], %[lo], %[hi]")
            emit(f"adcxq %[lo], %[{t[j]}]")
            emit(f"adoxq %[hi], %[{t[j + 1]}]")
        emit("movl $0, %k[lo]")  # MOV leaves the flags alone
        emit(f"adcxq %[lo], %[{t[n]}]")  # no carry out: the window stays below 2^(64 n)
        t = t[1:] + t[:1]
    asm, regs, outputs = asm_parts(n, lines)
    result = ", ".join(t[:n])
    return f"""template <>
struct redc_adx<{n}> {{
  static constexpr bool generated = true;
  template <const std::array<u64, {n}>& p, u64 inv>
  FF_INLINE static std::array<u64, {n}> rows(const std::array<u64, {2 * n}>& w) {{
    u64 {regs}, lo, hi;
    asm(
{asm}
        : {outputs}, [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [w] "r"(w.data()), "m"(w), [inv] "i"(inv), [p] "m"(p)
        : "rdx", "cc");
    return {{{result}}};
  }}
}};
"""


def main():
    text = (
        "// Generated by tools/gen_adx_kernels.py: do not edit (a test checks it is up to date).\n"
        "// Montgomery multiplication (CIOS, no-carry variant) on MULX/ADCX/ADOX per limb count;\n"
        "// the result is below p. Included by modules/prime/adx.cppm.\n"
        + "\n".join(kernel(n) for n in LIMB_COUNTS)
        + "\n// Montgomery reduction's rows (lazy reduction: ff.prime.ops' arithmetic).\n"
        + "\n".join(redc_kernel(n) for n in LIMB_COUNTS)
        + "\n// The product a b for lazy reduction, a and b copied next to it: n + 5 registers, which\n"
        + "// clang allocates inside the towers' inlined code (n + 7 and the operands' addresses fail).\n"
        + "\n".join(product_kernel(n, "wide_product_adx", copied=True) for n in LIMB_COUNTS)
        + "\n// The product a b (2n limbs), for the special forms' folding.\n"
        + "\n".join(product_kernel(n) for n in PRODUCT_LIMB_COUNTS)
        + "\n// a b folded at 2^(64 n) = C (mod p), below 2^(64 n): the special forms with one-limb C.\n"
        + "\n".join(limb_fold_kernel(n) for n in PRODUCT_LIMB_COUNTS)
    )
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
