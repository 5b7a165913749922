// ffbench --mul --family prime (or --mul --field <prime field>): the prime fields' batch
// multiplication roofline. ff::mul over spans, out[i] = a[i] b[i], on each prime backend (ifma:
// eight elements per VPMADD52 instruction; adx and portable: the scalar product per element):
//  - in L1: a batch small enough that its three arrays stay in L1, repeated; the whole kernel
//    (loads, transposes, products, stores) without memory-hierarchy traffic;
//  - bulk: 2^k random operands at each batch size, loads and stores inside the timed region;
// next to, in the same run,
//  - the IFMA floor: ns per VPMADD52LUQ on zmm (16 independent chains) x (4k^2 + k) / 8 per
//    element for k 52-bit digits (the count: the kernel issues 4k^2 + 1);
//  - the memory floor: the same traffic without arithmetic (c = a ^ b, regular stores);
// in ns and calibrated core cycles per element, and a gnuplot plot (prime-mul-roofline.png).
#include <algorithm>
#include <bit>
#include <optional>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <random>
#include <span>
#include <string>
#include <vector>
#include "fieldlab/macros.h"
#include "measure.hpp"
#include "report.hpp"
import ff.lab;

namespace ffb {
namespace {

using ff::u64;

#if defined(__x86_64__)
// x_j += lo(y z) in 16 independent chains (VPMADD52LUQ's latency is 4 cycles; 16 chains cover
// two per cycle): throughput, not latency.
constexpr int madd_chains = 16;
u64 run_madd_chains(std::size_t iters) {
  return ff::run_with<ff::isa::ifma>([iters]() FF_LAMBDA_INLINE {
    ff::v8u64 x[madd_chains];
    const ff::v8u64 y = ff::v8u64{} + 0x9e3779b97f4a7ULL, z = ff::v8u64{} + 0x7f4a7c159e377ULL;
    for (int j = 0; j < madd_chains; ++j) x[j] = ff::v8u64{} + u64(j + 1);
    for (std::size_t i = 0; i < iters; ++i)
      for (int j = 0; j < madd_chains; ++j) ff::simd::madd52lo(x[j], y, z);
    u64 s = 0;
    for (int j = 0; j < madd_chains; ++j)
      for (int l = 0; l < 8; ++l) s += x[j][l];
    return s;
  });
}
#endif

// In registers: two chains of eight lanes, x = x y R^-1 on the radix-2^52 digits, the
// kernel's product and reduction with a carry pass that makes the result the next multiplicand
// (what a chain kept in the 52-bit form runs); no loads, transposes, canonical subtraction or
// stores. The values are not the field's (the reduction leaves U 2^r); the work is.
template <class F>
u64 run_in_register(std::size_t iters) {
  using K = ff::prime::detail::kernel<F>;
  constexpr std::size_t k = K::k;
  return ff::run_with<ff::isa::ifma>([iters]() FF_LAMBDA_INLINE {
    typename K::digits A[2], B[2];
    typename K::wide T[2];
    for (std::size_t s = 0; s < 2; ++s)
      for (std::size_t j = 0; j < k; ++j) A[s][j] = ff::v8u64{} + u64(0x9e3779b97f4a7ULL * (j + 3 * s + 1) & ((u64(1) << 52) - 1)),
                                          B[s][j] = ff::v8u64{} + u64(0x7f4a7c159e377ULL * (j + 5 * s + 2) & ((u64(1) << 52) - 1));
    for (std::size_t i = 0; i < iters; ++i) {
#pragma clang loop unroll(full)
      for (std::size_t s = 0; s < 2; ++s) K::product(A[s], B[s], T[s]);
#pragma clang loop unroll(full)
      for (std::size_t s = 0; s < 2; ++s) K::reduce(T[s]);
#pragma clang loop unroll(full)
      for (std::size_t s = 0; s < 2; ++s) {
        ff::v8u64 carry = T[s][2 * k - 1] >> 63;  // keeps the top digit's products live
#pragma clang loop unroll(full)
        for (std::size_t j = 0; j < k; ++j) {
          const ff::v8u64 x = T[s][k - 1 + j] + carry;
          carry = x >> 52, A[s][j] = x & ((u64(1) << 52) - 1);
        }
      }
    }
    u64 sum = 0;
    for (std::size_t s = 0; s < 2; ++s)
      for (std::size_t j = 0; j < k; ++j)
        for (int l = 0; l < 8; ++l) sum += A[s][j][l];
    return sum;
  });
}

struct row {
  std::string field;
  std::size_t bytes = 0, digits = 0, l1_n = 0;
  double ifma_floor = 0;               // ns per element (0: no ifma kernel)
  double in_register = 0;              // ns per element, the ifma chains in registers
  double one_block = 0;                // ns per element in L1, ifma with one block per step
  std::vector<std::pair<std::string, double>> l1;  // backend, ns per element
};

template <class F>
row measure_field(const options& o, results& r, const std::vector<ff::backend>& backends, double ns_per_madd,
                  double ns_per_cycle) {
  using E = ff::element<F>;
  row out{.field = std::string(F::name), .bytes = sizeof(E)};
  out.digits = (64 * F::limbs + 51) / 52;
#if defined(__x86_64__)
  if constexpr (ff::prime::ifma::covers<F>) {
    if (ns_per_madd > 0) {
      const double k = double(out.digits);
      out.ifma_floor = ns_per_madd * (4 * k * k + k) / 8;
      r.add({.bench = "floor_ifma", .field = out.field, .impl = "floor", .backend = "ifma", .samples = o.samples,
             .ns_per_op = out.ifma_floor, .ns_median = out.ifma_floor, .cycles = out.ifma_floor / ns_per_cycle});
      const std::size_t iters = o.quick ? 2000 : 50000;
      u64 checksum = 0;
      const timing t = time_best_of(o.samples, double(iters) * 16, [&] { checksum += run_in_register<F>(iters); });
      keep(checksum);
      out.in_register = t.ns_per_op;
      r.add({.bench = "prime_mul_reg", .field = out.field, .backend = "ifma", .samples = o.samples, .ns_per_op = t.ns_per_op,
             .ns_median = t.ns_median, .cycles = t.ns_per_op / ns_per_cycle, .cycles_median = t.ns_median / ns_per_cycle});
    }
  }
#endif
  std::mt19937_64 rng(26);
  const auto randoms = [&](std::size_t n) {
    std::vector<E> v(n);
    for (auto& x : v) x = F::random(rng);
    return v;
  };
  // The gate: what is timed must be right (each backend against the portable scalar product).
  {
    const auto a = randoms(1000), b = randoms(1000);
    std::vector<E> c(a.size());
    for (ff::backend be : backends) {
      ff::mul<F>(be, std::span<const E>(a), std::span<const E>(b), std::span<E>(c));
      for (std::size_t i = 0; i < a.size(); ++i)
        if (c[i] != ff::mul(ff::backend::portable, a[i], b[i]))
          throw ff::error(out.field + ": the " + std::string(ff::to_string(be)) + " batch product of element " +
                          std::to_string(i) + " differs from the portable one: nothing was timed");
    }
  }
  // In L1: three arrays within 16 KiB, repeated.
  out.l1_n = std::max<std::size_t>(8, std::bit_floor(16384 / (3 * sizeof(E))));
  {
    const auto a = randoms(out.l1_n), b = randoms(out.l1_n);
    std::vector<E> c(out.l1_n);
    const std::size_t reps = o.quick ? 200 : 4000;
    std::vector<std::function<void()>> fns;
    for (ff::backend be : backends)
      fns.push_back([&, be] {
        for (std::size_t i = 0; i < reps; ++i) ff::mul<F>(be, std::span<const E>(a), std::span<const E>(b), std::span<E>(c));
        keep(c[0]);
      });
#if defined(__x86_64__)
    // The ifma loop with one block per step instead of two (the step's choice, measured here).
    if constexpr (ff::prime::ifma::covers<F>)
      if (std::find(backends.begin(), backends.end(), ff::backend::ifma) != backends.end())
        fns.push_back([&] {
          const E* x = a.data();
          const E* y = b.data();
          E* z = c.data();
          const std::size_t m = out.l1_n;
          ff::run_with<ff::isa::ifma>([&]() FF_LAMBDA_INLINE {
            for (std::size_t i = 0; i < reps; ++i) ff::batch_products<F, ff::prime::ifma, false, 1>(x, y, z, m);
          });
          keep(c[0]);
        });
#endif
    const auto t = time_interleaved(o.samples, double(reps * out.l1_n), fns);
    if (t.size() > backends.size()) {
      out.one_block = t.back().ns_per_op;
      r.add({.bench = "prime_mul_l1", .field = out.field, .backend = "ifma", .variant = "one block per step",
             .log2_n = int(std::countr_zero(out.l1_n)), .elem_bytes = int(sizeof(E)), .samples = o.samples,
             .ns_per_op = t.back().ns_per_op, .ns_median = t.back().ns_median, .cycles = t.back().ns_per_op / ns_per_cycle,
             .cycles_median = t.back().ns_median / ns_per_cycle});
    }
    for (std::size_t i = 0; i < backends.size(); ++i) {
      const std::string name(ff::to_string(backends[i]));
      out.l1.emplace_back(name, t[i].ns_per_op);
      r.add({.bench = "prime_mul_l1", .field = out.field, .backend = name, .log2_n = int(std::countr_zero(out.l1_n)),
             .elem_bytes = int(sizeof(E)), .samples = o.samples, .ns_per_op = t[i].ns_per_op, .ns_median = t[i].ns_median,
             .cycles = t[i].ns_per_op / ns_per_cycle, .cycles_median = t[i].ns_median / ns_per_cycle});
    }
  }
  // Bulk, side by side with the memory floor of the same arrays.
  for (int lg : batch_logs(o)) {
    progress(out.field + ": bulk 2^" + std::to_string(lg));
    const std::size_t n = std::size_t(1) << lg;
    const auto a = randoms(n), b = randoms(n);
    std::vector<E> c(n);
    std::vector<std::function<void()>> fns;
    for (ff::backend be : backends)
      fns.push_back([&, be] {
        ff::mul<F>(be, std::span<const E>(a), std::span<const E>(b), std::span<E>(c));
        keep(c[n / 2]);
      });
    fns.push_back([&] {
      memory_pass(a.data(), b.data(), c.data(), n * sizeof(E), false);
      keep(c[n / 2]);
    });
    const auto t = time_interleaved(o.samples, double(n), fns);
    for (std::size_t i = 0; i <= backends.size(); ++i) {
      record x{.bench = i < backends.size() ? "prime_mul" : "floor_mem", .field = out.field, .log2_n = lg,
               .elem_bytes = int(sizeof(E)), .samples = o.samples, .ns_per_op = t[i].ns_per_op, .ns_median = t[i].ns_median,
               .cycles = t[i].ns_per_op / ns_per_cycle, .cycles_median = t[i].ns_median / ns_per_cycle};
      if (i < backends.size()) x.backend = std::string(ff::to_string(backends[i]));
      else x.impl = "floor", x.variant = "regular_stores";
      r.add(x);
    }
  }
  return out;
}

std::optional<double> find_bulk(const results& r, const std::string& bench, const std::string& field, int lg,
                                const std::optional<std::string>& backend = std::nullopt) {
  for (const record& x : r.records)
    if (x.bench == bench && x.field == field && x.log2_n == lg && (!backend || x.backend == backend)) return x.ns_per_op;
  return std::nullopt;
}

void write_plot(const options& o, const results& r, const std::vector<row>& rows, const std::vector<ff::backend>& backends) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(o.plot_dir) / "prime-mul";
  fs::create_directories(dir);
  const fs::path image = fs::path(o.plot_dir) / "prime-mul-roofline.png";
  std::string script = plot_grid_header(image.string(), rows.size(),
                                        "fieldlab prime batch multiplication: ns per element vs batch size (dashed: floors)",
                                        "ns per element");
  for (const row& w : rows) {
    std::string plots;
    const auto series = [&](const std::string& name, const std::string& data, const std::string& style) {
      if (data.empty()) return;
      std::string stem = name;
      std::replace(stem.begin(), stem.end(), ' ', '-');
      const fs::path file = dir / (w.field + "-" + stem + ".dat");
      write_atomically(file.string(), data);
      plots += (plots.empty() ? "" : ", ") + ("'" + file.string() + "' using 1:2 " + style + " title '" + name + "'");
    };
    for (ff::backend be : backends) {
      std::string data;
      for (int lg : batch_logs(o))
        if (const auto v = find_bulk(r, "prime_mul", w.field, lg, std::string(ff::to_string(be))))
          data += std::to_string(lg) + " " + std::to_string(*v) + "\n";
      series(std::string(ff::to_string(be)), data, "with linespoints");
    }
    std::string mem, ifma, l1;
    for (int lg : batch_logs(o)) {
      if (const auto v = find_bulk(r, "floor_mem", w.field, lg)) mem += std::to_string(lg) + " " + std::to_string(*v) + "\n";
      if (w.ifma_floor > 0) ifma += std::to_string(lg) + " " + std::to_string(w.ifma_floor) + "\n";
      for (const auto& [name, ns] : w.l1)
        if (name == "ifma") l1 += std::to_string(lg) + " " + std::to_string(ns) + "\n";
    }
    series("memory floor", mem, "with lines dt 2 lw 2");
    series("IFMA floor", ifma, "with lines dt 3 lw 2");
    series("ifma in L1", l1, "with lines dt 4 lw 1");
    script += "set title '" + w.field + "' noenhanced\nplot " + plots + "\n";
  }
  script += "unset multiplot\n";
  const fs::path script_file = fs::path(o.plot_dir) / "prime-mul-roofline.gp";
  write_atomically(script_file.string(), script);
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    progress("gnuplot not found: plot script left in " + script_file.string());
    return;
  }
  if (std::system(("gnuplot '" + script_file.string() + "' 2>&1").c_str()) == 0)
    std::printf("\nRoofline plot: %s\n", image.string().c_str());
}

}  // namespace

