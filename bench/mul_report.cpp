// The multiplication roofline: for every field and backend,
//  - bulk: out[i] = a[i] * b[i] over 2^k random operands (loads and stores inside the timed
//    region, as in ghash-powers-bench), at each batch size, next to the memory floor;
//  - in-register: independent products with no memory traffic (K chains of x_k = x_k * y_k),
//    next to the arithmetic floor (clmuls per product x ns per 64x64 clmul);
//  - latency: one dependent chain x = x * y (what exponentiation and Horner feel);
// with the product shape each backend declares, and a gnuplot roofline per run.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>
#include "fieldlab/macros.h"
#include "measure.hpp"
#include "report.hpp"
import ff.reference;

namespace ffb {
namespace {

using ff::u64;

// ---- Kernel loops, instantiated per field, policy and chain count ------------------------

// K independent chains x_k = x_k * y_k held in registers (K = 1: latency).
template <class F, class A, std::size_t K>
FF_INLINE u64 chains(std::size_t iters, const u64* init) {
  using limbs = std::array<ff::limb_t<A>, F::limbs>;
  constexpr std::size_t block = A::lanes * F::limbs;
  std::array<limbs, K> x, y;
  for (std::size_t k = 0; k < K; ++k) {
    A::template load<F::limbs>(init + 2 * k * block, x[k]);
    A::template load<F::limbs>(init + (2 * k + 1) * block, y[k]);
  }
  // The K steps are unrolled by a fold, not left to the compiler: a rolled k loop kept x in
  // memory (the b191 zmm loop did once, and measured 2x slower).
  for (std::size_t i = 0; i < iters; ++i)
    [&]<std::size_t... k>(std::index_sequence<k...>) FF_LAMBDA_INLINE {
      ((x[k] = F::template mul<A>(x[k], y[k])), ...);
    }(std::make_index_sequence<K>{});
  u64 out[block], checksum = 0;
  for (std::size_t k = 0; k < K; ++k) {
    A::template store<F::limbs>(out, x[k]);
    for (u64 w : out) checksum ^= w;
  }
  return checksum;
}

// The chains on backend be: 8 of them on scalar backends, 4 on vector ones (K = 1: latency).
template <class F, bool Latency>
u64 run_chains(ff::backend be, std::size_t iters, const u64* init) {
  return ff::dispatch<typename F::batch_policies>(be, [=]<class A>() FF_LAMBDA_INLINE {
    constexpr std::size_t K = Latency ? 1 : A::lanes > 1 ? 4 : 8;
    return chains<F, A, K>(iters, init);
  });
}

// Chains and lanes per step of backend be, and its product shape.
struct backend_shape {
  std::size_t lanes, chains;
  const char* product;
};
template <class F>
backend_shape shape_of(ff::backend be) {
  return ff::dispatch<typename F::batch_policies>(be, []<class A>() FF_LAMBDA_INLINE {
    return backend_shape{A::lanes, A::lanes > 1 ? 4u : 8u,
                         A::product == ff::binary::product_shape::schoolbook ? "schoolbook" : "karatsuba"};
  });
}

// Counts the clmuls of one product by running it through a counting policy: the portable
// policy with 8 claimed lanes, so that fields whose product shape depends on the lane count
// (ghash2) count the vector shape, the one the arithmetic floor (zmm) refers to.
struct counting_policy : ff::binary::portable {
  static constexpr std::size_t lanes = 8;
  static inline int count = 0;
  static void clmul(const u64& a, const u64& b, u64& lo, u64& hi) {
    ++count;
    ff::binary::clmul64_portable(a, b, lo, hi);
  }
  template <std::size_t N>
  static void gather(const u64*, const u64&, std::array<u64, N>&) {}
};
template <class F>
int clmuls_per_product() {
  counting_policy::count = 0;
  std::array<u64, F::limbs> a{}, b{};
  (void)F::template mul<counting_policy>(a, b);
  return counting_policy::count;
}

struct field_row {
  std::string field;
  int clmuls;
  int elem_bytes;
  std::map<std::string, double> reg, lat;  // by backend: in-register throughput, latency
  int xmm_clmuls = 0, xmm_depth = 0;       // the scalar pclmul kernel in xmm (0: not used)
};

template <class F>
field_row measure_field(const options& o, results& r, const std::vector<ff::backend>& backends) {
  const std::string name(F::name);
  field_row row{name, clmuls_per_product<F>(), int(sizeof(ff::element<F>)), {}, {}};
#if defined(__x86_64__)
  if constexpr (requires { F::template in_xmm<ff::binary::pclmul>; })
    if constexpr (F::template in_xmm<ff::binary::pclmul>) {
      row.xmm_clmuls = int(ff::binary::xmm::kernel_cost<F>::mul_clmuls);
      row.xmm_depth = int(ff::binary::xmm::kernel_cost<F>::clmul_depth);
    }
#endif
  std::mt19937_64 rng(42);
  std::vector<u64> init(2 * 8 * 8 * 4);
  for (u64& w : init) w = rng();
  // Canonical operands: clear the bits above the degree in every limb position.
  for (std::size_t i = 0; i < init.size(); ++i) init[i] &= ff::limb_mask(F::degree, i % F::limbs);
  const int samples = o.samples;

  for (ff::backend be : backends) {
    const std::string bname(ff::to_string(be));
    const backend_shape shape = shape_of<F>(be);
    const std::size_t iters = o.quick ? 2000 : 20000;
    progress("mul " + name + " " + bname + ": in-register and latency");
    {
      u64 sink = 0;
      const timing t = time_best_of(samples, double(iters) * double(shape.chains * shape.lanes),
                                    [&] { sink ^= run_chains<F, false>(be, iters, init.data()); });
      keep(sink);
      row.reg[bname] = t.ns_per_op;
      r.add({.bench = "mul_reg", .field = name, .backend = bname, .variant = shape.product, .samples = samples,
             .ns_per_op = t.ns_per_op, .ns_median = t.ns_median});
    }
    // Latency: ns per dependent step (a vector step advances `lanes` chains at once).
    {
      u64 sink = 0;
      const timing t = time_best_of(samples, double(iters), [&] { sink ^= run_chains<F, true>(be, iters, init.data()); });
      keep(sink);
      row.lat[bname] = t.ns_per_op;
      r.add({.bench = "mul_lat", .field = name, .backend = bname, .variant = "default", .samples = samples,
             .ns_per_op = t.ns_per_op, .ns_median = t.ns_median});
    }

    progress("mul " + name + " " + bname + ": bulk");
    for (int lg : batch_logs(o)) {
      if (be == ff::backend::portable && lg > 16) continue;  // ~100 ns/mul: keep the run short
      const std::size_t n = std::size_t(1) << lg;
      std::vector<ff::element<F>> a(n), b(n), out(n);
      for (auto& e : a) e = F::random(rng);
      for (auto& e : b) e = F::random(rng);
      // ff::mul as a user calls it (past ff::tuning::stream_min_bytes its streaming loop). The
      // memory floor runs on these same buffers, interleaved sample by sample with the kernel,
      // in both store kinds: the ratio kernel/floor is then measured side by side.
      const bool library_streams = shape.lanes > 1 && n * sizeof(ff::element<F>) >= ff::tuning::stream_min_bytes;
      std::vector<std::function<void()>> runs;
      runs.push_back([&] {
        ff::mul<F>(be, std::span<const ff::element<F>>(a), std::span<const ff::element<F>>(b),
                   std::span<ff::element<F>>(out));
        keep(out[n / 2]);
      });
      for (bool nt : {false, true})
        runs.push_back([&, nt] { memory_pass(a.data(), b.data(), out.data(), n * sizeof(ff::element<F>), nt), keep(out[n / 2]); });
      // With the zmm kernels: the same traffic plus the field's clmuls, nothing else.
      const bool combined = be == ff::backend::vpclmul512 && has_combined_pass(row.elem_bytes, row.clmuls);
      if (combined)
        for (bool nt : {false, true})
          runs.push_back([&, nt] { combined_pass(a.data(), b.data(), out.data(), n, row.elem_bytes, row.clmuls, nt), keep(out[n / 2]); });
      // Warm each run's buffers when they fit in cache (below the size where ff::mul streams).
      const std::vector<timing> t = time_interleaved(samples, double(n), runs, !library_streams);
      r.add({.bench = "mul", .field = name, .backend = bname, .variant = "default", .log2_n = lg, .samples = samples,
             .ns_per_op = t[0].ns_per_op, .ns_median = t[0].ns_median});
      for (std::size_t k = 0; k < 2; ++k) {
        const timing& f = t[1 + k];
        r.add({.bench = "floor_mem", .field = name, .impl = "floor", .backend = bname,
               .variant = k ? "stream" : "regular_stores", .log2_n = lg, .elem_bytes = int(sizeof(ff::element<F>)),
               .samples = samples, .ns_per_op = f.ns_per_op, .ns_median = f.ns_median});
      }
      if (combined)
        for (std::size_t k = 0; k < 2; ++k) {
          const timing& f = t[3 + k];
          r.add({.bench = "floor_combined", .field = name, .impl = "floor", .backend = bname,
                 .variant = k ? "stream" : "regular_stores", .log2_n = lg, .elem_bytes = row.elem_bytes,
                 .samples = samples, .ns_per_op = f.ns_per_op, .ns_median = f.ns_median});
        }
      // The floors overwrote `out`: the product again, checked against NTL at a few places.
      ff::mul<F>(be, std::span<const ff::element<F>>(a), std::span<const ff::element<F>>(b), std::span<ff::element<F>>(out));
      for (std::size_t i : {std::size_t{0}, n / 3, n - 1})
        if (out[i] != ff::ref::any_mul<F>(a[i], b[i])) throw ff::error("mul report: ff::mul disagrees with NTL for " + name);
    }
  }
  return row;
}

// A floor (floor_mem or floor_combined) measured on a field's bulk buffers at 2^lg, interleaved
// with the kernels of `backend` (any backend if empty): the faster store kind, or the given one.
std::optional<double> paired_floor(const char* bench, const results& r, const std::string& field, int lg,
                                   const std::string& backend = "", const std::string& store_kind = "") {
  std::optional<double> best;
  for (const record& x : r.records)
    if (x.bench == bench && x.field == field && x.log2_n == lg && (backend.empty() || x.backend == backend) &&
        (store_kind.empty() || x.variant == store_kind))
      best = std::min(best.value_or(x.ns_per_op), x.ns_per_op);
  return best;
}

void write_roofline_plot(const options& o, const results& r, const std::vector<field_row>& rows,
                         const std::vector<ff::backend>& backends) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(o.plot_dir) / "mul";
  fs::create_directories(dir);
  const fs::path image = fs::path(o.plot_dir) / "mul-roofline.png";
  std::string script = plot_grid_header(image.string(), rows.size(),
                                        "fieldlab bulk multiplication: ns/mul vs batch size (dashed: floors)", "ns/mul");
  for (const field_row& row : rows) {
    std::string plots;
    for (ff::backend be : backends) {
      const std::string bname(ff::to_string(be));
      std::string data;
      for (const record& x : r.records)
        if (x.bench == "mul" && x.field == row.field && x.backend == bname && x.variant == std::string("default"))
          data += std::to_string(*x.log2_n) + " " + std::to_string(x.ns_per_op) + "\n";
      if (data.empty()) continue;
      const fs::path file = dir / (row.field + "-" + bname + ".dat");
      write_atomically(file.string(), data);
      plots += (plots.empty() ? "" : ", ") + ("'" + file.string() + "' using 1:2 with linespoints title '" + bname + "'");
    }
    // Floors: memory (measured with this field's buffers); arithmetic on the best backend.
    std::string mem, arith;
    double best_clmul = 1e9;
    for (const record& x : r.records)
      if (x.bench == "floor_clmul") best_clmul = std::min(best_clmul, x.ns_per_op);
    for (int lg : batch_logs(o))
      if (const auto floor = paired_floor("floor_mem", r, row.field, lg)) {
        mem += std::to_string(lg) + " " + std::to_string(*floor) + "\n";
        arith += std::to_string(lg) + " " + std::to_string(row.clmuls * best_clmul) + "\n";
      }
    std::string both;  // the measured floor of traffic and clmuls in one loop (zmm runs only)
    for (int lg : batch_logs(o))
      if (const auto v = paired_floor("floor_combined", r, row.field, lg))
        both += std::to_string(lg) + " " + std::to_string(*v) + "\n";
    if (!both.empty()) {
      write_atomically((dir / (row.field + "-floor-combined.dat")).string(), both);
      plots += ", '" + (dir / (row.field + "-floor-combined.dat")).string() +
               "' using 1:2 with lines dt 4 lw 2 title 'mem+clmul (reference)'";
    }
    if (!mem.empty()) {
      write_atomically((dir / (row.field + "-floor-mem.dat")).string(), mem);
      write_atomically((dir / (row.field + "-floor-arith.dat")).string(), arith);
      plots += ", '" + (dir / (row.field + "-floor-mem.dat")).string() + "' using 1:2 with lines dt 2 lw 2 title 'memory floor'";
      plots += ", '" + (dir / (row.field + "-floor-arith.dat")).string() + "' using 1:2 with lines dt 3 lw 2 title 'clmul floor'";
    }
    script += "set title '" + row.field + "'\nplot " + plots + "\n";
  }
  script += "unset multiplot\n";
  const fs::path script_file = fs::path(o.plot_dir) / "mul-roofline.gp";
  write_atomically(script_file.string(), script);
  const std::string cmd = "gnuplot '" + script_file.string() + "' 2>&1";
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    progress("gnuplot not found: plot script left in " + script_file.string());
    return;
  }
  if (std::system(cmd.c_str()) == 0) std::printf("\nRoofline plot: %s\n", image.string().c_str());
}

}  // namespace

