// ff.testing: property-test fieldlab fields, and your own code over them, with rapidcheck.
//  - rc::gen::arbitrary<ff::element<F>>() (and so any rapidcheck property with element
//    arguments) draws canonical elements, one in seven from ff::testing::edge_cases<F>();
//  - ff::testing::field_axioms<F>(), binary_field_laws<F>() and backend_agreement<F>(b) are the
//    properties the project's own tests run, as named bodies for rc::check;
//  - ff::testing::subgroup_points<C>(), points_outside_subgroup<C>(), points_off_curve<C>(),
//    order_two_point<C>() and infinity_encoding() for the binary curves (ff.testing.binary_points);
//  - ff::testing::use_case_count_from_environment() sets the number of cases from FF_CASES or
//    FF_LONG (README "Property-test your own code").
// Installed as component `testing` of the package (fieldlab::testing); needs rapidcheck.
module;
#include <rapidcheck.h>
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <ostream>
#include <span>
#include <string>
#include <vector>
export module ff.testing;
export import ff;
export import ff.testing.binary_points;
export import ff.testing.counting;

export namespace ff::testing {

// A property: a name and a body for rc::check (it draws its inputs with *gen and states what
// must hold with RC_ASSERT).
struct property {
  std::string name;
  std::function<void()> body;
};

// Runs each property with rc::check; returns how many failed (rapidcheck prints each
// counterexample and the RC_PARAMS that replays it).
inline int check_all(const std::vector<property>& properties) {
  int failed = 0;
  for (const property& p : properties) failed += rc::check(p.name, p.body) ? 0 : 1;
  return failed;
}

// The cases per property: 1,000,000 under FF_LONG=1, else FF_CASES if it is a positive
// number, else `fallback`.
inline std::size_t case_count(std::size_t fallback = 100) {
  if (const char* l = std::getenv("FF_LONG"); l && std::string(l) == "1") return 1000000;
  if (const char* c = std::getenv("FF_CASES"); c && *c) {
    char* end = nullptr;
    const unsigned long long n = std::strtoull(c, &end, 10);
    if (*end == '\0' && n > 0) return std::size_t(n);
  }
  return fallback;
}

// Sets RC_PARAMS=max_success=case_count(fallback) unless RC_PARAMS is already set (an
// explicit RC_PARAMS, such as a reproduce string, wins). Call before the first rc::check.
inline void use_case_count_from_environment(std::size_t fallback = 100) {
  if (std::getenv("RC_PARAMS")) return;
  const std::string params = "max_success=" + std::to_string(case_count(fallback));
  setenv("RC_PARAMS", params.c_str(), 0);
}

// Where carries and folds break: 0, 1, x, the top monomial, all ones, alternating bits, the
// middle monomial and the top bit of every limb.
template <binary_field F>
std::vector<element<F>> edge_cases() {
  std::vector<element<F>> r = {F::zero(), F::one(), F::monomial(1), F::monomial(F::degree - 1)};
  element<F> ones, alternating;
  for (std::size_t i = 0; i < F::limbs; ++i) {
    ones.limb[i] = limb_mask(F::degree, i);
    alternating.limb[i] = 0xaaaaaaaaaaaaaaaaULL & limb_mask(F::degree, i);
  }
  r.push_back(ones);
  r.push_back(alternating);
  r.push_back(F::monomial(F::degree / 2));
  for (std::size_t i = 0; i < F::limbs; ++i)
    r.push_back(F::monomial(unsigned(64 * i + 63 < F::degree ? 64 * i + 63 : F::degree - 1)));
  return r;
}

// Any limbs, made canonical (the bits at and above the degree cleared).
template <binary_field F>
element<F> canonical(const std::array<u64, F::limbs>& limbs) {
  element<F> r;
  for (std::size_t i = 0; i < F::limbs; ++i) r.limb[i] = limbs[i] & limb_mask(F::degree, i);
  return r;
}

// Canonical elements: one draw in seven an edge case, the others full-width random limbs
// (shrinking towards small limbs).
template <binary_field F>
rc::Gen<element<F>> elements() {
  return rc::gen::weightedOneOf<element<F>>(
      {{1, rc::gen::elementOf(edge_cases<F>())},
       {6, rc::gen::map(rc::gen::arbitrary<std::array<u64, F::limbs>>(),
                        [](const std::array<u64, F::limbs>& l) { return canonical<F>(l); })}});
}

// Where Montgomery arithmetic and its carries break: 0, 1, 2, p - 1, p - 2, (p - 1)/2,
// (p + 1)/2, R mod p, 2^64 and 2^128 (below p), and values whose lower limbs are all ones
// under p's top limb or one less.
template <prime_family F>
std::vector<element<F>> edge_cases() {
  using L = ff::limbs<F::limbs>;
  const auto value = [](const L& x) { return F::from_integer(x); };
  const auto small = [&](u64 v) { return F::from_small(v); };
  L half = F::half_p_minus_1, half_up = F::half_p_minus_1, one{};
  one[0] = 1;
  integer::add(half_up, half, one);
  std::vector<element<F>> r = {F::zero(), small(1), small(2), value(F::p_minus(1)), value(F::p_minus(2)),
                               value(half), value(half_up)};
  const auto add_new = [&](const element<F>& e) {
    if (std::find(r.begin(), r.end(), e) == r.end()) r.push_back(e);
  };
  if constexpr (F::reduction == prime::reduction::montgomery) {
    add_new(value(F::r_mod_p));
  } else {  // p = 2^k - c: c, 2^(k-1) and 2^(k-1) + c make the folds carry
    L top{}, top_c{};
    top[(F::form.k - 1) / 64] = u64(1) << ((F::form.k - 1) % 64);
    integer::add(top_c, top, F::form.c);
    add_new(value(F::form.c));
    add_new(value(top));
    add_new(value(top_c));
  }
  for (std::size_t k : {std::size_t(1), std::size_t(2)})
    if (k < F::limbs) {
      L x{};
      x[k] = 1;
      add_new(value(x));
    }
  for (u64 top_minus : {u64(0), u64(1)}) {
    L x;
    x.fill(~u64(0));
    x[F::limbs - 1] = F::p[F::limbs - 1] - top_minus;
    if (!integer::less(x, F::p)) continue;  // p's own lower limbs are smaller: p - 1, p - 2 cover it
    add_new(value(x));
  }
  return r;
}
// Elements: one draw in seven an edge case, the others uniform-ish integers below p (random
// limbs cut to p's bit length, p subtracted when they reach it).
template <prime_family F>
rc::Gen<element<F>> elements() {
  return rc::gen::weightedOneOf<element<F>>(
      {{1, rc::gen::elementOf(edge_cases<F>())},
       {6, rc::gen::map(rc::gen::arbitrary<std::array<u64, F::limbs>>(), [](std::array<u64, F::limbs> l) {
          if (F::bits % 64) l[F::limbs - 1] &= (u64(1) << (F::bits % 64)) - 1;
          if (!integer::less(l, F::p)) integer::sub(l, l, F::p);
          return F::from_integer(l);
        })}});
}
// The field axioms through the scalar API (whatever backend FF_BACKEND chose), and the laws
// every field's text form and power obey.
template <field F>
std::vector<property> field_axioms() {
  using E = element<F>;
  const auto gen = [] { return *rc::gen::arbitrary<E>(); };
  return {
      {"add_commutative", [=] { const E a = gen(), b = gen(); RC_ASSERT(a + b == b + a); }},
      {"add_associative", [=] { const E a = gen(), b = gen(), c = gen(); RC_ASSERT((a + b) + c == a + (b + c)); }},
      {"add_identity_and_inverse",
       [=] {
         const E a = gen(), b = gen();
         RC_ASSERT(a + F::zero() == a);
         RC_ASSERT(a + (-a) == F::zero());
         RC_ASSERT((a - b) + b == a);
       }},
      {"mul_commutative", [=] { const E a = gen(), b = gen(); RC_ASSERT(a * b == b * a); }},
      {"mul_associative", [=] { const E a = gen(), b = gen(), c = gen(); RC_ASSERT((a * b) * c == a * (b * c)); }},
      {"distributive", [=] { const E a = gen(), b = gen(), c = gen(); RC_ASSERT(a * (b + c) == a * b + a * c); }},
      {"mul_identity_and_zero",
       [=] {
         const E a = gen();
         RC_ASSERT(a * F::one() == a);
         RC_ASSERT(a * F::zero() == F::zero());
       }},
      {"square_is_mul_self", [=] { const E a = gen(); RC_ASSERT(square(a) == a * a); }},
      {"inverse",
       [=] {
         const E a = gen();
         RC_PRE(!a.is_zero());
         RC_ASSERT(inverse(a) * a == F::one());
       }},
      {"inverse_of_zero_is_an_error",
       [] {
         bool threw = false;
         try {
           (void)inverse(F::zero());
         } catch (const ff::error&) {
           threw = true;
         }
         RC_ASSERT(threw);
       }},
      {"pow_adds_exponents",
       [=] {
         const E a = gen();
         const u64 e1 = *rc::gen::arbitrary<u64>(), e2 = *rc::gen::arbitrary<u64>();
         RC_ASSERT(pow(a, u128(e1) + e2) == pow(a, e1) * pow(a, e2));
         RC_ASSERT(pow(a, 0u) == F::one());
         RC_ASSERT(pow(a, 1u) == a);
       }},
      {"text_round_trip", [=] { const E a = gen(); RC_ASSERT(F::parse(to_string(a)) == a); }},
  };
}

// Laws of characteristic 2 (binary fields): a + a = 0, the unique square root, the trace to
// GF(2), the half trace and the quadratic solver.
template <binary_field F>
std::vector<property> binary_field_laws() {
  using E = element<F>;
  const auto gen = [] { return *rc::gen::arbitrary<E>(); };
  std::vector<property> laws = {
      {"characteristic_two", [=] { const E a = gen(); RC_ASSERT(a + a == F::zero()); }},
      {"sqrt", [=] { const E a = gen(); RC_ASSERT(square(ff::sqrt(a)) == a); }},
      {"trace_is_linear_and_in_gf2",
       [=] {
         const E a = gen(), b = gen();
         const unsigned ta = trace(a), tb = trace(b);
         RC_ASSERT(ta <= 1u);
         RC_ASSERT(trace(a + b) == (ta ^ tb));
         RC_ASSERT(trace(square(a)) == ta);
       }},
      {"solve_quadratic",
       [=] {
         const E c = gen();
         const auto z = solve_quadratic(c);
         RC_ASSERT(z.has_value() == (trace(c) == 0));
         if (z) RC_ASSERT(square(*z) + *z == c);
       }},
  };
  if constexpr (F::degree % 2 == 1)
    laws.push_back({"half_trace_solves_when_trace_zero", [=] {
                      const E c = gen(), h = half_trace(c);
                      RC_ASSERT(square(h) + h == c + (trace(c) ? F::one() : F::zero()));
                    }});
  return laws;
}

// Laws of the prime fields that need no reference: the inversions agree, square roots
// square back and exist exactly for squares, Euler's criterion, bytes round-trip.
template <prime_field F>
std::vector<property> prime_field_laws() {
  using E = element<F>;
  const auto gen = [] { return *rc::gen::arbitrary<E>(); };
  return {
      {"inversions_agree",
       [=] {
         const E a = gen();
         RC_PRE(!a.is_zero());
         const E inv = inverse(a);
         RC_ASSERT(inverse_var(a) == inv);
         RC_ASSERT(pow(a, std::span<const u64>(F::p_minus(2))) == inv);  // Fermat
       }},
      {"sqrt_exists_exactly_for_squares",
       [=] {
         const E a = gen();
         const auto r = ff::sqrt(a);
         RC_ASSERT(r.has_value() == (legendre(a) >= 0));
         if (r) RC_ASSERT(square(*r) == a);
         RC_ASSERT(ff::sqrt(square(a)).has_value());
       }},
      {"legendre_is_multiplicative",
       [=] {
         const E a = gen(), b = gen();
         RC_ASSERT(legendre(a * b) == legendre(a) * legendre(b));
       }},
      {"pow_var_equals_pow",
       [=] {
         const E a = gen();
         const auto e = *rc::gen::arbitrary<std::array<u64, F::limbs>>();
         RC_ASSERT(pow_var(a, std::span<const u64>(e)) == pow(a, std::span<const u64>(e)));
       }},
      {"bytes_round_trip",
       [=] {
         const E a = gen();
         RC_ASSERT(F::from_bytes_be(F::to_bytes_be(a)) == a);
         RC_ASSERT(F::from_bytes_le(F::to_bytes_le(a)) == a);
         RC_ASSERT(F::parse(to_hex(a)) == a);
       }},
  };
}
// A reference product to compare a backend with: by default the portable backend's.
template <class F>
using reference_product = std::function<element<F>(const element<F>&, const element<F>&)>;

// Backend `be` agrees with the reference on single products and squares, and on batches of
// every length 0..67 (every tail of the 4- and 8-lane kernels).
template <field F>
std::vector<property> backend_agreement(backend be, reference_product<F> reference = {}) {
  using E = element<F>;
  if (!reference) reference = [](const E& a, const E& b) { return mul(backend::portable, a, b); };
  const auto gen = [] { return *rc::gen::arbitrary<E>(); };
  const auto batch = [=](bool squares) {
    return [=] {
      const auto n = *rc::gen::inRange<std::size_t>(0, 68);
      const auto a = *rc::gen::container<std::vector<E>>(n, rc::gen::arbitrary<E>());
      const auto b = *rc::gen::container<std::vector<E>>(n, rc::gen::arbitrary<E>());
      std::vector<E> out(n);
      if (squares) square<F>(be, std::span<const E>(a), std::span<E>(out));
      else mul<F>(be, std::span<const E>(a), std::span<const E>(b), std::span<E>(out));
      for (std::size_t i = 0; i < n; ++i) RC_ASSERT(out[i] == (squares ? reference(a[i], a[i]) : reference(a[i], b[i])));
    };
  };
  return {
      {"mul_equals_reference", [=] { const E a = gen(), b = gen(); RC_ASSERT(mul(be, a, b) == reference(a, b)); }},
      {"square_equals_reference", [=] { const E a = gen(); RC_ASSERT(square(be, a) == reference(a, a)); }},
      {"batch_mul_equals_reference", batch(false)},
      {"batch_square_equals_reference", batch(true)},
  };
}

}  // namespace ff::testing

export namespace ff {
// rapidcheck prints counterexamples with this (found by argument-dependent lookup).
template <class F>
void showValue(const element<F>& a, std::ostream& os) {
  os << F::name << ":0x" << to_hex(a);
}
}  // namespace ff

namespace rc {
// Counterexamples are labelled with this type name (the demangler cannot read module names).
template <class F>
struct ShowType<ff::element<F>> {
  static void showType(std::ostream& os) { os << "ff::element<" << F::name << ">"; }
};
template <ff::binary_family F>
struct Arbitrary<ff::element<F>> {
  static Gen<ff::element<F>> arbitrary() { return ff::testing::elements<F>(); }
};
template <ff::prime_family F>
struct Arbitrary<ff::element<F>> {
  static Gen<ff::element<F>> arbitrary() { return ff::testing::elements<F>(); }
};
}  // namespace rc
