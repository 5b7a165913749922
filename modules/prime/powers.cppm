// ff.prime.powers: the exponentiations of the prime family under one scalar policy P, written
// once over the field: a^e in constant time (fixed windows) and with the work following a public
// exponent (sliding windows), and the square root candidate (a power for p = 3 mod 4, Sarkar's
// tables otherwise). The scalar API (ff.prime.ops) dispatches once around each of them.
module;
#include <array>
#include <cstddef>
#include <span>
#include "fieldlab/macros.h"
export module ff.prime.powers;
import ff.core.element;
import ff.core.secret;
import ff.core.integer;
import ff.prime.policies;
import ff.prime.inverse;
import ff.prime.field;

export namespace ff::prime::detail {
// a^e for a public-length exponent (little-endian limbs), constant time in a and e: fixed
// 4-bit windows, every table entry read for every window.
template <prime_family F, class P>
FF_INLINE limbs_of<F> pow_ct(const limbs_of<F>& a, std::span<const u64> e) {
  std::array<limbs_of<F>, 16> table;
  table[0] = F::one_internal;
  for (std::size_t k = 1; k < 16; ++k) table[k] = P::template mul<F>(table[k - 1], a);
  limbs_of<F> r = F::one_internal;
  for (std::size_t i = e.size(); i-- > 0;)
    for (int shift = 60; shift >= 0; shift -= 4) {
      for (int s = 0; s < 4; ++s) r = P::template square<F>(r);
      const u64 digit = (e[i] >> shift) & 15;
      limbs_of<F> entry{};
      for (u64 k = 0; k < 16; ++k) entry = integer::select(equal_mask<1>({k}, {digit}), table[k], entry);
      r = P::template mul<F>(r, entry);
    }
  return r;
}
// a^e with the work following e's bits (sliding 5-bit windows over odd powers): for
// public exponents, or when the exponent is not secret (pow_var).
template <prime_family F, class P>
FF_INLINE limbs_of<F> pow_var(const limbs_of<F>& a, std::span<const u64> e) {
  std::array<limbs_of<F>, 16> odd;  // a, a^3, ..., a^31
  odd[0] = a;
  const limbs_of<F> a2 = P::template square<F>(a);
  for (std::size_t k = 1; k < 16; ++k) odd[k] = P::template mul<F>(odd[k - 1], a2);
  auto bit = [&](std::size_t i) FF_LAMBDA_INLINE { return (e[i / 64] >> (i % 64)) & 1; };
  std::size_t top = 64 * e.size();
  while (top > 0 && !bit(top - 1)) --top;
  limbs_of<F> r = F::one_internal;
  bool started = false;
  for (std::size_t i = top; i > 0;) {
    if (!bit(i - 1)) {
      r = P::template square<F>(r);
      --i;
      continue;
    }
    std::size_t len = i >= 5 ? 5 : i;  // the window [i - len, i) ending in a set bit
    while (!bit(i - len)) --len;
    unsigned window = 0;
    for (std::size_t k = i; k > i - len; --k) window = (window << 1) | unsigned(bit(k - 1));
    if (started)
      for (std::size_t s = 0; s < len; ++s) r = P::template square<F>(r);
    r = started ? P::template mul<F>(r, odd[window >> 1]) : odd[window >> 1];
    started = true;
    i -= len;
  }
  return r;
}

// The square root for p = 1 mod 4, by tables (after Sarkar, "Computing square roots faster
// than the Tonelli-Shanks/Bernstein algorithm", 2020). With p - 1 = 2^s t, b = a^t is a
// 2^s-th root of unity, b = g^e for g = F::root_of_unity; e is found w bits at a time from
// the bottom, each digit by matching a 2^w-th root of unity against a table, and
// sqrt(a) = a^((t+1)/2) g^(-e/2). About s squarings, k^2/2 products (k = s/w) and table scans,
// instead of Tonelli-Shanks's s^2/2 squarings. Every table read scans the whole table.
template <prime_family F>
struct sqrt_tables {
  static constexpr unsigned s = F::two_adicity;
  static constexpr unsigned w = s % 4 == 0 ? 4 : s % 3 == 0 ? 3 : s % 2 == 0 ? 2 : 1;  // digit bits
  static constexpr unsigned k = s / w;                                                   // digits
  static constexpr unsigned size = 1u << w;
  using table = std::array<limbs_of<F>, size>;
  table omega;                // omega[d] = (g^(2^(s-w)))^d: the 2^w-th roots of unity
  std::array<table, k> minus; // minus[c][d] = g^(-d 2^(w c))
  std::array<table, k> half;  // half[c][d] = g^(-d 2^(w c) / 2) (for c = 0: even d only)

