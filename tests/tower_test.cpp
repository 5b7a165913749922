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

// Lazy reduction's planted bugs (the tests show the edge checks catch them): wide sums and
// differences without the correction that keeps them below p R.
template <class A>
struct add_wide_uncorrected : A {
  using portable_twin = add_wide_uncorrected<typename A::portable_twin>;
  static constexpr typename A::wide add_wide(const typename A::wide& x, const typename A::wide& y) {
    typename A::wide s{};
    ff::integer::add(s, x, y);
    return s;
  }
};
template <class A>
struct sub_wide_uncorrected : A {
  using portable_twin = sub_wide_uncorrected<typename A::portable_twin>;
  static constexpr typename A::wide sub_wide(const typename A::wide& x, const typename A::wide& y) {
    typename A::wide d{};
    ff::integer::sub(d, x, y);
    return d;
  }
};
// How many of the lazy tower's Fp6 and Fp12 products and squares over arithmetic A differ from
// NTL or are not canonical (bitwise unequal to the per-product tower's), on elements whose
// coordinates are evmone's edge values (p - 1 everywhere among them), so that each wide sum
// meets its largest inputs.
template <class P, class A>
std::size_t lazy_edge_mismatches() {
  using L = levels<P>;
  using T = bn254::tower_over<A>;
  using R = typename ff::lab::bn254_per_product_tower<P>;
  static_assert(T::fp6::lazy);
  const auto edges = fp2_edges<P>();
  std::vector<typename T::fp12::value> values;
  for (std::size_t k = 0; k < edges.size(); k += 3) {
    auto at = [&](std::size_t j) { return edges[(k + 37 * j) % edges.size()]; };
    values.push_back({{at(0), at(1), at(2)}, {at(3), at(4), at(5)}});
  }
  const auto top = ref::from_zz<Fp>(ref::prime_modulus<Fp>() - 1).limb;
  const typename T::fp2::value top2{top, top};
  values.push_back({{top2, top2, top2}, {top2, top2, top2}});
  const flat_ring& R6 = ring(6);
  const flat_ring& R12 = ring(12);
  std::size_t mismatches = 0;
  auto expect = [&](bool ok) { mismatches += ok ? 0 : 1; };
  for (const auto& a : values) {
    const NTL::ZZ_pX fa6 = L::flat(a.c1, R6), fa12 = L::flat(a, R12);
    expect(T::fp6::square(a.c1) == R::fp6::square(a.c1) && L::flat(T::fp6::square(a.c1), R6) == NTL::SqrMod(fa6, R6.modulus));
    expect(T::fp12::square(a) == R::fp12::square(a) && L::flat(T::fp12::square(a), R12) == NTL::SqrMod(fa12, R12.modulus));
    for (std::size_t j = 0; j < values.size(); j += 5) {
      const auto& b = values[j];
      const auto m6 = T::fp6::mul(a.c0, b.c1);
      expect(m6 == R::fp6::mul(a.c0, b.c1) && L::flat(m6, R6) == NTL::MulMod(L::flat(a.c0, R6), L::flat(b.c1, R6), R6.modulus));
      const auto m12 = T::fp12::mul(a, b);
      expect(m12 == R::fp12::mul(a, b) && L::flat(m12, R12) == NTL::MulMod(fa12, L::flat(b, R12), R12.modulus));
    }
  }
  return mismatches;
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
    using per_product = typename ff::lab::bn254_per_product_tower<P>::fp2;
    static_assert(lazy::lazy && !per_product::lazy);
    const auto values = fp2_edges<P>();
    for (const auto& a : values) {
      const NTL::ZZ_pX fa = L::flat(a, R);
      EXPECT_EQ(L::flat(per_product::square(a), R), NTL::SqrMod(fa, R.modulus));
      EXPECT_EQ(L::flat(lazy::square(a), R), NTL::SqrMod(fa, R.modulus));
      for (const auto& b : values) {
        const NTL::ZZ_pX expected = NTL::MulMod(fa, L::flat(b, R), R.modulus);
        EXPECT_EQ(L::flat(per_product::mul(a, b), R), expected);
        EXPECT_EQ(L::flat(lazy::mul(a, b), R), expected);
      }
    }
  });
  // The lazy Fp6 and Fp12 products at the edges (lazy_edge_mismatches), and two planted bugs of
  // lazy reduction's bounds that they must catch: a wide sum without its conditional
  // subtraction of p R, a wide difference without its correction.
  fft::register_test(suite, "lazy_fp6_fp12_edge_products_equal_ntl", [] {
    NTL::ZZ_pPush push(ref::prime_modulus<Fp>());
    using A = ff::lab::lazy_reduction<bn254::fp<P>, true>;
    EXPECT_EQ((lazy_edge_mismatches<P, A>()), 0u);
    EXPECT_GT((lazy_edge_mismatches<P, add_wide_uncorrected<A>>()), 0u);
    EXPECT_GT((lazy_edge_mismatches<P, sub_wide_uncorrected<A>>()), 0u);
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

// The wide values' operations (ff::lazy_arithmetic) on BN254's Fp against integer arithmetic
// mod p R: sums and multiples stay the least residue, reduce is w R^-1 mod p. Edge values: 0,
// 1, p R - 1, p R - p, 4 p^2 - 1 (the largest product of unreduced sums), p^2.
template <class P>
void register_wide(const std::string& suite) {
  using A = ff::lab::lazy_reduction<bn254::fp<P>, true>;
  using W = typename A::wide;
  const NTL::ZZ p = ref::prime_modulus<Fp>(), R = NTL::power2_ZZ(256), pR = p * R;
  auto to_zz = [](const auto& limbs) {
    NTL::ZZ z;
    for (std::size_t i = limbs.size(); i-- > 0;) z = (z << 64) + NTL::conv<NTL::ZZ>(static_cast<unsigned long>(limbs[i]));
    return z;
  };
  auto to_wide = [](NTL::ZZ z) {
    W w{};
    for (std::size_t i = 0; i < w.size(); ++i) {
      w[i] = NTL::conv<unsigned long>(z % NTL::power2_ZZ(64));
      z >>= 64;
    }
    return w;
  };
  auto wide_values = [=](std::mt19937_64& rng) {
    std::vector<NTL::ZZ> v = {NTL::ZZ(0), NTL::ZZ(1), pR - 1, pR - p, 4 * p * p - 1, p * p};
    NTL::SetSeed(NTL::conv<NTL::ZZ>(long(rng() >> 1)));
    for (int i = 0; i < 40; ++i) v.push_back(NTL::RandomBnd(pR));
    return v;
  };
  fft::register_test(suite, "wide_operations_equal_integers_mod_pR", [=] {
    std::mt19937_64 rng(381);
    const auto values = wide_values(rng);
    const NTL::ZZ r_inverse = NTL::InvMod(R % p, p);
    for (const NTL::ZZ& x : values) {
      const W wx = to_wide(x);
      EXPECT_EQ(to_zz(A::reduce(wx)), x * r_inverse % p);
      EXPECT_EQ(to_zz(A::template mul_constant_wide<9>(wx)), 9 * x % pR);
      EXPECT_EQ(to_zz(A::template mul_constant_wide<-1>(wx)), (pR - x) % pR);
      EXPECT_EQ(to_zz(A::template mul_constant_wide<-9>(wx)), (9 * (pR - x)) % pR);
      for (const NTL::ZZ& y : values) {
        const W wy = to_wide(y);
        EXPECT_EQ(to_zz(A::add_wide(wx, wy)), (x + y) % pR);
        EXPECT_EQ(to_zz(A::sub_wide(wx, wy)), ((x - y) % pR + pR) % pR);
      }
    }
  });
  // Products of unreduced sums and differences: a + b and a - b + p, their exact products.
  fft::register_property(suite, "unreduced_products_are_exact", [=] {
    const auto a = (*rc::gen::arbitrary<element<Fp>>()).limb, b = (*rc::gen::arbitrary<element<Fp>>()).limb;
    const NTL::ZZ za = to_zz(a), zb = to_zz(b);
    RC_ASSERT(to_zz(A::add_unreduced(a, b)) == za + zb);
    RC_ASSERT(to_zz(A::sub_unreduced(a, b)) == za - zb + p);
    RC_ASSERT(to_zz(A::mul_wide(A::add_unreduced(a, b), A::sub_unreduced(a, b))) == (za + zb) * (za - zb + p));
    RC_ASSERT(to_zz(A::square_wide(A::add_unreduced(a, b))) == (za + zb) * (za + zb));
  });
}

}  // namespace

void register_tests() {
  for_each_policy([]<class P>(const std::string& be) {
    register_level<P, bn254::fp2<P>>("tower.bn254.fp2." + be, 2);
    register_level<P, bn254::fp6<P>>("tower.bn254.fp6." + be, 6);
    register_level<P, bn254::fp12<P>>("tower.bn254.fp12." + be, 12);
    // The lazy and the per-product tower, whichever bn254_fp's tuning chose (ffbench's A/B).
    register_level<P, typename ff::lab::bn254_lazy_tower<P>::fp6>("tower.bn254.fp6_lazy." + be, 6);
    register_level<P, typename ff::lab::bn254_lazy_tower<P>::fp12>("tower.bn254.fp12_lazy." + be, 12);
    register_level<P, typename ff::lab::bn254_per_product_tower<P>::fp12>("tower.bn254.fp12_per_product." + be, 12);
    register_wide<P>("tower.bn254.wide." + be);
    register_constants<P>("tower.bn254.constants." + be);
  });
}
