// Shared test scaffolding: the fields under test, run-time test registration (ctest lists one
// test per field and backend), and ff.testing's generators and properties registered as tests.
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
#include <iostream>
#include <optional>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <sstream>
#include <vector>
import ff.reference;
import ff.testing;
import fft.registry;

namespace fft {
using ff::u64;

// fn.template operator()<F>() for every binary (prime) field under test: the registry's and
// the test-only fields.
template <class Fn>
void for_each_binary_field(Fn&& fn) {
  ff::for_each_type<fft::binary_fields>(fn);
}
template <class Fn>
void for_each_prime_field(Fn&& fn) {
  ff::for_each_type<fft::prime_fields>(fn);
}

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
// A property whose cases are costly (scalar multiplications: seconds each under the
// sanitizers): run with the configured case count divided by divisor, at least 10.
template <class Testable>
void register_costly_property(const std::string& suite, const std::string& name, int divisor, Testable property) {
  register_test(suite, name, [name, divisor, property] {
    rc::detail::TestParams params = rc::detail::configuration().testParams;
    params.maxSuccess = std::max(10, params.maxSuccess / divisor);
    rc::detail::TestMetadata metadata;
    metadata.id = metadata.description = name;
    const auto result = rc::detail::checkTestable(property, metadata, params);
    rc::detail::printResultMessage(result, std::cerr);
    EXPECT_TRUE(result.template is<rc::detail::SuccessResult>());
  });
}
inline void register_properties(const std::string& suite, const std::vector<ff::testing::property>& properties) {
  for (const auto& p : properties) register_property(suite, p.name, p.body);
}

// fn.template operator()<P>(name) for every policy P of Policies (an ff::policy_list); the
// tests registered for a policy the CPU lacks report themselves skipped (test names do not
// depend on the CPU).
template <class Policies, class Fn>
void for_each_policy(Fn&& fn) {
  [&]<class... P>(ff::policy_list<P...>) {
    (
        [&] {
          const std::string be(ff::to_string(P::id));
          const std::string saved = skip_reason;
          if (!ff::cpu_has(P::id)) skip_reason = "this CPU lacks " + be;
          fn.template operator()<P>(be);
          skip_reason = saved;
        }(),
        ...);
  }(Policies{});
}

}  // namespace fft
