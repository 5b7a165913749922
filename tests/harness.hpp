// Shared test scaffolding: rapidcheck generators for elements (edge cases + full width,
// shrinking towards small limbs, printed in hex), the field list, and run-time test
// registration so that ctest lists one test per field and backend.
// Include this after any other header and before nothing else: it ends with the imports.
#pragma once
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <NTL/GF2E.h>
#include <NTL/GF2EX.h>
#include <NTL/GF2X.h>
#include <NTL/ZZ.h>
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <vector>
import ff.reference;

namespace ff {
// rapidcheck prints counterexamples with this (found by ADL).
template <class F>
void showValue(const element<F>& a, std::ostream& os) {
  os << F::name << ":0x" << to_hex(a);
}
}  // namespace ff

namespace fft {
using ff::u64;

template <class... F>
struct field_list {};
using all_fields = field_list<ff::b127, ff::ghash128, ff::b163, ff::b191, ff::sect193, ff::b256, ff::ghash2>;
using polynomial_fields = field_list<ff::b127, ff::ghash128, ff::b163, ff::b191, ff::sect193, ff::b256>;

// fn.template operator()<F>() for every field of the list.
template <class List, class Fn>
void for_each_field(Fn&& fn) {
  [&]<class... F>(field_list<F...>) { (fn.template operator()<F>(), ...); }(List{});
}

// 0, 1, x, the top monomial, all ones, alternating bits: where carries and folds break.
template <class F>
std::vector<ff::element<F>> edge_cases() {
  std::vector<ff::element<F>> r = {F::zero(), F::one(), F::monomial(1), F::monomial(F::degree - 1)};
  ff::element<F> ones, alt;
  for (std::size_t i = 0; i < F::limbs; ++i) {
    ones.limb[i] = ff::limb_mask(F::degree, i);
    alt.limb[i] = 0xaaaaaaaaaaaaaaaaULL & ff::limb_mask(F::degree, i);
  }
  r.push_back(ones);
  r.push_back(alt);
  r.push_back(F::monomial(F::degree / 2));
  for (std::size_t i = 0; i < F::limbs; ++i) r.push_back(F::monomial(unsigned(64 * i + 63 < F::degree ? 64 * i + 63 : F::degree - 1)));
  return r;
}

template <class F>
ff::element<F> canonical(std::array<u64, F::limbs> limbs) {
  ff::element<F> r;
  for (std::size_t i = 0; i < F::limbs; ++i) r.limb[i] = limbs[i] & ff::limb_mask(F::degree, i);
  return r;
}

// Every backend of this build that this CPU runs.
inline std::vector<ff::backend> backends() { return ff::available_backends(); }

// When set, every registered test reports itself skipped with this reason (e.g. a forced
// FF_BACKEND this CPU lacks), so that test names never depend on the environment.
inline std::string skip_reason;

inline void register_test(const std::string& suite, const std::string& name, std::function<void()> body) {
  if (!skip_reason.empty()) body = [] { GTEST_SKIP() << skip_reason; };
  struct body_test : testing::Test {
    std::function<void()> body;
    explicit body_test(std::function<void()> b) : body(std::move(b)) {}
    void TestBody() override { body(); }
  };
  testing::RegisterTest(suite.c_str(), name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                        [body]() -> testing::Test* { return new body_test(body); });
}

// A rapidcheck property run as one gtest test.
template <class Testable>
void register_property(const std::string& suite, const std::string& name, Testable property) {
  register_test(suite, name, [name, property] { EXPECT_TRUE(rc::check(name, property)); });
}

}  // namespace fft

namespace rc {
template <class F>
struct Arbitrary<ff::element<F>> {
  static Gen<ff::element<F>> arbitrary() {
    return gen::weightedOneOf<ff::element<F>>(
        {{1, gen::elementOf(fft::edge_cases<F>())},
         {6, gen::map(gen::arbitrary<std::array<ff::u64, F::limbs>>(),
                      [](const std::array<ff::u64, F::limbs>& l) { return fft::canonical<F>(l); })}});
  }
};
}  // namespace rc
