// Google Benchmark microbenchmarks: bulk multiply and square for every field and backend
// (2^16 and 2^20 independent random operands; loads and stores inside the timed loop, RNG
// outside). `./build/release/bench/gbench_mul --benchmark_format=json` for scripts.
#include <benchmark/benchmark.h>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>
import ff;

namespace {

template <class F>
void bulk(benchmark::State& state, ff::backend be, bool square) {
  const std::size_t n = std::size_t(1) << state.range(0);
  std::mt19937_64 rng(1);
  std::vector<ff::element<F>> a(n), b(n), out(n);
  for (auto& e : a) e = F::random(rng);
  for (auto& e : b) e = F::random(rng);
  for (auto _ : state) {
    if (square) ff::square<F>(be, std::span<const ff::element<F>>(a), std::span<ff::element<F>>(out));
    else ff::mul<F>(be, std::span<const ff::element<F>>(a), std::span<const ff::element<F>>(b), std::span<ff::element<F>>(out));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(n));
  state.counters["ns_per_op"] = benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate |
                                                                  benchmark::Counter::kInvert);
}

template <class F>
void register_field() {
  for (ff::backend be : ff::available_backends(F::family))
    for (bool square : {false, true}) {
      const std::string name = std::string(square ? "square/" : "mul/") + std::string(F::name) + "/" +
                               std::string(ff::to_string(be));
      benchmark::RegisterBenchmark(name.c_str(), [be, square](benchmark::State& s) { bulk<F>(s, be, square); })
          ->Arg(16)
          ->Arg(20)
          ->Unit(benchmark::kMicrosecond);
    }
}

}  // namespace

int main(int argc, char** argv) {
  ff::for_each_type<ff::binary_fields>([]<class F>() { register_field<F>(); });
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
