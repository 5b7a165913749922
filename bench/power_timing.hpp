// Fixed-base power timing shared by the power report (power_report.cpp, which defines these)
// and the window sweep (sweep.cpp). Plain header with no imports: include it before any
// `import`. Fields and backends are named by their strings here so the header needs no module.
#pragma once
#include <time.h>
#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>
#include "measure.hpp"

namespace ffb {

// Best (and median) of `samples` runs of `sample` (which does `ops` operations), in ns of this
// thread's CPU time. The power reports use it instead of wall time because the machine they
// were tuned on is shared with compilers (load average ~12 on 2 cores): wall-clock best-of-11
// figures came out 3-6x inflated and the ranking of loop shapes flipped from run to run.
// CPU time still counts every cycle the thread waits on memory. One warm-up run first.
template <class Sample>
timing cpu_time_best_of(int samples, double ops, Sample&& sample) {
  auto now = [] {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
  };
  sample();
  std::vector<double> ns;
  for (int s = 0; s < samples; ++s) {
    const double t0 = now();
    sample();
    ns.push_back((now() - t0) / ops);
  }
  std::sort(ns.begin(), ns.end());
  return {ns.front(), ns[ns.size() / 2], samples};
}

struct power_point {
  int log2_n = 0;
  double ns_per_op = 0, ns_median = 0;
};

// F::tuning.power_window_bits, sizeof(element<F>) and the batch backend of F's family for a
// field name (binary or prime).
unsigned default_power_window(const std::string& field);
std::size_t power_element_bytes(const std::string& field);
std::string default_power_backend(const std::string& field);

// Builds field's table with the given window (outside the timing; throws ff::error when the
// width or the table size is refused), then times batches of 2^min_log .. 2^max_log random
// 128-bit exponents with `backend`, best of `samples`; calls after_each per batch size.
std::vector<power_point> time_fixed_base_powers(const std::string& field, const std::string& backend,
                                                unsigned window_bits, int min_log, int max_log, int samples,
                                                const std::function<void(const power_point&)>& after_each = {});

}  // namespace ffb