void run_mul_report(const options& o, results& r) {
  std::vector<ff::backend> backends;
  if (o.backend) backends = {*ff::parse_backend(*o.backend)};
  else backends = ff::available_backends(ff::family::binary);

  std::vector<field_row> rows;
  for (const std::string& f : o.fields)
    ff::visit_by_name<ff::binary_fields>(f, [&]<class F>() { rows.push_back(measure_field<F>(o, r, backends)); });

  double best_clmul = 1e9;
  std::string best_clmul_backend = "none";
  for (const record& x : r.records)
    if (x.bench == "floor_clmul" && x.ns_per_op < best_clmul) best_clmul = x.ns_per_op, best_clmul_backend = *x.backend;

  // In-register throughput and latency against the arithmetic floor.
  std::printf("\nIn-register throughput (ns/mul, independent products, no memory traffic); latency (ns per dependent step)\n");
  std::printf("arithmetic floor = clmuls x %.3f ns per 64x64 product (%s)\n", best_clmul, best_clmul_backend.c_str());
  std::printf("%-9s %6s %9s", "field", "clmuls", "floor");
  for (ff::backend be : backends) std::printf(" %12s", std::string(ff::to_string(be)).c_str());
  std::printf(" %9s %9s", "best/floor", "zmm/pclmul");
  for (ff::backend be : backends) std::printf(" %10s", ("lat:" + std::string(ff::to_string(be))).c_str());
  std::printf("\n");
  for (const field_row& row : rows) {
    const double floor = row.clmuls * best_clmul;
    double best = 1e9;
    std::printf("%-9s %6d %9.3f", row.field.c_str(), row.clmuls, floor);
    for (ff::backend be : backends) {
      const double v = row.reg.at(std::string(ff::to_string(be)));
      best = std::min(best, v);
      std::printf(" %12.3f", v);
    }
    std::printf(" %9.2fx", best / floor);
    if (row.reg.count("vpclmul512") && row.reg.count("pclmul")) std::printf(" %9.2fx", row.reg.at("pclmul") / row.reg.at("vpclmul512"));
    else std::printf(" %10s", "-");
    for (ff::backend be : backends) std::printf(" %10.3f", row.lat.at(std::string(ff::to_string(be))));
    std::printf("\n");
  }

  // The scalar pclmul latency against its own floor: the larger of the kernel's clmuls at
  // PCLMULQDQ's issue cost and its clmul stages at PCLMULQDQ's latency (shifts and XORs not
  // counted: a lower bound).
  const auto issue = r.find("floor_clmul", std::nullopt, "floor", "pclmul");
  const auto clmul_latency = r.find("floor_clmul_latency", std::nullopt, "floor", "pclmul");
  if (issue && clmul_latency && std::count(backends.begin(), backends.end(), ff::backend::pclmul)) {
    std::printf("\nScalar pclmul latency (elements in xmm, ff.binary.xmm) against its floor: PCLMULQDQ issue %.3f ns, latency %.3f ns\n",
                *issue, *clmul_latency);
    std::printf("%-9s %11s %11s %11s %11s %10s\n", "field", "clmuls", "clmul depth", "floor ns", "latency ns", "lat/floor");
    for (const field_row& row : rows) {
      if (!row.xmm_clmuls) continue;
      const double floor = std::max(row.xmm_clmuls * *issue, row.xmm_depth * *clmul_latency);
      const double lat = row.lat.at("pclmul");
      std::printf("%-9s %11d %11d %11.3f %11.3f %9.2fx\n", row.field.c_str(), row.xmm_clmuls, row.xmm_depth, floor, lat, lat / floor);
      r.add({.bench = "mul_lat_floor", .field = row.field, .impl = "floor", .backend = "pclmul", .samples = o.samples,
             .ns_per_op = floor, .ns_median = floor});
    }
  }

  // Bulk roofline: each size against max(arithmetic floor, memory floor), and against the
  // measured floor of doing both in one loop.
  std::printf("\nBulk multiplication (loads and stores in the timed loop), ns/mul; floor = max(clmul floor, memory floor); ratio = best/floor\n"
              "memory floors: c = a ^ b on the same buffers, interleaved sample by sample with the kernels,\n"
              "with ordinary stores (xor) and non-temporal stores (xor-nt); the floor takes the faster.\n"
              "mem+clmul: that traffic plus the field's clmuls in one zmm loop, faster store kind (how far the core overlaps them)\n");
  for (const field_row& row : rows) {
    std::printf("%s (%d B, %d clmuls)\n  %-7s", row.field.c_str(), row.elem_bytes, row.clmuls, "log2 N");
    for (ff::backend be : backends) std::printf(" %11s", std::string(ff::to_string(be)).c_str());
    std::printf(" %9s %9s %9s %8s %10s %8s\n", "xor", "xor-nt", "floor", "ratio", "mem+clmul", "ratio");
    for (int lg : batch_logs(o)) {
      std::printf("  %-7d", lg);
      double best = 1e9;
      std::string best_backend;
      for (ff::backend be : backends) {
        const std::string bname(ff::to_string(be));
        const auto v = r.find("mul", row.field, "fieldlab", bname, lg, std::string("default"));
        if (v && *v < best) best = *v, best_backend = bname;
        if (v) std::printf(" %11.3f", *v);
        else std::printf(" %11s", "-");
      }
      // The floors that ran interleaved with the best kernel, on its buffers.
      const double xor_plain = paired_floor("floor_mem", r, row.field, lg, best_backend, "regular_stores").value_or(0);
      const double xor_nt = paired_floor("floor_mem", r, row.field, lg, best_backend, "stream").value_or(0);
      const double floor = std::max(std::min(xor_plain, xor_nt), row.clmuls * best_clmul);
      std::printf(" %9.3f %9.3f %9.3f %7.2fx", xor_plain, xor_nt, floor, best / floor);
      if (const auto both = paired_floor("floor_combined", r, row.field, lg, best_backend))
        std::printf(" %10.3f %7.2fx\n", *both, best / *both);
      else
        std::printf(" %10s %8s\n", "-", "-");
    }
  }
  write_roofline_plot(o, r, rows, backends);
}

}  // namespace ffb
