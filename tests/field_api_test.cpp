// The generic field API (axioms, inverse, pow, sqrt, trace, half trace, quadratic solver)
// for every field, through the scalar operators. ctest runs this binary once per backend
// with FF_BACKEND set, so every backend's kernels carry the whole API.
#include "harness.hpp"

using namespace ff;

namespace {

template <class F>
void register_field(const std::string& suite) {
  using E = element<F>;
  fft::register_property(suite, "commutative", [](const E& a, const E& b) { RC_ASSERT(a * b == b * a); });
  fft::register_property(suite, "associative", [](const E& a, const E& b, const E& c) {
    RC_ASSERT((a * b) * c == a * (b * c));
  });
  fft::register_property(suite, "distributive", [](const E& a, const E& b, const E& c) {
    RC_ASSERT(a * (b + c) == a * b + a * c);
  });
  fft::register_property(suite, "identities", [](const E& a) {
    RC_ASSERT(a * F::one() == a);
    RC_ASSERT(a * F::zero() == F::zero());
    RC_ASSERT(a + a == F::zero());
  });
  fft::register_property(suite, "square_is_mul_self", [](const E& a) { RC_ASSERT(square(a) == a * a); });
  fft::register_property(suite, "inverse", [](const E& a) {
    RC_PRE(!a.is_zero());
    RC_ASSERT(inverse(a) * a == F::one());
  });
  fft::register_test(suite, "inverse_of_zero_is_an_error", [] { EXPECT_THROW(inverse(F::zero()), ff::error); });
  fft::register_property(suite, "sqrt", [](const E& a) {
    const E r = ff::sqrt(a);
    RC_ASSERT(square(r) == a);
  });
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
  fft::register_property(suite, "trace_is_linear_and_in_gf2", [](const E& a, const E& b) {
    const unsigned ta = trace(a), tb = trace(b);
    RC_ASSERT(ta <= 1u);
    RC_ASSERT(trace(a + b) == (ta ^ tb));
    RC_ASSERT(trace(square(a)) == ta);
  });
  if constexpr (polynomial_field<F>)
    fft::register_property(suite, "trace_equals_ntl", [](const E& a) { RC_ASSERT(trace(a) == ref::trace<F>(a)); });
  if constexpr (F::degree % 2 == 1)
    fft::register_property(suite, "half_trace_solves_when_trace_zero", [](const E& c) {
      const E h = half_trace(c);
      RC_ASSERT(square(h) + h == c + (trace(c) ? F::one() : F::zero()));
    });
  fft::register_property(suite, "solve_quadratic", [](const E& c) {
    const auto z = solve_quadratic(c);
    RC_ASSERT(z.has_value() == (trace(c) == 0));
    if (z) RC_ASSERT(square(*z) + *z == c);
  });
}

}  // namespace

void register_tests() {
  // Under FF_BACKEND=<backend> this CPU lacks, the tests are skipped rather than failed (the
  // refusal itself is tested through ffcalc).
  if (const char* forced = std::getenv("FF_BACKEND"); forced && *forced)
    if (const auto be = parse_backend(forced); be && !cpu_has(*be)) fft::skip_reason = std::string("this CPU lacks ") + forced;
  fft::for_each_field<fft::all_fields>([]<class F>() { register_field<F>("field_api." + std::string(F::name)); });
}
