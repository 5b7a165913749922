// Self-contained (no NTL): BN254's EIP-196/197 entry points (ff::bn254::ecadd, ecmul,
// pairing_check) against go-ethereum's precompile vectors (tests/data/bn254/, source and licence
// in its README), through every prime backend this build and CPU run (the aarch64 build runs it
// under qemu). Each vector's input gives exactly its expected output. Then inputs the
// precompiles refuse, made from valid ones by one change each: a coordinate >= p, a point off
// its curve, a pairing input of the wrong length (a twist point outside G2: pairing_test).
#include <cstdio>
#include <string>
#include <vector>
#include "geth_vectors.hpp"
import ff;

namespace {

int passed = 0, failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) ++passed;
  else {
    ++failed;
    std::printf("FAIL %s\n", what.c_str());
  }
}

template <class Fn>
bool refused(Fn&& fn, const std::string& what) {
  try {
    (void)fn();
    std::printf("not refused: %s\n", what.c_str());
    return false;
  } catch (const ff::error& e) {
    return true;
  }
}

// Inputs the precompiles refuse, from a valid pairing input (the first pair of a two-pair
// vector): each is checked refused by the entry point that reads it.
void refusals(ff::backend be, const std::vector<std::uint8_t>& pairing_input, const std::string& where) {
  using bytes = std::vector<std::uint8_t>;
  const bytes p_be = geth::from_hex("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
  auto with = [](bytes b, std::size_t at, const bytes& word) {
    std::copy(word.begin(), word.end(), b.begin() + std::ptrdiff_t(at));
    return b;
  };
  const bytes pair(pairing_input.begin(), pairing_input.begin() + 192);
  const bytes g1(pair.begin(), pair.begin() + 64);
  // G1: x = p (>= p); y + 1 (off the curve).
  check(refused([&] { return ff::bn254::ecadd(be, with(g1, 0, p_be)); }, "ecadd x = p"), where + " ecadd x = p");
  bytes off = g1;
  ++off[63];
  check(refused([&] { return ff::bn254::ecadd(be, off); }, "ecadd off curve"), where + " ecadd off curve");
  check(refused([&] { return ff::bn254::ecmul(be, off); }, "ecmul off curve"), where + " ecmul off curve");
  check(refused([&] { return ff::bn254::pairing_check(be, with(pair, 0, bytes(off.begin(), off.begin() + 64))); }, "pairing G1 off"),
        where + " pairing_check G1 off curve");
  // G2: a coordinate = p; y_re + 1 (off the twist); the wrong length.
  for (std::size_t at : {64, 96, 128, 160})
    check(refused([&] { return ff::bn254::pairing_check(be, with(pair, at, p_be)); }, "G2 coordinate = p"),
          where + " pairing_check G2 coordinate at " + std::to_string(at) + " = p");
  bytes off2 = pair;
  ++off2[191];
  check(refused([&] { return ff::bn254::pairing_check(be, off2); }, "G2 off twist"), where + " pairing_check G2 off the twist");
  check(refused([&] { return ff::bn254::pairing_check(be, bytes(pair.begin(), pair.end() - 1)); }, "length 191"),
        where + " pairing_check length 191");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: bn254_vectors bn256Add.json bn256ScalarMul.json bn256Pairing.json\n");
    return 2;
  }
  std::vector<ff::backend> backends;
  for (ff::backend be : ff::available_backends(ff::family::prime))
    if (be == ff::scalar_sibling(be)) backends.push_back(be);
  try {
    const auto add = geth::read_cases(argv[1]), mul = geth::read_cases(argv[2]), pairing = geth::read_cases(argv[3]);
    for (ff::backend be : backends) {
      const std::string tag = std::string(" <") + std::string(ff::to_string(be)) + ">";
      for (const auto& c : add) {
        const auto out = ff::bn254::ecadd(be, c.input);
        check(std::vector<std::uint8_t>(out.begin(), out.end()) == c.expected, "ecadd " + c.name + tag);
      }
      for (const auto& c : mul) {
        const auto out = ff::bn254::ecmul(be, c.input);
        check(std::vector<std::uint8_t>(out.begin(), out.end()) == c.expected, "ecmul " + c.name + tag);
      }
      for (const auto& c : pairing) {
        std::vector<std::uint8_t> out(32, 0);
        out[31] = ff::bn254::pairing_check(be, c.input) ? 1 : 0;
        check(out == c.expected, "pairing_check " + c.name + tag);
      }
      for (const auto& c : pairing)
        if (c.input.size() == 384) {
          refusals(be, c.input, tag);
          break;
        }
    }
  } catch (const std::exception& e) {
    std::printf("FAIL %s\n", e.what());
    return 1;
  }
  std::printf("bn254_vectors: %d passed, %d failed\n", passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
