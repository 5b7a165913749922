// The property gate: before anything is timed, every field x backend about to be timed is
// checked in-process with rapidcheck (kernel == portable for one-element and batch products
// and squares, plus a few NTL cross-checks). A kernel that fails is reported with its
// counterexample and nothing is timed: a fast wrong answer is not a result.
//
// FFBENCH_GATE_SABOTAGE=FIELD (testing only) compares FIELD's kernels with a deliberately
// wrong product, so a test can check that the gate does catch a failing kernel.
#include <rapidcheck.h>
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <vector>
#include "report.hpp"
import ff.reference;

namespace ff {
// rapidcheck prints counterexamples with this (found by ADL).
template <class F>
void showValue(const element<F>& a, std::ostream& os) {
  os << F::name << ":0x" << to_hex(a);
}
}  // namespace ff

// Counterexamples are labelled with this type name (the demangler cannot read module names).
template <class F>
struct rc::ShowType<ff::element<F>> {
  static void showType(std::ostream& os) { os << "ff::element<" << F::name << ">"; }
};

namespace ffb {
namespace {

using ff::element;
using ff::u64;

constexpr int gate_cases = 300;  // per property
constexpr int ntl_cases = 8;     // per field and backend: NTL is slow and checked at length in the tests


// Canonical elements: mostly full-width random limbs, sometimes 0, 1 or all ones (where
// carries and folds break).
template <class F>
rc::Gen<element<F>> elements() {
  element<F> ones;
  for (std::size_t i = 0; i < F::limbs; ++i) ones.limb[i] = ff::limb_mask(F::degree, i);
  return rc::gen::weightedOneOf<element<F>>(
      {{1, rc::gen::elementOf(std::vector<element<F>>{F::zero(), F::one(), ones})},
       {8, rc::gen::map(rc::gen::arbitrary<std::array<u64, F::limbs>>(), [](std::array<u64, F::limbs> l) {
          element<F> e;
          for (std::size_t i = 0; i < F::limbs; ++i) e.limb[i] = l[i] & ff::limb_mask(F::degree, i);
          return e;
        })}});
}

// rapidcheck's default listener prints its global configuration and, at exit, a reproduce
// string for RC_PARAMS; the gate prints its own seed and counterexample instead.
struct quiet_listener : rc::detail::TestListener {
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// Runs one property; prints the counterexample on failure.
template <class Testable>
bool check(const std::string& what, int cases, std::uint64_t seed, Testable&& property) {
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = cases;
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = what;
  quiet_listener listener;
  const rc::detail::TestResult result =
      rc::detail::checkTestable(std::forward<Testable>(property), metadata, params, listener);
  if (result.template is<rc::detail::SuccessResult>()) return true;
  std::ostringstream message;
  rc::detail::printResultMessage(result, message);
  std::fprintf(stderr, "gate %s: FAILED (seed %llu)\n%s\n", what.c_str(), (unsigned long long)seed,
               message.str().c_str());
  return false;
}

template <class F>
bool gate_field(ff::backend be, bool sabotage, std::uint64_t seed) {
  using E = element<F>;
  const std::string tag = std::string(F::name) + " " + std::string(ff::to_string(be));
  // The reference of the comparison: the portable kernel, or a wrong one when sabotaged.
  auto reference_mul = [sabotage](const E& a, const E& b) {
    E p = ff::mul_with(ff::backend::portable, a, b);
    if (sabotage) p.limb[0] ^= 1;
    return p;
  };
  const auto gen = elements<F>();
  auto batch = [&](bool square) {
    return [=] {
      const std::size_t n = *rc::gen::inRange<std::size_t>(0, 68);
      const auto a = *rc::gen::container<std::vector<E>>(n, gen);
      const auto b = *rc::gen::container<std::vector<E>>(n, gen);
      std::vector<E> out(n);
      if (square) ff::square<F>(be, std::span<const E>(a), std::span<E>(out));
      else ff::mul<F>(be, std::span<const E>(a), std::span<const E>(b), std::span<E>(out));
      for (std::size_t i = 0; i < n; ++i) {
        const E expected = square ? reference_mul(a[i], a[i]) : reference_mul(a[i], b[i]);
        RC_ASSERT(out[i] == expected);
      }
    };
  };
  bool ok = check(tag + " mul_with == portable", gate_cases, seed, [=] {
    const E a = *gen, b = *gen;
    RC_ASSERT(ff::mul_with(be, a, b) == reference_mul(a, b));
  });
  ok = ok && check(tag + " square_with == portable", gate_cases, seed + 1, [=] {
    const E a = *gen;
    RC_ASSERT(ff::square_with(be, a) == reference_mul(a, a));
  });
  ok = ok && check(tag + " batch mul == portable", gate_cases, seed + 2, batch(false));
  ok = ok && check(tag + " batch square == portable", gate_cases, seed + 3, batch(true));
  ok = ok && check(tag + " mul_with == NTL", ntl_cases, seed + 4, [=] {
    const E a = *gen, b = *gen;
    E expected = ff::ref::any_mul<F>(a, b);
    if (sabotage) expected.limb[0] ^= 1;
    RC_ASSERT(ff::mul_with(be, a, b) == expected);
  });
  if (ok) std::fprintf(stderr, "gate %s: %d cases OK\n", tag.c_str(), gate_cases);
  return ok;
}

}  // namespace

bool run_property_gate(const options& o) {
  const auto t0 = std::chrono::steady_clock::now();
  {  // rapidcheck announces its global configuration on first use; the gate does not use it
    std::streambuf* saved = std::cerr.rdbuf(nullptr);
    rc::detail::configuration();
    std::cerr.rdbuf(saved);
  }
  std::vector<ff::backend> backends;
  if (o.backend) backends = {*ff::parse_backend(*o.backend)};
  else backends = ff::available_backends();
  const char* sabotaged = std::getenv("FFBENCH_GATE_SABOTAGE");
  const std::uint64_t seed = std::random_device{}();
  bool ok = true;
  for (const std::string& name : o.fields)
    for (ff::backend be : backends)
      ff::visit_field(name, [&]<class F>() { ok &= gate_field<F>(be, sabotaged && name == sabotaged, seed); });
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  progress(std::string("property gate ") + (ok ? "passed" : "FAILED") + " in " + std::to_string(s) + " s");
  return ok;
}

}  // namespace ffb
