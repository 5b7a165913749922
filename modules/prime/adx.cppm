// ff.prime.adx: the adx backend policy. Its Montgomery multiplication, and the product the
// special forms fold, are MULX with the two carry chains of ADCX and ADOX, inline assembly
// generated per limb count by tools/gen_adx_kernels.py (clang does not emit two interleaved
// carry chains from C++); limb counts or moduli it does not cover run the portable kernels.
module;
#include <array>
#include <cstddef>
#include "fieldlab/macros.h"
export module ff.prime.adx;
import ff.core.element;
import ff.core.cpu;
import ff.core.integer;
import ff.core.lanes;
import ff.prime.fold;
import ff.prime.policies;
namespace ff::prime::detail {
template <std::size_t N>
struct mont_adx {
  static constexpr bool generated = false;
};
template <std::size_t N>
struct product_adx {
  static constexpr bool generated = false;
};
template <std::size_t N>
struct redc_adx {
  static constexpr bool generated = false;
};
template <std::size_t N>
struct wide_product_adx {
  static constexpr bool generated = false;
};
template <std::size_t N>
struct limb_fold_adx {
  static constexpr bool generated = false;
};
#if defined(__x86_64__)
#include "fieldlab/adx_kernels.inc"
#endif
}  // namespace ff::prime::detail
export namespace ff::prime {

// outlined's attributes: AArch64 compiles the adx policy (the kernels are not generated
// there) but never runs it, and has no ADX target.
#if defined(__x86_64__)
#define FF_ADX_OUTLINED [[gnu::noinline, gnu::target(FF_TARGET_ADX)]]
#else
#define FF_ADX_OUTLINED [[gnu::noinline]]
#endif

struct adx : scalar_lanes, fused_stages<adx> {
  static constexpr backend id = backend::adx;
  using scalar_policy = adx;
  // Op{}(args...) as a function of its own, compiled for this policy's instructions: what
  // the towers call for their larger operations (ff::prime::portable::outlined).
  static constexpr bool outline_products = true;
  template <class Op, class... Args>
  FF_ADX_OUTLINED static auto outlined(const Args&... args) {
    return Op{}(args...);
  }
  // The generated Montgomery kernels keep no carry limb above p's: they need the spare top
  // bit. Special forms fold the generated product (ff.prime.fold).
  template <class M>
  static constexpr bool assembly = [] {
    if constexpr (M::reduction == reduction::montgomery) return detail::mont_adx<M::limbs>::generated && M::spare_bit;
    else return detail::product_adx<M::limbs>::generated;
  }();

  template <class M>
  FF_INLINE static ff::limbs<M::limbs> mul(const ff::limbs<M::limbs>& a, const ff::limbs<M::limbs>& b) {
    if constexpr (assembly<M> && M::reduction == reduction::fold) {
      // One-limb 2^(64 n) mod p: the fold runs in the kernel's registers; else the product is
      // folded at 2^k in C++.
      if constexpr (M::form.limb_c != 0 && detail::limb_fold_adx<M::limbs>::generated)
        return reduce_below_limb_boundary<M>(detail::limb_fold_adx<M::limbs>::template mul<M::form.limb_c>(a, b));
      else
        return fold_reduce<M>(detail::product_adx<M::limbs>::mul(a, b));
    } else if constexpr (assembly<M>) {
      ff::limbs<M::limbs> r;
      detail::mont_adx<M::limbs>::template mul<M::p, M::p_inv_neg>(r, a, b);
      return r;
    } else {
      return portable::mul<M>(a, b);
    }
  }
  // Lazy reduction: the generated product and Montgomery rows where there are; u + w_hi
  // below 2p (w < p R, and u <= p) needs the spare bit, as the Montgomery kernels do.
  template <class M>
  FF_INLINE static ff::limbs<2 * M::limbs> mul_wide(const ff::limbs<M::limbs>& a, const ff::limbs<M::limbs>& b) {
    if constexpr (detail::wide_product_adx<M::limbs>::generated) return detail::wide_product_adx<M::limbs>::mul(a, b);
    else return portable::mul_wide<M>(a, b);
  }
  template <class M>
  FF_INLINE static ff::limbs<2 * M::limbs> square_wide(const ff::limbs<M::limbs>& a) {
    return mul_wide<M>(a, a);
  }
  template <class M>
  FF_INLINE static ff::limbs<M::limbs> reduce(const ff::limbs<2 * M::limbs>& w) {
    if constexpr (M::reduction == reduction::montgomery && M::spare_bit && detail::redc_adx<M::limbs>::generated) {
      const ff::limbs<M::limbs> u = detail::redc_adx<M::limbs>::template rows<M::p, M::p_inv_neg>(w);
      ff::limbs<M::limbs> high, s;
      for (std::size_t j = 0; j < M::limbs; ++j) high[j] = w[M::limbs + j];
      integer::add(s, u, high);
      return reduce_once<M>(s);
    } else {
      return portable::reduce<M>(w);
    }
  }
  // Special forms square with the portable kernel (each cross product once): faster than the
  // generated product at every limb count measured (decisions.md).
  template <class M>
  FF_INLINE static ff::limbs<M::limbs> square(const ff::limbs<M::limbs>& a) {
    if constexpr (assembly<M> && M::reduction == reduction::montgomery) return mul<M>(a, a);
    else return portable::square<M>(a);
  }
};
static_assert(prime_policy<adx, detail::example_modulus>);
}  // namespace ff::prime