void run_prime_mul_report(const options& o, results& r) {
  const double ns_per_cycle = calibrate_cycles(o, r);
  std::vector<ff::backend> backends;
  if (o.backend) backends = {*ff::parse_backend(*o.backend)};
  else backends = ff::available_backends(ff::family::prime);
  double ns_per_madd = 0;
#if defined(__x86_64__)
  if (ff::cpu_has(ff::isa::ifma)) {
    progress("floors: VPMADD52LUQ throughput");
    const std::size_t iters = o.quick ? 20000 : 400000;
    u64 checksum = 0;
    const timing t = time_best_of(o.samples, double(iters) * madd_chains, [&] { checksum += run_madd_chains(iters); });
    ns_per_madd = t.ns_per_op;
    std::printf("\nIFMA floor: %.4f ns (%.3f cycles) per VPMADD52LUQ on zmm, %d independent chains (checksum %llx)\n",
                ns_per_madd, ns_per_madd / ns_per_cycle, madd_chains, (unsigned long long)(checksum & 0xffffffffff));
    r.add({.bench = "floor_madd52", .impl = "floor", .backend = "ifma", .samples = o.samples, .ns_per_op = t.ns_per_op,
           .ns_median = t.ns_median, .cycles = t.ns_per_op / ns_per_cycle, .cycles_median = t.ns_median / ns_per_cycle});
  }
#endif
  std::vector<row> rows;
  for (const std::string& f : o.prime_fields)
    ff::visit_by_name<ff::lab::prime_fields>(f, [&]<class F>() { rows.push_back(measure_field<F>(o, r, backends, ns_per_madd, ns_per_cycle)); });

  const auto cyc = [&](double ns) { return ns / ns_per_cycle; };
  std::printf("\nPrime batch multiplication, ns (cycles) per element: in registers (ifma's product and reduction,\n"
              "two chains of eight lanes, no memory), and in L1 (the whole kernel as ff::mul runs it, arrays in L1)\n");
  std::printf("(special forms have no ifma kernel: their ifma column is adx's loop)\n");
  std::printf("%-16s %5s %3s %16s %16s", "field", "bytes", "k", "IFMA floor", "in registers");
  for (ff::backend be : backends) std::printf(" %16s", std::string(ff::to_string(be)).c_str());
  std::printf(" %9s %10s %10s %16s\n", "reg/floor", "ifma/floor", "adx/ifma", "1 block/step");
  for (const row& w : rows) {
    std::printf("%-16s %5zu %3zu", w.field.c_str(), w.bytes, w.digits);
    if (w.ifma_floor > 0) std::printf(" %7.2f (%6.1f) %7.2f (%6.1f)", w.ifma_floor, cyc(w.ifma_floor), w.in_register, cyc(w.in_register));
    else std::printf(" %16s %16s", "-", "-");
    double ifma = 0, adx = 0;
    for (const auto& [name, ns] : w.l1) {
      std::printf(" %7.2f (%6.1f)", ns, cyc(ns));
      if (name == "ifma") ifma = ns;
      if (name == "adx") adx = ns;
    }
    if (ifma > 0 && w.ifma_floor > 0) std::printf(" %9.2f %10.2f", w.in_register / w.ifma_floor, ifma / w.ifma_floor);
    else std::printf(" %9s %10s", "-", "-");
    if (ifma > 0 && adx > 0 && w.ifma_floor > 0) std::printf(" %10.2f", adx / ifma);
    else std::printf(" %10s", "-");
    if (w.one_block > 0) std::printf(" %7.2f (%6.1f)\n", w.one_block, cyc(w.one_block));
    else std::printf(" %16s\n", "-");
  }

  std::printf("\nBulk: out[i] = a[i] b[i] over 2^k random elements, ns per element; memory floor = c = a ^ b\n");
  std::printf("(bound = max(ifma in L1, memory floor); the issue's target: ifma/bound <= 1.2 at log2 N >= 20)\n");
  for (const row& w : rows) {
    std::printf("\n%s (%zu bytes)\n%-8s", w.field.c_str(), w.bytes, "log2 N");
    for (ff::backend be : backends) std::printf(" %16s", std::string(ff::to_string(be)).c_str());
    std::printf(" %16s %10s %10s\n", "memory floor", "ifma/bound", "adx/ifma");
    double l1_ifma = 0;
    for (const auto& [name, ns] : w.l1)
      if (name == "ifma") l1_ifma = ns;
    for (int lg : batch_logs(o)) {
      std::printf("%-8d", lg);
      for (ff::backend be : backends) {
        const auto v = find_bulk(r, "prime_mul", w.field, lg, std::string(ff::to_string(be)));
        std::printf(" %7.2f (%6.1f)", *v, cyc(*v));
      }
      const double mem = *find_bulk(r, "floor_mem", w.field, lg);
      std::printf(" %7.2f (%6.1f)", mem, cyc(mem));
      const auto ifma = find_bulk(r, "prime_mul", w.field, lg, std::string("ifma"));
      const auto adx = find_bulk(r, "prime_mul", w.field, lg, std::string("adx"));
      if (ifma && l1_ifma > 0 && w.ifma_floor > 0) std::printf(" %10.2f", *ifma / std::max(l1_ifma, mem));
      else std::printf(" %10s", "-");
      if (ifma && adx && w.ifma_floor > 0) std::printf(" %10.2f\n", *adx / *ifma);
      else std::printf(" %10s\n", "-");
    }
  }
  write_plot(o, r, rows, backends);
}

}  // namespace ffb
