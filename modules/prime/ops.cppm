// ff.prime.ops: the scalar and batch API of every prime field. Each top-level call (a
// product, a power, an inverse, a square root, a batch) dispatches once to the family's
// backend policy; the algorithms below are written once over the policy P and the field F.
// Functions without _var are constant time in their secret inputs.
module;
#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <type_traits>
#include <vector>
#include "fieldlab/macros.h"
export module ff.prime.ops;
import ff.core.element;
import ff.core.cpu;
import ff.core.dispatch;
import ff.core.field;
import ff.core.secret;
import ff.core.integer;
import ff.prime.fold;
import ff.prime.policies;
import ff.prime.adx;
import ff.prime.ifma;
import ff.prime.inverse;
import ff.prime.field;
export namespace ff {
namespace prime::detail {
template <prime_family F>
using limbs_of = ff::limbs<F::n>;

// All ones when x = y (no branch on the data).
template <std::size_t N>
FF_INLINE u64 equal_mask(const ff::limbs<N>& x, const ff::limbs<N>& y) {
  u64 diff = 0;
  for (std::size_t i = 0; i < N; ++i) diff |= x[i] ^ y[i];
  return value_barrier(((diff | (0 - diff)) >> 63) - 1);
}

template <prime_family F>
FF_INLINE constexpr limbs_of<F> add(const limbs_of<F>& a, const limbs_of<F>& b) {
  limbs_of<F> s{};
  const u64 carry = integer::add(s, a, b);
  // p below 2^(64 n - 1): a + b < 2p does not carry out of the top limb.
  if constexpr ((F::p[F::n - 1] >> 63) == 0) return prime::reduce_once<F>(s);
  else return prime::reduce_once<F>(s, carry);
}
// p if a subtraction borrowed, else 0: what it adds back.
template <prime_family F>
FF_INLINE constexpr limbs_of<F> p_if_borrow(u64 borrow) {
  return integer::select(borrow, F::p, limbs_of<F>{});
}
template <prime_family F>
FF_INLINE constexpr limbs_of<F> sub(const limbs_of<F>& a, const limbs_of<F>& b) {
  limbs_of<F> d{}, back{};
  const u64 borrow = integer::sub(d, a, b);
  integer::add(back, d, p_if_borrow<F>(borrow));
  return back;
}

// k a mod p for a canonical a and an integer 2 <= k < 2^32. For a Montgomery field this is
// also k times a's internal form (the form is linear). One multiplication row gives x = k a.
// Its top 64 bits times a compile-time reciprocal of p give q, floor(x / p) or one less. Then
// x - q p < 2p, and one conditional subtraction finishes. No Montgomery product: two rows
// and one single-limb product, about a third of the product's multiplications.
template <prime_family F, u64 K>
FF_INLINE constexpr limbs_of<F> mul_small_mod(const limbs_of<F>& a) {
  constexpr std::size_t n = F::n;
  constexpr unsigned k_bits = unsigned(std::bit_width(K));
  static_assert(K >= 2 && k_bits <= 32 && F::bits >= 64);
  // x < 2^(bits + k_bits), so its bits from `shift` up fit one limb.
  constexpr unsigned shift = F::bits + k_bits - 64;
  // reciprocal <= 2^(bits + 62) / p (p's top 64 bits rounded up; p is odd), within about a
  // part in 2^62, in [2^62, 2^63). The estimate q is short of x / p by less than 2^(k_bits - 60).
  constexpr u64 reciprocal = u64((u128(1) << 126) / (u128(integer::bits_at(F::p, F::bits - 64)) + (F::bits > 64 ? 1 : 0)));
  ff::limbs<n + 1> x{};
  for (std::size_t i = 0; i < n; ++i) x[i] = a[i];
  integer::mul_small(x, K, 0);
  const u64 q = u64((u128(integer::bits_at(x, shift)) * reciprocal) >> (126 - k_bits));
  ff::limbs<n + 1> qp{};
  for (std::size_t i = 0; i < n; ++i) qp[i] = F::p[i];
  integer::mul_small(qp, q, 0);
  ff::limbs<n + 1> r{};
  integer::sub(r, x, qp);
  limbs_of<F> low{};
  for (std::size_t i = 0; i < n; ++i) low[i] = r[i];
  return prime::reduce_once<F>(low, r[n]);
}

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
}  // namespace prime::detail

// ---- the scalar API -------------------------------------------------------------------------
template <prime_family F>
inline constexpr element<F> operator+(const element<F>& a, const element<F>& b) {
  return {prime::detail::add<F>(a.limb, b.limb)};
}
template <prime_family F>
inline constexpr element<F> operator-(const element<F>& a, const element<F>& b) {
  return {prime::detail::sub<F>(a.limb, b.limb)};
}
template <prime_family F>
inline constexpr element<F> operator-(const element<F>& a) {
  return {prime::detail::sub<F>({}, a.limb)};
}
template <prime_family F>
inline element<F>& operator+=(element<F>& a, const element<F>& b) {
  return a = a + b;
}
template <prime_family F>
inline element<F>& operator-=(element<F>& a, const element<F>& b) {
  return a = a - b;
}
// a * b with an explicit backend (tests and benches compare backends with it).
template <prime_family F>
inline element<F> mul(backend be, const element<F>& a, const element<F>& b) {
  return dispatch<typename F::scalar_policies>(scalar_sibling(be), [&]<class P>() FF_LAMBDA_INLINE {
    return element<F>{P::template mul<F>(a.limb, b.limb)};
  });
}
template <prime_family F>
inline element<F> square(backend be, const element<F>& a) {
  return dispatch<typename F::scalar_policies>(scalar_sibling(be), [&]<class P>() FF_LAMBDA_INLINE {
    return element<F>{P::template square<F>(a.limb)};
  });
}
template <prime_family F>
inline element<F> operator*(const element<F>& a, const element<F>& b) {
  return mul(scalar_backend(family::prime), a, b);
}
template <prime_family F>
inline element<F>& operator*=(element<F>& a, const element<F>& b) {
  return a = a * b;
}
template <prime_family F>
inline element<F> square(const element<F>& a) {
  return square(scalar_backend(family::prime), a);
}
// The canonical integer in decimal (to_hex: 0x-hex).
template <prime_family F>
std::string to_string(const element<F>& a) {
  return integer::to_decimal(F::to_integer(a));
}
template <prime_family F>
std::string to_hex(const element<F>& a) {
  return integer::to_hex(F::to_integer(a));
}

// a^e, constant time in a and e (e's length is public).
template <prime_family F>
inline element<F> pow(const element<F>& a, std::span<const u64> e) {
  return dispatch<typename F::scalar_policies>(scalar_backend(family::prime), [&]<class P>() FF_LAMBDA_INLINE {
    return element<F>{prime::detail::pow_ct<F, P>(a.limb, e)};
  });
}
template <prime_family F>
inline element<F> pow(const element<F>& a, u128 e) {
  const std::array<u64, 2> limbs = {u64(e), u64(e >> 64)};
  return pow(a, std::span<const u64>(limbs));
}
template <prime_family F, std::unsigned_integral T>
inline element<F> pow(const element<F>& a, T e) {
  const std::array<u64, 1> limbs = {u64(e)};
  return pow(a, std::span<const u64>(limbs));
}
// a^e, the work following e (not for secret exponents).
template <prime_family F>
inline element<F> pow_var(const element<F>& a, std::span<const u64> e) {
  return dispatch<typename F::scalar_policies>(scalar_backend(family::prime), [&]<class P>() FF_LAMBDA_INLINE {
    return element<F>{prime::detail::pow_var<F, P>(a.limb, e)};
  });
}

// a^-1 (constant time, safegcd); the inverse of zero is an ff::error.
template <prime_family F>
inline element<F> inverse(const element<F>& a) {
  if (declassify(a.is_zero())) throw error(std::string(F::name) + ": inverse of zero");
  return {prime::safegcd::inverse<false, F::bits>(a.limb, F::inverse_factor, F::p)};
}
template <prime_family F>
inline element<F> inverse_var(const element<F>& a) {
  if (a.is_zero()) throw error(std::string(F::name) + ": inverse of zero");
  return {prime::safegcd::inverse<true, F::bits>(a.limb, F::inverse_factor, F::p)};
}
// a^(p-2): Fermat's little theorem (constant time; kept for comparison).
template <prime_family F>
inline element<F> inverse_fermat(const element<F>& a) {
  if (declassify(a.is_zero())) throw error(std::string(F::name) + ": inverse of zero");
  return pow(a, std::span<const u64>(F::p_minus(2)));
}

// Legendre symbol (a/p): 1, -1, or 0 for a = 0 (Euler's criterion, constant time in a).
template <prime_family F>
inline int legendre(const element<F>& a) {
  const element<F> e = dispatch<typename F::scalar_policies>(scalar_backend(family::prime), [&]<class P>() FF_LAMBDA_INLINE {
    return element<F>{prime::detail::pow_var<F, P>(a.limb, F::half_p_minus_1)};
  });
  const u64 one = prime::detail::equal_mask(e.limb, F::one_internal), zero = prime::detail::equal_mask(e.limb, {});
  return declassify(int(one & 1) - int(~(one | zero) & 1));
}
template <prime_family F>
inline bool is_square(const element<F>& a) {
  return legendre(a) >= 0;
}
// A square root r of a (the other is -r), or nullopt when a is not a square. Constant time
// in a; whether a root exists is the one public result.
template <prime_family F>
inline std::optional<element<F>> sqrt(const element<F>& a) {
  const auto [root, ok] = dispatch<typename F::scalar_policies>(scalar_backend(family::prime), [&]<class P>() FF_LAMBDA_INLINE {
    const ff::limbs<F::n> r = prime::detail::sqrt_candidate<F, P>(a.limb);
    return std::pair{r, prime::detail::equal_mask(P::template square<F>(r), a.limb)};
  });
  if (!declassify(ok)) return std::nullopt;
  return element<F>{root};
}

// ---- batches (one dispatch per call; out may be exactly an input) --------------------------
namespace prime::detail {
// The batch products under policy P over arrays of limbs (out may be exactly an input): ifma's
// eight-lane kernels, or the scalar policy's product per element.
template <class P>
struct scalar_policy_of {
  using type = P;
};
#if defined(__x86_64__)
template <>
struct scalar_policy_of<prime::ifma> {
  using type = prime::adx;  // backend::ifma's scalar sibling
};
#endif
template <prime_family F, class P>
struct batch_kernels {
  using L = limbs_of<F>;
  using scalar = typename scalar_policy_of<P>::type;  // the products between batches
  FF_INLINE static void mul(const L* a, const L* b, L* out, std::size_t n) {
    if constexpr (P::id == backend::ifma) P::template mul_batch<F>(a, b, out, n);
    else
      for (std::size_t i = 0; i < n; ++i) out[i] = P::template mul<F>(a[i], b[i]);
  }
  FF_INLINE static void square(const L* a, L* out, std::size_t n) {
    if constexpr (P::id == backend::ifma) P::template square_batch<F>(a, out, n);
    else
      for (std::size_t i = 0; i < n; ++i) out[i] = P::template square<F>(a[i]);
  }
};
// fn.template operator()<P>() under the batch policy of backend be: ifma for the fields its
// kernels cover, else be's scalar sibling (ifma's is adx).
template <prime_family F, class Fn>
decltype(auto) dispatch_batch(backend be, Fn&& fn) {
#if defined(__x86_64__)
  if constexpr (prime::ifma::batches<F>)
    if (be == backend::ifma) return dispatch<policy_list<prime::ifma>>(be, fn);
#endif
  return dispatch<typename F::scalar_policies>(scalar_sibling(be), fn);
}
// The limbs of consecutive elements as one array (what the kernels read and write).
template <prime_family F>
const limbs_of<F>* limbs_array(const element<F>* e) {
  static_assert(sizeof(element<F>) == sizeof(limbs_of<F>) && sizeof(limbs_of<F>) == 8 * F::n);
  return reinterpret_cast<const limbs_of<F>*>(e);
}
template <prime_family F>
limbs_of<F>* limbs_array(element<F>* e) {
  return const_cast<limbs_of<F>*>(limbs_array<F>(static_cast<const element<F>*>(e)));
}
}  // namespace prime::detail
// out[i] = a[i] b[i] with an explicit backend (refused when this CPU lacks it).
template <prime_family F>
void mul(backend be, std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  detail::check_batch<F>("ff::mul", a.size(), b.size(), out.size(), a.data(), b.data(), out.data());
  const auto x = prime::detail::limbs_array<F>(a.data()), y = prime::detail::limbs_array<F>(b.data());
  const auto z = prime::detail::limbs_array<F>(out.data());
  prime::detail::dispatch_batch<F>(be, [&]<class P>() FF_LAMBDA_INLINE { prime::detail::batch_kernels<F, P>::mul(x, y, z, out.size()); });
}
template <prime_family F>
void square(backend be, std::span<const element<F>> a, std::span<element<F>> out) {
  detail::check_batch<F>("ff::square", a.size(), a.size(), out.size(), a.data(), nullptr, out.data());
  const auto x = prime::detail::limbs_array<F>(a.data());
  const auto z = prime::detail::limbs_array<F>(out.data());
  prime::detail::dispatch_batch<F>(be, [&]<class P>() FF_LAMBDA_INLINE { prime::detail::batch_kernels<F, P>::square(x, z, out.size()); });
}
// The same with the family's batch backend (FF_BACKEND or the fastest available).
template <prime_family F>
void mul(std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  mul<F>(batch_backend(family::prime), a, b, out);
}
template <prime_family F>
void square(std::span<const element<F>> a, std::span<element<F>> out) {
  square<F>(batch_backend(family::prime), a, out);
}
template <prime_family F>
void mul(const std::vector<element<F>>& a, const std::vector<element<F>>& b, std::vector<element<F>>& out) {
  mul<F>(std::span<const element<F>>(a), std::span<const element<F>>(b), std::span<element<F>>(out));
}
template <prime_family F>
void square(const std::vector<element<F>>& a, std::vector<element<F>>& out) {
  square<F>(std::span<const element<F>>(a), std::span<element<F>>(out));
}
template <prime_family F>
void add(std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  detail::check_batch<F>("ff::add", a.size(), b.size(), out.size(), a.data(), b.data(), out.data());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = a[i] + b[i];
}
template <prime_family F>
void sub(std::span<const element<F>> a, std::span<const element<F>> b, std::span<element<F>> out) {
  detail::check_batch<F>("ff::sub", a.size(), b.size(), out.size(), a.data(), b.data(), out.data());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = a[i] - b[i];
}
namespace prime::detail {
// Montgomery's trick over W interleaved columns (element i in column i mod W), so that each
// step is one batch product of W elements: prefix products down the columns, one inversion of
// the W column products (the same trick across them, scalar), then back up the columns.
// a is padded to whole rows with ones. Constant time in the values (not in which is zero:
// the caller refuses zeros first).
template <prime_family F, class P>
FF_INLINE void batch_inverse(const element<F>* a, element<F>* out, std::size_t n) {
  using L = limbs_of<F>;
  using K = batch_kernels<F, P>;
  constexpr std::size_t W = P::id == backend::ifma ? 16 : 1;
  const std::size_t rows = (n + W - 1) / W;
  std::vector<L> x(rows * W, F::one_internal), prefix(rows * W);
  for (std::size_t i = 0; i < n; ++i) x[i] = a[i].limb;
  std::copy_n(x.begin(), W, prefix.begin());
  for (std::size_t r = 1; r < rows; ++r) K::mul(&prefix[(r - 1) * W], &x[r * W], &prefix[r * W], W);
  // inv[c] = (product of column c)^-1, by the scalar trick across the W columns
  std::array<L, W> inv, column_prefix;
  const L* last = &prefix[(rows - 1) * W];
  column_prefix[0] = last[0];
  for (std::size_t c = 1; c < W; ++c) column_prefix[c] = K::scalar::template mul<F>(column_prefix[c - 1], last[c]);
  L t = safegcd::inverse<false, F::bits>(column_prefix[W - 1], F::inverse_factor, F::p);
  for (std::size_t c = W; c-- > 1;) {
    inv[c] = K::scalar::template mul<F>(t, column_prefix[c - 1]);
    t = K::scalar::template mul<F>(t, last[c]);
  }
  inv[0] = t;
  // up the columns: out row r = inv * prefix row r - 1, then inv *= x row r
  std::array<L, W> row;
  for (std::size_t r = rows; r-- > 1;) {
    K::mul(inv.data(), &prefix[(r - 1) * W], row.data(), W);
    K::mul(inv.data(), &x[r * W], inv.data(), W);
    for (std::size_t c = 0; c < W && r * W + c < n; ++c) out[r * W + c].limb = row[c];
  }
  for (std::size_t c = 0; c < W && c < n; ++c) out[c].limb = inv[c];
}

// out[i] = a[i]^e[i] (PerElement) or a[i]^e (e one exponent), square and multiply over the
// batch in chunks that stay in L1: every bit squares and multiplies every element and keeps
// the product by a constant-time select, so neither the values nor the exponents leak.
template <prime_family F, class P, bool PerElement>
FF_INLINE void batch_pow(const element<F>* a, std::span<const u64> e, const limbs_of<F>* exponents, element<F>* out,
                         std::size_t n, std::size_t exponent_limbs) {
  using L = limbs_of<F>;
  using K = batch_kernels<F, P>;
  constexpr std::size_t chunk = 256;
  std::array<L, chunk> base, acc, t;
  for (std::size_t start = 0; start < n; start += chunk) {
    const std::size_t m = std::min(chunk, n - start);
    for (std::size_t i = 0; i < m; ++i) base[i] = a[start + i].limb, acc[i] = F::one_internal;
    for (std::size_t bit = 64 * exponent_limbs; bit-- > 0;) {
      K::square(acc.data(), acc.data(), m);
      K::mul(acc.data(), base.data(), t.data(), m);
      if constexpr (PerElement) {
        for (std::size_t i = 0; i < m; ++i)
          acc[i] = integer::select((exponents[start + i][bit / 64] >> (bit % 64)) & 1, t[i], acc[i]);
      } else {
        const u64 set = (e[bit / 64] >> (bit % 64)) & 1;
        for (std::size_t i = 0; i < m; ++i) acc[i] = integer::select(set, t[i], acc[i]);
      }
    }
    for (std::size_t i = 0; i < m; ++i) out[start + i].limb = acc[i];
  }
}
}  // namespace prime::detail

// out[i] = a[i]^-1 with one inversion (Montgomery's trick, its products batched). A zero
// anywhere is an ff::error naming its index, and nothing is written.
template <prime_family F>
void inverse(backend be, std::span<const element<F>> a, std::span<element<F>> out) {
  detail::check_batch<F>("ff::inverse", a.size(), a.size(), out.size(), a.data(), nullptr, out.data());
  for (std::size_t i = 0; i < a.size(); ++i)
    if (declassify(a[i].is_zero())) throw error(std::string(F::name) + ": batch inverse: element " + std::to_string(i) + " is zero");
  if (a.empty()) return;
  prime::detail::dispatch_batch<F>(be, [&]<class P>() FF_LAMBDA_INLINE { prime::detail::batch_inverse<F, P>(a.data(), out.data(), a.size()); });
}
template <prime_family F>
void inverse(std::span<const element<F>> a, std::span<element<F>> out) {
  inverse<F>(batch_backend(family::prime), a, out);
}

// out[i] = a[i]^e for one exponent e (little-endian limbs), constant time in a and e (its
// length is public).
template <prime_family F>
void pow(backend be, std::span<const element<F>> a, std::span<const u64> e, std::span<element<F>> out) {
  detail::check_batch<F>("ff::pow", a.size(), a.size(), out.size(), a.data(), nullptr, out.data());
  prime::detail::dispatch_batch<F>(be, [&]<class P>() FF_LAMBDA_INLINE {
    prime::detail::batch_pow<F, P, false>(a.data(), e, nullptr, out.data(), a.size(), e.size());
  });
}
template <prime_family F>
void pow(std::span<const element<F>> a, std::span<const u64> e, std::span<element<F>> out) {
  pow<F>(batch_backend(family::prime), a, e, out);
}
// out[i] = a[i]^e[i], each exponent F::n little-endian limbs; constant time in a and e.
template <prime_family F>
void pow(backend be, std::span<const element<F>> a, std::span<const ff::limbs<F::n>> e, std::span<element<F>> out) {
  detail::check_batch<F>("ff::pow", a.size(), e.size(), out.size(), a.data(), nullptr, out.data());
  prime::detail::dispatch_batch<F>(be, [&]<class P>() FF_LAMBDA_INLINE {
    prime::detail::batch_pow<F, P, true>(a.data(), {}, e.data(), out.data(), a.size(), F::n);
  });
}
template <prime_family F>
void pow(std::span<const element<F>> a, std::span<const ff::limbs<F::n>> e, std::span<element<F>> out) {
  pow<F>(batch_backend(family::prime), a, e, out);
}

namespace prime {
// A prime field's arithmetic on its internal limbs under one backend policy P: what code
// written over an arithmetic (the towers of ff.tower, the ladders) calls after its one
// dispatch. Constant time.
template <prime_family F, class P>
struct arithmetic {
  using field = F;
  using policy = P;
  using value = ff::limbs<F::n>;
  using portable_twin = arithmetic<F, portable>;
  // Towers over this arithmetic call their products out of line (P::outlined).
  static constexpr bool outline_products = true;
  FF_INLINE static constexpr value zero() { return {}; }
  FF_INLINE static constexpr value one() { return F::one_internal; }
  // Uniform in [0, p) (tests and benchmarks).
  static value random(std::mt19937_64& rng) { return F::random(rng).limb; }
  FF_INLINE static constexpr value add(const value& a, const value& b) { return detail::add<F>(a, b); }
  FF_INLINE static constexpr value sub(const value& a, const value& b) { return detail::sub<F>(a, b); }
  FF_INLINE static constexpr value neg(const value& a) { return detail::sub<F>({}, a); }
  FF_INLINE static constexpr value mul(const value& a, const value& b) { return P::template mul<F>(a, b); }
  FF_INLINE static constexpr value square(const value& a) { return P::template square<F>(a); }
  // Lazy reduction, for the towers: a product kept double-width (mul_wide), differences of
  // such products (sub_wide), one reduction per output coefficient (reduce). Montgomery
  // fields with p < R / 4 only (BN254 and BLS12-381 have it; Fp2's product needs 2p < R):
  //   - reduce needs its input below p R;
  //   - sums of two values below p (add_unreduced) stay below 2p, and a product of two of
  //     them below 4 p^2 < p R.
  using wide = ff::limbs<2 * F::n>;
  static constexpr bool lazy = F::reduction == reduction::montgomery && F::p[F::n - 1] < (u64(1) << 62);
  FF_INLINE static constexpr wide mul_wide(const value& a, const value& b) { return P::template mul_wide<F>(a, b); }
  FF_INLINE static constexpr value reduce(const wide& w) { return P::template reduce<F>(w); }
  FF_INLINE static constexpr value add_unreduced(const value& a, const value& b) {
    value s{};
    integer::add(s, a, b);
    return s;
  }
  // x - y, plus p R when that borrows: below p R for x, y below p R.
  FF_INLINE static constexpr wide sub_wide(const wide& x, const wide& y) {
    wide d{};
    const u64 borrow = integer::sub(d, x, y);
    value top{}, high{};
    for (std::size_t i = 0; i < F::n; ++i) high[i] = d[F::n + i];
    integer::add(top, high, detail::p_if_borrow<F>(borrow));
    for (std::size_t i = 0; i < F::n; ++i) d[F::n + i] = top[i];
    return d;
  }
  // x - y for x >= y (the caller's bound): no correction.
  FF_INLINE static constexpr wide sub_wide_exact(const wide& x, const wide& y) {
    wide d{};
    integer::sub(d, x, y);
    return d;
  }
  // a k for a compile-time integer k: free for 0 and 1, a negation for -1, else a
  // multiplication row and a reduction: a fold for the special forms, a quotient estimate for
  // Montgomery fields (mul_small_mod). ByProduct: one product by k's internal form instead,
  // how evmone multiplies by 9 (seed 001's specialized form; mul_constant_by_product).
  template <auto K, bool ByProduct = false>
  FF_INLINE static constexpr value mul_constant(const value& a) {
    static_assert(std::integral<decltype(K)>, "a constant of a prime field is an integer");
    constexpr long long k = static_cast<long long>(K);
    if constexpr (k == 0) return {};
    else if constexpr (k == 1) return a;
    else if constexpr (k < 0) return neg(mul_constant<-k, ByProduct>(a));
    else if constexpr (ByProduct) {
      constexpr value k_internal = F::small_internal(u64(k));
      return P::template mul<F>(a, k_internal);
    } else if constexpr (F::reduction == reduction::fold) return fold_mul_small<F>(a, u64(k));
    else return detail::mul_small_mod<F, u64(k)>(a);
  }
  template <auto K>
  FF_INLINE static constexpr value mul_constant_by_product(const value& a) { return mul_constant<K, true>(a); }
  // The same by doublings and additions only (k's bits, most significant first): seed 001's
  // third variant, fewer instructions, a dependent chain.
  template <auto K>
  FF_INLINE static value mul_constant_by_additions(const value& a) {
    static_assert(std::integral<decltype(K)>, "a constant of a prime field is an integer");
    constexpr long long k = static_cast<long long>(K);
    if constexpr (k == 0) return {};
    else if constexpr (k < 0) return neg(mul_constant_by_additions<-k>(a));
    else {
      value r = a;
      for (int bit = int(std::bit_width(static_cast<unsigned long long>(k))) - 2; bit >= 0; --bit) {
        r = integer::add(r, r);
        if ((k >> bit) & 1) r = integer::add(r, a);
      }
      return r;
    }
  }
  // The integer K as a value.
  template <auto K>
  FF_INLINE static constexpr value constant() {
    constexpr long long k = static_cast<long long>(K);
    if constexpr (k < 0) return detail::sub<F>({}, F::small_internal(u64(-k)));
    else return F::small_internal(u64(k));
  }
  // a^-1 (safegcd, constant time); 0 for 0. At compile time a^(p - 2), so that the towers'
  // inverses give compile-time constants too (a curve's b / xi).
  FF_INLINE static constexpr value inverse(const value& a) {
    if (std::is_constant_evaluated()) return F::pow_constant(a, F::p_minus(2));
    return safegcd::inverse<false, F::bits>(a, F::inverse_factor, F::p);
  }
  // A square root of a when a is a square (the caller checks it: the root squared is a),
  // constant time in a.
  FF_INLINE static value sqrt_candidate(const value& a) { return detail::sqrt_candidate<F, P>(a); }
  // The towers' Frobenius constants: (p - 1) / D, whether D divides p - 1, K^((p - 1) / D).
  template <unsigned D>
  static constexpr ff::limbs<F::n> p_minus_1_over() {
    ff::limbs<F::n> e = F::p_minus(1);
    if (integer::div_small(e, D) != 0) throw "p - 1 is not a multiple of D";
    return e;
  }
  template <unsigned D>
  static constexpr bool divides_p_minus_1() {
    ff::limbs<F::n> e = F::p_minus(1);
    return integer::div_small(e, D) == 0;
  }
  template <auto K, unsigned D>
  static constexpr value frobenius_constant() {
    return F::pow_constant(constant<K>(), p_minus_1_over<D>());
  }
  // a^p = a.
  FF_INLINE static constexpr value frobenius(const value& a) { return a; }
};
}  // namespace prime

// A prime field: the whole ff::field API plus the prime extras, kernels over every policy.
template <class F>
concept prime_field = prime_family<F> && field<F> && requires(const element<F>& a) {
  { inverse_var(a) } -> std::same_as<element<F>>;
  { sqrt(a) } -> std::same_as<std::optional<element<F>>>;
  { legendre(a) } -> std::same_as<int>;
  { F::to_integer(a) } -> std::same_as<ff::limbs<F::n>>;
};
}  // namespace ff
