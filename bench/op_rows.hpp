// Rows of operations for ffbench --tower (tower_report.cpp, groups_report.cpp): a named sample,
// chains of x = f(x) under one backend policy, and the recording of a group of rows timed
// interleaved.
#pragma once
#include <array>
#include <cstddef>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>
#include "fieldlab/macros.h"
#include "measure.hpp"
#include "report.hpp"
import ff.lab;

namespace ffb {
struct op_row {
  std::string field, bench, variant;
  std::function<void()> fn;
};

// x = f(x) from 8 starting values as latency (one chain) and throughput (8 chains) samples,
// under policy P's target, named field / op_lat and op_reg.
template <class P, class V, class F>
void add_chains(std::vector<op_row>& rows, std::size_t n, const std::array<V, 8>& starts, const std::string& field,
                const std::string& op, const std::string& variant, F f, bool throughput = true) {
  auto enter = [](auto&& body) FF_LAMBDA_INLINE { ff::run_with<ff::target_of(P::id)>(body); };
  auto vary = [starts](const V&, int k) { return starts[std::size_t(k)]; };
  const auto samples = chain_samples<8>(n, starts[0], enter, vary, f);
  rows.push_back({field, op + "_lat", variant, samples[0]});
  if (throughput) rows.push_back({field, op + "_reg", variant, samples[1]});
}
// The same from random values of T (a prime field's or a tower level's arithmetic).
template <class P, class T, class F>
void add_chains(std::vector<op_row>& rows, std::size_t n, std::mt19937_64& rng, const std::string& field, const std::string& op,
                const std::string& variant, F f, bool throughput = true) {
  std::array<typename T::value, 8> starts;
  for (auto& s : starts) s = T::random(rng);
  add_chains<P>(rows, n, starts, field, op, variant, f, throughput);
}

// The rows timed interleaved (each sample `ops` operations; scale_of(row) multiplies a row's
// time per operation) and recorded under backend be.
template <class Scale>
void record_rows(const options& o, results& r, const std::vector<op_row>& rows, double ops, Scale scale_of, const std::string& be,
                 double ns_per_cycle) {
  std::vector<std::function<void()>> fns;
  for (const op_row& w : rows) fns.push_back(w.fn);
  const std::vector<timing> t = time_interleaved(o.samples, ops, fns);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const double scale = scale_of(rows[k]);
    r.add({.bench = rows[k].bench, .field = rows[k].field, .backend = be, .variant = rows[k].variant, .samples = t[k].samples,
           .ns_per_op = t[k].ns_per_op * scale, .ns_median = t[k].ns_median * scale,
           .cycles = t[k].ns_per_op * scale / ns_per_cycle, .cycles_median = t[k].ns_median * scale / ns_per_cycle});
  }
}

// Issue 23's A/B for Fp2 = A[u] / (u^2 + 1): the schoolbook product (4 base products, 2
// additions), against the library's Karatsuba (3 products, 5 additions). Bench-only; the gate
// compares it with the library's product before anything is timed.
template <class F2>
FF_INLINE typename F2::value schoolbook_mul(const typename F2::value& a, const typename F2::value& b) {
  static_assert(F2::beta == -1, "schoolbook_mul is for u^2 = -1");
  using A = typename F2::base;
  return {A::sub(A::mul(a.c0, b.c0), A::mul(a.c1, b.c1)), A::add(A::mul(a.c0, b.c1), A::mul(a.c1, b.c0))};
}
// The rows name/mul "schoolbook" for F2 under policy P, gated.
template <class P, class F2>
void schoolbook_rows(std::vector<op_row>& rows, std::size_t n, std::mt19937_64& rng, const std::string& name) {
  const auto y = F2::random(rng);
  const auto x = F2::random(rng);
  if (schoolbook_mul<F2>(x, y) != F2::mul(x, y)) throw std::runtime_error(name + ": the schoolbook product disagrees");
  add_chains<P, F2>(rows, n, rng, name, "mul", "schoolbook",
                    [y](const typename F2::value& v) FF_LAMBDA_INLINE { return schoolbook_mul<F2>(v, y); });
}

// "cycles (ns)" of a recorded time, "-" when there is none.
inline std::string cycles_cell(std::optional<double> ns, double ns_per_cycle) {
  char buf[40] = "-";
  if (ns) std::snprintf(buf, sizeof buf, "%.0f (%.1f ns)", *ns / ns_per_cycle, *ns);
  return buf;
}

// groups_report.cpp: BN254's and BLS12-381's groups, BN254's pairing, and evmone's mul-by-xi experiment
// on the two-pair check, under every prime backend the CPU has.
void run_groups_report(const options& o, results& r, double ns_per_cycle);
}  // namespace ffb
