// A/B of the ghash2 multiply and square variants (generic = the seed's three complete
// ghash128 products; lazy = unreduced Karatsuba products, one reduction per coefficient;
// lazy_clmul_fold = the same with the reduction folds done by clmul by 0x87), next to
// ghash128 and b256, per backend:
//   bulk  independent random operands, loads and stores inside the timed loop (2^16);
//   reg   in-register throughput: C independent chains x_c = x_c * y_c, no memory traffic.
// ns_per_op is per field operation (per element for the SIMD backends).
//
// Instruction counts (valgrind has no AVX-512, so pclmul / portable only):
//   valgrind --tool=callgrind --toggle-collect='*reg_kernel*' --callgrind-out-file=cg.out \
//     build/release/bench/gbench_ghash2 --ir ghash2_mul/lazy pclmul 100000
//   callgrind_annotate cg.out | head   ->  Ir / (100000 x chains) = Ir per operation
// (`--ir` prints the divisor to use.)
#include <benchmark/benchmark.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>
#include "core/targets.h"
import ff;

namespace {

using ff::u64;
using V = ff::ghash2::variant;

// Operations: a field F and a function of (a, b) over a policy A.
template <V Var>
struct ghash2_mul {
  using F = ff::ghash2;
  template <class A>
  FF_INLINE static auto go(const std::array<ff::limbs_t<A>, 4>& a, const std::array<ff::limbs_t<A>, 4>& b) {
    return F::mul_as<Var, A>(a, b);
  }
};
template <V Var>
struct ghash2_sqr {
  using F = ff::ghash2;
  template <class A>
  FF_INLINE static auto go(const std::array<ff::limbs_t<A>, 4>& a, const std::array<ff::limbs_t<A>, 4>&) {
    return F::sqr_as<Var, A>(a);
  }
};
template <class Field>
struct field_mul {
  using F = Field;
  template <class A>
  FF_INLINE static auto go(const std::array<ff::limbs_t<A>, F::limbs>& a, const std::array<ff::limbs_t<A>, F::limbs>& b) {
    return F::template mul<A>(a, b);
  }
};

// ---- Loops over a policy (inlined into the target-attributed wrappers below) ----------
template <class Op, class A>
FF_INLINE void bulk_body(const u64* a, const u64* b, u64* out, std::size_t n) {
  constexpr std::size_t N = Op::F::limbs, W = A::lanes;
  for (std::size_t i = 0; i < n; i += W) {
    std::array<ff::limbs_t<A>, N> x, y;
    A::template load<N>(a + N * i, x);
    A::template load<N>(b + N * i, y);
    A::template store<N>(out + N * i, Op::template go<A>(x, y));
  }
}

// Enough independent chains to fill the pipeline, few enough that the state stays in
// registers (16 GPRs: 4 chains of 2 limbs or 2 of 4; 32 zmm: 2 chains of 4 limbs).
constexpr std::size_t chains_for(std::size_t lanes, std::size_t limbs) { return lanes == 1 ? 8 / limbs : 2; }

// state: chains x N limbs x lanes u64, loaded once, stored once.
template <class Op, class A>
FF_INLINE void reg_body(u64* state, const u64* y, std::size_t iterations) {
  constexpr std::size_t N = Op::F::limbs, C = chains_for(A::lanes, N);
  std::array<std::array<ff::limbs_t<A>, N>, C> x, k;
  for (std::size_t c = 0; c < C; ++c) {
    A::template load<N>(state + c * N * A::lanes, x[c]);
    A::template load<N>(y + c * N * A::lanes, k[c]);
  }
  for (std::size_t i = 0; i < iterations; ++i)
    for (std::size_t c = 0; c < C; ++c) x[c] = Op::template go<A>(x[c], k[c]);
  for (std::size_t c = 0; c < C; ++c) A::template store<N>(state + c * N * A::lanes, x[c]);
}

template <class Op>
[[gnu::noinline]] void bulk_kernel_portable(const u64* a, const u64* b, u64* o, std::size_t n) {
  bulk_body<Op, ff::arith::portable>(a, b, o, n);
}
template <class Op>
[[gnu::noinline]] void reg_kernel_portable(u64* s, const u64* y, std::size_t it) {
  reg_body<Op, ff::arith::portable>(s, y, it);
}
#if defined(__x86_64__)
template <class Op>
[[gnu::noinline, gnu::target(FF_TARGET_PCLMUL)]] void bulk_kernel_pclmul(const u64* a, const u64* b, u64* o, std::size_t n) {
  bulk_body<Op, ff::arith::pclmul>(a, b, o, n);
}
template <class Op>
[[gnu::noinline, gnu::target(FF_TARGET_PCLMUL)]] void reg_kernel_pclmul(u64* s, const u64* y, std::size_t it) {
  reg_body<Op, ff::arith::pclmul>(s, y, it);
}
template <class Op>
[[gnu::noinline, gnu::target(FF_TARGET_VPCLMUL256)]] void bulk_kernel_vpclmul256(const u64* a, const u64* b, u64* o,
                                                                                 std::size_t n) {
  bulk_body<Op, ff::arith::vpclmul256>(a, b, o, n);
}
template <class Op>
[[gnu::noinline, gnu::target(FF_TARGET_VPCLMUL256)]] void reg_kernel_vpclmul256(u64* s, const u64* y, std::size_t it) {
  reg_body<Op, ff::arith::vpclmul256>(s, y, it);
}
template <class Op>
[[gnu::noinline, gnu::target(FF_TARGET_VPCLMUL512)]] void bulk_kernel_vpclmul512(const u64* a, const u64* b, u64* o,
                                                                                 std::size_t n) {
  bulk_body<Op, ff::arith::vpclmul512>(a, b, o, n);
}
template <class Op>
[[gnu::noinline, gnu::target(FF_TARGET_VPCLMUL512)]] void reg_kernel_vpclmul512(u64* s, const u64* y, std::size_t it) {
  reg_body<Op, ff::arith::vpclmul512>(s, y, it);
}
#endif

struct kernels {
  void (*bulk)(const u64*, const u64*, u64*, std::size_t);
  void (*reg)(u64*, const u64*, std::size_t);
  std::size_t lanes, chains;
};

template <class Op>
kernels kernels_for(ff::backend be) {
  switch (be) {
#if defined(__x86_64__)
    case ff::backend::pclmul: return {bulk_kernel_pclmul<Op>, reg_kernel_pclmul<Op>, 1, chains_for(1, Op::F::limbs)};
    case ff::backend::vpclmul256: return {bulk_kernel_vpclmul256<Op>, reg_kernel_vpclmul256<Op>, 4, 2};
    case ff::backend::vpclmul512: return {bulk_kernel_vpclmul512<Op>, reg_kernel_vpclmul512<Op>, 8, 2};
#endif
    default: return {bulk_kernel_portable<Op>, reg_kernel_portable<Op>, 1, chains_for(1, Op::F::limbs)};
  }
}

// Every operation by name: "ghash2_mul/lazy", "ghash128_mul", ...
std::map<std::string, std::function<kernels(ff::backend)>> operations() {
  return {
      {"ghash2_mul/generic", kernels_for<ghash2_mul<V::generic>>},
      {"ghash2_mul/lazy", kernels_for<ghash2_mul<V::lazy>>},
      {"ghash2_mul/lazy_clmul_fold", kernels_for<ghash2_mul<V::lazy_clmul_fold>>},
      {"ghash2_sqr/generic", kernels_for<ghash2_sqr<V::generic>>},
      {"ghash2_sqr/lazy", kernels_for<ghash2_sqr<V::lazy>>},
      {"ghash2_sqr/lazy_clmul_fold", kernels_for<ghash2_sqr<V::lazy_clmul_fold>>},
      {"ghash2_mul/library", kernels_for<field_mul<ff::ghash2>>},
      {"ghash128_mul", kernels_for<field_mul<ff::ghash128>>},
      {"b256_mul", kernels_for<field_mul<ff::b256>>},
  };
}

std::vector<u64> random_limbs(std::size_t count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::vector<u64> v(count);
  for (auto& x : v) x = rng();
  return v;  // every limb pattern is canonical for the 128- and 256-bit fields used here
}

constexpr std::size_t reg_iterations = 1024;

void bench_bulk(benchmark::State& state, kernels k) {
  const std::size_t n = std::size_t(1) << state.range(0);
  const auto a = random_limbs(4 * n, 1), b = random_limbs(4 * n, 2);
  std::vector<u64> out(4 * n);
  for (auto _ : state) {
    k.bulk(a.data(), b.data(), out.data(), n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_op"] =
      benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void bench_reg(benchmark::State& state, kernels k) {
  const std::size_t values = 4 * 4 * k.lanes;  // up to 4 chains x 4 limbs x lanes
  auto s = random_limbs(values, 3);
  const auto y = random_limbs(values, 4);
  for (auto _ : state) {
    k.reg(s.data(), y.data(), reg_iterations);
    benchmark::DoNotOptimize(s.data());
  }
  const double ops = double(reg_iterations * k.chains * k.lanes);
  state.counters["ns_per_op"] =
      benchmark::Counter(ops, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// --ir OPERATION BACKEND ITERATIONS: one in-register run for callgrind.
int run_for_callgrind(const std::string& op, const std::string& backend_name, std::size_t iterations) {
  const auto ops = operations();
  const auto it = ops.find(op);
  const auto be = ff::parse_backend(backend_name);
  if (it == ops.end() || !be || !ff::cpu_has(*be)) {
    std::fprintf(stderr, "gbench_ghash2 --ir: unknown operation '%s' or unavailable backend '%s'\n", op.c_str(),
                 backend_name.c_str());
    return 2;
  }
  const kernels k = it->second(*be);
  auto s = random_limbs(16 * k.lanes, 3);
  const auto y = random_limbs(16 * k.lanes, 4);
  k.reg(s.data(), y.data(), iterations);
  std::printf("%s %s: %zu operations (divide the collected Ir by this)\n", op.c_str(), backend_name.c_str(),
              iterations * k.chains * k.lanes);
  return int(s[0] & 0);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "--ir") return run_for_callgrind(argv[2], argv[3], std::stoul(argv[4]));
  for (const auto& [name, make] : operations())
    for (ff::backend be : ff::available_backends()) {
      if (be == ff::backend::portable) continue;
      const kernels k = make(be);
      const std::string base = name + "/" + std::string(ff::to_string(be));
      benchmark::RegisterBenchmark((base + "/reg").c_str(), [k](benchmark::State& s) { bench_reg(s, k); });
      benchmark::RegisterBenchmark((base + "/bulk").c_str(), [k](benchmark::State& s) { bench_bulk(s, k); })->Arg(16);
    }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
