// Every ghash2 multiply / square variant (generic = the seed's three complete ghash128
// products, lazy = unreduced Karatsuba products and one reduction per coefficient, with the
// folds by shifts or by clmul) against NTL's GF2EX model, on every backend this CPU runs,
// the SIMD backends through their lanes (batches of every length 0..67).
#include <cstring>
#include "core/targets.h"
#include "harness.hpp"

using namespace ff;

namespace {

using V = ghash2::variant;
using quad_u64 = std::array<u64, 4>;

// out[i] = a[i] * b[i] (or a[i]^2) through variant Var with policy A, A::lanes at a time.
template <V Var, class A, bool Square>
FF_INLINE void run_lanes(const element<ghash2>* a, const element<ghash2>* b, element<ghash2>* out, std::size_t n) {
  constexpr std::size_t W = A::lanes;
  for (std::size_t i = 0; i < n; i += W) {
    std::array<element<ghash2>, W> ta{}, tb{}, tr;
    const std::size_t m = std::min(W, n - i);
    std::memcpy(ta.data(), a + i, m * 32);
    std::memcpy(tb.data(), b + i, m * 32);
    std::array<limbs_t<A>, 4> x, y;
    A::template load<4>(ta.data()->limb.data(), x);
    A::template load<4>(tb.data()->limb.data(), y);
    if constexpr (Square) A::template store<4>(tr.data()->limb.data(), ghash2::sqr_as<Var, A>(x));
    else A::template store<4>(tr.data()->limb.data(), ghash2::mul_as<Var, A>(x, y));
    std::memcpy(out + i, tr.data(), m * 32);
  }
}

template <V Var, bool Square>
void run_portable(const element<ghash2>* a, const element<ghash2>* b, element<ghash2>* o, std::size_t n) {
  run_lanes<Var, arith::portable, Square>(a, b, o, n);
}
#if defined(__x86_64__)
template <V Var, bool Square>
[[gnu::target(FF_TARGET_PCLMUL)]] void run_pclmul(const element<ghash2>* a, const element<ghash2>* b,
                                                  element<ghash2>* o, std::size_t n) {
  run_lanes<Var, arith::pclmul, Square>(a, b, o, n);
}
template <V Var, bool Square>
[[gnu::target(FF_TARGET_VPCLMUL256)]] void run_vpclmul256(const element<ghash2>* a, const element<ghash2>* b,
                                                          element<ghash2>* o, std::size_t n) {
  run_lanes<Var, arith::vpclmul256, Square>(a, b, o, n);
}
template <V Var, bool Square>
[[gnu::target(FF_TARGET_VPCLMUL512)]] void run_vpclmul512(const element<ghash2>* a, const element<ghash2>* b,
                                                          element<ghash2>* o, std::size_t n) {
  run_lanes<Var, arith::vpclmul512, Square>(a, b, o, n);
}
#endif
#if defined(__aarch64__)
template <V Var, bool Square>
[[gnu::target(FF_TARGET_PMULL)]] void run_pmull(const element<ghash2>* a, const element<ghash2>* b, element<ghash2>* o,
                                                std::size_t n) {
  run_lanes<Var, arith::pmull, Square>(a, b, o, n);
}
#endif

template <V Var, bool Square>
void run(backend be, const element<ghash2>* a, const element<ghash2>* b, element<ghash2>* o, std::size_t n) {
  switch (be) {
#if defined(__x86_64__)
    case backend::pclmul: return run_pclmul<Var, Square>(a, b, o, n);
    case backend::vpclmul256: return run_vpclmul256<Var, Square>(a, b, o, n);
    case backend::vpclmul512: return run_vpclmul512<Var, Square>(a, b, o, n);
#endif
#if defined(__aarch64__)
    case backend::pmull: return run_pmull<Var, Square>(a, b, o, n);
#endif
    default: return run_portable<Var, Square>(a, b, o, n);
  }
}

// NTL's GF2EX model of ghash2 (ref::ghash2_mul) for a whole batch, in one GF2E context.
std::vector<element<ghash2>> ntl_products(const std::vector<element<ghash2>>& a, const std::vector<element<ghash2>>& b) {
  return ref::in_ghash_context([&] {
    const NTL::GF2EX modulus = ref::ghash2_modulus_in_context();
    std::vector<element<ghash2>> r(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      r[i] = ref::ghash2_from_gf2ex_in_context(
          NTL::MulMod(ref::ghash2_to_gf2ex_in_context(a[i]), ref::ghash2_to_gf2ex_in_context(b[i]), modulus));
    return r;
  });
}

template <V Var>
void register_variant(backend be) {
  const std::string suite =
      "ghash2_variant." + std::string(ghash2::to_string(Var)) + "." + std::string(to_string(be));
  fft::register_property(suite, "mul_and_square_equal_ntl", [be] {
    const auto n = *rc::gen::inRange<std::size_t>(0, 68);
    const auto a = *rc::gen::container<std::vector<element<ghash2>>>(n, rc::gen::arbitrary<element<ghash2>>());
    const auto b = *rc::gen::container<std::vector<element<ghash2>>>(n, rc::gen::arbitrary<element<ghash2>>());
    std::vector<element<ghash2>> prod(n), sq(n);
    run<Var, false>(be, a.data(), b.data(), prod.data(), n);
    run<Var, true>(be, a.data(), a.data(), sq.data(), n);
    RC_ASSERT(prod == ntl_products(a, b));
    RC_ASSERT(sq == ntl_products(a, a));
  });
  fft::register_test(suite, "edge_pairs_equal_ntl", [be] {
    const auto edges = fft::edge_cases<ghash2>();
    for (const auto& x : edges)
      for (const auto& y : edges) {
        element<ghash2> p, s;
        run<Var, false>(be, &x, &y, &p, 1);
        run<Var, true>(be, &x, &x, &s, 1);
        ASSERT_EQ(to_hex(p), to_hex(ref::ghash2_mul(x, y))) << to_hex(x) << " * " << to_hex(y);
        ASSERT_EQ(to_hex(s), to_hex(ref::ghash2_mul(x, x))) << to_hex(x) << "^2";
      }
  });
}

}  // namespace

void register_tests() {
  for (backend be : fft::backends()) {
    register_variant<V::generic>(be);
    register_variant<V::lazy>(be);
    register_variant<V::lazy_clmul_fold>(be);
  }
  // The library's ghash2::mul / sqr (whichever variant won) are covered by kernels_test.
}
