// ff.prime.field: the prime field templates. A prime field is one line,
//   struct bn254_fp : montgomery_field<bn254_fp, "2188...583"> { name, generator_value, tuning };
//   struct p25519 : special_field<p25519, "0x7fff...ffed"> { ... };
// everything else is computed here at compile time from the modulus text: the limb count; for
// Montgomery fields R mod p, R^2 mod p, -p^-1 mod 2^64, the spare-bit trait; for special forms
// p = 2^k - c, k, c and the folds' widths; for both the 2-adicity of p - 1, the smallest
// quadratic non-residue, the square-root constants. Montgomery fields keep x R mod p inside,
// special forms the integer itself; every boundary (parse, print, bytes, integers) speaks
// canonical integers.
module;
#include <algorithm>
#include <array>
#include <cstddef>
#include <bit>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>
#include "fieldlab/macros.h"
export module ff.prime.field;
import ff.core.element;
import ff.core.cpu;
import ff.core.dispatch;
import ff.core.field;
import ff.core.secret;
import ff.core.integer;
import ff.core.lanes;
import ff.prime.fold;
import ff.prime.policies;
import ff.prime.adx;
import ff.prime.ifma;
export namespace ff {
// A string literal usable as a template argument (the modulus of a prime field).
template <std::size_t Size>
struct fixed_string {
  char text[Size]{};
  consteval fixed_string(const char (&s)[Size]) { std::copy_n(s, Size, text); }
  constexpr std::string_view view() const { return {text, Size - 1}; }
};

namespace prime {
// The limb count of the integer written in `text`.
consteval std::size_t limbs_for(std::string_view text) {
  ff::limbs<16> v{};
  if (integer::parse_unsigned(text, v) != integer::parse_status::ok) throw "malformed modulus";
  return (integer::bit_length(v) + 63) / 64;
}
// The scalar policies of the prime family on this architecture, and the batch policies of a
// modulus description M: with ifma where its kernels cover M.
#if defined(__x86_64__)
using scalar_policy_list = policy_list<portable, adx>;
template <class M>
using batch_policy_list = std::conditional_t<ifma::covers<M>, policy_list<portable, adx, ifma>, scalar_policy_list>;
#else
using scalar_policy_list = policy_list<portable>;
template <class M>
using batch_policy_list = scalar_policy_list;
#endif

// The modulus written in Modulus, what both representations derive from it.
template <fixed_string Modulus>
struct modulus_core {
  static constexpr auto modulus_string = Modulus;  // for fields defined over the same p
  static constexpr std::string_view modulus_text = Modulus.view();
  static constexpr std::size_t limbs = limbs_for(modulus_text);
  using limbs_t = ff::limbs<limbs>;
  static constexpr ff::family family = family::prime;
  static constexpr limbs_t p = integer::parse_constant<limbs>(modulus_text);
  static_assert(p[0] & 1, "the modulus of a prime field is odd");
  static constexpr unsigned bits = integer::bit_length(p);
  static constexpr std::size_t bytes = (bits + 7) / 8;
};
}  // namespace prime

// The structural part of a prime field: what the family's functions are constrained on.
template <class F>
concept prime_family = (F::family == family::prime) && prime::modulus_description<F> && requires {
  { F::name } -> std::convertible_to<std::string_view>;
  { F::limbs } -> std::convertible_to<std::size_t>;
};

// The constants of Montgomery arithmetic modulo the modulus written in Modulus.
template <fixed_string Modulus>
struct montgomery_core : prime::modulus_core<Modulus> {
  using base = prime::modulus_core<Modulus>;
  using base::limbs, base::p;
  using typename base::limbs_t;
  static constexpr u64 p_inv_neg = integer::neg_inverse_mod_2_64(p[0]);
  // p's top limb < 2^63 - 1: the CIOS sum then never carries past the top limb.
  static constexpr bool spare_bit = p[limbs - 1] < 0x7fffffffffffffffULL;
  static constexpr limbs_t r_mod_p = integer::pow2_mod(64 * limbs, p);
  static constexpr limbs_t r2_mod_p = integer::pow2_mod(128 * limbs, p);
  static constexpr limbs_t r3_mod_p = integer::pow2_mod(192 * limbs, p);
  static constexpr prime::reduction reduction = prime::reduction::montgomery;
  static constexpr limbs_t one_internal = r_mod_p;    // 1 in Montgomery form
  static constexpr limbs_t inverse_factor = r2_mod_p; // safegcd's c: (x R)^-1 R^2 = x^-1 R
  using scalar_policies = prime::scalar_policy_list;
  using batch_policies = prime::batch_policy_list<montgomery_core>;
};

// A special-form modulus p = 2^k - c (c small: pseudo-Mersenne, Mersenne, golden-ratio
// trinomial): elements are the canonical integers themselves, products are folded
// (ff.prime.fold). k and c are computed from p.
template <fixed_string Modulus>
struct fold_core : prime::modulus_core<Modulus> {
  using base = prime::modulus_core<Modulus>;
  using base::limbs, base::p;
  using typename base::limbs_t;
  static constexpr prime::fold_form<limbs> form = prime::make_fold_form(p);
  // The folds end below 2^k + 2^(k-1), which is below 2p when 4 c <= 2^k.
  static_assert(form.c_bits + 2 <= form.k, "p = 2^k - c needs a small c");
  static constexpr prime::reduction reduction = prime::reduction::fold;
  static constexpr limbs_t one_internal = {1};
  static constexpr limbs_t inverse_factor = {1};
  using scalar_policies = prime::scalar_policy_list;
  using batch_policies = prime::batch_policy_list<fold_core>;
};

// What the square root and the proofs need besides (computed with the core's portable
// kernels), for either representation.
template <class Core>
struct prime_modulus : Core {
  using core = Core;
  using core::limbs, core::p, core::one_internal;
  using typename core::limbs_t;

