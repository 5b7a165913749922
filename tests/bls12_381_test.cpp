// BLS12-381's Fp2 and G1 against NTL, once per prime backend policy:
//   - Fp2 = Fp[u] / (u^2 + 1): product, square and inverse against NTL's ZZ_pX mod X^2 + 1;
//   - G1's complete formulas against affine chord and tangent over NTL's ZZ_p, the identity and
//     P + P included; the generator on the curve and of order r;
//   - GLV: phi(P) = [-z^2] P, and k P by the decomposition equals the ladder for k < r and for
//     any 256-bit k;
//   - the subgroup check against [r] P, on points of E(Fp) from NTL's square roots (outside
//     G1) and their multiples by the cofactor (inside);
//   - Zcash's encodings: the deserialization cases of ethereum/bls12-381-tests
//     (tests/data/bls12_381/, source and licence in the file), the generator's compressed form
//     (the published x with the compression flag), the sort flag against NTL's comparison of y
//     and p - y, round trips, and the refusals of the uncompressed form.
// The properties with scalar multiplications run a quarter of the configured cases
// (register_costly_property: under the sanitizers each case takes about a second).
#include <NTL/ZZ_p.h>
#include <NTL/ZZ_pX.h>
#include "bls12_381_vectors.hpp"
#include "geth_vectors.hpp"
#include "harness.hpp"
import ff.bls12_381;

using namespace ff;

