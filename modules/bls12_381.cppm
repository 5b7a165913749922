// ff.bls12_381: the BLS12-381 system (the curve of Zcash, Ethereum's consensus layer and the
// IETF BLS signature drafts): its base and scalar fields, Fp2, and the group G1 with GLV,
// the subgroup check its cofactor needs, and the Zcash encodings (compressed and not).
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include "fieldlab/macros.h"
export module ff.bls12_381;
export import ff.bls12_381_fp;
export import ff.bls12_381_fr;
export import ff.tower;
export import ff.curve.weierstrass;
export import ff.curve.glv;

export namespace ff::bls12_381 {
// Fp and Fp2 = Fp[u] / (u^2 + 1) under the backend policy P (ff::prime::portable, adx).
template <class P>
using fp = prime::arithmetic<bls12_381_fp, P>;
template <class P>
using fp2 = tower::quadratic<fp<P>, -1>;
using fp_value = limbs<6>;
using fp2_value = tower::quadratic_value<fp_value>;

// The curve's parameter z = -0xd201000000010000: r = z^4 - z^2 + 1 and
// p = (z - 1)^2 (z^4 - z^2 + 1) / 3 + z.
inline constexpr std::uint64_t minus_z = 0xd201000000010000;
inline constexpr unsigned __int128 z_squared_value = static_cast<unsigned __int128>(minus_z) * minus_z;
inline constexpr curve::scalar<2> z_squared{u64(z_squared_value), u64(z_squared_value >> 64)};
static_assert([] {
  limbs<4> r = integer::mul_wide(limbs<2>(z_squared), limbs<2>(z_squared));
  integer::sub(r, r, limbs<4>{z_squared[0], z_squared[1], 0, 0});
  integer::add(r, r, limbs<4>{1, 0, 0, 0});
  return r == bls12_381_fr::p;
}(), "r = z^4 - z^2 + 1");

// G1 = E(Fp): y^2 = x^3 + 4, of order h r with the cofactor h = (z - 1)^2 / 3.
template <class P>
using g1 = curve::weierstrass<fp<P>, 4>;
using g1_affine = curve::affine<fp_value>;
using g1_point = curve::projective<fp_value>;

// G1's endomorphism phi(x, y) = (beta x, y) with beta = 2^((p - 1) / 3), a primitive cube root
// of unity: on G1 it is [lambda] for lambda = -z^2 (mod r) (the other cube root, beta^2, would
// give z^2 - 1). The reduced basis of GLV's lattice: (1, 1 - z^2), (z^2, 1).
struct g1_endomorphism {
  static constexpr fp_value beta = fp<prime::portable>::frobenius_constant<2, 3>();
  static constexpr limbs<4> r = bls12_381_fr::p;
  static constexpr curve::signed_integer a1 = 1, b1{z_squared_value - 1, true}, a2{z_squared_value, false}, b2 = 1;
};
static_assert(g1_endomorphism::beta != fp<prime::portable>::one() &&
                  fp<prime::portable>::add(fp<prime::portable>::add(fp<prime::portable>::square(g1_endomorphism::beta),
                                                                    g1_endomorphism::beta),
                                           fp<prime::portable>::one()) == fp<prime::portable>::zero(),
              "beta is a primitive cube root of unity");
// k P on G1 with the endomorphism (constant time).
template <class P>
using g1_glv = curve::glv<g1<P>, g1_endomorphism>;

// The generator of the IETF pairing-friendly-curves draft (section 4.2.1) and Zcash.
inline constexpr g1_affine g1_generator{
    bls12_381_fp::to_internal(integer::parse_constant<6>(
        "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb")),
    bls12_381_fp::to_internal(integer::parse_constant<6>(
        "0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"))};

// Whether a point of E(Fp) is in G1: phi(P) = [-z^2] P (Scott, "A note on group membership
// tests for G1, G2 and GT on BLS pairing-friendly curves", 2021), a 128-bit scalar instead of
// r's 255 bits. Exact: on G1 phi is [-z^2]; on the l-part of the cofactor (l | h = (z - 1)^2 / 3)
// -z^2 would have to be a root of x^2 + x + 1 mod l, i.e. l | z^4 - z^2 + 1 = r, and r is prime
// to h. The work follows P (points being checked are public).
template <class P>
bool in_g1_var(const g1_point& p) {
  return g1<P>::equal_var(g1_glv<P>::endomorphism(p), g1<P>::neg(g1<P>::mul_var(p, z_squared)));
}

// Zcash's encodings of G1 (also the IETF BLS signature drafts' and Ethereum's): x (and y) as
// 48-byte big-endian integers, the top three bits of the first byte flags: 0x80 compressed,
// 0x40 the point at infinity (every other bit zero), 0x20 (compressed only) y is the larger of
// y and p - y. Decoding refuses, with an ff::error saying why: a wrong length, a wrong
// compression flag, an infinity with other bits set, a coordinate >= p, an x with no point,
// a point off the curve or outside G1.
using g1_compressed = std::array<std::uint8_t, 48>;
using g1_uncompressed = std::array<std::uint8_t, 96>;

namespace detail {
inline constexpr std::uint8_t compressed_flag = 0x80, infinity_flag = 0x40, sort_flag = 0x20;

inline void write_coordinate(std::uint8_t* out, const fp_value& internal) {
  const auto bytes = bls12_381_fp::to_bytes_be(element<bls12_381_fp>{internal});
  for (std::size_t i = 0; i < bytes.size(); ++i) out[i] = bytes[i];
}
// Whether y (internal form) is the larger of y and p - y.
inline bool larger_root(const fp_value& y) { return integer::less(bls12_381_fp::half_p_minus_1, bls12_381_fp::from_internal(y)); }

// The 48-byte big-endian integer at offset, the flag bits cleared, checked below p.
inline fp_value read_coordinate(std::span<const std::uint8_t> in, std::size_t offset, const std::string& what) {
  fp_value x{};
  for (std::size_t i = 0; i < 48; ++i) {
    const std::uint8_t byte = offset + 47 - i == 0 ? in[0] & 0x1f : in[offset + 47 - i];
    x[i / 8] |= u64(byte) << (8 * (i % 8));
  }
  if (!integer::less(x, bls12_381_fp::p)) throw error(what + " is not below p");
  return bls12_381_fp::to_internal(x);
}
inline void check_flags(std::span<const std::uint8_t> in, std::size_t size, bool compressed, const std::string& what) {
  if (in.size() != size)
    throw error(what + ": " + std::to_string(in.size()) + " bytes, not " + std::to_string(size));
  if (bool(in[0] & compressed_flag) != compressed)
    throw error(what + ": the compression flag (0x80 of the first byte) is " + (compressed ? "not set" : "set"));
  if (!compressed && (in[0] & sort_flag)) throw error(what + ": the sort flag (0x20) is set on an uncompressed point");
}
// The point at infinity when its flag is set and every other bit is zero; else nothing.
inline bool read_infinity(std::span<const std::uint8_t> in, const std::string& what) {
  if (!(in[0] & infinity_flag)) return false;
  bool others = (in[0] & 0x3f) != 0;
  for (std::size_t i = 1; i < in.size(); ++i) others |= in[i] != 0;
  if (others) throw error(what + ": the infinity flag (0x40) is set with other bits");
  return true;
}
template <class P>
g1_point checked(const g1_affine& a, const std::string& what) {
  if (!declassify(g1<P>::on_curve_mask(a))) throw error(what + ": the point is not on the curve y^2 = x^3 + 4");
  const g1_point p = g1<P>::from_affine(a);
  if (!in_g1_var<P>(p)) throw error(what + ": the point is on the curve but not in G1 (the subgroup of order r)");
  return p;
}

template <class P>
g1_compressed compress(const g1_point& p) {
  g1_compressed out{};
  if (declassify(g1<P>::identity_mask(p))) {
    out[0] = compressed_flag | infinity_flag;
    return out;
  }
  const g1_affine a = g1<P>::to_affine(p);
  write_coordinate(out.data(), a.x);
  out[0] |= compressed_flag | (larger_root(a.y) ? sort_flag : 0);
  return out;
}
template <class P>
g1_uncompressed serialize(const g1_point& p) {
  g1_uncompressed out{};
  if (declassify(g1<P>::identity_mask(p))) {
    out[0] = infinity_flag;
    return out;
  }
  const g1_affine a = g1<P>::to_affine(p);
  write_coordinate(out.data(), a.x);
  write_coordinate(out.data() + 48, a.y);
  return out;
}
template <class P>
g1_point decompress(std::span<const std::uint8_t> in) {
  const std::string what = "bls12_381 g1 decompress";
  check_flags(in, 48, true, what);
  if (read_infinity(in, what)) return g1<P>::identity();
  using F = fp<P>;
  const fp_value x = read_coordinate(in, 0, what + ": x");
  const fp_value rhs = F::add(F::mul(F::square(x), x), g1<P>::b);
  fp_value y = F::sqrt_candidate(rhs);
  if (F::square(y) != rhs) throw error(what + ": no point has this x (x^3 + 4 is not a square)");
  if (larger_root(y) != bool(in[0] & sort_flag)) y = F::neg(y);
  return checked<P>({x, y}, what);
}
template <class P>
g1_point deserialize(std::span<const std::uint8_t> in) {
  const std::string what = "bls12_381 g1 deserialize";
  check_flags(in, 96, false, what);
  if (read_infinity(in, what)) return g1<P>::identity();
  return checked<P>({read_coordinate(in, 0, what + ": x"), read_coordinate(in, 48, what + ": y")}, what);
}
}  // namespace detail

// The entry points, dispatched once to the prime backend: k P on G1 (GLV, constant time), the
// subgroup check (variable time: points being checked are public), and the encodings.
inline g1_point g1_mul(const g1_point& p, const curve::scalar<4>& k) {
  return dispatch<bls12_381_fp::scalar_policies>(scalar_backend(family::prime),
                                                 [&]<class P>() FF_LAMBDA_INLINE { return g1_glv<P>::mul(p, k); });
}
inline bool in_g1_var(const g1_point& p) {
  return dispatch<bls12_381_fp::scalar_policies>(scalar_backend(family::prime),
                                                 [&]<class P>() FF_LAMBDA_INLINE { return in_g1_var<P>(p); });
}
inline g1_compressed g1_compress(const g1_point& p) {
  return dispatch<bls12_381_fp::scalar_policies>(scalar_backend(family::prime),
                                                 [&]<class P>() FF_LAMBDA_INLINE { return detail::compress<P>(p); });
}
inline g1_uncompressed g1_serialize(const g1_point& p) {
  return dispatch<bls12_381_fp::scalar_policies>(scalar_backend(family::prime),
                                                 [&]<class P>() FF_LAMBDA_INLINE { return detail::serialize<P>(p); });
}
inline g1_point g1_decompress(std::span<const std::uint8_t> in) {
  return dispatch<bls12_381_fp::scalar_policies>(scalar_backend(family::prime),
                                                 [&]<class P>() FF_LAMBDA_INLINE { return detail::decompress<P>(in); });
}
inline g1_point g1_deserialize(std::span<const std::uint8_t> in) {
  return dispatch<bls12_381_fp::scalar_policies>(scalar_backend(family::prime),
                                                 [&]<class P>() FF_LAMBDA_INLINE { return detail::deserialize<P>(in); });
}
}  // namespace ff::bls12_381