  // The internal representation in and out (the portable kernels: compile-time constants use
  // them too): Montgomery form, or the integer itself.
  static constexpr limbs_t to_internal(const limbs_t& x) {
    if constexpr (core::reduction == prime::reduction::montgomery) return prime::portable::mul<core>(x, core::r2_mod_p);
    else return x;
  }
  static constexpr limbs_t from_internal(const limbs_t& x) {
    if constexpr (core::reduction == prime::reduction::montgomery) return prime::portable::mul<core>(x, limbs_t{1});
    else return x;
  }
  static constexpr limbs_t small_internal(u64 v) { return to_internal(limbs_t{v}); }

  // p - 1 = 2^two_adicity * odd.
  static constexpr unsigned two_adicity = [] {
    unsigned s = 1;
    while (!integer::bit(p, s)) ++s;
    return s;
  }();
  static constexpr bool p_is_3_mod_4 = (p[0] & 3) == 3;

  // Compile-time exponentiation (portable kernels, square and multiply), for the constants.
  static constexpr limbs_t pow_constant(const limbs_t& base, const limbs_t& e) {
    limbs_t r = one_internal;
    for (unsigned i = integer::bit_length(e); i-- > 0;) {
      r = prime::portable::mul<core>(r, r);
      if (integer::bit(e, i)) r = prime::portable::mul<core>(r, base);
    }
    return r;
  }
  static constexpr limbs_t p_minus(u64 k) {
    limbs_t r{}, kk{};
    kk[0] = k;
    integer::sub(r, p, kk);
    return r;
  }
  // (p - 1) / 2, the exponent of Euler's criterion.
  static constexpr limbs_t half_p_minus_1 = integer::shift_right(p_minus(1), 1);
  // The smallest quadratic non-residue (the square root's and the proofs' constant).
  static constexpr u64 non_residue = [] {
    for (u64 c = 2;; ++c)
      if (integer::jacobi_small(c, p) == -1) return c;
  }();
  // The odd part of p - 1 and the square root's exponents.
  static constexpr limbs_t odd_part = [] {
    limbs_t t = p_minus(1);
    for (unsigned i = 0; i < two_adicity; ++i) t = integer::shift_right(t, 1);
    return t;
  }();
  // (p + 1) / 4 when p = 3 mod 4; (odd_part - 1) / 2 otherwise (Tonelli-Shanks).
  static constexpr limbs_t sqrt_exponent = [] {
    if constexpr (p_is_3_mod_4) {
      limbs_t e{}, one{};
      one[0] = 1;
      integer::add(e, p, one);
      return integer::shift_right(integer::shift_right(e, 1), 1);
    } else {
      return integer::shift_right(odd_part, 1);
    }
  }();
  // non_residue^odd_part (internal form): a primitive 2^two_adicity-th root of unity.
  static constexpr limbs_t root_of_unity = pow_constant(small_internal(non_residue), odd_part);
};

// The API every prime field has, over its core (representation and reduction).
template <class Derived, class Core>
struct prime_field_base : prime_modulus<Core> {
  using base = prime_modulus<Core>;
  using base::limbs, base::p, base::bits, base::bytes, base::one_internal, base::to_internal, base::from_internal;
  using typename base::limbs_t;
  static constexpr element<Derived> from_small(u64 v) { return {base::small_internal(v)}; }
  static constexpr element<Derived> zero() { return {}; }
  static constexpr element<Derived> one() { return {one_internal}; }
  // The field's published multiplicative generator (Derived::generator_value).
  static constexpr element<Derived> generator() { return from_small(Derived::generator_value); }

