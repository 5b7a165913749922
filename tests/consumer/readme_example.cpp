// Import a field and compute: scalar operations and a batch.
#include <cstdio>
#include <random>
#include <vector>
import ff.b163;

int main() {
  std::mt19937_64 rng(std::random_device{}());
  const auto a = ff::b163::random(rng), b = ff::b163::random(rng);
  const auto c = a * b + ff::square(a);             // scalar kernels, backend chosen once
  const auto x = ff::b163::parse("0x2");            // x, from hex (bit i = coefficient of x^i)
  std::printf("a*b + a^2 = %s\n", ff::to_string(c).c_str());
  std::printf("x^163     = %s\n", ff::to_string(ff::pow(x, 163u)).c_str());  // x^7 + x^6 + x^3 + 1

  std::vector<ff::element<ff::b163>> xs(1000), ys(1000), out(1000);
  for (auto& v : xs) v = ff::b163::random(rng);
  for (auto& v : ys) v = ff::b163::random(rng);
  ff::mul(xs, ys, out);                             // out[i] = xs[i] * ys[i], 8 per step on AVX-512
  const bool ok = ff::inverse(a) * a == ff::b163::one() && out[7] == xs[7] * ys[7] &&
                  ff::pow(x, 163u) == ff::b163::parse("c9");
  return ok ? 0 : 1;
}
