// Each field's straight-line reducer against NTL's remainder, on arbitrary unreduced inputs
// of the reducer's domain: any polynomial of degree <= 2(n - 1) (every product of two
// canonical elements), not only actual products.
#include "harness.hpp"

using namespace ff;

namespace {

template <class F, std::size_t M>
void register_reducer(const std::string& suite) {
  fft::register_property(suite, "reduce_equals_ntl_remainder", [](std::array<u64, M> p) {
    constexpr unsigned max_degree = 2 * (F::degree - 1);
    for (std::size_t i = 0; i < M; ++i) p[i] &= limb_mask(max_degree + 1, i);
    element<F> r;
    r.limb = F::reduce(p);
    RC_ASSERT(r == ref::reduce<F>(std::span<const u64>(p)));
    RC_ASSERT(is_canonical(r));
  });
}

// ff.binary.polynomial's generic one-pass sparse_reduction (what reduce_product runs on zmm) against
// the same NTL remainder, on u64 limbs, for every field of the shape it handles.
template <class F, std::size_t M>
void register_sparse_reduction(const std::string& suite) {
  fft::register_property(suite, "sparse_reduction_equals_ntl_remainder", [](std::array<u64, M> p) {
    constexpr unsigned max_degree = 2 * (F::degree - 1);
    for (std::size_t i = 0; i < p.size(); ++i) p[i] &= limb_mask(max_degree + 1, i);
    element<F> r;
    r.limb = sparse_reduction<F>::reduce(p);
    RC_ASSERT(r == ref::reduce<F>(std::span<const u64>(p)));
    RC_ASSERT(is_canonical(r));
  });
}

// Where d = 64 N, the limb-by-limb form reduces any number of limbs with no degree bound
// (ghash2 gives it 6 limbs of degree up to 375): every bit set at random, 2N + 2 limbs.
template <class F>
void register_reduce_by_limbs(const std::string& suite) {
  constexpr std::size_t M = 2 * F::limbs + 2;
  fft::register_property(suite, "reduce_by_limbs_any_degree_equals_ntl_remainder", [](std::array<u64, M> p) {
    element<F> r;
    r.limb = sparse_reduction<F>::reduce_by_limbs(p);
    RC_ASSERT(r == ref::reduce<F>(std::span<const u64>(p)));
  });
}

}  // namespace

void register_tests() {
  fft::for_each_binary_field([]<class F>() {
    if constexpr (polynomial_field<F>) {
      constexpr std::size_t product_limbs = (2 * (F::degree - 1)) / 64 + 1;
      const std::string suite = "reducer." + std::string(F::name);
      register_reducer<F, product_limbs>(suite);
      if constexpr (sparse_reduction<F>::fits) {
        static_assert(sparse_reduction<F>::product_limbs == product_limbs);
        register_sparse_reduction<F, product_limbs>(suite);
        if constexpr (F::degree % 64 == 0) register_reduce_by_limbs<F>(suite);
      }
    }
  });
}
