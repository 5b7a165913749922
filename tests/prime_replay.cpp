// Self-contained (no NTL): replays tests/data/prime_vectors.txt, NTL's answers recorded on
// x86-64, through every prime backend this build and CPU run. This is how the aarch64 build
// (no NTL there) checks its prime fields under qemu; on x86-64 it checks portable and adx.
#include <cstdio>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>
import ff.lab;

namespace {

int passed = 0, failed = 0;

template <class F>
void replay(const std::string& op, const std::vector<std::string>& in, const std::string& answer, ff::backend be) {
  using E = ff::element<F>;
  auto value = [](const std::string& s) { return F::parse(s); };
  std::string got;
  if (op == "mul") got = ff::to_string(ff::mul(be, value(in[0]), value(in[1])));
  else if (op == "sqr") got = ff::to_string(ff::square(be, value(in[0])));
  else if (op == "add") got = ff::to_string(value(in[0]) + value(in[1]));
  else if (op == "sub") got = ff::to_string(value(in[0]) - value(in[1]));
  else if (op == "neg") got = ff::to_string(-value(in[0]));
  else if (op == "inv") got = ff::to_string(ff::inverse(value(in[0])));
  else if (op == "pow") {
    ff::limbs<F::limbs + 1> e{};
    if (ff::integer::parse_unsigned(in[1], e) != ff::integer::parse_status::ok) throw ff::error("bad exponent " + in[1]);
    got = ff::to_string(ff::pow(value(in[0]), std::span<const ff::u64>(e)));
  } else if (op == "legendre") {
    const E a = value(in[0]);
    got = std::to_string(ff::legendre(a));
    const auto root = ff::sqrt(a);  // exists exactly for the squares, and squares back
    if (root.has_value() != (answer != "-1") || (root && ff::square(*root) != a)) got += " (sqrt disagrees)";
  } else throw ff::error("unknown op " + op);
  if (got == answer) ++passed;
  else {
    ++failed;
    std::printf("FAIL %s %s %s: %s, NTL %s\n", F::name.data(), std::string(ff::to_string(be)).c_str(), op.c_str(),
                got.c_str(), answer.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: prime_replay VECTORS\n");
    return 2;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::fprintf(stderr, "prime_replay: cannot read %s\n", argv[1]);
    return 2;
  }
  std::vector<ff::backend> backends;
  for (ff::backend be : ff::available_backends(ff::family::prime))
    if (be == ff::scalar_sibling(be)) backends.push_back(be);
  try {
    for (std::string line; std::getline(file, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream words(line);
      std::string field, op, word;
      std::vector<std::string> in;
      words >> field >> op;
      while (words >> word && word != "=") in.push_back(word);
      std::string answer;
      words >> answer;
      for (ff::backend be : backends)
        ff::visit_by_name<ff::lab::prime_fields>(field, [&]<class F>() { replay<F>(op, in, answer, be); });
    }
  } catch (const ff::error& e) {
    std::fprintf(stderr, "prime_replay: %s\n", e.what());
    return 2;
  }
  std::printf("prime_replay: %d checks passed, %d failed (backends:", passed, failed);
  for (ff::backend be : backends) std::printf(" %s", std::string(ff::to_string(be)).c_str());
  std::printf(")\n");
  return failed == 0 && passed > 0 ? 0 : 1;
}
