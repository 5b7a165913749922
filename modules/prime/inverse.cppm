// ff.prime.inverse: modular inversion by Bernstein and Yang's safegcd ("Fast constant-time
// gcd computation and modular inversion", 2019), in batches of up to 62 divsteps on the low words
// followed by one multi-limb update with the batch's 2x2 transition matrix. Numbers are
// held as signed 62-bit limbs (value = sum v[i] 2^(62 i); every limb but the top one in
// [0, 2^62)). The constant-time variant runs a worst-case bound on the number of divsteps
// for the modulus size (below); the _var one stops as soon as g = 0.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include "fieldlab/macros.h"
export module ff.prime.inverse;
import ff.core.element;
import ff.core.secret;
import ff.core.integer;
export namespace ff::prime::safegcd {
using i64 = std::int64_t;
using i128 = __int128;
inline constexpr u64 mask62 = (u64(1) << 62) - 1;

// Signed 62-bit limbs for a modulus of `bits` bits, with room for values in (-2p, 2p).
template <std::size_t L>
using signed62 = std::array<i64, L>;
constexpr std::size_t signed62_limbs(unsigned bits) { return (bits + 2 + 61) / 62; }

// The constant-time inverse runs a fixed number of half-delta divsteps (delta starts at 1/2,
// as in libsecp256k1), enough for every 0 <= g <= f <= M:
//  - M < 2^256: 590 steps (proved in Coq; libsecp256k1's doc/safegcd_implementation.md);
//  - larger M: floor((3787 log2(M) + 2166) / 1644), Wuille's bound from exact convex-hull
//    computations, checked for every M up to 2^3805 (github.com/sipa/safegcd-bounds); the
//    whole-delta bound proved by Bernstein-Yang, floor((49 d + 57) / 17), is 25% larger
//    (1110 against 885 steps for 384 bits).
constexpr unsigned half_delta_bound(unsigned bits) {
  return bits <= 256 ? 590 : (3787 * bits + 2166) / 1644;
}
static_assert(half_delta_bound(384) == 885 && half_delta_bound(576) == 1328);

// 2^62 [f'; g'] = t [f; g].
struct transition {
  i64 u, v, q, r;
};

// Steps (<= 62) divsteps on the low words of f and g, without a branch or an index on them:
//   delta > 0 and g odd:  (delta, f, g) <- (1 - delta, g, (g - f) / 2)
//   otherwise:            (delta, f, g) <- (1 + delta, f, (g + (g mod 2) f) / 2)
// (delta starts at 1/2, so it stays a half-integer), written as g += (+-f if g is odd), then
// f += g on a swap (the old g), then g /= 2. delta is kept as eta = -delta - 1/2, whose sign
// is "delta > 0" (one shift) and whose update is eta' = (eta ^ swap) - 1. The matrix tracks
// 2^i [f_i; g_i] = [u v; q r] [f_0; g_0]: halving g is doubling u and v. Steps < 62 start
// the matrix at 2^(62 - Steps) (libsecp256k1's trick), so that the updates always divide by
// 2^62. The loop is bound by its dependency chain (about five cycles a step on Zen 4), not
// by its 23 instructions: packing u, v and q, r two to a word (16 instructions) measured the
// same (decisions.md).
template <int Steps>
FF_INLINE i64 divsteps(i64 eta, u64 f, u64 g, transition& t) {
  static_assert(Steps >= 1 && Steps <= 62);
  u64 u = u64(1) << (62 - Steps), v = 0, q = 0, r = u64(1) << (62 - Steps);
  for (int i = 0; i < Steps; ++i) {
    const u64 positive = value_barrier(u64(eta >> 63));   // all ones: delta > 0
    const u64 odd = value_barrier(0 - (g & 1));            // all ones: g odd
    const u64 swap = value_barrier(positive & odd);
    g += ((f ^ positive) - positive) & odd;                // g - f or g + f, when g is odd
    q += ((u ^ positive) - positive) & odd;
    r += ((v ^ positive) - positive) & odd;
    f += g & swap;                                         // on a swap: f + (g - f) = g
    u += q & swap;
    v += r & swap;
    eta = i64(u64(eta) ^ swap) - 1;
    g >>= 1;
    u <<= 1;
    v <<= 1;
  }
  t = {i64(u), i64(v), i64(q), i64(r)};
  return eta;
}

// [f; g] <- t [f; g] / 2^62 (exact).
template <std::size_t L>
FF_INLINE void update_fg(signed62<L>& f, signed62<L>& g, const transition& t) {
  i128 cf = i128(t.u) * f[0] + i128(t.v) * g[0];
  i128 cg = i128(t.q) * f[0] + i128(t.r) * g[0];
  cf >>= 62;
  cg >>= 62;
  for (std::size_t i = 1; i < L; ++i) {
    cf += i128(t.u) * f[i] + i128(t.v) * g[i];
    cg += i128(t.q) * f[i] + i128(t.r) * g[i];
    f[i - 1] = i64(u64(cf) & mask62);
    g[i - 1] = i64(u64(cg) & mask62);
    cf >>= 62;
    cg >>= 62;
  }
  f[L - 1] = i64(cf);
  g[L - 1] = i64(cg);
}

// [d; e] <- t [d; e] / 2^62 mod p, keeping both in (-2p, p): a negative input first gets p
// added through the matrix, then a multiple of p below 2^62 clears the low 62 bits.
template <std::size_t L>
FF_INLINE void update_de(signed62<L>& d, signed62<L>& e, const transition& t, const signed62<L>& p,
                         u64 p_inv62) {
  const i64 sd = value_barrier(d[L - 1] >> 63), se = value_barrier(e[L - 1] >> 63);
  i64 md = (t.u & sd) + (t.v & se);
  i64 me = (t.q & sd) + (t.r & se);
  i128 cd = i128(t.u) * d[0] + i128(t.v) * e[0];
  i128 ce = i128(t.q) * d[0] + i128(t.r) * e[0];
  md -= i64((p_inv62 * u64(cd) + u64(md)) & mask62);
  me -= i64((p_inv62 * u64(ce) + u64(me)) & mask62);
  cd += i128(md) * p[0];
  ce += i128(me) * p[0];
  cd >>= 62;
  ce >>= 62;
  for (std::size_t i = 1; i < L; ++i) {
    cd += i128(t.u) * d[i] + i128(t.v) * e[i] + i128(md) * p[i];
    ce += i128(t.q) * d[i] + i128(t.r) * e[i] + i128(me) * p[i];
    d[i - 1] = i64(u64(cd) & mask62);
    e[i - 1] = i64(u64(ce) & mask62);
    cd >>= 62;
    ce >>= 62;
  }
  d[L - 1] = i64(cd);
  e[L - 1] = i64(ce);
}

template <std::size_t L, std::size_t N>
constexpr signed62<L> to_signed62(const ff::limbs<N>& x) {
  signed62<L> r{};
  for (std::size_t i = 0; i < L; ++i) {
    const unsigned bit = unsigned(62 * i), w = bit / 64, s = bit % 64;
    u64 v = w < N ? x[w] >> s : 0;
    if (s > 2 && w + 1 < N) v |= x[w + 1] << (64 - s);
    r[i] = i64(v & mask62);
  }
  return r;
}
// x in [0, 2^(64 N)) with all limbs normalized.
template <std::size_t N, std::size_t L>
constexpr ff::limbs<N> from_signed62(const signed62<L>& x) {
  ff::limbs<N> r{};
  for (std::size_t i = 0; i < L; ++i) {
    const unsigned bit = unsigned(62 * i), w = bit / 64, s = bit % 64;
    if (w < N) r[w] |= u64(x[i]) << s;
    if (s > 2 && w + 1 < N) r[w + 1] |= u64(x[i]) >> (64 - s);
  }
  return r;
}
// x + (p & mask) and (x ^ mask) - mask, limbs renormalized.
template <std::size_t L>
FF_INLINE void add_masked(signed62<L>& x, const signed62<L>& p, i64 mask) {
  mask = value_barrier(mask);
  i64 carry = 0;
  for (std::size_t i = 0; i + 1 < L; ++i) {
    const i64 s = x[i] + (p[i] & mask) + carry;
    x[i] = i64(u64(s) & mask62);
    carry = s >> 62;
  }
  x[L - 1] += (p[L - 1] & mask) + carry;
}
template <std::size_t L>
FF_INLINE void negate_masked(signed62<L>& x, i64 mask) {
  mask = value_barrier(mask);
  i64 carry = 0;
  for (std::size_t i = 0; i + 1 < L; ++i) {
    const i64 s = ((x[i] ^ mask) - mask) + carry;
    x[i] = i64(u64(s) & mask62);
    carry = s >> 62;
  }
  x[L - 1] = ((x[L - 1] ^ mask) - mask) + carry;
}

// c x^-1 mod p for x in [0, p) (0 when x = 0), c in [0, p). Constant time unless Var.
// Bits: the modulus's bit length (it sets the number of divsteps).
template <bool Var, unsigned Bits, std::size_t N>
FF_INLINE ff::limbs<N> inverse(const ff::limbs<N>& x, const ff::limbs<N>& c, const ff::limbs<N>& modulus) {
  static_assert(Bits <= 64 * N);
  constexpr std::size_t LN = signed62_limbs(unsigned(64 * N));
  const signed62<LN> p = to_signed62<LN>(modulus);
  u64 p_inv62 = 1;  // p^-1 mod 2^62 (Newton)
  for (int i = 0; i < 6; ++i) p_inv62 *= 2 - u64(p[0]) * p_inv62;
  p_inv62 &= mask62;
  signed62<LN> f = p, g = to_signed62<LN>(x), d{}, e = to_signed62<LN>(c);
  i64 eta = -1;  // delta = 1/2
  constexpr unsigned needed = half_delta_bound(Bits);
  constexpr unsigned batches = (needed + 61) / 62;
  constexpr int steps = int((needed + batches - 1) / batches);  // 590 = 10 x 59, 885 = 15 x 59
  for (unsigned b = 0; b < batches; ++b) {
    if constexpr (Var) {
      i64 any = 0;
      for (auto l : g) any |= l;
      if (any == 0) break;
    }
    transition t;
    eta = divsteps<steps>(eta, u64(f[0]), u64(g[0]), t);
    update_de(d, e, t, p, p_inv62);
    update_fg(f, g, t);
  }
  // g = 0 and f = +-1: the inverse is d f, brought from (-2p, p) into [0, p).
  add_masked(d, p, d[LN - 1] >> 63);
  negate_masked(d, f[LN - 1] >> 63);
  add_masked(d, p, d[LN - 1] >> 63);
  return from_signed62<N>(d);
}
}  // namespace ff::prime::safegcd
