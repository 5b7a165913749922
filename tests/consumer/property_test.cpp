// Property-test a function of your own against the NTL reference with rapidcheck.
#include <rapidcheck.h>
import ff.b163;
import ff.testing;    // rapidcheck generators for ff::element<F>, the field axioms
import ff.reference;  // NTL-backed reference arithmetic

// Your code: a^3 + a with one squaring and one multiplication.
ff::element<ff::b163> cube_plus(const ff::element<ff::b163>& a) { return ff::square(a) * a + a; }

int main() {
  ff::testing::use_case_count_from_environment();  // FF_CASES=n or FF_LONG=1; RC_PARAMS replays
  const bool ok = rc::check("cube_plus equals NTL", [](const ff::element<ff::b163>& a) {
    const auto a3 = ff::ref::mul<ff::b163>(ff::ref::mul<ff::b163>(a, a), a);
    RC_ASSERT(cube_plus(a) == a3 + a);
  });
  const int failed = ff::testing::check_all(ff::testing::field_axioms<ff::b163>());
  return ok && failed == 0 ? 0 : 1;
}
