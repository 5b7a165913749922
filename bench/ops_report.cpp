// ffbench --ops: every operation of the prime fields, per backend, as latency (a dependent
// chain x = f(x, y)) and throughput (eight independent chains), in ns and calibrated core
// cycles, with in the same run the floors (a cycle = one dependent 64-bit addition; MULX
// throughput and latency), the peers (prime_peers.cpp) and Constantine's published figures.
// The kernels run under one backend for the whole measurement (no dispatch per operation).
#include <array>
#include <cstdio>
#include <functional>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>
#include "fieldlab/macros.h"
#include "measure.hpp"
#include "prime_peers.hpp"
#include "report.hpp"
import ff.lab;
import ff.testing;

namespace ffb {
namespace {

using ff::u64;

// ---- floors -----------------------------------------------------------------------------------
#if defined(__x86_64__)
// MULX: eight independent products per step (throughput), or each product's high half the
// next one's multiplier (latency).
timing time_mulx(int samples, std::size_t n, bool latency) {
  return time_best_of(samples, double(n) * 8, [n, latency] {
    u64 a = 0x9e3779b97f4a7c15ULL, h0 = 3, h1 = 5, h2 = 7, h3 = 11, lo;
    for (std::size_t i = 0; i < n; ++i) {
      if (latency) {
        asm volatile(
            "mulxq %[a], %[lo], %%rdx\n\t mulxq %[a], %[lo], %%rdx\n\t mulxq %[a], %[lo], %%rdx\n\t"
            "mulxq %[a], %[lo], %%rdx\n\t mulxq %[a], %[lo], %%rdx\n\t mulxq %[a], %[lo], %%rdx\n\t"
            "mulxq %[a], %[lo], %%rdx\n\t mulxq %[a], %[lo], %%rdx\n\t"
            : "+d"(h0), [lo] "=&r"(lo)
            : [a] "r"(a));
      } else {
        asm volatile(
            "mulxq %[a], %[lo], %[h0]\n\t mulxq %[a], %[lo], %[h1]\n\t mulxq %[a], %[lo], %[h2]\n\t"
            "mulxq %[a], %[lo], %[h3]\n\t mulxq %[a], %[lo], %[h0]\n\t mulxq %[a], %[lo], %[h1]\n\t"
            "mulxq %[a], %[lo], %[h2]\n\t mulxq %[a], %[lo], %[h3]\n\t"
            : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [h3] "=&r"(h3), [lo] "=&r"(lo)
            : [a] "r"(a), "d"(a));
      }
    }
    keep(h0 + h1 + h2 + h3);
  });
}
#endif

// ---- fieldlab's operations ------------------------------------------------------------------------
template <class F>
using limbs = ff::limbs<F::limbs>;

constexpr int chains = 8;  // independent chains of the throughput shape

// Latency (x = f(x, y), n times) and throughput (eight such chains interleaved) of one
// operation; f is a concrete lambda, inlined into both loops.
template <class F, class Fn>
std::pair<timing, timing> time_operation(Fn f, int samples, std::size_t n, const limbs<F>& x0, const limbs<F>& y) {
  const timing latency = time_best_of(samples, double(n), [&] {
    limbs<F> x = x0;
    for (std::size_t i = 0; i < n; ++i) x = f(x, y);
    keep(x);
  });
  const timing throughput = time_best_of(samples, double(n) * chains, [&] {
    std::array<limbs<F>, chains> x;
    x.fill(x0);
    for (int k = 0; k < chains; ++k) x[k][0] ^= u64(k);
    for (std::size_t i = 0; i < n; ++i)
      for (auto& xk : x) xk = f(xk, y);
    keep(x);
  });
  return {latency, throughput};
}

// One row of the table: its record name (without the shape suffix), its label, and the
// measurement of x = f(x, y) on Montgomery limbs under policy P.
template <class F>
struct operation {
  std::string bench;
  std::string label;
  std::function<std::pair<timing, timing>(int samples, bool quick, const limbs<F>& x0, const limbs<F>& y)> measure;
};
template <class F, class Fn>
operation<F> row(std::string bench, std::string label, bool expensive, Fn f) {
  return {std::move(bench), std::move(label), [f, expensive](int samples, bool quick, const limbs<F>& x0, const limbs<F>& y) {
            const std::size_t n = expensive ? (quick ? 2 : 64) : (quick ? 256 : 1 << 15);
            return time_operation<F>(f, samples, n, x0, y);
          }};
}

template <class F, class P>
std::vector<operation<F>> operations(const limbs<F>& exponent) {
  namespace d = ff::prime::detail;
  using L = limbs<F>;
  return {
      row<F>("add", "add", false, [](const L& x, const L& y) { return d::add<F>(x, y); }),
      row<F>("sub", "sub", false, [](const L& x, const L& y) { return d::sub<F>(x, y); }),
      row<F>("neg", "neg", false, [](const L& x, const L&) { return d::sub<F>(L{}, x); }),
      row<F>("mul", "mul", false, [](const L& x, const L& y) { return P::template mul<F>(x, y); }),
      row<F>("sqr", "sqr", false, [](const L& x, const L&) { return P::template square<F>(x); }),
      row<F>("inv", "inverse (safegcd, constant time)", true,
             [](const L& x, const L& y) { return ff::prime::safegcd::inverse<false, F::bits>(d::add<F>(x, y), F::inverse_factor, F::p); }),
      row<F>("inv_var", "inverse_var (safegcd)", true,
             [](const L& x, const L& y) { return ff::prime::safegcd::inverse<true, F::bits>(d::add<F>(x, y), F::inverse_factor, F::p); }),
      row<F>("inv_fermat", "inverse by Fermat (a^(p-2))", true,
             [](const L& x, const L&) { return d::pow_ct<F, P>(x, std::span<const u64>(F::p_minus(2))); }),
      row<F>("sqrt", "sqrt + square check (constant time)", true,
             [](const L& x, const L& y) {
               const L r = d::sqrt_candidate<F, P>(x);
               return ff::integer::select(d::equal_mask(P::template square<F>(r), x), r, y);
             }),
      row<F>("legendre", "legendre (Euler)", true,
             [](const L& x, const L& y) { return d::add<F>(d::pow_var<F, P>(x, F::half_p_minus_1), y); }),
      row<F>("pow", "pow, field-size exponent (constant time)", true,
             [exponent](const L& x, const L&) { return d::pow_ct<F, P>(x, std::span<const u64>(exponent)); }),
      row<F>("pow_var", "pow_var, field-size exponent", true,
             [exponent](const L& x, const L&) { return d::pow_var<F, P>(x, std::span<const u64>(exponent)); }),
  };
}

// The gate: this field's kernels under every backend agree with the portable ones, and the
// field laws hold, before anything is timed.
template <class F>
void gate(ff::backend be) {
  std::vector<ff::testing::property> props = ff::testing::backend_agreement<F>(be);
  if (ff::testing::check_all(props) != 0)
    throw std::runtime_error(std::string(F::name) + " " + std::string(ff::to_string(be)) + ": failed the property gate");
}

struct published {
  std::string bench;
  double ns, tsc;
};
// Constantine PR #69 (its assembly backend), the assembly backend compiled with GCC: ns and "CPU cycles
// (approx)", which are TSC ticks of a 3.0 GHz TSC on a core at about 4.1 GHz.
const std::vector<published>* constantine(std::string_view field) {
  static const std::vector<published> bn254 = {
      {"add", 3, 9},          {"sub", 2, 8},          {"neg", 0, 2},         {"mul", 14, 43},
      {"sqr", 14, 43},        {"inv", 8160, 24482},   {"inv_fermat", 6497, 19492}, {"sqrt", 6483, 19449},
      {"pow", 9322, 27966},   {"pow_var", 6471, 19415}};
  static const std::vector<published> bls12_381 = {
      {"add", 4, 14},         {"sub", 4, 13},         {"neg", 1, 4},         {"mul", 28, 86},
      {"sqr", 30, 91},        {"inv", 22721, 68165},  {"inv_fermat", 15590, 46770}, {"sqrt", 15620, 46860},
      {"pow", 14553, 43661},  {"pow_var", 10733, 32201}};
  if (field == "bn254_fp") return &bn254;
  if (field == "bls12_381_fp") return &bls12_381;
  return nullptr;
}

template <class F>
void report_field(const options& o, results& r, double ns_per_cycle, double mulx_cycles) {
  std::mt19937_64 rng(2021);
  const limbs<F> x0 = F::random(rng).limb, y = F::random(rng).limb;
  limbs<F> exponent{};
  for (auto& l : exponent) l = rng();
  if (F::bits % 64) exponent[F::limbs - 1] &= (u64(1) << (F::bits % 64)) - 1;
  auto add = [&](const std::string& bench, const std::optional<std::string>& backend, const timing& t,
                 const std::optional<std::string>& variant = std::nullopt) {
    r.add({.bench = bench, .field = std::string(F::name), .backend = backend, .variant = variant, .samples = t.samples,
           .ns_per_op = t.ns_per_op, .ns_median = t.ns_median, .cycles = t.ns_per_op / ns_per_cycle,
           .cycles_median = t.ns_median / ns_per_cycle});
  };
  std::vector<std::string> labels;
  [&]<class... P>(ff::policy_list<P...>) {
    (
        [&] {
          if (!ff::cpu_has(P::id)) return;
          const std::string be(ff::to_string(P::id));
          gate<F>(P::id);
          for (const operation<F>& op : operations<F, P>(exponent)) {
            progress(std::string(F::name) + " " + be + " " + op.bench);
            const auto [lat, thr] = op.measure(o.samples, o.quick, x0, y);
            add(op.bench + "_lat", be, lat);
            add(op.bench + "_reg", be, thr);
          }
          // Bulk: the batch API over 2^12 independent pairs, loads and stores included.
          const std::size_t n = o.quick ? 64 : 4096;
          std::vector<ff::element<F>> a(n), b(n), out(n);
          for (std::size_t i = 0; i < n; ++i) a[i] = F::random(rng), b[i] = F::random(rng);
          using E = ff::element<F>;
          const std::span<const E> as(a), bs(b);
          add("mul", be, time_best_of(o.samples, double(n), [&] { ff::mul<F>(P::id, as, bs, std::span<E>(out)); }));
          add("sqr", be, time_best_of(o.samples, double(n), [&] { ff::square<F>(P::id, as, std::span<E>(out)); }));
        }(),
        ...);
  }(typename F::scalar_policies{});
  if (o.peers) run_prime_peers({std::string(F::name), std::string(F::modulus_text)}, o.samples, o.quick, r);
  if (const auto* pub = constantine(F::name))
    for (const published& p : *pub)
      r.add({.bench = p.bench + "_reg", .field = std::string(F::name), .impl = "published",
             .variant = "Constantine PR #69 asm (GCC); cycles are TSC ticks (3.0 GHz TSC, core ~4.1 GHz)",
             .samples = 1, .ns_per_op = p.ns, .ns_median = p.ns, .cycles = p.tsc, .cycles_median = p.tsc});

  // The table.
  const std::string field(F::name);
  auto find = [&](const std::string& bench, const std::string& impl, const std::optional<std::string>& be) {
    return r.find(bench, field, impl, be);
  };
  std::printf("\n%s (%u bits, %zu limbs): ns (cycles), latency / throughput\n", F::name.data(), F::bits, F::limbs);
  std::printf("%-40s %-23s %-23s %-24s %-14s\n", "operation", "portable", "adx", "fastest peer (bulk)", "Constantine");
  auto cell = [&](std::optional<double> lat, std::optional<double> thr) {
    char buf[64] = "-";
    if (lat && thr)
      std::snprintf(buf, sizeof buf, "%.0f (%.0f) / %.0f (%.0f)", *lat, *lat / ns_per_cycle, *thr, *thr / ns_per_cycle);
    return std::string(buf);
  };
  for (const operation<F>& op : operations<F, ff::prime::portable>(exponent)) {
    std::string peer = "-";
    double best = 0;
    for (const char* impl : {"openssl", "gmp", "ntl", "flint"})
      if (const auto t = find(op.bench, impl, std::nullopt); t && (best == 0 || *t < best)) {
        best = *t;
        char buf[48];
        std::snprintf(buf, sizeof buf, "%.0f %s", *t, impl);
        peer = buf;
      }
    std::string pub = "-";
    if (const auto t = find(op.bench + "_reg", "published", std::nullopt)) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.0f", *t);
      pub = buf;
    }
    std::printf("%-40s %-23s %-23s %-24s %-14s\n", op.label.c_str(),
                cell(find(op.bench + "_lat", "fieldlab", "portable"), find(op.bench + "_reg", "fieldlab", "portable")).c_str(),
                cell(find(op.bench + "_lat", "fieldlab", "adx"), find(op.bench + "_reg", "fieldlab", "adx")).c_str(),
                peer.c_str(), pub.c_str());
  }
  // The targets of the issue, as ratios from this run.
  const std::string best_be = ff::cpu_has(ff::backend::adx) ? "adx" : "portable";
  const auto mul_reg = find("mul_reg", "fieldlab", best_be), mul_lat = find("mul_lat", "fieldlab", best_be);
  const auto sqr_reg = find("sqr_reg", "fieldlab", best_be);
  const auto inv = find("inv_lat", "fieldlab", best_be), inv_var = find("inv_var_lat", "fieldlab", best_be);
  const auto fermat = find("inv_fermat_lat", "fieldlab", best_be);
  const auto sqrt_t = find("sqrt_lat", "fieldlab", best_be), pow_var = find("pow_var_lat", "fieldlab", best_be);
  const double mulx_count = 2.0 * F::limbs * F::limbs + F::limbs;  // n^2 for a b, n^2 + n for the reduction
  if (mul_reg && mul_lat && sqr_reg && inv && inv_var && fermat && sqrt_t && pow_var) {
    std::printf("%s %s: mul %.1f cycles throughput = %.2fx the floor of %.0f MULX (%.1f cycles); latency %.1f cycles; "
                "sqr/mul %.2f\n",
                F::name.data(), best_be.c_str(), *mul_reg / ns_per_cycle, *mul_reg / ns_per_cycle / (mulx_count * mulx_cycles),
                mulx_count, mulx_count * mulx_cycles, *mul_lat / ns_per_cycle, *sqr_reg / *mul_reg);
    std::printf("%s %s: inverse %.0f cycles, Fermat/inverse %.2fx, inverse/inverse_var %.2fx; sqrt/pow_var %.2fx\n",
                F::name.data(), best_be.c_str(), *inv / ns_per_cycle, *fermat / *inv, *inv / *inv_var, *sqrt_t / *pow_var);
    double best_peer = 0;
    std::string best_peer_name;
    for (const char* impl : {"openssl", "gmp", "ntl", "flint"})
      if (const auto t = find("mul", impl, std::nullopt); t && (best_peer == 0 || *t < best_peer)) best_peer = *t, best_peer_name = impl;
    if (best_peer > 0)
      std::printf("%s %s: mul throughput %.2fx faster than the fastest peer (%s, bulk)\n", F::name.data(),
                  best_be.c_str(), best_peer / *mul_reg, best_peer_name.c_str());
    if (const auto port = find("mul_reg", "fieldlab", "portable"); port && best_be != "portable")
      std::printf("%s: portable mul / adx mul = %.2fx\n", F::name.data(), *port / *mul_reg);
  }
}

}  // namespace

