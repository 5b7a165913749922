// The b256 <-> ghash2 isomorphism report (ghash-powers-bench's table): both conversion directions in
// ns/element next to b256 and ghash2 bulk multiplication (ff::mul batch, same run), every
// conversion variant measured, and the break-even number of multiplications.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>
#include "measure.hpp"
#include "report.hpp"
import ff.lab;

namespace ffb {

namespace {

struct measured {
  double to_ghash2 = 0, to_b256 = 0;
};

}  // namespace

void run_iso_report(const options& o, results& r) {
  namespace iso = ff::iso;
  using ff::b256;
  using ff::ghash2;
  const ff::backend be = o.backend ? *ff::parse_backend(*o.backend) : ff::batch_backend(ff::family::binary);
  const std::string be_name(ff::to_string(be));
  progress("isomorphism: building matrices and tables");
  (void)iso::table5(iso::direction::to_b256);
  (void)iso::gfni_tables(iso::direction::to_b256);

  std::vector<iso::kernel> variants;
  for (iso::kernel v : {iso::kernel::table5, iso::kernel::table5_avx2, iso::kernel::gfni})
    if (ff::cpu_has(iso::target_of(v))) variants.push_back(v);
  const iso::kernel best = iso::fastest_kernel();

  struct row {
    int log2_n;
    std::string variant;
    measured ns;
  };
  std::vector<row> rows;
  double b256_mul = 0, ghash2_mul = 0, to_ghash2 = 0, to_b256 = 0;
  const int max_log = o.max_log;
  for (int lg = o.min_log; lg <= max_log; ++lg) {
    const std::size_t n = std::size_t(1) << lg;
    progress("isomorphism: 2^" + std::to_string(lg) + " elements, best of " + std::to_string(o.samples));
    std::mt19937_64 rng(std::uint64_t(lg) * 7919 + 1);
    std::vector<ff::element<b256>> a(n), b(n), pb(n), back(n);
    std::vector<ff::element<ghash2>> ga(n), gb(n), pg(n), g(n);
    for (auto& e : a) e = b256::random(rng);
    for (auto& e : b) e = b256::random(rng);
    for (auto& e : ga) e = ghash2::random(rng);
    for (auto& e : gb) e = ghash2::random(rng);
    const double ops = double(n);

    auto add = [&](const std::string& bench, const std::string& field, const std::optional<std::string>& variant,
                   const std::optional<std::string>& backend, const timing& t) {
      record rec;
      rec.bench = bench;
      rec.field = field;
      rec.backend = backend;
      rec.variant = variant;
      rec.log2_n = lg;
      rec.samples = t.samples;
      rec.ns_per_op = t.ns_per_op;
      rec.ns_median = t.ns_median;
      r.add(rec);
    };

    const timing tb = time_best_of(o.samples, ops, [&] {
      ff::mul<b256>(be, std::span<const ff::element<b256>>(a), std::span<const ff::element<b256>>(b),
                    std::span<ff::element<b256>>(pb));
      keep(pb[0]);
    });
    const timing tg = time_best_of(o.samples, ops, [&] {
      ff::mul<ghash2>(be, std::span<const ff::element<ghash2>>(ga), std::span<const ff::element<ghash2>>(gb),
                      std::span<ff::element<ghash2>>(pg));
      keep(pg[0]);
    });
    add("mul", "b256", std::nullopt, be_name, tb);
    add("mul", "ghash2", "specialized", be_name, tg);

    for (iso::kernel v : variants) {
      const std::string vn(iso::to_string(v));
      const timing tf = time_best_of(o.samples, ops, [&] {
        ff::lab::to_ghash2(v, a, g);
        keep(g[0]);
      });
      const timing tr = time_best_of(o.samples, ops, [&] {
        ff::lab::to_b256(v, g, back);
        keep(back[0]);
      });
      add("iso_to_ghash2", "b256", vn, std::nullopt, tf);
      add("iso_from_ghash2", "ghash2", vn, std::nullopt, tr);
      rows.push_back({lg, vn, {tf.ns_per_op, tr.ns_per_op}});
      if (lg == max_log && v == best) {
        to_ghash2 = tf.ns_per_op;
        to_b256 = tr.ns_per_op;
      }
      if (!(back == a)) throw ff::error("isomorphism report: round trip failed (variant " + vn + ")");
    }
    // The bit-by-bit matrix product (the definition) at the smallest size only: it is slow.
    if (lg == o.min_log) {
      const std::size_t m = std::min<std::size_t>(n, 1024);
      const std::span<const ff::element<b256>> as(a.data(), m);
      const std::span<ff::element<ghash2>> gs(g.data(), m);
      const timing tf = time_best_of(std::min(o.samples, 3), double(m), [&] {
        ff::lab::to_ghash2(iso::kernel::matrix, as, gs);
        keep(g[0]);
      });
      add("iso_to_ghash2", "b256", "matrix", std::nullopt, tf);
      rows.push_back({lg, "matrix", {tf.ns_per_op, 0}});
    }
    b256_mul = tb.ns_per_op;
    ghash2_mul = tg.ns_per_op;
  }

  std::printf("\nb256 <-> ghash2 conversion, every variant (ns/element, best of %d)\n", o.samples);
  std::printf("%-6s %-14s %16s %16s\n", "log2 n", "variant", "b256 -> ghash2", "ghash2 -> b256");
  for (const row& x : rows) {
    std::printf("%-6d %-14s %16.3f", x.log2_n, x.variant.c_str(), x.ns.to_ghash2);
    if (x.ns.to_b256 > 0) std::printf(" %16.3f\n", x.ns.to_b256);
    else std::printf(" %16s\n", "-");
  }

  std::printf("\nAt 2^%d elements, best of %d samples (conversion: %s; multiplication: ff::mul, backend %s):\n",
              max_log, o.samples, std::string(iso::to_string(best)).c_str(), be_name.c_str());
  std::printf("%-24s %12s %22s %24s\n", "Operation", "ns/element", "Relative to b256 mul", "Relative to ghash2 mul");
  auto line = [&](const char* what, double ns) {
    std::printf("%-24s %12.3f %21.2fx %23.2fx\n", what, ns, ns / b256_mul, ns / ghash2_mul);
  };
  line("b256 -> ghash2", to_ghash2);
  line("ghash2 -> b256", to_b256);
  line("b256 multiplication", b256_mul);
  line("ghash2 multiplication", ghash2_mul);
  const double both = to_ghash2 + to_b256, saving = ghash2_mul - b256_mul;
  if (saving > 0)
    std::printf("\nConverting both ways costs %.3f ns; b256 saves %.3f ns per multiplication over ghash2: converting to "
                "b256, working there and converting back breaks even after %.0f multiplications.\n",
                both, saving, std::ceil(both / saving));
  else
    std::printf("\nConverting both ways costs %.3f ns; ghash2 multiplication is not slower than b256 here (%.3f vs "
                "%.3f ns): converting to b256 for multiplication never breaks even.\n",
                both, ghash2_mul, b256_mul);
}

}  // namespace ffb
