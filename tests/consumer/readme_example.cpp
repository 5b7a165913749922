// The example of README.md "Use it in your code", kept compiling and running by ctest.
#include <cstdio>
#include <random>
#include <vector>
import ff.b127;

int main() {
  std::mt19937_64 rng(std::random_device{}());
  const auto a = ff::b127::random(rng), b = ff::b127::random(rng);
  const auto c = a * b;                    // scalar kernel: FF_BACKEND or the fastest
  const auto a_inv = ff::inverse(a);       // throws ff::error if a == 0
  std::printf("a*b = %s\n", ff::to_hex(c).c_str());

  std::vector<ff::element<ff::b127>> xs(1000), ys(1000), out(1000);
  for (auto& x : xs) x = ff::b127::random(rng);
  for (auto& y : ys) y = ff::b127::random(rng);
  ff::mul(xs, ys, out);                    // batch: out[i] = xs[i] * ys[i], 8 per step on AVX-512
  return a_inv * a == ff::b127::one() && out[7] == xs[7] * ys[7] ? 0 : 1;
}
