// Fuzz target: BN254's precompile entry points (EIP-196 ECADD and ECMUL, EIP-197's pairing
// check) on fuzzer-chosen bytes. The first byte picks the entry point (0 ecadd, 1 ecmul,
// 2 pairing check), the rest is the precompile's input. References: affine G1 arithmetic in
// GMP (gmp_weierstrass.hpp, y^2 = x^3 + 3 mod p), and the other prime backends. Properties:
//   - ecadd accepts exactly the inputs whose two points (the first 128 bytes, zero-padded) have
//     coordinates below p and are (0, 0) or on the curve, and then returns GMP's sum;
//   - ecmul accepts exactly the inputs whose point is valid so; its k P is checked through
//     ecadd: (k + 1) P = k P + P (k P itself is k P by GLV, which this relation tests);
//   - the pairing check refuses an input whose length is not a multiple of 192 or whose G1
//     point is invalid (G2's checks have no reference here);
//   - every prime backend of this CPU gives the same answer, or refuses with it.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>
#include "fuzz_target.hpp"
#include "gmp.hpp"
#include "gmp_weierstrass.hpp"
import ff;

namespace {

using fuzz::mpz;
using bytes = std::vector<std::uint8_t>;

// The precompile's input words: 32-byte big-endian, zeros past the end.
void word(mpz& out, std::span<const std::uint8_t> input, std::size_t offset) {
  std::array<std::uint8_t, 32> w{};
  for (std::size_t i = 0; i < 32; ++i)
    if (offset + i < input.size()) w[i] = input[offset + i];
  fuzz::from_bytes_be(out, w);
}

const fuzz::weierstrass& curve() {
  static const fuzz::weierstrass c(ff::bn254_fp::p, 3);
  return c;
}

// The point at offset (infinity is (0, 0), as the precompiles write it), or nothing when a
// coordinate is >= p or it is neither (0, 0) nor on the curve.
bool read_point(fuzz::gmp_point& out, std::span<const std::uint8_t> input, std::size_t offset) {
  const mpz& p = curve().p();
  word(out.x, input, offset);
  word(out.y, input, offset + 32);
  if (mpz_cmp(out.x.v, p.v) >= 0 || mpz_cmp(out.y.v, p.v) >= 0) return false;
  out.infinity = mpz_sgn(out.x.v) == 0 && mpz_sgn(out.y.v) == 0;
  return out.infinity || curve().on_curve(out.x, out.y);
}

void put_word(std::uint8_t* out, const mpz& value) {
  std::size_t count = 0;
  std::array<std::uint8_t, 32> w{};
  mpz_export(w.data(), &count, 1, 1, 0, 0, value.v);
  std::copy_n(w.begin(), count, out + 32 - count);
}
bytes encode(const fuzz::gmp_point& a) {
  bytes out(64, 0);
  if (a.infinity) return out;
  put_word(out.data(), a.x);
  put_word(out.data() + 32, a.y);
  return out;
}

// What an entry point answers under every prime backend: the same bytes, or the same refusal.
template <class Run>
std::optional<bytes> agreed(const std::string& where, Run&& run) {
  std::optional<bytes> first;
  bool have_first = false;
  for (const ff::backend be : ff::available_backends(ff::family::prime)) {
    const auto got = fuzz::accepted<ff::error>([&] { return run(be); });
    if (have_first) fuzz::require(got == first, where + ": " + std::string(ff::to_string(be)) + " differs from the first backend");
    first = got;
    have_first = true;
  }
  return first;
}

bytes ecadd(ff::backend be, std::span<const std::uint8_t> in) {
  const auto out = ff::bn254::ecadd(be, in);
  return bytes(out.begin(), out.end());
}
bytes ecmul(ff::backend be, std::span<const std::uint8_t> in) {
  const auto out = ff::bn254::ecmul(be, in);
  return bytes(out.begin(), out.end());
}

void check_ecadd(std::span<const std::uint8_t> in) {
  fuzz::gmp_point a, b, sum;
  const bool valid = read_point(a, in, 0) && read_point(b, in, 64);
  const auto got = agreed("ecadd", [&](ff::backend be) { return ecadd(be, in); });
  fuzz::require_verdict(got.has_value(), valid, "ecadd");
  if (!got) return;
  curve().add(sum, a, b);
  fuzz::require(*got == encode(sum), "ecadd: the sum differs from GMP's");
}

void check_ecmul(std::span<const std::uint8_t> in) {
  fuzz::gmp_point a;
  const bool valid = read_point(a, in, 0);
  const auto got = agreed("ecmul", [&](ff::backend be) { return ecmul(be, in); });
  fuzz::require_verdict(got.has_value(), valid, "ecmul");
  if (!got) return;
  // (k + 1) P = k P + P, when k + 1 < 2^256.
  mpz k;
  word(k, in, 64);
  mpz_add_ui(k.v, k.v, 1);
  if (mpz_sizeinbase(k.v, 2) > 256) return;
  bytes next = encode(a);
  next.resize(96);
  put_word(next.data() + 64, k);
  fuzz::gmp_point kp, kp_plus_p;
  fuzz::require(read_point(kp, *got, 0), "ecmul: k P is not a valid point");
  curve().add(kp_plus_p, kp, a);
  fuzz::require(ecmul(ff::scalar_backend(ff::family::prime), next) == encode(kp_plus_p), "ecmul: (k + 1) P != k P + P");
}

void check_pairing(std::span<const std::uint8_t> in) {
  bool g1_valid = in.size() % 192 == 0;
  for (std::size_t at = 0; g1_valid && at < in.size(); at += 192) {
    fuzz::gmp_point a;
    g1_valid = read_point(a, in, at);
  }
  const auto got = agreed("pairing_check", [&](ff::backend be) { return bytes{ff::bn254::pairing_check(be, in)}; });
  if (!g1_valid) fuzz::require(!got, "pairing_check: accepted an input with a wrong length or an invalid G1 point");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 1 + 2 * 192) return 0;
  const std::span<const std::uint8_t> in(data + 1, size - 1);
  switch (data[0] % 3) {
    case 0: check_ecadd(in); break;
    case 1: check_ecmul(in); break;
    default: check_pairing(in); break;
  }
  return 0;
}
