// The property gate: before anything is timed, every field x backend about to be timed is
// checked in-process with rapidcheck: ff.testing's backend agreement (one-element and batch
// products and squares equal the portable backend's) and a few products against NTL. A kernel
// that fails is reported with its counterexample and nothing is timed: a fast wrong answer is
// not a result.
//
// FFBENCH_GATE_SABOTAGE=FIELD (testing only) compares FIELD's kernels with a deliberately
// wrong product, so a test can check that the gate does catch a failing kernel.
#include <rapidcheck.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>
#include "report.hpp"
import ff.reference;
import ff.testing;
import ff.lab;

namespace ffb {
namespace {

using ff::element;

constexpr int gate_cases = 300;  // per property
constexpr int ntl_cases = 8;     // per field and backend: NTL is slow and checked at length in the tests

// rapidcheck's default listener prints its global configuration and, at exit, a reproduce
// string for RC_PARAMS; the gate prints its own seed and counterexample instead.
struct quiet_listener : rc::detail::TestListener {
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// Runs one property; prints the counterexample on failure.
bool check(const std::string& what, int cases, std::uint64_t seed, const std::function<void()>& property) {
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = cases;
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = what;
  quiet_listener listener;
  const rc::detail::TestResult result = rc::detail::checkTestable(property, metadata, params, listener);
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
  ff::testing::reference_product<F> reference = [sabotage](const E& a, const E& b) {
    E p = ff::mul(ff::backend::portable, a, b);
    if (sabotage) p.limb[0] ^= 1;
    return p;
  };
  bool ok = true;
  for (const ff::testing::property& p : ff::testing::backend_agreement<F>(be, reference))
    ok = ok && check(tag + " " + p.name, gate_cases, seed++, p.body);
  ok = ok && check(tag + " mul_equals_ntl", ntl_cases, seed, [=] {
    const E a = *rc::gen::arbitrary<E>(), b = *rc::gen::arbitrary<E>();
    E expected = ff::ref::any_mul<F>(a, b);
    if (sabotage) expected.limb[0] ^= 1;
    RC_ASSERT(ff::mul(be, a, b) == expected);
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
  const char* sabotaged = std::getenv("FFBENCH_GATE_SABOTAGE");
  const std::uint64_t seed = std::random_device{}();
  bool ok = true;
  for (const std::string& name : o.fields)
    ff::visit_by_name<ff::lab::fields>(name, [&]<class F>() {
      // --backend where it serves the field's family, else every backend of the family.
      std::vector<ff::backend> backends = ff::available_backends(F::family);
      if (o.backend && ff::serves(*ff::parse_backend(*o.backend), F::family)) backends = {*ff::parse_backend(*o.backend)};
      for (ff::backend be : backends) ok &= gate_field<F>(be, sabotaged && name == sabotaged, seed);
    });
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  progress(std::string("property gate ") + (ok ? "passed" : "FAILED") + " in " + std::to_string(s) + " s");
  return ok;
}

}  // namespace ffb
