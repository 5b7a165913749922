// `import ff.b163;` alone (no umbrella): the field module brings the scalar and batch API.
#include <cstdio>
#include <exception>
#include <string>
#include <random>
#include <vector>
import ff.b163;
import consumer.checks;

int main() try {
  std::mt19937_64 rng(std::random_device{}());
  int failures = consumer::check_field<ff::b163>(rng, 200);

  // The API spelled out as a user would, each result checked by a second path.
  const auto a = ff::b163::random(rng), x = ff::b163::monomial(1);
  const auto x163 = ff::pow(x, 163u), reduced = ff::b163::from_hex("c9");  // x^7+x^6+x^3+1
  if (x163 != reduced) ++failures, std::fprintf(stderr, "MISMATCH: x^163 != x^7+x^6+x^3+1\n");
  std::vector<ff::element<ff::b163>> in(10, a), out(10);
  ff::square<ff::b163>(in, out);
  for (const auto& s : out)
    if (s != a * a) ++failures, std::fprintf(stderr, "MISMATCH: batch square\n");
  return failures ? 1 : 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "error: %s\n", e.what());
  return 1;
}
