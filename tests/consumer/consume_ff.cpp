// `import ff;` from an installed fieldlab: every field through the umbrella module.
#include <cstdio>
#include <exception>
#include <string>
#include <cstdlib>
#include <random>
#include <span>
#include <string_view>
#include <vector>
import ff;
import consumer.checks;

namespace {

// ff.iso through the umbrella: phi = ff::to_ghash2 must be a ring isomorphism (round trip,
// phi(a b) = phi(a) phi(b), phi(a + b) = phi(a) + phi(b)), and the batch conversions (the
// fastest kernel this CPU has) must agree with the single-element ones.
int check_isomorphism(std::mt19937_64& rng) {
  int failures = 0;
  const auto expect = [&](bool ok, const std::string& what) {
    if (!ok && ++failures <= 10) std::fprintf(stderr, "MISMATCH: iso %s\n", what.c_str());
  };
  const std::size_t n = 37;  // not a multiple of 8: the batch tail runs too
  std::vector<ff::element<ff::b256>> a(n), back(n);
  std::vector<ff::element<ff::ghash2>> image(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = ff::b256::random(rng);
    const ff::element<ff::b256> b = ff::b256::random(rng);
    const std::string at = "a=" + ff::to_hex(a[i]) + " b=" + ff::to_hex(b);
    expect(ff::to_b256(ff::to_ghash2(a[i])) == a[i], at + ": to_b256(to_ghash2(a)) != a");
    expect(ff::to_ghash2(a[i] * b) == ff::to_ghash2(a[i]) * ff::to_ghash2(b), at + ": phi(a b) != phi(a) phi(b)");
    expect(ff::to_ghash2(a[i] + b) == ff::to_ghash2(a[i]) + ff::to_ghash2(b), at + ": phi(a + b) != phi(a) + phi(b)");
  }
  ff::to_ghash2(std::span<const ff::element<ff::b256>>(a), std::span<ff::element<ff::ghash2>>(image));
  ff::to_b256(std::span<const ff::element<ff::ghash2>>(image), std::span<ff::element<ff::b256>>(back));
  for (std::size_t i = 0; i < n; ++i) {
    expect(image[i] == ff::to_ghash2(a[i]), "batch to_ghash2 != single element at " + std::to_string(i));
    expect(back[i] == a[i], "batch round trip != identity at " + std::to_string(i));
  }
  std::printf("%-8s %s (%d mismatches; batch kernel %s)\n", "iso", failures ? "FAIL" : "ok", failures,
              std::string(ff::iso::to_string(ff::iso::fastest_kernel())).c_str());
  return failures;
}

}  // namespace

int main() try {
  // Under FF_BACKEND=<a backend this CPU lacks>, ctest counts the run as skipped.
  if (const char* forced = std::getenv("FF_BACKEND"); forced && *forced) {
    const auto b = ff::parse_backend(forced);
    if (b && !ff::cpu_has(*b)) {
      std::printf("skipped: %s\n", ff::missing_backend_message(*b).c_str());
      return 77;
    }
  }
  int failures = 0;
  if (ff::version() != std::string_view(EXPECTED_VERSION)) {
    std::fprintf(stderr, "MISMATCH: ff::version() %s, package version %s\n",
                 std::string(ff::version()).c_str(), EXPECTED_VERSION);
    ++failures;
  }
  std::printf("fieldlab %s, binary batch backend %s, scalar backend %s\n", std::string(ff::version()).c_str(),
              std::string(ff::to_string(ff::batch_backend(ff::family::binary))).c_str(),
              std::string(ff::to_string(ff::scalar_backend(ff::family::binary))).c_str());
  std::mt19937_64 rng(std::random_device{}());
  ff::for_each_type<ff::binary_fields>([&]<class F>() { failures += consumer::check_field<F>(rng); });
  failures += check_isomorphism(rng);
  return failures ? 1 : 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "error: %s\n", e.what());
  return 1;
}
