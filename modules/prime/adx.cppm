// ff.prime.adx: the adx backend policy. Its Montgomery multiplication is MULX with the two
// carry chains of ADCX and ADOX, inline assembly generated per limb count by
// tools/gen_adx_kernels.py (clang does not emit two interleaved carry chains from C++); limb
// counts or moduli it does not cover run the portable kernels.
module;
#include <array>
#include <cstddef>
#include "../core/macros.h"
export module ff.prime.adx;
import ff.core.element;
import ff.core.cpu;
import ff.prime.bigint;
import ff.prime.policies;
export namespace ff::prime {
namespace detail {
template <std::size_t N>
struct mont_adx {
  static constexpr bool generated = false;
};
#if defined(__x86_64__)
#include "adx_kernels.inc"
#endif
}  // namespace detail

struct adx {
  static constexpr backend id = backend::adx;
  // The generated kernels are Montgomery's and keep no carry limb above p's: they need the
  // spare top bit. Special forms run the portable kernels until they get their own.
  template <class M>
  static constexpr bool assembly = [] {
    if constexpr (M::reduction == reduction::montgomery) return detail::mont_adx<M::n>::generated && M::spare_bit;
    else return false;
  }();

  template <class M>
  FF_INLINE static limbs<M::n> mul(const limbs<M::n>& a, const limbs<M::n>& b) {
    if constexpr (assembly<M>) {
      limbs<M::n> r;
      detail::mont_adx<M::n>::template mul<M::p, M::p_inv_neg>(r, a, b);
      return r;
    } else {
      return portable::mul<M>(a, b);
    }
  }
  template <class M>
  FF_INLINE static limbs<M::n> square(const limbs<M::n>& a) {
    if constexpr (assembly<M>) return mul<M>(a, a);
    else return portable::square<M>(a);
  }
};
}  // namespace ff::prime
