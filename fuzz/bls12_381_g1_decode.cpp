// Fuzz target: BLS12-381 G1 point decoding in Zcash's encodings (ff::bls12_381::g1_decompress,
// 48 bytes, and g1_deserialize, 96 bytes) on fuzzer-chosen bytes; the first byte's low bit
// picks which. The reference is written here in GMP (gmp_weierstrass.hpp: y^2 = x^3 + 4):
// the flags (0x80 compressed, 0x40 infinity with every other bit zero, 0x20 the larger y, only
// when compressed), coordinates below p, the square root as (x^3 + 4)^((p + 1) / 4) (p = 3 mod
// 4), and G1 membership as r P = O by double-and-add. Properties:
//   - decoding accepts exactly what the reference accepts, and refuses the rest with ff::error;
//   - an accepted point is the reference's point (g1_serialize gives its x and y), and encodes
//     back to the input (g1_compress for decompress, g1_serialize for deserialize).
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

const fuzz::weierstrass& curve() {
  static const fuzz::weierstrass c(ff::bls12_381_fp::p, 4);
  return c;
}
const mpz& group_order() {
  static mpz r;
  [[maybe_unused]] static const bool set = (fuzz::from_limbs(r, ff::bls12_381_fr::p), true);
  return r;
}

// The 48-byte coordinate at offset, the flag bits of byte 0 cleared.
void coordinate(mpz& out, std::span<const std::uint8_t> in, std::size_t offset) {
  std::array<std::uint8_t, 48> w{};
  std::copy_n(in.begin() + offset, 48, w.begin());
  if (offset == 0) w[0] &= 0x1f;
  fuzz::from_bytes_be(out, w);
}

// The reference decoding: the point (infinity included), or nothing.
bool reference(fuzz::gmp_point& out, std::span<const std::uint8_t> in, bool compressed) {
  if (in.size() != (compressed ? 48u : 96u) || bool(in[0] & 0x80) != compressed) return false;
  if (!compressed && (in[0] & 0x20)) return false;
  if (in[0] & 0x40) {
    out.infinity = (in[0] & 0x3f) == 0 && std::all_of(in.begin() + 1, in.end(), [](std::uint8_t b) { return b == 0; });
    return out.infinity;
  }
  const mpz& p = curve().p();
  coordinate(out.x, in, 0);
  if (mpz_cmp(out.x.v, p.v) >= 0) return false;
  if (compressed) {
    mpz rhs, e, half;
    mpz_powm_ui(rhs.v, out.x.v, 3, p.v);
    mpz_add_ui(rhs.v, rhs.v, 4);
    mpz_mod(rhs.v, rhs.v, p.v);
    mpz_add_ui(e.v, p.v, 1);
    mpz_fdiv_q_2exp(e.v, e.v, 2);
    mpz_powm(out.y.v, rhs.v, e.v, p.v);
    if (!curve().on_curve(out.x, out.y)) return false;
    mpz_sub_ui(half.v, p.v, 1);
    mpz_fdiv_q_2exp(half.v, half.v, 1);
    const bool larger = mpz_cmp(out.y.v, half.v) > 0;
    if (larger != bool(in[0] & 0x20)) {
      mpz_sub(out.y.v, p.v, out.y.v);
      mpz_mod(out.y.v, out.y.v, p.v);
    }
  } else {
    coordinate(out.y, in, 48);
    if (mpz_cmp(out.y.v, p.v) >= 0 || !curve().on_curve(out.x, out.y)) return false;
  }
  out.infinity = false;
  fuzz::gmp_point r_times;
  curve().mul(r_times, out, group_order());
  return r_times.infinity;
}

bytes serialized(const fuzz::gmp_point& a) {
  bytes out(96, 0);
  if (a.infinity) {
    out[0] = 0x40;
    return out;
  }
  for (const auto& [value, at] : {std::pair{&a.x, 0}, std::pair{&a.y, 48}}) {
    std::size_t count = 0;
    std::array<std::uint8_t, 48> w{};
    mpz_export(w.data(), &count, 1, 1, 0, 0, value->v);
    std::copy_n(w.begin(), count, out.begin() + at + 48 - count);
  }
  return out;
}

void check(std::span<const std::uint8_t> in, bool compressed) {
  namespace bls = ff::bls12_381;
  const std::string where = std::string(compressed ? "g1_decompress" : "g1_deserialize") + " (" +
                            std::to_string(in.size()) + " bytes, first " + (in.empty() ? "-" : std::to_string(in[0])) + ")";
  fuzz::gmp_point expected;
  const bool valid = !in.empty() && reference(expected, in, compressed);
  const auto got = fuzz::accepted<ff::error>([&] { return compressed ? bls::g1_decompress(in) : bls::g1_deserialize(in); });
  fuzz::require_verdict(got.has_value(), valid, where);
  if (!got) return;
  const auto out = bls::g1_serialize(*got);
  fuzz::require(bytes(out.begin(), out.end()) == serialized(expected), where + ": a different point");
  if (compressed) {
    const auto back = bls::g1_compress(*got);
    fuzz::require(std::equal(back.begin(), back.end(), in.begin(), in.end()), where + ": g1_compress differs from the input");
  } else {
    fuzz::require(std::equal(out.begin(), out.end(), in.begin(), in.end()), where + ": g1_serialize differs from the input");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 1 + 96) return 0;
  check({data + 1, size - 1}, data[0] & 1);
  return 0;
}
