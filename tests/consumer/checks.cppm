// consumer.checks: a module of the consumer's own that imports installed fieldlab modules
// (not the umbrella) and checks each result against a second, independent path computed
// here at run time. Returns the number of mismatches; prints each one.
module;
#include <cstddef>
#include <cstdio>
#include <random>
#include <span>
#include <string>
#include <vector>
export module consumer.checks;
import ff.binary;

export namespace consumer {

struct tally {
  int failures = 0;
  void expect(bool ok, const std::string& what) {
    if (ok) return;
    if (++failures <= 10) std::fprintf(stderr, "MISMATCH: %s\n", what.c_str());
    if (failures == 10) std::fprintf(stderr, "(further mismatches counted, not printed)\n");
  }
};

// a^e by repeated multiplication: the slow path pow() is checked against.
template <ff::binary_field F>
ff::element<F> repeated_product(const ff::element<F>& a, unsigned e) {
  ff::element<F> r = F::one();
  for (unsigned i = 0; i < e; ++i) r = r * a;
  return r;
}

template <ff::binary_field F>
int check_field(std::mt19937_64& rng, unsigned rounds = 50) {
  tally t;
  const std::string name(F::name);
  for (unsigned round = 0; round < rounds; ++round) {
    ff::element<F> a = F::random(rng), b = F::random(rng), c = F::random(rng);
    if (a.is_zero()) a = F::one();
    const std::string at = name + " a=" + ff::to_hex(a);

    t.expect(a * b == b * a, at + ": a*b != b*a");
    t.expect((a + b) * c == a * c + b * c, at + ": (a+b)c != ac+bc");
    t.expect((a * b) * c == a * (b * c), at + ": (ab)c != a(bc)");
    t.expect(ff::square(a) == a * a, at + ": square(a) != a*a");
    t.expect(ff::inverse(a) * a == F::one(), at + ": inverse(a)*a != 1");
    t.expect(ff::square(ff::sqrt(a)) == a, at + ": sqrt(a)^2 != a");
    const unsigned e = unsigned(rng() % 200);
    t.expect(ff::pow(a, e) == repeated_product(a, e), at + ": pow(a," + std::to_string(e) + ") != a*...*a");
    // A 128-bit exponent split as e1 + e2: a^e1 * a^e2 == a^(e1+e2) (carry across the limbs).
    const ff::u128 e1 = (ff::u128(rng()) << 64) | rng(), e2 = rng();
    t.expect(ff::pow(a, e1) * ff::pow(a, e2) == ff::pow(a, e1 + e2), at + ": a^e1 a^e2 != a^(e1+e2)");
    // Fermat: a^(2^n) == a, through pow with a multi-limb exponent.
    std::vector<ff::u64> two_to_n(F::degree / 64 + 1, 0);
    two_to_n[F::degree / 64] = ff::u64{1} << (F::degree % 64);
    t.expect(ff::pow(a, std::span<const ff::u64>(two_to_n)) == a, at + ": a^(2^n) != a");
    t.expect(ff::from_hex<F>(ff::to_hex(a)) == a, at + ": hex round trip");
  }

  // Batch == scalar, on every backend this CPU has; 37 elements so SIMD tails are covered.
  const std::size_t n = 37;
  std::vector<ff::element<F>> xs(n), ys(n), prod(n), sq(n), auto_prod(n);
  for (std::size_t i = 0; i < n; ++i) xs[i] = F::random(rng), ys[i] = F::random(rng);
  for (ff::backend be : ff::available_backends(F::family)) {
    const std::string on = name + " batch on " + std::string(ff::to_string(be)) + ": ";
    ff::mul<F>(be, xs, ys, prod);
    ff::square<F>(be, xs, sq);
    for (std::size_t i = 0; i < n; ++i) {
      t.expect(prod[i] == xs[i] * ys[i], on + "mul[" + std::to_string(i) + "] != scalar");
      t.expect(sq[i] == xs[i] * xs[i], on + "square[" + std::to_string(i) + "] != scalar");
    }
  }
  ff::mul<F>(xs, ys, auto_prod);  // FF_BACKEND or the fastest
  for (std::size_t i = 0; i < n; ++i) t.expect(auto_prod[i] == xs[i] * ys[i], name + " batch (default backend)");

  std::printf("%-8s %s (%d mismatches)\n", name.c_str(), t.failures ? "FAIL" : "ok", t.failures);
  return t.failures;
}

}  // namespace consumer
