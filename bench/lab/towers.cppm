// ff.lab.towers: A/B variants of BN254's tower, each a wrapper around an arithmetic (and an
// ff::arithmetic itself), so that the library's tower templates build them unchanged:
//   - how products by a constant with integer coordinates (xi = 9 + u) are computed, evmone's
//     experiment (the library multiplies each coordinate by its integer, mul_constant): by one
//     field product by the integer (evmone's form), by doublings and additions, or by a generic
//     product of two Fp2 elements;
//   - lazy or per-product reduction of the Fp2 product (the library takes the field's measured
//     choice, ff::field_tuning::extensions);
//   - Fp2's products inlined into the levels above instead of out of line.
// ffbench --tower and --groups time them; tests/tower_test checks them against NTL.
module;
#include <bit>
#include <concepts>
#include "fieldlab/macros.h"
export module ff.lab.towers;
export import ff.bn254;

export namespace ff::lab {

// The integer K's products by one field product by K's internal form (evmone's way).
template <class A>
struct by_field_products : A {
  using portable_twin = by_field_products<typename A::portable_twin>;
  template <auto K>
  FF_INLINE static constexpr typename A::value mul_constant(const typename A::value& a) {
    if constexpr (!std::integral<decltype(K)>) return A::template mul_constant<K>(a);
    else if constexpr (K == 0 || K == 1) return A::template mul_constant<K>(a);
    else if constexpr (K < 0) return A::neg(mul_constant<-K>(a));
    else return A::mul(a, A::template constant<K>());
  }
};
// The integer K's products by doublings and additions (K's bits, most significant first):
// fewer instructions, a dependent chain.
template <class A>
struct by_additions : A {
  using portable_twin = by_additions<typename A::portable_twin>;
  template <auto K>
  FF_INLINE static constexpr typename A::value mul_constant(const typename A::value& a) {
    if constexpr (!std::integral<decltype(K)>) {
      return A::template mul_constant<K>(a);
    } else {
      constexpr long long k = static_cast<long long>(K);
      if constexpr (k == 0) return A::zero();
      else if constexpr (k < 0) return A::neg(mul_constant<-k>(a));
      else {
        typename A::value r = a;
        for (int bit = int(std::bit_width(static_cast<unsigned long long>(k))) - 2; bit >= 0; --bit) {
          r = A::add(r, r);
          if ((k >> bit) & 1) r = A::add(r, a);
        }
        return r;
      }
    }
  }
};
// A level whose products by its constants with several coordinates are generic products of two
// elements (the constant's value the other).
template <class T>
struct generic_constants : T {
  using portable_twin = generic_constants<typename T::portable_twin>;
  template <auto K>
  FF_INLINE static constexpr typename T::value mul_constant(const typename T::value& a) {
    if constexpr (std::integral<decltype(K)>) return T::template mul_constant<K>(a);
    else return T::mul(a, T::template constant<K>());
  }
};
// A prime field's arithmetic whose towers reduce lazily (Lazy) or each product, whatever the
// field's tuning says.
template <class A, bool Lazy>
struct lazy_reduction : A {
  static_assert(!Lazy || A::wide_products, "lazy reduction needs a Montgomery field with p < R / 4");
  static constexpr bool lazy = Lazy;
  using portable_twin = lazy_reduction<typename A::portable_twin, Lazy>;
};
// A prime field's arithmetic whose towers inline their Fp2 products.
template <class A>
struct inlined_products : A {
  static constexpr bool outline_products = false;
  using portable_twin = inlined_products<typename A::portable_twin>;
};

// How BN254's tower multiplies by xi.
enum class constant_products { specialized, field_products, generic, additions };
inline constexpr constant_products all_constant_products[] = {constant_products::specialized, constant_products::field_products,
                                                              constant_products::generic, constant_products::additions};
constexpr const char* to_string(constant_products m) {
  constexpr const char* names[] = {"specialized", "field_products", "generic", "additions"};
  return names[int(m)];
}
// BN254's tower under the policy P with the products by xi computed as Mode says, and its
// pairing. On the per-product tower: there every product by xi is one of reduced values, the
// form the variants differ in (a lazy tower multiplies wide values by xi, mul_constant_wide).
template <class P>
using per_product_fp = lazy_reduction<bn254::fp<P>, false>;
template <class P, constant_products Mode>
struct bn254_tower;
template <class P>
struct bn254_tower<P, constant_products::specialized> : bn254::tower_over<per_product_fp<P>> {};
template <class P>
struct bn254_tower<P, constant_products::field_products> : bn254::tower_over<by_field_products<per_product_fp<P>>> {};
template <class P>
struct bn254_tower<P, constant_products::additions> : bn254::tower_over<by_additions<per_product_fp<P>>> {};
template <class P>
struct bn254_tower<P, constant_products::generic> {
  using fp2 = generic_constants<tower::quadratic<per_product_fp<P>, -1>>;
  using fp6 = tower::cubic<fp2, bn254::xi>;
  using fp12 = tower::quadratic<fp6, tower::cubic_constant<int>{0, 1, 0}>;
};
template <class P, constant_products Mode>
using bn254_pairing = pairing::bn<typename bn254_tower<P, Mode>::fp12, bn254::g1<P>, bn254::g2<P>, bn254::u>;

// BN254's tower with lazy reduction (the library's: Fp2 and Fp6 products wide, reduced once per
// coordinate, Fp12 per Fp6 product), the same lazy up to Fp12, and with each Fp2 product
// reduced, whichever bn254_fp's tuning chose.
template <class P>
using bn254_lazy_tower = bn254::tower_over<lazy_reduction<bn254::fp<P>, true>>;
template <class P>
using bn254_lazy_pairing = pairing::bn<typename bn254_lazy_tower<P>::fp12, bn254::g1<P>, bn254::g2<P>, bn254::u>;
template <class P>
struct bn254_all_lazy_tower {
  using fp2 = typename bn254_lazy_tower<P>::fp2;
  using fp6 = typename bn254_lazy_tower<P>::fp6;
  using fp12 = tower::quadratic<fp6, tower::cubic_constant<int>{0, 1, 0}>;
};
template <class P>
using bn254_per_product_tower = bn254::tower_over<per_product_fp<P>>;
template <class P>
using bn254_per_product_pairing = pairing::bn<typename bn254_per_product_tower<P>::fp12, bn254::g1<P>, bn254::g2<P>, bn254::u>;
// BN254's tower with the Fp2 products inlined.
template <class P>
using bn254_inlined_tower = bn254::tower_over<inlined_products<bn254::fp<P>>>;

}  // namespace ff::lab
