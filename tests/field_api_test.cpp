// The field API for every field through the scalar operators: ff.testing's field axioms and
// binary-field laws, and the power and trace against NTL. ctest runs this binary once per
// binary backend with FF_BACKEND set, so every backend's kernels carry the whole API.
#include "harness.hpp"

using namespace ff;

namespace {

template <class F>
void register_field(const std::string& suite) {
  using E = element<F>;
  fft::register_properties(suite, ff::testing::field_axioms<F>());
  fft::register_properties(suite, ff::testing::binary_field_laws<F>());
  fft::register_property(suite, "pow_equals_ntl", [](const E& a, u64 lo, u64 hi) {
    const u128 e = (u128(hi) << 64) | lo;
    RC_ASSERT(pow(a, e) == ref::any_power(a, ref::to_zz(e)));
  });
  fft::register_test(suite, "pow_edge_exponents", [] {
    std::mt19937_64 rng(11);
    const E a = F::random(rng);
    EXPECT_EQ(pow(a, 0u), F::one());
    EXPECT_EQ(pow(a, 1u), a);
    const u128 all = ~u128{0};
    EXPECT_EQ(pow(a, all), ref::any_power(a, ref::to_zz(all)));
    for (unsigned k : {1u, 63u, 64u, 127u}) EXPECT_EQ(pow(a, u128{1} << k), ref::any_power(a, ref::to_zz(u128{1} << k)));
  });
  if constexpr (polynomial_field<F>)
    fft::register_property(suite, "trace_equals_ntl", [](const E& a) { RC_ASSERT(trace(a) == ref::trace<F>(a)); });
}

}  // namespace

void register_tests() {
  // Under FF_BACKEND=<backend> this CPU lacks, the tests are skipped rather than failed (the
  // refusal itself is tested through ffcalc).
  if (const char* forced = std::getenv("FF_BACKEND"); forced && *forced)
    if (const auto be = parse_backend(forced); be && !cpu_has(*be)) fft::skip_reason = std::string("this CPU lacks ") + forced;
  fft::for_each_binary_field([]<class F>() { register_field<F>("field_api." + std::string(F::name)); });
}
