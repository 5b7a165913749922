// ff.lab.ladders: RFC 7748's ladders in the representation each curve does not use: radix 2^51
// for X25519 (its ladder keeps the field's saturated limbs), the field's saturated limbs for
// X448 (its ladder runs in radix 2^56). The A/B behind each curve's choice (docs/prime-fields.md),
// and the tests' check that both representations agree with RFC 7748.
module;
#include <type_traits>
#include "fieldlab/macros.h"
export module ff.lab.ladders;
export import ff.rfc7748_curves;

export namespace ff::lab {

// The arithmetic the curve's ladder does not use, under the policy P.
template <class Curve, class P>
using other_ladder_arithmetic =
    std::conditional_t<std::is_same_v<typename Curve::template ladder_arithmetic<P>, prime::arithmetic<typename Curve::field, P>>,
                       prime::radix_arithmetic<typename Curve::field>, prime::arithmetic<typename Curve::field, P>>;

// X25519(k, u) / X448(k, u) with the other representation, dispatched once to the backend be.
template <class Curve>
typename Curve::key scalarmult_other(backend be, const typename Curve::key& k, const typename Curve::key& u) {
  return dispatch<typename Curve::field::scalar_policies>(scalar_sibling(be), [&]<class P>() FF_LAMBDA_INLINE {
    return Curve::template scalarmult_with<P, other_ladder_arithmetic<Curve, P>>(k, u);
  });
}

}  // namespace ff::lab
