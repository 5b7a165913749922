// ff.prime.radix: unsaturated limbs for the special-form primes. A value is L limbs of r bits
// (radix 2^r, r < 64) whose sum sum(x_i 2^(r i)) is the integer; the spare bits of each limb
// absorb the carries of additions and subtractions, so neither propagates a carry nor
// subtracts p, and a product sums whole columns in 128 bits before one carry pass. Two folds:
//   pseudo-Mersenne p = 2^k - c, r L >= k: 2^(r L) = c 2^(r L - k) = cc (mod p), one small
//     multiplier per column above L (2^255 - 19 in radix 2^51: cc = 19; 2^521 - 1 in 2^58: 2);
//   golden-ratio p = 2^(2j) - 2^j - 1 with j = r L / 2: 2^(r L) = 2^j + 1, a column above L
//     is added twice, L and L / 2 columns down.
// The form is worked out from p and r at compile time. Bounds (checked there): inputs of
// mul, square and mul_small have limbs below 2^(r + in_slack) (3 by default), outputs below
// 2^(r + 1); add and sub take outputs of those (below 2^(r + 1)) and return limbs below
// 2^(r + 3). radix_canonical gives a value's one form (limbs below 2^r, below p), from_radix
// its saturated integer, and either ends a chain. Everything is constant time (no branch on
// values).
module;
#include <array>
#include <bit>
#include <concepts>
#include <utility>
#include <cstddef>
#include "fieldlab/macros.h"
export module ff.prime.radix;
import ff.core.element;
import ff.core.integer;
import ff.core.arithmetic;
import ff.prime.fold;
import ff.prime.policies;
import ff.prime.inverse;
export namespace ff::prime {
enum class radix_fold { pseudo_mersenne, golden };

template <std::size_t L>
using radix_limbs = std::array<u64, L>;

template <std::size_t L>
struct radix_form {
  unsigned r = 0;
  radix_fold kind = radix_fold::pseudo_mersenne;
  u64 cc = 0;  // pseudo-Mersenne: 2^(r L) mod p
  // A multiple of p whose limbs are all at least 2^(r + 1): sub adds it before subtracting.
  radix_limbs<L> p_multiple{};
  constexpr u64 mask() const { return (u64(1) << r) - 1; }
};

// The limb count of p = 2^k - c in radix 2^r.
constexpr std::size_t radix_limb_count(unsigned k, unsigned r) { return (k + r - 1) / r; }

// p = 2^(2j) - 2^j - 1 with r L = 2j and j a whole number of limbs.
template <std::size_t N>
constexpr bool golden_in_radix(const fold_form<N>& f, unsigned r, std::size_t L) {
  return f.c_terms == 2 && f.c_exponents[0] == 0 && 2 * f.c_exponents[1] == f.k && r * L == f.k && (f.k / 2) % r == 0 &&
         L % 2 == 0;
}
// c 2^(r L - k) is small enough to multiply a column (24 bits).
template <std::size_t N>
constexpr bool small_fold_in_radix(const fold_form<N>& f, unsigned r, std::size_t L) {
  return r * L >= f.k && f.c_bits + (r * L - f.k) <= 24;
}

// The form of p (N saturated limbs, fold form f) in radix 2^r with L limbs: r, the fold and cc
// (radix_shape), then p_multiple (make_radix_form). Throws (a compile error where it is a
// constant) when p has neither fold in this radix.
template <std::size_t L, std::size_t N>
constexpr radix_form<L> radix_shape(const fold_form<N>& f, unsigned r) {
  if (r == 0 || r >= 62 || radix_limb_count(f.k, r) != L) throw "radix: L is not ceil(k / r)";
  radix_form<L> form;
  form.r = r;
  const unsigned rl = unsigned(r * L);
  if (golden_in_radix(f, r, L)) {
    form.kind = radix_fold::golden;
  } else {
    if (!small_fold_in_radix(f, r, L)) throw "radix: c 2^(r L - k) is not small";
    form.kind = radix_fold::pseudo_mersenne;
    form.cc = f.c[0] << (rl - f.k);
  }
  return form;
}
template <std::size_t L, std::size_t N>
constexpr radix_form<L> make_radix_form(const ff::limbs<N>& p, const fold_form<N>& f, unsigned r) {
  radix_form<L> form = radix_shape<L>(f, r);
  // p_multiple = U + V with U = 2^(r + 1) sum 2^(r i) and V = -U mod p < 2^(r L): a multiple of
  // p whose limbs are those of U plus V's digits, so each is at least 2^(r + 1).
  // U mod p by binary long division (one pass over U's bits, MSB first).
  ff::limbs<N> u_mod_p{};
  for (unsigned b = unsigned(r * L + 2); b-- > 0;) {
    const bool u_bit = b >= r + 1 && (b - r - 1) % r == 0;  // U's bits: r i + r + 1
    ff::limbs<N + 1> twice{}, wide_p{};
    for (std::size_t j = 0; j < N; ++j) twice[j] = u_mod_p[j], wide_p[j] = p[j];
    integer::add(twice, twice, twice);
    twice[0] |= u64(u_bit);
    if (!integer::less(twice, wide_p)) integer::sub(twice, twice, wide_p);
    for (std::size_t j = 0; j < N; ++j) u_mod_p[j] = twice[j];
  }
  ff::limbs<N> v{};
  if (u_mod_p != ff::limbs<N>{}) integer::sub(v, p, u_mod_p);
  for (std::size_t i = 0; i < L; ++i) {
    u64 digit = 0;
    for (unsigned b = 0; b < r; ++b)
      if (r * i + b < 64 * N && integer::bit(v, unsigned(r * i + b))) digit |= u64(1) << b;
    form.p_multiple[i] = (u64(1) << (r + 1)) + digit;
  }
  return form;
}

// The column sums of a product whose inputs have limbs below 2^(r + in_slack), after the fold,
// fit 128 bits: counted in units of the largest single product.
template <std::size_t L>
constexpr bool radix_columns_fit(const radix_form<L>& form, unsigned in_slack) {
  double units[2 * L - 1]{};
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t j = 0; j < L; ++j) units[i + j] += 1;
  if (form.kind == radix_fold::pseudo_mersenne) {
    for (std::size_t i = 0; i + L < 2 * L - 1; ++i) units[i] += units[i + L] * double(form.cc);
  } else {
    for (std::size_t i = 2 * L - 1; i-- > L;) {
      units[i - L] += units[i];
      units[i - L / 2] += units[i];
    }
  }
  double most = 0;
  for (std::size_t i = 0; i < L; ++i) most = units[i] > most ? units[i] : most;
  double bound = most;
  for (unsigned b = 0; b < 2 * (form.r + in_slack); ++b) bound *= 2;
  return bound < 0x1p127;  // a bit to spare for the carries added into the columns
}

