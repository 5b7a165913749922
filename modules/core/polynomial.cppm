// ff.polynomial: the skeleton of a polynomial-basis field GF(2)[x]/(f): the product is the
// N-limb carry-less product template of ff.clmul, the reduction is the field's own
// straight-line F::reduce (written once per modulus, over any limb type).
module;
#include <array>
#include <cstddef>
#include "targets.h"
export module ff.polynomial;
export import ff.core;
export import ff.clmul;

export namespace ff {

template <class F, std::size_t N>
struct polynomial_basis : field_base<F> {
  static constexpr std::size_t limbs = N;

  // Multiplication and squaring in two stages, the unreduced product and F::reduce, so that
  // ff.batch can reduce one block while it multiplies the next. A field whose product is
  // not the plain N-limb one (sect193) replaces mul_product / sqr_product only.
  template <class A>
  FF_INLINE static std::array<limbs_t<A>, 2 * N> mul_product(const std::array<limbs_t<A>, N>& a,
                                                             const std::array<limbs_t<A>, N>& b) {
    return clmul_product<A, N>(a, b);
  }
  template <class A>
  FF_INLINE static std::array<limbs_t<A>, 2 * N> sqr_product(const std::array<limbs_t<A>, N>& a) {
    return clmul_square<A, N>(a);
  }
  template <class A, class Product>
  FF_INLINE static std::array<limbs_t<A>, N> reduce_product(const Product& p) {
    return F::reduce(p);
  }

  template <class A>
  FF_INLINE static std::array<limbs_t<A>, N> mul(const std::array<limbs_t<A>, N>& a,
                                                 const std::array<limbs_t<A>, N>& b) {
    return F::template reduce_product<A>(F::template mul_product<A>(a, b));
  }
  template <class A>
  FF_INLINE static std::array<limbs_t<A>, N> sqr(const std::array<limbs_t<A>, N>& a) {
    return F::template reduce_product<A>(F::template sqr_product<A>(a));
  }
  // The fixed generator the power benchmark uses (proofs/ certifies its order).
  static constexpr element<F> generator() { return field_base<F>::monomial(1); }
};

// Fields with a sparse GF(2) modulus (exponent list, highest first) and a reducer.
template <class F>
concept polynomial_field = binary_field<F> && requires {
  F::modulus;
  { F::modulus[0] } -> std::convertible_to<unsigned>;
} && (F::modulus[0] == F::degree);

}  // namespace ff