void run_ops_report(const options& o, results& r) {
  const int samples = o.samples;
  const std::size_t n = o.quick ? 1000 : 200000;
  const double ns_per_cycle = calibrate_cycles(o, r);
  double mulx_cycles = 1.0;
#if defined(__x86_64__)
  if (ff::cpu_has(ff::backend::adx)) {
    const timing thr = time_mulx(samples, n / 8, false), lat = time_mulx(samples, n / 8, true);
    for (const auto& [t, shape] : {std::pair{thr, "throughput"}, std::pair{lat, "latency"}})
      r.add({.bench = "floor_mulx", .impl = "floor", .variant = shape, .samples = t.samples, .ns_per_op = t.ns_per_op,
             .ns_median = t.ns_median, .cycles = t.ns_per_op / ns_per_cycle, .cycles_median = t.ns_median / ns_per_cycle});
    mulx_cycles = thr.ns_per_op / ns_per_cycle;
    std::printf("MULX: %.2f cycles throughput, %.2f cycles latency\n", mulx_cycles, lat.ns_per_op / ns_per_cycle);
  }
#endif
  for (const std::string& name : o.prime_fields)
    ff::visit_by_name<ff::lab::prime_fields>(name, [&]<class F>() { report_field<F>(o, r, ns_per_cycle, mulx_cycles); });
}

}  // namespace ffb
