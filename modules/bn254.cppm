// ff.bn254: the BN254 system (alt_bn128, the curve of Ethereum's EIP-196/197 precompiles): its
// base and scalar fields, the tower over the base field, the groups G1 and G2, the optimal ate
// pairing, and the precompiles' entry points over their byte encodings.
module;
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>
#include "fieldlab/macros.h"
export module ff.bn254;
export import ff.bn254_fp;
export import ff.bn254_fr;
export import ff.tower;
export import ff.curve.weierstrass;
export import ff.curve.glv;
export import ff.pairing.bn;

export namespace ff::bn254 {
// The tower under the backend policy P (ff::prime::portable, ff::prime::adx): Fp2 = Fp[u] /
// (u^2 + 1), Fp6 = Fp2[v] / (v^3 - xi) with xi = 9 + u, Fp12 = Fp6[w] / (w^2 - v). Products by
// xi are two products by the integer 9 (ff.tower.constant). Lazy reduction (bn254_fp's
// tuning) up to Fp6: Fp2 and Fp6 products reduce once per coordinate; Fp12 reduces each Fp6
// product (tower::reduced_products), measured faster than Fp12 lazy too (decisions.md).
// The tower over any other arithmetic of the field is tower_over<A> (ffbench's A/B use it).
inline constexpr tower::quadratic_constant<int> xi{9, 1};
template <class Fp>
struct tower_over {
  using fp2 = tower::quadratic<Fp, -1>;
  using fp6 = tower::cubic<fp2, xi>;
  using fp12 = tower::quadratic<tower::reduced_products<fp6>, tower::cubic_constant<int>{0, 1, 0}>;
};
template <class P>
using fp = prime::arithmetic<bn254_fp, P>;
template <class P>
using fp2 = typename tower_over<fp<P>>::fp2;
template <class P>
using fp6 = typename tower_over<fp<P>>::fp6;
template <class P>
using fp12 = typename tower_over<fp<P>>::fp12;

// The curve's parameter: p and r are 36u^4 + 36u^3 + 24u^2 + 6u + 1 and 36u^4 + 36u^3 + 18u^2 + 6u + 1.
inline constexpr std::uint64_t u = 4965661367192848881;
using fp_value = limbs<4>;
using fp2_value = tower::quadratic_value<fp_value>;
// b' = 3 / xi, the D-type sextic twist's coefficient: E': y^2 = x^3 + 3 / (9 + u).
inline constexpr fp2_value twist_b = [] {
  using F2 = fp2<prime::portable>;
  return F2::mul(F2::constant<3>(), F2::inverse(F2::constant<xi>()));
}();
// G1 = E(Fp): y^2 = x^3 + 3 (prime order r); G2: the order-r subgroup of E'(Fp2).
template <class P>
using g1 = curve::weierstrass<fp<P>, 3>;
template <class P>
using g2 = curve::weierstrass<fp2<P>, twist_b>;
// The optimal ate pairing.
template <class P>
using pairing = ff::pairing::bn<fp12<P>, g1<P>, g2<P>, u>;

// G1's endomorphism phi(x, y) = (beta x, y) = [lambda] (x, y) with beta = 18u^3 + 18u^2 + 9u + 1
// (a cube root of unity in Fp) and lambda = 36u^3 + 18u^2 + 6u + 1 (one mod r), and the reduced
// basis (2u + 1, -(6u^2 + 2u)), (6u^2 + 4u + 1, 2u + 1) of GLV's lattice.
struct g1_endomorphism {
  static constexpr limbs<4> beta = [] {
    using F = fp<prime::portable>;
    const auto x = bn254_fp::small_internal(u), c18 = F::constant<18>(), c9 = F::constant<9>();
    return F::add(F::mul(F::add(F::mul(F::add(F::mul(c18, x), c18), x), c9), x), F::one());
  }();
  static constexpr limbs<4> r = bn254_fr::p;
  static constexpr __int128 U = u;
  static constexpr __int128 a1 = 2 * U + 1, b1 = -(6 * U * U + 2 * U), a2 = 6 * U * U + 4 * U + 1, b2 = 2 * U + 1;
};
static_assert(fp<prime::portable>::add(fp<prime::portable>::add(fp<prime::portable>::square(g1_endomorphism::beta), g1_endomorphism::beta),
                                       fp<prime::portable>::one()) == fp<prime::portable>::zero(),
              "beta is a cube root of unity");
// k P on G1 with the endomorphism (constant time).
template <class P>
using g1_glv = curve::glv<g1<P>, g1_endomorphism>;

using g1_affine = curve::affine<fp_value>;
using g2_affine = curve::affine<fp2_value>;
using g1_point = curve::projective<fp_value>;
using g2_point = curve::projective<fp2_value>;
using gt = fp12<prime::portable>::value;

// The generators of EIP-196/197: (1, 2) and the G2 point of EIP-197.
inline constexpr g1_affine g1_generator{bn254_fp::small_internal(1), bn254_fp::small_internal(2)};
inline constexpr g2_affine g2_generator{
    {bn254_fp::to_internal(integer::parse_constant<4>("10857046999023057135944570762232829481370756359578518086990519993285655852781")),
     bn254_fp::to_internal(integer::parse_constant<4>("11559732032986387107991004021392285783925812861821192530917403151452391805634"))},
    {bn254_fp::to_internal(integer::parse_constant<4>("8495653923123431417604973247489272438418190587263600148770280649306958101930")),
     bn254_fp::to_internal(integer::parse_constant<4>("4082367875863433681332203403145435568316851327593401208105741076214120093531"))}};

// Whether a point of E'(Fp2) is in G2: [u + 1] Q + psi([u] Q) + psi^2([u] Q) = psi^3([2u] Q),
// psi the twist's Frobenius endomorphism (Dai, Lin, Zhao and Zhou, "Fast subgroup membership
// testings for G1, G2 and GT on pairing-friendly curves", 2022): exact on the whole twist for a
// BN curve with u != 4 mod 13 and u != 92 mod 97. One multiplication by the 63-bit u, where
// psi(Q) = [6u^2] Q (El Housni, Guillevic and Piellard, 2022) takes a 127-bit scalar. The
// work follows Q (points being checked are public).
static_assert(u % 13 != 4 && u % 97 != 92, "the G2 membership test by u holds for this u");
template <class P>
bool in_g2_var(const g2_point& q) {
  using G2 = g2<P>;
  auto psi = [](const g2_point& x) { return pairing<P>::twist_frobenius(x); };
  const g2_point uq = G2::mul_var(q, curve::scalar<1>{u});
  const g2_point left = G2::add(G2::add(G2::add(uq, q), psi(uq)), psi(psi(uq)));
  return G2::equal_var(left, psi(psi(psi(G2::dbl(uq)))));
}

// The precompiles of EIP-196 (ECADD at 0x06, ECMUL at 0x07) and EIP-197 (the pairing check at
// 0x08) on their byte encodings: 32-byte big-endian integers; a G1 point x || y, the identity
// (0, 0); a G2 point x_im || x_re || y_im || y_re, the identity all zeros. ECADD and ECMUL read
// their input zero-padded to 128 and 96 bytes and ignore what is past it; the pairing check
// takes pairs of 192 bytes (G1 || G2). What the precompiles refuse is an ff::error saying why:
// a coordinate >= p, a point not on its curve, a G2 point outside the subgroup, a pairing input
// whose length is not a multiple of 192. Dispatched once per call to the prime backend (a batch
// backend such as ifma runs its scalar sibling, as ff::mul does).
using g1_bytes = std::array<std::uint8_t, 64>;
using word_bytes = std::array<std::uint8_t, 32>;

namespace detail {
// The 32-byte big-endian word at offset (zeros past the end of input).
inline fp_value read_word(std::span<const std::uint8_t> input, std::size_t offset) {
  fp_value x{};
  for (std::size_t i = 0; i < 32; ++i) {
    const std::size_t at = offset + 31 - i;
    if (at < input.size()) x[i / 8] |= u64(input[at]) << (8 * (i % 8));
  }
  return x;
}
inline fp_value read_coordinate(std::span<const std::uint8_t> input, std::size_t offset, const std::string& what) {
  const fp_value x = read_word(input, offset);
  if (!integer::less(x, bn254_fp::p))
    throw error(what + " (bytes " + std::to_string(offset) + " .. " + std::to_string(offset + 31) + ") is not below p");
  return bn254_fp::to_internal(x);
}
inline bool all_zero(const fp_value& x) { return (x[0] | x[1] | x[2] | x[3]) == 0; }

struct g1_input {
  g1_affine point;
  bool identity;
};
struct g2_input {
  g2_affine point;
  bool identity;
};
template <class P>
g1_input read_g1(std::span<const std::uint8_t> input, std::size_t offset, const std::string& what) {
  const g1_affine a{read_coordinate(input, offset, what + "'s x"), read_coordinate(input, offset + 32, what + "'s y")};
  if (all_zero(a.x) && all_zero(a.y)) return {a, true};
  if (!declassify(g1<P>::on_curve_mask(a))) throw error(what + " is not on the curve y^2 = x^3 + 3");
  return {a, false};
}
template <class P>
g2_input read_g2(std::span<const std::uint8_t> input, std::size_t offset, const std::string& what) {
  const fp_value x_im = read_coordinate(input, offset, what + "'s x imaginary part");
  const fp_value x_re = read_coordinate(input, offset + 32, what + "'s x real part");
  const fp_value y_im = read_coordinate(input, offset + 64, what + "'s y imaginary part");
  const fp_value y_re = read_coordinate(input, offset + 96, what + "'s y real part");
  const g2_affine a{{x_re, x_im}, {y_re, y_im}};
  if (all_zero(x_re) && all_zero(x_im) && all_zero(y_re) && all_zero(y_im)) return {a, true};
  if (!declassify(g2<P>::on_curve_mask(a))) throw error(what + " is not on the twist y^2 = x^3 + 3 / (9 + u)");
  if (!in_g2_var<P>(g2<P>::from_affine(a))) throw error(what + " is on the twist but not in G2 (the subgroup of order r)");
  return {a, false};
}
inline void write_word(std::uint8_t* out, const fp_value& internal) {
  const fp_value x = bn254_fp::from_internal(internal);
  for (std::size_t i = 0; i < 32; ++i) out[31 - i] = std::uint8_t(x[i / 8] >> (8 * (i % 8)));
}
template <class P>
g1_bytes encode_g1(const g1_point& p) {
  const g1_affine a = g1<P>::to_affine(p);  // the identity becomes (0, 0)
  g1_bytes out{};
  write_word(out.data(), a.x);
  write_word(out.data() + 32, a.y);
  return out;
}

template <class P>
g1_bytes ecadd_with(std::span<const std::uint8_t> input) {
  const g1_input a = read_g1<P>(input, 0, "bn254 ecadd: the first point");
  const g1_input b = read_g1<P>(input, 64, "bn254 ecadd: the second point");
  const g1_point pa = a.identity ? g1<P>::identity() : g1<P>::from_affine(a.point);
  const g1_point pb = b.identity ? g1<P>::identity() : g1<P>::from_affine(b.point);
  return encode_g1<P>(g1<P>::add(pa, pb));
}
template <class P>
g1_bytes ecmul_with(std::span<const std::uint8_t> input) {
  const g1_input a = read_g1<P>(input, 0, "bn254 ecmul: the point");
  const fp_value k = read_word(input, 64);
  const g1_point pa = a.identity ? g1<P>::identity() : g1<P>::from_affine(a.point);
  return encode_g1<P>(g1_glv<P>::mul(pa, k));
}
// Pairing: the pairing over another tower of the field (tower_over another arithmetic), for an
// A/B such as ffbench --tower's.
template <class P, class Pairing = pairing<P>>
bool pairing_check_with(std::span<const std::uint8_t> input) {
  if (input.size() % 192 != 0)
    throw error("bn254 pairing_check: the input is " + std::to_string(input.size()) +
                " bytes, not a multiple of 192 (each pair is a G1 point of 64 bytes and a G2 point of 128)");
  std::vector<typename Pairing::pair> pairs;
  for (std::size_t k = 0; k < input.size() / 192; ++k) {
    const std::string what = "bn254 pairing_check: pair " + std::to_string(k) + "'s ";
    const g1_input a = read_g1<P>(input, 192 * k, what + "G1 point");
    const g2_input b = read_g2<P>(input, 192 * k + 64, what + "G2 point");
    if (!a.identity && !b.identity) pairs.push_back({a.point, b.point});  // e(O, Q) = e(P, O) = 1
  }
  return Pairing::product_is_one(pairs);
}
}  // namespace detail

// The typed entry points, dispatched once to the prime backend: k P on G1 (GLV) and on G2,
// constant time; whether the product of e(P_k, Q_k) is one (the pairs hold no identity).
using pair = ff::pairing::pair<g1_affine, g2_affine>;
inline g1_point g1_mul(const g1_point& p, const curve::scalar<4>& k) {
  return dispatch<bn254_fp::scalar_policies>(scalar_backend(family::prime),
                                             [&]<class P>() FF_LAMBDA_INLINE { return g1_glv<P>::mul(p, k); });
}
inline g2_point g2_mul(const g2_point& p, const curve::scalar<4>& k) {
  return dispatch<bn254_fp::scalar_policies>(scalar_backend(family::prime),
                                             [&]<class P>() FF_LAMBDA_INLINE { return g2<P>::template mul<256>(p, k); });
}
inline bool pairing_product_is_one(std::span<const pair> pairs) {
  return dispatch<bn254_fp::scalar_policies>(scalar_backend(family::prime),
                                             [&]<class P>() FF_LAMBDA_INLINE { return pairing<P>::product_is_one(pairs); });
}
// The product of e(P_k, Q_k) in GT (an element of Fp12, coordinates in bn254_fp's internal
// form, compared with ==): one Miller loop whose squarings all pairs share, and one final
// exponentiation. The pairs hold no identity (whose pairings are one: drop them).
inline gt multi_pairing(std::span<const pair> pairs) {
  return dispatch<bn254_fp::scalar_policies>(scalar_backend(family::prime),
                                             [&]<class P>() FF_LAMBDA_INLINE { return pairing<P>::multi_pairing(pairs); });
}
// A G2 point prepared for many pairings (a fixed verification key): its Miller-loop lines,
// computed once (88 lines, 16.5 KiB), then read by multi_pairing instead of recomputed.
using g2_prepared = ff::pairing::prepared_g2<fp2_value>;
using prepared_pair = ff::pairing::prepared_pair<g1_affine, fp2_value>;
inline g2_prepared prepare_g2(const g2_affine& q) {
  return dispatch<bn254_fp::scalar_policies>(scalar_backend(family::prime),
                                             [&]<class P>() FF_LAMBDA_INLINE { return pairing<P>::prepare(q); });
}
inline gt multi_pairing(std::span<const prepared_pair> pairs) {
  return dispatch<bn254_fp::scalar_policies>(scalar_backend(family::prime),
                                             [&]<class P>() FF_LAMBDA_INLINE { return pairing<P>::multi_pairing(pairs); });
}

inline g1_bytes ecadd(backend be, std::span<const std::uint8_t> input) {
  return dispatch<bn254_fp::scalar_policies>(scalar_sibling(be), [&]<class P>() FF_LAMBDA_INLINE { return detail::ecadd_with<P>(input); });
}
inline g1_bytes ecmul(backend be, std::span<const std::uint8_t> input) {
  return dispatch<bn254_fp::scalar_policies>(scalar_sibling(be), [&]<class P>() FF_LAMBDA_INLINE { return detail::ecmul_with<P>(input); });
}
inline bool pairing_check(backend be, std::span<const std::uint8_t> input) {
  return dispatch<bn254_fp::scalar_policies>(scalar_sibling(be), [&]<class P>() FF_LAMBDA_INLINE { return detail::pairing_check_with<P>(input); });
}
inline g1_bytes ecadd(std::span<const std::uint8_t> input) { return ecadd(scalar_backend(family::prime), input); }
inline g1_bytes ecmul(std::span<const std::uint8_t> input) { return ecmul(scalar_backend(family::prime), input); }
// The precompile's output: 32 bytes, 1 when the product of the pairings is one, else 0.
inline bool pairing_check(std::span<const std::uint8_t> input) { return pairing_check(scalar_backend(family::prime), input); }
}  // namespace ff::bn254
