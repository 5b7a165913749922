// The fixed-base power report (ghash-powers-bench's headline table) with its peers measured in
// the same run: NTL's power() (square-and-multiply on GF2E, or the GF2EX model for ghash2) and
// the project's own square-and-multiply (ff::pow, same kernels, no table); ghash-powers-bench's
// published ratios side by side.
#include <NTL/ZZ.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>
#include "measure.hpp"
#include "power_timing.hpp"
#include "report.hpp"
import ff.lab;
import ff.reference;

namespace ffb {
namespace {

using ff::u128;

record power_record(const std::string& field, const std::string& impl, std::optional<std::string> backend,
                    std::optional<std::string> variant, std::optional<int> log2_n, std::optional<int> window_bits,
                    int samples, double ns_per_op, double ns_median) {
  record r;
  r.bench = "power";
  r.field = field;
  r.impl = impl;
  r.backend = std::move(backend);
  r.variant = std::move(variant);
  r.log2_n = log2_n;
  r.window_bits = window_bits;
  r.samples = samples;
  r.ns_per_op = ns_per_op;
  r.ns_median = ns_median;
  return r;
}

// Uniform in [0, 2^128), generated before any timing.
std::vector<u128> random_exponents(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<u128> e(n);
  for (auto& x : e) x = (u128{rng()} << 64) | rng();
  return e;
}

ff::backend backend_named(const std::string& name) {
  const auto b = ff::parse_backend(name);
  if (!b || !ff::cpu_has(*b)) throw ff::error("backend '" + name + "' is not available on this CPU");
  return *b;
}

// ---- Published figures: reilabs' ghash-powers-bench (Apple M CPU in a VM, AArch64 PMULL, 2^22
// powers, best of 11, tuned windows): ns/power and the ratio to ghash128.
struct published_figure {
  const char* field;
  double ns_per_power, relative;
  int window_bits;
};
constexpr std::array<published_figure, 7> published_figures = {{{"b127", 45.384, 0.71, 15},
                                                      {"ghash128", 64.034, 1.00, 15},
                                                      {"b191", 79.016, 1.23, 12},
                                                      {"b163", 111.664, 1.74, 15},
                                                      {"sect193", 92.749, 1.45, 12},
                                                      {"ghash2", 154.808, 2.42, 13},
                                                      {"b256", 125.493, 1.96, 13}}};

const published_figure* published_for(const std::string& field) {
  for (const auto& s : published_figures)
    if (field == s.field) return &s;
  return nullptr;
}

struct peer_figures {
  double ntl_ns = 0, own_ns = 0;
};

// NTL power() on a few hundred exponents and ff::pow on a few thousand (they are slow); each
// result is checked against the table.
template <class F>
peer_figures time_peers(const ff::fixed_base_table<F>& t, const options& o, results& r) {
  peer_figures p;
  const int samples = std::min(o.samples, 5);
  const auto g = F::generator();
  {
    const std::size_t n = std::is_same_v<F, ff::ghash2> ? 100 : 300;
    const auto e = random_exponents(n, 21);
    std::vector<NTL::ZZ> zz;
    for (u128 x : e) zz.push_back(ff::ref::to_zz(x));
    std::vector<ff::element<F>> out(n);
    const timing tm = cpu_time_best_of(samples, double(n), [&] {
      for (std::size_t i = 0; i < n; ++i) out[i] = ff::ref::any_power(g, zz[i]);
    });
    for (std::size_t i = 0; i < n; ++i)
      if (out[i] != t.power(e[i])) throw ff::error(std::string(F::name) + ": NTL power disagrees with the table");
    p.ntl_ns = tm.ns_per_op;
    r.add(power_record(std::string(F::name), "ntl", std::nullopt, "PowerMod", std::nullopt, std::nullopt, samples,
                       tm.ns_per_op, tm.ns_median));
  }
  {
    const std::size_t n = 4000;
    const auto e = random_exponents(n, 22);
    std::vector<ff::element<F>> out(n);
    const timing tm = cpu_time_best_of(samples, double(n), [&] {
      for (std::size_t i = 0; i < n; ++i) {
        const std::array<ff::u64, 2> limbs = {ff::u64(e[i]), ff::u64(e[i] >> 64)};
        out[i] = ff::pow_var(g, std::span<const ff::u64>(limbs));  // public exponents: the fast loop
      }
    });
    for (std::size_t i = 0; i < n; i += 97)
      if (out[i] != t.power(e[i])) throw ff::error(std::string(F::name) + ": ff::pow disagrees with the table");
    p.own_ns = tm.ns_per_op;
    r.add(power_record(std::string(F::name), "fieldlab", std::string(ff::to_string(ff::scalar_backend(F::family))),
                       "square_and_multiply", std::nullopt, std::nullopt, samples, tm.ns_per_op, tm.ns_median));
  }
  return p;
}

}  // namespace

// ---- Shared with the sweep (power_timing.hpp) ---------------------------------------------------
unsigned default_power_window(const std::string& field) {
  unsigned w = 0;
  ff::visit_by_name<ff::lab::fields>(field, [&]<class F>() { w = F::tuning.power_window_bits; });
  return w;
}
std::size_t power_element_bytes(const std::string& field) {
  std::size_t b = 0;
  ff::visit_by_name<ff::lab::fields>(field, [&]<class F>() { b = sizeof(ff::element<F>); });
  return b;
}
std::string default_power_backend(const std::string& field) {
  std::string be;
  ff::visit_by_name<ff::lab::fields>(field, [&]<class F>() { be = std::string(ff::to_string(ff::batch_backend(F::family))); });
  return be;
}

std::vector<power_point> time_fixed_base_powers(const std::string& field, const std::string& backend,
                                                unsigned window_bits, int min_log, int max_log, int samples,
                                                const std::function<void(const power_point&)>& after_each) {
  std::vector<power_point> points;
  const ff::backend be = backend_named(backend);
  ff::visit_by_name<ff::lab::fields>(field, [&]<class F>() {
    const ff::fixed_base_table<F> t(window_bits);
    const auto e = random_exponents(std::size_t{1} << max_log, 5);
    std::vector<ff::element<F>> out(e.size());
    for (int lg = min_log; lg <= max_log; ++lg) {
      const std::size_t n = std::size_t{1} << lg;
      const std::span<const u128> in(e.data(), n);
      const std::span<ff::element<F>> res(out.data(), n);
      const timing tm = cpu_time_best_of(samples, double(n), [&] { t.power(be, in, res); });
      keep(out[n - 1]);
      points.push_back({lg, tm.ns_per_op, tm.ns_median});
      if (after_each) after_each(points.back());
    }
  });
  return points;
}


void run_power_report(const options& o, results& r) {
  // The batch default of the field's family (FF_BACKEND / fastest) or --backend, plus the
  // family's scalar backends (portable: smallest batch only, it is slow) for comparison.
  auto backends_of = [&](ff::family f) {
    std::vector<ff::backend> backends;
    if (o.backend) backends = {backend_named(*o.backend)};
    else {
      backends.push_back(ff::batch_backend(f));
      for (ff::backend b : {ff::backend::pclmul, ff::backend::pmull, ff::backend::adx, ff::backend::portable})
        if (ff::serves(b, f) && ff::cpu_has(b) && std::find(backends.begin(), backends.end(), b) == backends.end())
          backends.push_back(b);
    }
    return backends;
  };
  struct row {
    std::string field;
    unsigned window_bits = 0, windows = 0;
    double table_mib = 0;
    std::map<std::pair<ff::backend, int>, double> ns;
    std::optional<peer_figures> peers;
    std::vector<ff::backend> backends;  // backends.front(): the headline
  };
  std::vector<row> rows;

  for (const std::string& field : o.fields) {
    ff::visit_by_name<ff::lab::fields>(field, [&]<class F>() {
      const unsigned w = o.window_bits ? unsigned(*o.window_bits) : F::tuning.power_window_bits;
      progress("power " + field + ": building the " + std::to_string(w) + "-bit window table");
      const ff::fixed_base_table<F> t(w);
      const std::vector<ff::backend> backends = backends_of(F::family);
      const ff::backend headline = backends.front();
      row x{field, w, t.windows(), double(t.bytes()) / (1 << 20), {}, std::nullopt, backends};
      const auto e = random_exponents(std::size_t{1} << o.max_log, 1);
      std::vector<ff::element<F>> out(e.size());
      for (ff::backend be : backends)
        for (int lg = o.min_log; lg <= o.max_log; ++lg) {
          const bool slow = be == ff::backend::portable && be != headline;
          if (slow && lg > o.min_log) continue;
          const int samples = slow ? std::min(o.samples, 3) : o.samples;
          const std::size_t n = std::size_t{1} << lg;
          progress("power " + field + " " + std::string(ff::to_string(be)) + " 2^" + std::to_string(lg));
          const std::span<const u128> in(e.data(), n);
          const std::span<ff::element<F>> res(out.data(), n);
          const timing tm = cpu_time_best_of(samples, double(n), [&] { t.power(be, in, res); });
          keep(out[n - 1]);
          for (std::size_t i = 0; i < n; i += n / 16 + 1)
            if (out[i] != t.power(e[i])) throw ff::error(field + ": batch power disagrees with the scalar power");
          x.ns[{be, lg}] = tm.ns_per_op;
          r.add(power_record(field, "fieldlab", std::string(ff::to_string(be)), std::nullopt, lg, int(w), samples,
                             tm.ns_per_op, tm.ns_median));
        }
      if (o.peers) {
        progress("power " + field + ": NTL power() and ff::pow (square-and-multiply)");
        x.peers = time_peers<F>(t, o, r);
      }
      rows.push_back(std::move(x));
    });
  }
  for (const auto& s : published_figures) {
    // ghash-powers-bench's ns are an Apple M CPU (AArch64 VM, PMULL); its ratios are to its ghash128.
    r.add(power_record(s.field, "published", "pmull", "ghash-powers-bench apple_m_vm_ns", 22, s.window_bits, 11,
                       s.ns_per_power, s.ns_per_power));
    r.add(power_record(s.field, "published", "pmull", "ghash-powers-bench relative_to_ghash128", 22, s.window_bits, 11,
                       s.relative, s.relative));
  }

  // The headline table at the largest batch, with the peers and the published ratios.
  const int lg = o.max_log;
  std::optional<double> ghash_ns;
  for (const row& x : rows)
    if (x.field == "ghash128") ghash_ns = x.ns.at({x.backends.front(), lg});
  std::printf("\nFixed-base powers: 2^%d random 128-bit exponents, best of %d (thread CPU time), each field's batch backend\n",
              lg, o.samples);
  std::printf("%-9s %6s %7s %9s %9s %8s %12s %10s %8s %10s %8s\n", "Field", "Window", "Windows", "Table MiB",
              "ns/power", "Relative", "published", "NTL power", "x faster", "own sq-mul", "x faster");
  std::printf("%-9s %6s %7s %9s %9s %8s %12s %10s %8s %10s %8s\n", "", "bits", "", "", "", "to ghash", "rel (PMULL)",
              "ns", "than NTL", "ns", "");
  for (const row& x : rows) {
    const double ns = x.ns.at({x.backends.front(), lg});
    char rel[16] = "-", published[16] = "-", ntl[16] = "-", ntl_x[16] = "-", own[16] = "-", own_x[16] = "-";
    if (ghash_ns) std::snprintf(rel, sizeof rel, "%.2fx", ns / *ghash_ns);
    if (const published_figure* s = published_for(x.field))
      std::snprintf(published, sizeof published, "%.2fx", s->relative);
    if (x.peers) {
      std::snprintf(ntl, sizeof ntl, "%.0f", x.peers->ntl_ns);
      std::snprintf(ntl_x, sizeof ntl_x, "%.0fx", x.peers->ntl_ns / ns);
      std::snprintf(own, sizeof own, "%.1f", x.peers->own_ns);
      std::snprintf(own_x, sizeof own_x, "%.1fx", x.peers->own_ns / ns);
    }
    std::printf("%-9s %6u %7u %9.1f %9.2f %8s %12s %10s %8s %10s %8s\n", x.field.c_str(), x.window_bits, x.windows,
                x.table_mib, ns, rel, published, ntl, ntl_x, own, own_x);
  }
  std::printf("(published: reilabs ghash-powers-bench, Apple M CPU in an AArch64 VM, PMULL, 2^22 powers: b127 %.1f,\n"
              " ghash128 %.1f ns/power.)\n",
              published_figures[0].ns_per_power, published_figures[1].ns_per_power);

  std::printf("\nns/power by backend and batch size:\n%-9s %-11s", "Field", "Backend");
  for (int l = o.min_log; l <= o.max_log; ++l) std::printf(" %8s", ("2^" + std::to_string(l)).c_str());
  std::printf("\n");
  for (const row& x : rows)
    for (ff::backend be : x.backends) {
      std::printf("%-9s %-11s", x.field.c_str(), std::string(ff::to_string(be)).c_str());
      for (int l = o.min_log; l <= o.max_log; ++l) {
        const auto it = x.ns.find({be, l});
        if (it == x.ns.end()) std::printf(" %8s", "-");
        else std::printf(" %8.2f", it->second);
      }
      std::printf("\n");
    }
}

}  // namespace ffb
