// Component `reference`: import ff.reference (NTL) from the installed package and compare
// fieldlab's products with NTL's GF2X arithmetic.
#include <cstdio>
#include <exception>
#include <string>
#include <random>
import ff.reference;

template <ff::binary_field F>
int compare_with_ntl(std::mt19937_64& rng) {
  int failures = 0;
  for (int i = 0; i < 100; ++i) {
    const auto a = F::random(rng), b = F::random(rng);
    if (a * b != ff::ref::any_mul<F>(a, b)) {
      ++failures;
      std::fprintf(stderr, "MISMATCH %s: %s * %s\n", std::string(F::name).c_str(), ff::to_hex(a).c_str(),
                   ff::to_hex(b).c_str());
    }
  }
  return failures;
}

int main() try {
  std::mt19937_64 rng(std::random_device{}());
  const int failures = compare_with_ntl<ff::b163>(rng) + compare_with_ntl<ff::b256>(rng) +
                       compare_with_ntl<ff::ghash2>(rng);
  std::printf("products vs NTL: %s\n", failures ? "FAIL" : "ok");
  return failures ? 1 : 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "error: %s\n", e.what());
  return 1;
}