  static const sqrt_tables& get() {
    static const sqrt_tables tables;
    return tables;
  }

 private:
  sqrt_tables() {
    using P = portable;
    auto powers = [](const limbs_of<F>& base) {
      table t;
      t[0] = F::one_internal;
      for (unsigned d = 1; d < size; ++d) t[d] = P::template mul<F>(t[d - 1], base);
      return t;
    };
    auto square_times = [](limbs_of<F> x, unsigned n) {
      while (n--) x = P::template square<F>(x);
      return x;
    };
    const limbs_of<F> g = F::root_of_unity;
    const limbs_of<F> g_inverse = safegcd::inverse<true, F::bits>(g, F::inverse_factor, F::p);
    omega = powers(square_times(g, s - w));
    for (unsigned c = 0; c < k; ++c) {
      minus[c] = powers(square_times(g_inverse, w * c));
      if (c > 0) half[c] = powers(square_times(g_inverse, w * c - 1));
    }
    // c = 0: g^(-d/2) for even d, i.e. the powers of g^-1 at half the index.
    half[0] = {};
    for (unsigned d = 0; d < size; d += 2) half[0][d] = d == 0 ? F::one_internal : P::template mul<F>(half[0][d - 2], g_inverse);
    for (unsigned d = 1; d < size; d += 2) half[0][d] = F::one_internal;  // odd: a is no square; the check fails
  }
};

// table[index] for a secret index: every entry read, the one kept by masks.
template <std::size_t N, std::size_t Size>
FF_INLINE ff::limbs<N> lookup(const std::array<ff::limbs<N>, Size>& table, u64 index) {
  ff::limbs<N> r{};
  for (u64 d = 0; d < Size; ++d) r = integer::select(equal_mask<1>({d}, {index}), table[d], r);
  return r;
}
// The d with table[d] = x (0 when there is none), every entry compared.
template <std::size_t N, std::size_t Size>
FF_INLINE u64 match(const std::array<ff::limbs<N>, Size>& table, const ff::limbs<N>& x) {
  u64 index = 0;
  for (u64 d = 0; d < Size; ++d) index |= d & equal_mask(table[d], x);
  return index;
}

// Square root candidate, constant time in a: a^((p+1)/4) for p = 3 mod 4, else the table
// method above.
template <prime_family F, class P>
FF_INLINE limbs_of<F> sqrt_candidate(const limbs_of<F>& a) {
  if constexpr (F::p_is_3_mod_4) {
    return pow_var<F, P>(a, F::sqrt_exponent);  // a public exponent: the work does not follow a
  } else {
    using T = sqrt_tables<F>;
    const T& tables = T::get();
    const limbs_of<F> z = pow_var<F, P>(a, F::sqrt_exponent);  // a^((t-1)/2)
    const limbs_of<F> b = P::template mul<F>(P::template square<F>(z), a);  // a^t = g^e
    limbs_of<F> root = P::template mul<F>(z, a);                         // a^((t+1)/2)
    std::array<limbs_of<F>, T::k> x;  // x[i] = b^(2^(w i))
    x[0] = b;
    for (unsigned i = 1; i < T::k; ++i) {
      x[i] = x[i - 1];
      for (unsigned n = 0; n < T::w; ++n) x[i] = P::template square<F>(x[i]);
    }
    std::array<u64, T::k> e{};
    for (unsigned j = 0; j < T::k; ++j) {
      // (b g^(-(e_0 + ... + e_(j-1) 2^(w (j-1)))))^(2^(s - (j+1) w)) = omega^(e_j)
      limbs_of<F> v = x[T::k - 1 - j];
      for (unsigned l = 0; l < j; ++l) v = P::template mul<F>(v, lookup(tables.minus[l + T::k - 1 - j], e[l]));
      e[j] = match(tables.omega, v);
      root = P::template mul<F>(root, lookup(tables.half[j], e[j]));
    }
    return root;
  }
}
}  // namespace ff::prime::detail
