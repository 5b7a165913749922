// ff.prime.fold: reduction modulo a special-form prime p = 2^k - c with a small c, by folding:
// x = hi 2^k + lo = lo + hi c (mod p). One algorithm for the pseudo-Mersenne primes (c one limb:
// one multiplication row), the Mersenne prime 2^521 - 1 (c = 1: an addition) and the
// golden-ratio trinomials 2^(2j) - 2^j - 1 (c = 2^j + 1, sparse: shifted additions). How many
// folds a product needs, and how wide each one is, is worked out at compile time from bit
// bounds; every fold then runs on fixed widths (constant time), and one conditional
// subtraction ends it.
module;
#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>
#include "fieldlab/macros.h"
export module ff.prime.fold;
import ff.core.element;
import ff.core.integer;
export namespace ff::prime {
// The constants of p = 2^k - c, from p (k = p's bit length).
template <std::size_t N>
struct fold_form {
  unsigned k = 0;
  ff::limbs<N> c{};
  unsigned c_bits = 0;
  unsigned c_terms = 0;                // set bits of c
  std::array<unsigned, 4> c_exponents{};  // their positions, when c is sparse
  bool multiply_row = false;           // c is one limb (not 1): one multiplication row
  u64 limb_c = 0;                      // 2^(64 N) mod p = c 2^(64 N - k) when that is one limb, else 0
  static constexpr std::size_t max_folds = 8;
  std::array<unsigned, max_folds> hi_bits{};  // hi < 2^hi_bits[i] at fold i
  std::size_t folds = 0;
};

template <std::size_t N>
constexpr fold_form<N> make_fold_form(const ff::limbs<N>& p) {
  fold_form<N> f;
  f.k = integer::bit_length(p);
  ff::limbs<N + 1> two_k{}, wide_p{}, c{};
  two_k[f.k / 64] = u64(1) << (f.k % 64);
  for (std::size_t i = 0; i < N; ++i) wide_p[i] = p[i];
  integer::sub(c, two_k, wide_p);
  for (std::size_t i = 0; i < N; ++i) f.c[i] = c[i];
  f.c_bits = integer::bit_length(f.c);
  for (unsigned b = 0; b < f.c_bits; ++b)
    if (integer::bit(f.c, b)) {
      if (f.c_terms < f.c_exponents.size()) f.c_exponents[f.c_terms] = b;
      ++f.c_terms;
    }
  f.multiply_row = f.c_bits <= 64 && f.c_bits > 1;
  if (f.c_bits + (64 * N - f.k) <= 64) f.limb_c = f.c[0] << (64 * N - f.k);
  // A product is below 2^(2k); a fold leaves lo + hi c < 2^k + 2^(hi_bits + c_bits). Once
  // hi_bits + c_bits <= k - 1 that is below 2^k + 2^(k-1) <= 2p (4c <= 2^k), and one
  // conditional subtraction of p finishes.
  unsigned b = 2 * f.k;
  for (;;) {
    if (f.folds == f.max_folds) throw "folding does not converge: c is not small";
    const unsigned hi_bits = b - f.k;
    f.hi_bits[f.folds++] = hi_bits;
    if (hi_bits + f.c_bits <= f.k - 1) break;
    b = std::max(f.k, hi_bits + f.c_bits) + 1;
  }
  return f;
}

}  // namespace ff::prime
namespace ff::prime::detail {
// x += y 2^shift over x's limbs from shift / 64 up to Width (the sum fits Width limbs).
template <std::size_t Width, unsigned Shift, std::size_t W, std::size_t H>
FF_INLINE constexpr void add_shifted(ff::limbs<W>& x, const ff::limbs<H>& y) {
  static_assert(Width <= W);
  constexpr std::size_t q = Shift / 64;
  constexpr unsigned r = Shift % 64;
  u64 carry = 0;
  for (std::size_t j = 0; q + j < Width; ++j) {
    u64 part = j < H ? y[j] << r : 0;
    if constexpr (r != 0) if (j > 0 && j - 1 < H) part |= y[j - 1] >> (64 - r);
    x[q + j] = integer::add_carry(x[q + j], part, carry);
  }
}

// One fold of x (W limbs, x < 2^(k + HiBits)): x <- (x mod 2^k) + (x >> k) c.
template <const auto& Form, unsigned HiBits, std::size_t W>
FF_INLINE constexpr void fold_once(ff::limbs<W>& x) {
  constexpr unsigned k = Form.k, kq = k / 64, kr = k % 64;
  constexpr std::size_t hl = (HiBits + 63) / 64;
  constexpr std::size_t width = (std::max(k, HiBits + Form.c_bits) + 1 + 63) / 64;  // of the sum
  ff::limbs<hl> hi{};
  for (std::size_t j = 0; j < hl; ++j) {
    const std::size_t s = kq + j;
    u64 v = s < W ? x[s] >> kr : 0;
    if (kr != 0 && s + 1 < W) v |= x[s + 1] << ((64 - kr) % 64);  // (% 64: no shift by 64 when kr = 0)
    hi[j] = v;
  }
  if constexpr (kr != 0) x[kq] &= (u64(1) << kr) - 1;
  for (std::size_t s = kq + (kr != 0 ? 1 : 0); s < W; ++s) x[s] = 0;
  if constexpr (Form.multiply_row) {
    ff::limbs<hl + 1> product{};
    product[hl] = integer::mul_small(hi, Form.c[0], 0);
    for (std::size_t j = 0; j < hl; ++j) product[j] = hi[j];
    add_shifted<width, 0>(x, product);
  } else {
    static_assert(Form.c_terms <= Form.c_exponents.size(), "c is neither one limb nor sparse");
    [&]<std::size_t... T>(std::index_sequence<T...>) FF_LAMBDA_INLINE {
      (add_shifted<width, Form.c_exponents[T]>(x, hi), ...);
    }(std::make_index_sequence<Form.c_terms>{});
  }
}

template <const auto& Form, std::size_t I, std::size_t W>
FF_INLINE constexpr void fold_all(ff::limbs<W>& x) {
  if constexpr (I < Form.folds) {
    fold_once<Form, Form.hi_bits[I]>(x);
    fold_all<Form, I + 1>(x);
  }
}
}  // namespace ff::prime::detail
export namespace ff::prime {

// x mod p for x < 2^(2k) in 2 N limbs (a product of two values below p), in constant time.
// The folds leave x below 2p, so one conditional subtraction ends it; a value of 2^k or more
// (k = 64 N) comes back with its carry limb.
template <class M>
FF_INLINE constexpr ff::limbs<M::limbs> fold_reduce(const ff::limbs<2 * M::limbs>& wide) {
  constexpr std::size_t n = M::limbs;
  constexpr std::size_t W = 2 * n + 1;  // room for the first fold's carry
  ff::limbs<W> x{};
  for (std::size_t i = 0; i < 2 * n; ++i) x[i] = wide[i];
  detail::fold_all<M::form, 0>(x);
  ff::limbs<n> low{};
  for (std::size_t i = 0; i < n; ++i) low[i] = x[i];
  return integer::subtract_if_at_least(low, M::p, x[n]);
}
// x mod p for any x below 2^(64 N) (what a fold at the limb boundary leaves, with limb_c): the
// bits from k up (in the top limb: 64 N - k < 64) fold once more with c, which leaves x below
// 2^k + limb_c < 2p, then one conditional subtraction.
template <class M>
FF_INLINE constexpr ff::limbs<M::limbs> reduce_below_limb_boundary(ff::limbs<M::limbs> x) {
  constexpr std::size_t n = M::limbs;
  constexpr unsigned spare = 64 * n - M::form.k;
  static_assert(M::form.limb_c != 0 && spare < 64);
  if constexpr (spare != 0) {
    constexpr unsigned kr = M::form.k % 64;
    const u64 q = x[n - 1] >> kr;
    x[n - 1] &= (u64(1) << kr) - 1;
    u64 carry = 0;
    x[0] = integer::add_carry(x[0], q * M::form.c[0], carry);
    for (std::size_t j = 1; j < n; ++j) x[j] = integer::add_carry(x[j], 0, carry);
  }
  return integer::subtract_if_at_least(x, M::p, 0);
}

// a s mod p for a below p and a one-limb s (a curve constant: RFC 7748's a24): one
// multiplication row, then the limb above folds (with limb_c, or as a product's top half).
template <class M>
FF_INLINE constexpr ff::limbs<M::limbs> fold_mul_small(const ff::limbs<M::limbs>& a, u64 s) {
  constexpr std::size_t n = M::limbs;
  ff::limbs<n> x = a;
  const u64 top = integer::mul_small(x, s, 0);
  if constexpr (M::form.limb_c != 0) {
    const u128 folded = u128(top) * M::form.limb_c;  // below 2^128: two limbs
    u64 carry = 0;
    x[0] = integer::add_carry(x[0], u64(folded), carry);
    x[1] = integer::add_carry(x[1], u64(folded >> 64), carry);
    for (std::size_t j = 2; j < n; ++j) x[j] = integer::add_carry(x[j], 0, carry);
    // A carry out leaves x below 2^128: limb_c more cannot carry out again.
    u64 again = 0;
    x[0] = integer::add_carry(x[0], M::form.limb_c * carry, again);
    for (std::size_t j = 1; j < n; ++j) x[j] = integer::add_carry(x[j], 0, again);
    return reduce_below_limb_boundary<M>(x);
  } else {
    ff::limbs<2 * n> wide{};
    for (std::size_t j = 0; j < n; ++j) wide[j] = x[j];
    wide[n] = top;
    return fold_reduce<M>(wide);
  }
}
}  // namespace ff::prime
