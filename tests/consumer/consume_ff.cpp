// `import ff;` from an installed fieldlab: every field through the umbrella module.
#include <cstdio>
#include <exception>
#include <string>
#include <cstdlib>
#include <random>
#include <string_view>
import ff;
import consumer.checks;

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
  std::printf("fieldlab %s, batch backend %s, scalar backend %s\n", std::string(ff::version()).c_str(),
              std::string(ff::to_string(ff::batch_backend())).c_str(),
              std::string(ff::to_string(ff::scalar_backend())).c_str());
  std::mt19937_64 rng(std::random_device{}());
  failures += consumer::check_field<ff::b127>(rng);
  failures += consumer::check_field<ff::ghash128>(rng);
  failures += consumer::check_field<ff::b163>(rng);
  failures += consumer::check_field<ff::b191>(rng);
  failures += consumer::check_field<ff::sect193>(rng);
  failures += consumer::check_field<ff::b256>(rng);
  failures += consumer::check_field<ff::ghash2>(rng);
  return failures ? 1 : 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "error: %s\n", e.what());
  return 1;
}