  // The kernels over a backend policy A (A::lanes elements per limb value), as every field
  // declares them: what the generic code (ff.algo: batches, powers, the scalar products)
  // calls. A prime policy computes them for any modulus description (ff.prime.policies).
  template <class A>
  using limb_values = std::array<limb_t<A>, limbs>;
  template <class A>
  FF_INLINE static constexpr limb_values<A> mul(const limb_values<A>& a, const limb_values<A>& b) {
    return A::template mul<Derived>(a, b);
  }
  template <class A>
  FF_INLINE static constexpr limb_values<A> square(const limb_values<A>& a) {
    return A::template square<Derived>(a);
  }
  template <class A>
  FF_INLINE static constexpr auto mul_product(const limb_values<A>& a, const limb_values<A>& b) {
    return A::template mul_product<Derived>(a, b);
  }
  template <class A>
  FF_INLINE static constexpr auto square_product(const limb_values<A>& a) {
    return A::template square_product<Derived>(a);
  }
  template <class A, class Product>
  FF_INLINE static constexpr limb_values<A> reduce_product(const Product& product) {
    return A::template reduce_product<Derived>(product);
  }

  // Canonical integers at the boundary.
  static constexpr limbs_t to_integer(const element<Derived>& a) { return from_internal(a.limb); }
  // x < p, else ff::error.
  static element<Derived> from_integer(const limbs_t& x) {
    if (declassify(!integer::less(x, p)))
      throw error(std::string(Derived::name) + ": " + integer::to_decimal(x) + " is not below p (a value must be 0 .. p - 1)");
    return {to_internal(x)};
  }
  // Decimal, or hex after 0x; no sign, no spaces; the value must be below p.
  static element<Derived> parse(std::string_view text) {
    const std::string what = std::string(Derived::name) + ": '" + std::string(text) + "' ";
    ff::limbs<limbs + 1> wide{};
    switch (integer::parse_unsigned(text, wide)) {
      case integer::parse_status::ok: break;
      case integer::parse_status::empty: throw error(what + "is empty (write a decimal integer, or hex after 0x)");
      case integer::parse_status::bad_digit:
        throw error(what + "is not a non-negative integer (decimal, or hex after 0x)");
      case integer::parse_status::too_large: throw error(what + "is not below p");
    }
    limbs_t x{};
    std::copy_n(wide.begin(), limbs, x.begin());
    if (wide[limbs] != 0 || !integer::less(x, p)) throw error(what + "is not below p (a value must be 0 .. p - 1)");
    return {to_internal(x)};
  }
  // Uniform in [0, p): rejection sampling on bits-bit integers.
  static element<Derived> random(std::mt19937_64& rng) {
    constexpr u64 top_mask = bits % 64 ? (u64(1) << (bits % 64)) - 1 : ~u64(0);
    for (;;) {
      limbs_t x{};
      for (auto& l : x) l = rng();
      x[limbs - 1] &= top_mask;
      if (integer::less(x, p)) return {to_internal(x)};
    }
  }
  // Fixed-width big-endian / little-endian bytes of the canonical integer.
  static std::array<std::uint8_t, bytes> to_bytes_be(const element<Derived>& a) {
    const limbs_t x = to_integer(a);
    std::array<std::uint8_t, bytes> out{};
    for (std::size_t i = 0; i < bytes; ++i) out[bytes - 1 - i] = std::uint8_t(x[i / 8] >> (8 * (i % 8)));
    return out;
  }
  static std::array<std::uint8_t, bytes> to_bytes_le(const element<Derived>& a) {
    auto out = to_bytes_be(a);
    std::reverse(out.begin(), out.end());
    return out;
  }
  static element<Derived> from_bytes_be(std::span<const std::uint8_t> in) {
    if (in.size() != bytes)
      throw error(std::string(Derived::name) + ": " + std::to_string(in.size()) + " bytes given, " +
                  std::to_string(bytes) + " expected");
    limbs_t x{};
    for (std::size_t i = 0; i < bytes; ++i) x[i / 8] |= u64(in[bytes - 1 - i]) << (8 * (i % 8));
    return from_integer(x);
  }
  static element<Derived> from_bytes_le(std::span<const std::uint8_t> in) {
    std::vector<std::uint8_t> be(in.rbegin(), in.rend());
    return from_bytes_be(be);
  }
};

// A Montgomery field: struct F : montgomery_field<F, "modulus"> { name, generator_value, tuning }.
template <class Derived, fixed_string Modulus>
using montgomery_field = prime_field_base<Derived, montgomery_core<Modulus>>;
// A special-form field p = 2^k - c, canonical integers inside: struct F : special_field<F, "p">.
template <class Derived, fixed_string Modulus>
using special_field = prime_field_base<Derived, fold_core<Modulus>>;

// Modular arithmetic on the internal limbs, the same for both representations.
namespace prime::detail {
template <prime_family F>
using limbs_of = ff::limbs<F::limbs>;

// All ones when x = y (no branch on the data).
template <std::size_t N>
FF_INLINE constexpr u64 equal_mask(const ff::limbs<N>& x, const ff::limbs<N>& y) {
  u64 diff = 0;
  for (std::size_t i = 0; i < N; ++i) diff |= x[i] ^ y[i];
  return value_barrier(((diff | (0 - diff)) >> 63) - 1);
}

template <prime_family F>
FF_INLINE constexpr limbs_of<F> add(const limbs_of<F>& a, const limbs_of<F>& b) {
  limbs_of<F> s{};
  const u64 carry = integer::add(s, a, b);
  // p below 2^(64 n - 1): a + b < 2p does not carry out of the top limb.
  if constexpr ((F::p[F::limbs - 1] >> 63) == 0) return reduce_once<F>(s);
  else return reduce_once<F>(s, carry);
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

// x mod p for an x below K p (n + 1 limbs), K < 2^32: its top 64 bits times a compile-time
// reciprocal of p give q, floor(x / p) or one less; then x - q p < 2p, and one conditional
// subtraction finishes.
template <prime_family F, u64 K>
FF_INLINE constexpr limbs_of<F> reduce_small_multiple(const ff::limbs<F::limbs + 1>& x) {
  constexpr std::size_t n = F::limbs;
  constexpr unsigned k_bits = unsigned(std::bit_width(K));
  static_assert(K >= 2 && k_bits <= 32 && F::bits >= 64);
  // x < 2^(bits + k_bits), so its bits from `shift` up fit one limb.
  constexpr unsigned shift = F::bits + k_bits - 64;
  // reciprocal <= 2^(bits + 62) / p (p's top 64 bits rounded up; p is odd), within about a
  // part in 2^62, in [2^62, 2^63). The estimate q is short of x / p by less than 2^(k_bits - 60).
  constexpr u64 reciprocal = u64((u128(1) << 126) / (u128(integer::bits_at(F::p, F::bits - 64)) + (F::bits > 64 ? 1 : 0)));
  const u64 q = u64((u128(integer::bits_at(x, shift)) * reciprocal) >> (126 - k_bits));
  ff::limbs<n + 1> qp{};
  for (std::size_t i = 0; i < n; ++i) qp[i] = F::p[i];
  integer::mul_small(qp, q, 0);
  ff::limbs<n + 1> r{};
  integer::sub(r, x, qp);
  limbs_of<F> low{};
  for (std::size_t i = 0; i < n; ++i) low[i] = r[i];
  return reduce_once<F>(low, r[n]);
}
// k a mod p for a canonical a and an integer 2 <= k < 2^32. For a Montgomery field this is
// also k times a's internal form (the form is linear). One multiplication row gives x = k a,
// then reduce_small_multiple: no Montgomery product, about a third of its multiplications.
template <prime_family F, u64 K>
FF_INLINE constexpr limbs_of<F> mul_small_mod(const limbs_of<F>& a) {
  ff::limbs<F::limbs + 1> x{};
  for (std::size_t i = 0; i < F::limbs; ++i) x[i] = a[i];
  integer::mul_small(x, K, 0);
  return reduce_small_multiple<F, K>(x);
}

}  // namespace detail
}  // namespace ff