// The radix of p: the fewest limbs, then the fewest bits (the smallest fold constant), whose
// columns fit 128 bits for inputs carried once. 2^255 - 19: 51; goldilocks: 56; 2^521 - 1: 58.
template <std::size_t N>
constexpr unsigned default_radix_bits(const fold_form<N>& f);

// A special-form field F (ff.prime.fold's core) in radix 2^R: what the kernels below take as M.
template <class F, unsigned R = default_radix_bits(F::form)>
struct radix_of {
  static constexpr std::size_t limbs = F::limbs;  // the saturated limbs (to_radix, from_radix)
  static constexpr ff::limbs<limbs> p = F::p;
  static constexpr fold_form<limbs> form = F::form;
  static constexpr std::size_t radix_l = radix_limb_count(form.k, R);
  static constexpr radix_form<radix_l> radix = make_radix_form<radix_l>(p, form, R);
};

template <std::size_t L, std::size_t N>
constexpr bool radix_form_exists(const fold_form<N>& f, unsigned r) {
  if (!golden_in_radix(f, r, L) && !small_fold_in_radix(f, r, L)) return false;
  return radix_columns_fit(radix_shape<L>(f, r), 1);
}
template <std::size_t N>
constexpr unsigned default_radix_bits(const fold_form<N>& f) {
  unsigned best = 0;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    // L from N (r < 64) up; within one L, r from the smallest that covers k.
    auto try_l = [&]<std::size_t L>() {
      if (best != 0 || L == 0) return;
      for (unsigned r = unsigned((f.k + L - 1) / L); r <= 61 && best == 0; ++r)
        if (radix_limb_count(f.k, r) == L && radix_form_exists<L>(f, r)) best = r;
    };
    (try_l.template operator()<N + I>(), ...);
  }(std::make_index_sequence<12>{});
  if (best == 0) throw "radix: no radix of at most 61 bits fits this prime";
  return best;
}

}  // namespace ff::prime
namespace ff::prime::detail {
// Columns above L fold down (the form's congruence), in place.
template <const auto& Form, std::size_t L>
FF_INLINE constexpr void fold_columns(u128 (&z)[2 * L - 1]) {
  if constexpr (Form.kind == radix_fold::pseudo_mersenne) {
    for (std::size_t i = 0; i + L < 2 * L - 1; ++i) z[i] += z[i + L] * Form.cc;
  } else {
    for (std::size_t i = 2 * L - 1; i-- > L;) {
      z[i - L] += z[i];
      z[i - L / 2] += z[i];
    }
  }
}
// The carry that falls off limb L - 1 (worth 2^(r L)) folds into limb 0 (and L / 2), each
// followed by one carry step: limbs end below 2^r except those next to a fold, below 2^(r + 1).
template <const auto& Form, std::size_t L>
FF_INLINE constexpr void fold_top_carry(radix_limbs<L>& out, u128 carry) {
  constexpr u64 mask = Form.mask();
  auto add_at = [&](std::size_t i, u128 v) FF_LAMBDA_INLINE {
    const u128 t = out[i] + v;
    out[i] = u64(t) & mask;
    out[i + 1] += u64(t >> Form.r);
  };
  if constexpr (Form.kind == radix_fold::pseudo_mersenne) {
    add_at(0, carry * Form.cc);
  } else {
    add_at(0, carry);
    add_at(L / 2, carry);
  }
}
template <const auto& Form, std::size_t L>
FF_INLINE constexpr radix_limbs<L> carry_columns(u128 (&z)[2 * L - 1]) {
  constexpr u64 mask = Form.mask();
  radix_limbs<L> out{};
  u128 carry = 0;
  for (std::size_t i = 0; i < L; ++i) {
    z[i] += carry;
    out[i] = u64(z[i]) & mask;
    carry = z[i] >> Form.r;
  }
  fold_top_carry<Form, L>(out, carry);
  return out;
}

// Pseudo-Mersenne, cc times an input limb fits 64 bits: the fold goes into the operands (b_j cc
// for the columns that wrap), each output column is summed whole and carried at once, which
// keeps one 128-bit accumulator live (column sums first, carries after: twice the spills).
template <const auto& Form, unsigned InSlack>
constexpr bool fold_in_operands = Form.kind == radix_fold::pseudo_mersenne && Form.r + InSlack + 1 + std::bit_width(Form.cc) <= 64;

// Column k of a product (the terms of index pairs i + j = k mod L, those that wrap already
// multiplied by cc, from term(i, j)), plus the carry in; the limb out and the carry on.
template <const auto& Form, std::size_t L, class Term>
FF_INLINE constexpr radix_limbs<L> columns_with_carries(Term term) {
  constexpr u64 mask = Form.mask();
  radix_limbs<L> out{};
  u128 carry = 0;
#pragma clang loop unroll(full)
  for (std::size_t k = 0; k < L; ++k) {
    u128 column = carry;
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i < L; ++i) column += term(i, (k + L - i) % L);
    out[k] = u64(column) & mask;
    carry = column >> Form.r;
  }
  fold_top_carry<Form, L>(out, carry);
  return out;
}
}  // namespace ff::prime::detail
export namespace ff::prime {

// The kernels, on M = radix_of<F, r>.
template <class M, unsigned InSlack = 3>
FF_INLINE constexpr auto radix_mul(const radix_limbs<M::radix_l>& a, const radix_limbs<M::radix_l>& b) {
  constexpr std::size_t L = M::radix_l;
  static_assert(radix_columns_fit(M::radix, InSlack), "radix: the columns of this product overflow 128 bits");
  if constexpr (detail::fold_in_operands<M::radix, InSlack>) {
    radix_limbs<L> b_cc{};
    for (std::size_t j = 0; j < L; ++j) b_cc[j] = b[j] * M::radix.cc;
    return detail::columns_with_carries<M::radix, L>([&](std::size_t i, std::size_t j) FF_LAMBDA_INLINE {
      return u128(a[i]) * (i + j < L ? b[j] : b_cc[j]);
    });
  } else {
    u128 z[2 * L - 1]{};
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i < L; ++i)
#pragma clang loop unroll(full)
      for (std::size_t j = 0; j < L; ++j) z[i + j] += u128(a[i]) * b[j];
    detail::fold_columns<M::radix, L>(z);
    return detail::carry_columns<M::radix, L>(z);
  }
}
template <class M, unsigned InSlack = 3>
FF_INLINE constexpr auto radix_square(const radix_limbs<M::radix_l>& a) {
  constexpr std::size_t L = M::radix_l;
  static_assert(radix_columns_fit(M::radix, InSlack), "radix: the columns of this square overflow 128 bits");
  static_assert(M::radix.r + InSlack < 64, "radix: 2 a_i must fit a limb");
  radix_limbs<L> twice{};
  for (std::size_t j = 0; j < L; ++j) twice[j] = 2 * a[j];
  if constexpr (detail::fold_in_operands<M::radix, InSlack>) {
    radix_limbs<L> cc{}, twice_cc{};
    for (std::size_t j = 0; j < L; ++j) cc[j] = a[j] * M::radix.cc, twice_cc[j] = twice[j] * M::radix.cc;
    // a_i a_j over i <= j: 2 a_i a_j off the diagonal; the wrapped ones times cc.
    return detail::columns_with_carries<M::radix, L>([&](std::size_t i, std::size_t j) FF_LAMBDA_INLINE {
      if (i > j) return u128(0);
      const bool wraps = i + j >= L;
      if (i == j) return u128(wraps ? cc[i] : a[i]) * a[j];
      return u128(wraps ? twice_cc[i] : twice[i]) * a[j];
    });
  } else {
    u128 z[2 * L - 1]{};
#pragma clang loop unroll(full)
    for (std::size_t i = 0; i < L; ++i) {
      z[2 * i] += u128(a[i]) * a[i];
#pragma clang loop unroll(full)
      for (std::size_t j = i + 1; j < L; ++j) z[i + j] += u128(twice[i]) * a[j];
    }
    detail::fold_columns<M::radix, L>(z);
    return detail::carry_columns<M::radix, L>(z);
  }
}
// a S for a constant S below 2^20 (RFC 7748's a24), limbs of a below 2^(r + 3).
template <class M, u64 S>
FF_INLINE constexpr auto radix_mul_small(const radix_limbs<M::radix_l>& a) {
  static_assert(S < (u64(1) << 20), "radix_mul_small: S is not small");
  constexpr std::size_t L = M::radix_l;
  u128 z[2 * L - 1]{};
  for (std::size_t i = 0; i < L; ++i) z[i] = u128(a[i]) * S;
  return detail::carry_columns<M::radix, L>(z);
}
template <class M>
FF_INLINE constexpr auto radix_add(const radix_limbs<M::radix_l>& a, const radix_limbs<M::radix_l>& b) {
  radix_limbs<M::radix_l> s{};
  for (std::size_t i = 0; i < M::radix_l; ++i) s[i] = a[i] + b[i];
  return s;
}
// a - b + (a multiple of p): no limb goes negative for b's limbs below 2^(r + 1).
template <class M>
FF_INLINE constexpr auto radix_sub(const radix_limbs<M::radix_l>& a, const radix_limbs<M::radix_l>& b) {
  radix_limbs<M::radix_l> d{};
  for (std::size_t i = 0; i < M::radix_l; ++i) d[i] = a[i] + M::radix.p_multiple[i] - b[i];
  return d;
}

