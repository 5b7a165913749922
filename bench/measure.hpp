// Timing for fieldlab's own reports (ffbench): best and median of S samples, in ns per
// operation. Method (ghash-powers-bench's): the caller's timed function does all the operations of
// one sample; setup (RNG, allocation) and checksums stay outside it.
// Plain header with no imports: include it before any `import`.
#pragma once
#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace ffb {

struct timing {
  double ns_per_op = 0;  // best sample
  double ns_median = 0;  // median sample
  int samples = 0;
};

// Times several functions on the same data, one sample of each in turn, so that drift in
// the machine (memory bandwidth on a shared host moves by 20-30% within seconds) hits them
// alike: a ratio of two results is then a ratio measured side by side. warm: run each
// function once, untimed, before each of its samples. Needed when the data fits in cache:
// a function with non-temporal stores evicts the output, and whichever runs next would
// otherwise pay for it.
inline std::vector<timing> time_interleaved(int samples, double ops, const std::vector<std::function<void()>>& fns,
                                            bool warm = false) {
  using clock = std::chrono::steady_clock;
  for (const auto& f : fns) f();
  std::vector<std::vector<double>> ns(fns.size());
  for (int s = 0; s < samples; ++s)
    for (std::size_t k = 0; k < fns.size(); ++k) {
      if (warm) fns[k]();
      const auto t0 = clock::now();
      fns[k]();
      const auto t1 = clock::now();
      ns[k].push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / ops);
    }
  std::vector<timing> out;
  for (auto& v : ns) {
    std::sort(v.begin(), v.end());
    out.push_back({v.front(), v[v.size() / 2], samples});
  }
  return out;
}

// Runs `sample` (which performs `ops` operations) once to warm up, then `samples` times.
template <class Sample>
timing time_best_of(int samples, double ops, Sample&& sample) {
  return time_interleaved(samples, ops, {std::function<void()>(std::forward<Sample>(sample))}).front();
}

// Keeps a value alive without a store the optimizer could drop.
template <class T>
inline void keep(const T& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

// n applications of f as one dependent chain (latency) and as `Chains` chains interleaved
// (throughput: independent operations in flight), each sample inside enter(body), which runs
// body under a backend's target. vary(x, k) makes chain k's start differ from the others (so
// the compiler cannot merge them).
template <int Chains = 8, class L, class Enter, class Vary, class F>
std::array<std::function<void()>, 2> chain_samples(std::size_t n, const L& x0, Enter enter, Vary vary, F f) {
  std::function<void()> latency = [=] {
    enter([&]() __attribute__((always_inline)) {  // FF_LAMBDA_INLINE: the body inlines into enter's target
      L x = x0;
      for (std::size_t i = 0; i < n; ++i) x = f(x);
      keep(x);
    });
  };
  std::function<void()> throughput = [=] {
    enter([&]() __attribute__((always_inline)) {  // FF_LAMBDA_INLINE: the body inlines into enter's target
      std::array<L, Chains> x;
      for (int k = 0; k < Chains; ++k) x[k] = vary(x0, k);
      for (std::size_t i = 0; i < n / Chains; ++i)
        for (auto& xk : x) xk = f(xk);
      keep(x);
    });
  };
  return {latency, throughput};
}

// ns per cycle: a dependent chain of 64-bit additions, one cycle each on every x86-64 and
// AArch64 core.
inline timing time_add_chain(int samples, std::size_t n) {
  return time_best_of(samples, double(n) * 64, [n] {
    std::uint64_t x = 1;
    for (std::size_t i = 0; i < n; ++i) {
#if defined(__x86_64__)
#define FF_ADD8 "addq %[one], %[x]\n\t addq %[one], %[x]\n\t addq %[one], %[x]\n\t addq %[one], %[x]\n\t" \
                "addq %[one], %[x]\n\t addq %[one], %[x]\n\t addq %[one], %[x]\n\t addq %[one], %[x]\n\t"
      asm volatile(FF_ADD8 FF_ADD8 FF_ADD8 FF_ADD8 FF_ADD8 FF_ADD8 FF_ADD8 FF_ADD8 : [x] "+r"(x) : [one] "r"(std::uint64_t(1)));
#undef FF_ADD8
#else
      for (int k = 0; k < 64; ++k) asm volatile("add %[x], %[x], #1" : [x] "+r"(x));
#endif
    }
    keep(x);
  });
}

}  // namespace ffb