namespace {
namespace bls = ff::bls12_381;
using Fp = bls12_381_fp;
using Fr = bls12_381_fr;
using NTL::ZZ;
using NTL::ZZ_p;
using NTL::ZZ_pX;

const ZZ& p_zz() { return ref::prime_modulus<Fp>(); }
const ZZ& r_zz() { return ref::prime_modulus<Fr>(); }
curve::scalar<4> scalar_of(const ZZ& k) { return ref::to_limbs<4>(k); }
ZZ_p to_ntl(const bls::fp_value& x) { return NTL::conv<ZZ_p>(ref::to_zz(element<Fp>{x})); }
ZZ minus_z() { return NTL::conv<ZZ>(std::to_string(bls::minus_z).c_str()); }
// The cofactor h = (z - 1)^2 / 3.
ZZ cofactor() { return (minus_z() + 1) * (minus_z() + 1) / 3; }

// An affine point of E(Fp) in NTL; inf for the identity.
struct ref_point {
  ZZ_p x, y;
  bool inf = false;
  friend bool operator==(const ref_point& a, const ref_point& b) { return a.inf == b.inf && (a.inf || (a.x == b.x && a.y == b.y)); }
};
ref_point ref_add(const ref_point& a, const ref_point& b) {
  if (a.inf) return b;
  if (b.inf) return a;
  ZZ_p lambda;
  if (a.x == b.x) {
    if (a.y != b.y || NTL::IsZero(a.y)) return {{}, {}, true};
    lambda = 3 * a.x * a.x / (2 * a.y);
  } else {
    lambda = (b.y - a.y) / (b.x - a.x);
  }
  const ZZ_p x3 = lambda * lambda - a.x - b.x;
  return {x3, lambda * (a.x - x3) - a.y};
}

// The point of E(Fp) with the smallest x >= start (found in NTL: x^3 + 4 a square).
bls::g1_affine curve_point(long start) {
  for (long x = start;; ++x) {
    const ZZ rhs = (ZZ(x) * x * x + 4) % p_zz();
    if (NTL::Jacobi(rhs, p_zz()) != 1) continue;
    ZZ y;
    NTL::SqrRootMod(y, rhs, p_zz());
    return {ref::from_zz<Fp>(ZZ(x)).limb, ref::from_zz<Fp>(y).limb};
  }
}

template <class P>
void register_tests_for(const std::string& suite) {
  using F2 = bls::fp2<P>;
  using G1 = bls::g1<P>;
  auto check = [](auto body) {
    return [body] {
      NTL::ZZ_pPush push(p_zz());
      body();
    };
  };

  // Fp2 against Fp[X] / (X^2 + 1).
  fft::register_property(suite, "fp2_equals_ntl", check([] {
    ZZ_pX modulus;
    NTL::SetCoeff(modulus, 2);
    NTL::SetCoeff(modulus, 0);
    auto flat = [](const bls::fp2_value& a) {
      ZZ_pX f;
      NTL::SetCoeff(f, 0, to_ntl(a.c0));
      NTL::SetCoeff(f, 1, to_ntl(a.c1));
      return f;
    };
    auto coordinate = [] { return (*rc::gen::arbitrary<element<Fp>>()).limb; };
    const bls::fp2_value a{coordinate(), coordinate()}, b{coordinate(), coordinate()};
    RC_ASSERT(flat(F2::mul(a, b)) == NTL::MulMod(flat(a), flat(b), modulus));
    RC_ASSERT(flat(F2::square(a)) == NTL::SqrMod(flat(a), modulus));
    RC_ASSERT(flat(F2::add(a, b)) == flat(a) + flat(b));
    RC_ASSERT(flat(F2::sub(a, b)) == flat(a) - flat(b));
    if (!NTL::IsZero(flat(a))) RC_ASSERT(flat(F2::inverse(a)) == NTL::InvMod(flat(a), modulus));
  }));

  // Complete addition, mixed addition and doubling against chord and tangent, on k G.
  fft::register_costly_property(suite, "g1_group_law_equals_affine_reference", 4, check([] {
    const auto a = *rc::gen::arbitrary<element<Fr>>(), b = *rc::gen::arbitrary<element<Fr>>();
    const auto g = G1::from_affine(bls::g1_generator);
    const auto pa = G1::template mul<256>(g, Fr::to_integer(a)), pb = G1::template mul<256>(g, Fr::to_integer(b));
    auto of = [](const bls::g1_point& p) -> ref_point {
      if (G1::identity_mask(p)) return {{}, {}, true};
      const auto q = G1::to_affine(p);
      return {to_ntl(q.x), to_ntl(q.y)};
    };
    RC_ASSERT(of(G1::add(pa, pb)) == ref_add(of(pa), of(pb)));
    RC_ASSERT(of(G1::add(pa, pa)) == ref_add(of(pa), of(pa)));
    RC_ASSERT(of(G1::dbl(pa)) == ref_add(of(pa), of(pa)));
    RC_ASSERT(of(G1::add(pa, G1::neg(pa))).inf);
    RC_ASSERT(of(G1::add(pa, G1::identity())) == of(pa));
    if (!G1::identity_mask(pb)) RC_ASSERT(of(G1::add_mixed(pa, G1::to_affine(pb))) == ref_add(of(pa), of(pb)));
    RC_ASSERT(G1::equal_var(G1::template mul<256>(g, Fr::to_integer(a + b)), G1::add(pa, pb)));
    RC_ASSERT(G1::equal_var(G1::mul_var(g, Fr::to_integer(a)), pa));
  }));
  fft::register_test(suite, "generator_has_order_r", check([] {
    const auto g = G1::from_affine(bls::g1_generator);
    EXPECT_TRUE(G1::on_curve_mask(bls::g1_generator));
    EXPECT_TRUE(G1::identity_mask(G1::template mul<256>(g, scalar_of(r_zz()))));
    EXPECT_TRUE(G1::equal_var(G1::mul_var(g, scalar_of(r_zz() - 1)), G1::neg(g)));
    EXPECT_FALSE(G1::identity_mask(G1::mul_var(g, scalar_of(r_zz() - 1))));
  }));
  // phi = [-z^2] on G1, and GLV equals the ladder for k < r and for any 256-bit k.
  fft::register_costly_property(suite, "g1_glv_equals_ladder", 4, check([] {
    using GLV = bls::g1_glv<P>;
    const ZZ z2 = minus_z() * minus_z();
    const auto g = G1::template mul<256>(G1::from_affine(bls::g1_generator), Fr::to_integer(*rc::gen::arbitrary<element<Fr>>()));
    RC_ASSERT(G1::equal_var(GLV::endomorphism(g), G1::mul_var(g, scalar_of(r_zz() - z2 % r_zz()))));
    const auto k = Fr::to_integer(*rc::gen::arbitrary<element<Fr>>());
    RC_ASSERT(G1::equal_var(GLV::mul(g, k), G1::template mul<256>(g, k)));
    const curve::scalar<4> wide{*rc::gen::arbitrary<u64>(), *rc::gen::arbitrary<u64>(), *rc::gen::arbitrary<u64>(), *rc::gen::arbitrary<u64>()};
    RC_ASSERT(G1::equal_var(GLV::mul(g, wide), G1::template mul<256>(g, wide)));
  }));
  // phi(P) = [-z^2] P exactly for the P with [r] P = O: points of E(Fp) found by square roots
  // are outside G1, their multiples by the cofactor inside, and [r] P agrees on both.
  fft::register_test(suite, "g1_subgroup_check_equals_order_r", check([] {
    const auto r = scalar_of(r_zz());
    const curve::scalar<2> h = ref::to_limbs<2>(cofactor());
    for (long start : {0, 1, 100, 10000}) {
      const auto p = G1::from_affine(curve_point(start));
      EXPECT_FALSE(G1::identity_mask(G1::mul_var(p, r)));
      EXPECT_FALSE(bls::in_g1_var<P>(p));
      const auto q = G1::mul_var(p, h);
      EXPECT_TRUE(G1::identity_mask(G1::mul_var(q, r)));
      EXPECT_TRUE(bls::in_g1_var<P>(q));
    }
  }));

  // The cases of ethereum/bls12-381-tests: valid ones decode to a point of G1 that encodes back
  // to the same bytes; invalid ones are refused.
  fft::register_test(suite, "g1_deserialization_vectors", check([] {
    const auto cases = bls_vectors::read_g1_deserialization(FF_TEST_DATA_DIR "/bls12_381/g1_deserialization.txt");
    EXPECT_EQ(cases.size(), 16u);
    for (const auto& c : cases) {
      const auto bytes = geth::from_hex(c.hex);
      if (c.valid) {
        const auto point = bls::detail::decompress<P>(bytes);
        EXPECT_TRUE(G1::identity_mask(point) || bls::in_g1_var<P>(point)) << c.name;
        const auto again = bls::detail::compress<P>(point);
        EXPECT_TRUE(std::equal(again.begin(), again.end(), bytes.begin(), bytes.end())) << c.name;
      } else {
        EXPECT_THROW(bls::detail::decompress<P>(bytes), ff::error) << c.name;
      }
    }
  }));
  // The generator compresses to its published x with the compression flag (its y is the
  // smaller root); k G for random k and the scalars' edge cases: the sort flag says whether
  // y > p - y in NTL, and both encodings decode back to k G.
  fft::register_costly_property(suite, "g1_encodings_round_trip", 4, check([] {
    const auto g = G1::from_affine(bls::g1_generator);
    const auto gc = bls::detail::compress<P>(g);
    constexpr bls::g1_compressed published{0x97, 0xf1, 0xd3, 0xa7, 0x31, 0x97, 0xd7, 0x94, 0x26, 0x95, 0x63, 0x8c, 0x4f, 0xa9, 0xac, 0x0f,
                                       0xc3, 0x68, 0x8c, 0x4f, 0x97, 0x74, 0xb9, 0x05, 0xa1, 0x4e, 0x3a, 0x3f, 0x17, 0x1b, 0xac, 0x58,
                                       0x6c, 0x55, 0xe8, 0x3f, 0xf9, 0x7a, 0x1a, 0xef, 0xfb, 0x3a, 0xf0, 0x0a, 0xdb, 0x22, 0xc6, 0xbb};
    RC_ASSERT(gc == published);
    const auto k = *rc::gen::arbitrary<element<Fr>>();
    const auto p = G1::template mul<256>(g, Fr::to_integer(k));
    const auto c = bls::detail::compress<P>(p);
    const auto u = bls::detail::serialize<P>(p);
    if (G1::identity_mask(p)) {
      RC_ASSERT(c[0] == 0xc0 && u[0] == 0x40);
    } else {
      const ZZ y = NTL::rep(to_ntl(G1::to_affine(p).y));
      RC_ASSERT(bool(c[0] & 0x20) == (y > p_zz() - y));
      RC_ASSERT((std::equal(c.begin() + 1, c.end(), u.begin() + 1)));  // the same x
    }
    RC_ASSERT(G1::equal_var(bls::detail::decompress<P>(c), p));
    RC_ASSERT(G1::equal_var(bls::detail::deserialize<P>(u), p));
  }));
  // The uncompressed form refuses: the compression flag, the sort flag, y >= p, a point off
  // the curve, a point outside G1, infinity with other bits.
  fft::register_test(suite, "g1_uncompressed_refusals", check([] {
    const auto good = bls::detail::serialize<P>(G1::from_affine(bls::g1_generator));
    auto refused = [](std::array<std::uint8_t, 96> bytes) {
      EXPECT_THROW(bls::detail::deserialize<P>(bytes), ff::error);
    };
    auto flagged = good;
    flagged[0] |= 0x80;
    refused(flagged);
    flagged = good;
    flagged[0] |= 0x20;
    refused(flagged);
    auto off_curve = good;
    off_curve[95] ^= 1;
    refused(off_curve);
    const auto outside = curve_point(1);
    bls::g1_uncompressed not_in_g1{};
    for (int i = 0; i < 2; ++i) {
      const auto coordinate = Fp::to_bytes_be(element<Fp>{i ? outside.y : outside.x});
      std::copy(coordinate.begin(), coordinate.end(), not_in_g1.begin() + 48 * i);
    }
    refused(not_in_g1);
    bls::g1_uncompressed too_large = good;
    const auto p_bytes = ref::to_limbs<6>(p_zz());
    for (std::size_t i = 0; i < 48; ++i) too_large[48 + 47 - i] = std::uint8_t(p_bytes[i / 8] >> (8 * (i % 8)));
    refused(too_large);
    bls::g1_uncompressed infinity{};
    infinity[0] = 0x40;
    EXPECT_TRUE(G1::identity_mask(bls::detail::deserialize<P>(infinity)));
    infinity[95] = 1;
    refused(infinity);
    EXPECT_THROW(bls::detail::deserialize<P>(std::span(good).first(95)), ff::error);
  }));
}
}  // namespace

void register_tests() {
  fft::for_each_policy<Fp::scalar_policies>([]<class P>(const std::string& be) { register_tests_for<P>("bls12_381." + be); });
}