// A canonical integer (below 2^k) in radix 2^r.
template <class M>
FF_INLINE constexpr auto to_radix(const ff::limbs<M::limbs>& x) {
  constexpr unsigned r = M::radix.r;
  radix_limbs<M::radix_l> out{};
  for (std::size_t i = 0; i < M::radix_l; ++i) {
    const unsigned at = unsigned(r * i), q = at / 64, s = at % 64;
    u64 v = x[q] >> s;
    if (s + r > 64 && q + 1 < M::limbs) v |= x[q + 1] << (64 - s);
    out[i] = v & M::radix.mask();
  }
  return out;
}

}  // namespace ff::prime
namespace ff::prime::detail {
// One carry pass that leaves the top limb whole: every other limb ends below 2^r.
template <class M>
FF_INLINE constexpr void carry_into_top(radix_limbs<M::radix_l>& x) {
  for (std::size_t i = 0; i + 1 < M::radix_l; ++i) {
    x[i + 1] += x[i] >> M::radix.r;
    x[i] &= M::radix.mask();
  }
}
// x += h c, with c = 2^k - p: into limb 0 (pseudo-Mersenne), or limbs 0 and L / 2 (golden:
// c = 2^j + 1 with j = r L / 2). Limbs below 2^r take it without overflow (h c < 2^28).
template <class M>
FF_INLINE constexpr void add_c_times(radix_limbs<M::radix_l>& x, u64 h) {
  if constexpr (M::radix.kind == radix_fold::pseudo_mersenne) {
    x[0] += h * M::form.c[0];
  } else {
    x[0] += h;
    x[M::radix_l / 2] += h;
  }
}
// Bits of the top limb below 2^k.
template <class M>
constexpr unsigned top_bits = M::form.k - M::radix.r * unsigned(M::radix_l - 1);
}  // namespace ff::prime::detail
export namespace ff::prime {

// The canonical form of limbs below 2^(r + 3): the value mod p, every limb below 2^r (so one
// integer has one form, what equality and bytes need). Three carry passes: the bits from k up
// fold back (2^k = c mod p), which leaves the value below 2p; then value + c reaches 2^k
// exactly when the value is at least p, and selects value + c - 2^k = value - p.
template <class M>
FF_INLINE constexpr auto radix_canonical(radix_limbs<M::radix_l> x) {
  constexpr std::size_t L = M::radix_l;
  constexpr unsigned top = detail::top_bits<M>;
  constexpr u64 top_mask = (u64(1) << top) - 1;
  detail::carry_into_top<M>(x);
  const u64 above = x[L - 1] >> top;  // below 2^(r + 4 - top): a few bits
  x[L - 1] &= top_mask;
  detail::add_c_times<M>(x, above);
  detail::carry_into_top<M>(x);  // below 2^k + above c < 2p
  radix_limbs<L> w = x;
  detail::add_c_times<M>(w, 1);
  detail::carry_into_top<M>(w);
  const u64 at_least_p = 0 - (w[L - 1] >> top);  // all ones when value + c >= 2^k
  w[L - 1] &= top_mask;
  for (std::size_t i = 0; i < L; ++i) x[i] = (w[i] & at_least_p) | (x[i] & ~at_least_p);
  return x;
}
// The canonical integer of limbs below 2^(r + 3).
template <class M>
FF_INLINE constexpr ff::limbs<M::limbs> from_radix(const radix_limbs<M::radix_l>& a) {
  constexpr unsigned r = M::radix.r;
  const radix_limbs<M::radix_l> c = radix_canonical<M>(a);
  ff::limbs<M::limbs> out{};
  for (std::size_t i = 0; i < M::radix_l; ++i) {
    const unsigned at = unsigned(r * i), q = at / 64, s = at % 64;
    out[q] |= c[i] << s;
    if (s + r > 64 && q + 1 < M::limbs) out[q + 1] |= c[i] >> (64 - s);
  }
  return out;
}

// The special-form field F in radix 2^R as an ff::arithmetic: additions without carries, one
// carry pass per product (the X448 ladder's limbs), converted from and to the field's own limbs
// once per ladder (from_internal, to_internal). Values must keep the bounds above, as a chain
// of products, sums and differences like the Montgomery ladder's does. Constant time.
template <class F, unsigned R = default_radix_bits(F::form)>
struct radix_arithmetic {
  static_assert(F::reduction == reduction::fold, "radix limbs hold canonical integers: a special-form field");
  using M = radix_of<F, R>;
  using value = radix_limbs<M::radix_l>;
  using mask = u64;
  static constexpr bool lazy = false, outline_products = false;
  FF_INLINE static constexpr value from_internal(const ff::limbs<F::limbs>& internal) { return to_radix<M>(internal); }
  FF_INLINE static constexpr ff::limbs<F::limbs> to_internal(const value& v) { return from_radix<M>(v); }
  FF_INLINE static constexpr value zero() { return {}; }
  FF_INLINE static constexpr value one() { return from_internal(F::one_internal); }
  FF_INLINE static constexpr value add(const value& a, const value& b) { return radix_add<M>(a, b); }
  FF_INLINE static constexpr value sub(const value& a, const value& b) { return radix_sub<M>(a, b); }
  FF_INLINE static constexpr value neg(const value& a) { return radix_sub<M>(value{}, a); }
  FF_INLINE static constexpr value mul(const value& a, const value& b) { return radix_mul<M>(a, b); }
  FF_INLINE static constexpr value square(const value& a) { return radix_square<M>(a); }
  // a^-1 (0 for 0): out of radix, safegcd, back.
  FF_INLINE static value inverse(const value& a) {
    return from_internal(safegcd::inverse<false, F::bits>(to_internal(a), F::inverse_factor, F::p));
  }
  // K a for an integer K, |K| < 2^20 (RFC 7748's a24).
  template <auto K>
  FF_INLINE static constexpr value mul_constant(const value& a) {
    return mul_by_integer<radix_arithmetic, K>(
        a, [](const value& x, auto k) FF_LAMBDA_INLINE { return radix_mul_small<M, decltype(k)::value>(x); });
  }
  // Equal values have one canonical form (radix_canonical).
  FF_INLINE static constexpr mask equal_mask(const value& a, const value& b) {
    return equal_words_mask(radix_canonical<M>(a), radix_canonical<M>(b));
  }
  FF_INLINE static constexpr value select(mask m, const value& a, const value& b) { return select_words(m, a, b); }
};
}  // namespace ff::prime
