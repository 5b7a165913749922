// The binary curves' operation counts (ff::testing::ecdh_counts, mul_base_counts: the curves' own
// code run over ff::testing::counting) against the formulas of the algorithms they count, on
// every curve (the test-only ones too), for scalars 1, 2, n - 1 and random ones:
//   - ECDH, the Lopez-Dahab ladder over the order's b bits, then X0 / Z0: per bit a differential
//     addition (4M + 1S, two additions) and a doubling (1M + 3S, one addition, and one M by
//     sqrt(b) when b != 1); then 1M and one inversion;
//   - mul_base, one mixed addition per signed 5-bit window W (Guide to ECC, algorithm 3.25:
//     8M + 5S, 8 additions and one more when a = 1; one addition negates the entry), an affine
//     doubling in the windows from base_complete_from() on (1M + 3S, 3 additions; one more M when
//     b != 1, one more addition when a = 1), one inversion, 2M + 1S to affine.
// mul_base's counts must not depend on the scalar (it is constant time).
#include <bit>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>
import ff.testing;
import fft.binary_curves;

namespace {

int passed = 0, failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) ++passed;
  else if (++failed <= 30) std::printf("FAIL %s\n", what.c_str());
}

std::string show(const ff::testing::op_counts& c) {
  return std::to_string(c.mul) + " M, " + std::to_string(c.sqr) + " S, " + std::to_string(c.add) + " A, " +
         std::to_string(c.inv) + " I";
}

template <class C>
void check_curve(std::mt19937_64& rng) {
  using scalar = typename C::scalar_type;
  const unsigned bits = C::order_bits();
  const bool b_is_one = C::b == C::field::one();
  const std::uint64_t a = C::a;
  std::vector<scalar> scalars(3);
  scalars[0][0] = 1;
  scalars[1][0] = 2;
  scalars[2] = C::order;
  scalars[2][0] -= 1;  // n is odd
  for (int i = 0; i < 4; ++i) {
    scalar k{};
    for (unsigned j = 0; j + 1 < bits; ++j) k[j / 64] |= (rng() & 1) << (j % 64);
    k[0] |= 1;
    scalars.push_back(k);
  }
  const std::uint64_t w = C::base_windows(), complete = w - C::base_complete_from();
  const ff::testing::op_counts ecdh{bits * (b_is_one ? 5u : 6u) + 1, 4u * bits, 3u * bits, 1};
  const ff::testing::op_counts base{8 * w + complete * (b_is_one ? 1 : 2) + 2, 5 * w + 3 * complete + 1,
                                  (9 + a) * w + (3 + a) * complete, 1};
  for (const scalar& k : scalars) {
    const std::string where = std::string(C::name) + " k[0]=" + std::to_string(k[0]);
    const auto e = ff::testing::ecdh_counts<C>(k, C::generator());
    check(e == ecdh, where + ": ECDH counted " + show(e) + ", the formula says " + show(ecdh));
    const auto m = ff::testing::mul_base_counts<C>(k);
    check(m == base, where + ": mul_base counted " + show(m) + ", the formula says " + show(base));
  }
}

}  // namespace

int main() {
  std::mt19937_64 rng(163);
  [&]<class... C>(ff::type_list<C...>) { (check_curve<C>(rng), ...); }(fft::binary_curves{});
  std::printf("binary_curves_counts: %d checks passed, %d failed\n", passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
