// Self-contained (no NTL, no gtest, no rapidcheck): every accelerated backend of this build and
// CPU agrees with the portable kernels on random and edge operands, one element at a time and
// in batches of every length 0..67, for every field under test (fft::fields). This is the test the aarch64 preset runs under qemu for
// the PMULL kernels; on x86-64 it cross-checks PCLMULQDQ and VPCLMULQDQ the same way.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>
import fft.registry;

namespace {

int passed = 0, failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++passed;
  } else {
    ++failed;
    std::printf("FAIL %s\n", what.c_str());
  }
}

template <class F>
std::vector<ff::element<F>> operands(std::mt19937_64& rng, std::size_t n) {
  std::vector<ff::element<F>> v = {F::zero(), F::one(), F::monomial(1), F::monomial(F::degree - 1)};
  ff::element<F> ones;
  for (std::size_t i = 0; i < F::limbs; ++i) ones.limb[i] = ff::limb_mask(F::degree, i);
  v.push_back(ones);
  while (v.size() < n) v.push_back(F::random(rng));
  return v;
}

template <class F>
void check_field(ff::backend be, std::size_t cases) {
  const std::string where = std::string(F::name) + " " + std::string(ff::to_string(be));
  std::mt19937_64 rng(2024);
  const auto a = operands<F>(rng, cases), b = operands<F>(rng, cases);
  bool scalar_ok = true;
  for (std::size_t i = 0; i < cases; ++i)
    for (std::size_t j : {i, (i * 7 + 3) % cases})
      if (ff::mul(be, a[i], b[j]) != ff::mul(ff::backend::portable, a[i], b[j]) ||
          ff::square(be, a[i]) != ff::square(ff::backend::portable, a[i])) {
        scalar_ok = false;
        std::printf("  %s: %s * %s\n", where.c_str(), ff::to_hex(a[i]).c_str(), ff::to_hex(b[j]).c_str());
      }
  check(scalar_ok, where + " scalar mul/square == portable");
  bool batch_ok = true;
  for (std::size_t n = 0; n <= 67; ++n) {
    std::span<const ff::element<F>> x(a.data(), n), y(b.data() + 1, n);
    std::vector<ff::element<F>> out(n), expected(n), sq(n), sq_expected(n);
    ff::mul<F>(be, x, y, out);
    ff::mul<F>(ff::backend::portable, x, y, expected);
    ff::square<F>(be, x, sq);
    ff::square<F>(ff::backend::portable, x, sq_expected);
    batch_ok = batch_ok && out == expected && sq == sq_expected;
  }
  check(batch_ok, where + " batch mul/square == portable for every length 0..67");
}

}  // namespace

int main() {
  const char* long_run = std::getenv("FF_LONG");
  const std::size_t cases = (long_run && std::string(long_run) == "1") ? 1000000 : 5000;
  ff::for_each_type<fft::binary_fields>([&]<class F>() {
    for (ff::backend be : ff::available_backends(F::family))
      if (be != ff::backend::portable) check_field<F>(be, cases);
  });
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
