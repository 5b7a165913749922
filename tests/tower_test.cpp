// BN254's tower (ff.tower over ff::bn254_fp) against NTL, once per prime backend policy, each
// level as one flat extension of Fp (tests/bn254_flat.hpp). Coordinates are random or the
// field's edge cases (ff.testing's generator: 0, 1, p - 1, ...).
#include "bn254_flat.hpp"

using namespace ff;

namespace {
using namespace bn254_flat;

// The operations of tower level T (flat degree d) against NTL, under policy P.
template <class P, class T>
void register_level(const std::string& suite, long degree) {
  using L = levels<P>;
  auto check = [degree](auto property) {
    return [degree, property] {
      NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
      const flat_ring& R = ring(degree);
      property(R);
    };
  };
  auto gen = [] { return L::random(std::type_identity<typename T::value>{}); };
  fft::register_property(suite, "mul_square_add_sub_equal_ntl", check([gen](const flat_ring& R) {
    const auto a = gen(), b = gen();
    const NTL::ZZ_pX fa = L::flat(a, R), fb = L::flat(b, R);
    RC_ASSERT(L::flat(T::mul(a, b), R) == NTL::MulMod(fa, fb, R.modulus));
    RC_ASSERT(L::flat(T::square(a), R) == NTL::SqrMod(fa, R.modulus));
    RC_ASSERT(L::flat(T::add(a, b), R) == fa + fb);
    RC_ASSERT(L::flat(T::sub(a, b), R) == fa - fb);
    RC_ASSERT(L::flat(T::neg(a), R) == -fa);
  }));
  // a^p (the Frobenius map, its constants computed at compile time) against NTL's power.
  fft::register_property(suite, "frobenius_equals_ntl", check([gen](const flat_ring& R) {
    const auto a = gen();
    RC_ASSERT(L::flat(T::frobenius(a), R) == NTL::CompMod(L::flat(a, R), R.x_to_p, R.modulus));
  }));
  fft::register_property(suite, "inverse_equals_ntl", check([gen](const flat_ring& R) {
    const auto a = gen();
    const NTL::ZZ_pX fa = L::flat(a, R);
    if (NTL::IsZero(fa)) RC_ASSERT(T::inverse(a) == T::zero());
    else RC_ASSERT(L::flat(T::inverse(a), R) == NTL::InvMod(fa, R.modulus));
  }));
}
// evmone's edge cases (0, 1, 2, 8, 9, p - 1, p - 2, p/2, p/2 + 1, (p - 1)/9) in both
// coordinates of an Fp2 element: 100 elements.
template <class P>
std::vector<typename levels<P>::fp2::value> fp2_edges() {
  const NTL::ZZ p = ref::prime_modulus<Fp>();
  const NTL::ZZ edges[] = {NTL::ZZ(0), NTL::ZZ(1), NTL::ZZ(2), NTL::ZZ(8), NTL::ZZ(9), p - 1, p - 2, p / 2, p / 2 + 1, (p - 1) / 9};
  std::vector<typename levels<P>::fp2::value> values;
  for (const NTL::ZZ& e0 : edges)
    for (const NTL::ZZ& e1 : edges) values.push_back({ref::from_zz<Fp>(e0).limb, ref::from_zz<Fp>(e1).limb});
  return values;
}

// The non-residues' products (mul_constant) against the products by their images.
template <class P>
void register_constants(const std::string& suite) {
  using L = levels<P>;
  // Fp2's products at the bounds of both reductions (lazy: unreduced sums, double-width
  // products): every pair of edge elements, products and squares, against NTL.
  fft::register_test(suite, "fp2_edge_products_equal_ntl", [] {
    NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
    const flat_ring& R = ring(2);
    using lazy = typename ff::lab::bn254_lazy_tower<P>::fp2;
    static_assert(lazy::lazy_products && !L::fp2::lazy_products);
    const auto values = fp2_edges<P>();
    for (const auto& a : values) {
      const NTL::ZZ_pX fa = L::flat(a, R);
      EXPECT_EQ(L::flat(L::fp2::square(a), R), NTL::SqrMod(fa, R.modulus));
      for (const auto& b : values) {
        const NTL::ZZ_pX expected = NTL::MulMod(fa, L::flat(b, R), R.modulus);
        EXPECT_EQ(L::flat(L::fp2::mul(a, b), R), expected);
        EXPECT_EQ(L::flat(lazy::mul(a, b), R), expected);
      }
    }
  });
  fft::register_property(suite, "fp6_times_xi_equals_ntl", [] {
    NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
    const flat_ring& R = ring(6);
    const auto a = L::random(std::type_identity<typename L::fp2::value>{});
    RC_ASSERT(L::flat(L::fp2::template mul_constant<bn254::xi>(a), R) == NTL::MulMod(L::flat(a, R), R.u + 9, R.modulus));
  });
  // evmone's products by xi (ff.lab.towers: ff::lab::constant_products), each against NTL, on
  // its edge cases in both coordinates and on random values.
  fft::register_test(suite, "xi_variants_equal_ntl", [] {
    using ff::lab::constant_products;
    NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
    const flat_ring& R = ring(6);
    std::vector<typename L::fp2::value> inputs = fp2_edges<P>();
    std::mt19937_64 rng(1648);
    for (int i = 0; i < 2000; ++i) inputs.push_back({Fp::random(rng).limb, Fp::random(rng).limb});
    auto times_xi = [&]<constant_products Mode>(const typename L::fp2::value& a) {
      return L::flat(ff::lab::bn254_tower<P, Mode>::fp2::template mul_constant<bn254::xi>(a), R);
    };
    for (const auto& a : inputs) {
      const NTL::ZZ_pX expected = NTL::MulMod(L::flat(a, R), R.u + 9, R.modulus);
      EXPECT_EQ(times_xi.template operator()<constant_products::specialized>(a), expected);
      EXPECT_EQ(times_xi.template operator()<constant_products::field_products>(a), expected);
      EXPECT_EQ(times_xi.template operator()<constant_products::generic>(a), expected);
      EXPECT_EQ(times_xi.template operator()<constant_products::additions>(a), expected);
    }
  });
  fft::register_property(suite, "fp12_times_v_equals_ntl", [] {
    NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
    const flat_ring& R = ring(12);
    const auto a = L::random(std::type_identity<typename L::fp6::value>{});
    RC_ASSERT(L::flat(L::fp6::template mul_constant<tower::cubic_constant<int>{0, 1, 0}>(a), R) ==
              NTL::MulMod(L::flat(a, R), R.v, R.modulus));
  });
}

}  // namespace

void register_tests() {
  for_each_policy([]<class P>(const std::string& be) {
    register_level<P, bn254::fp2<P>>("tower.bn254.fp2." + be, 2);
    register_level<P, bn254::fp6<P>>("tower.bn254.fp6." + be, 6);
    register_level<P, bn254::fp12<P>>("tower.bn254.fp12." + be, 12);
    // The lazy Fp2 product (ffbench's A/B; BLS12-381's default) under Fp12.
    register_level<P, typename ff::lab::bn254_lazy_tower<P>::fp12>("tower.bn254.fp12_lazy." + be, 12);
    register_constants<P>("tower.bn254.constants." + be);
  });
}
