// ffbench --tower: BN254's tower (ff.tower over ff::bn254_fp, ff::bn254::fp2/fp6/fp12) under
// each prime backend: multiplication and squaring at every level (throughput and latency), the
// inverses (latency), the cyclotomic square, and evmone's four products by xi
// (ff::lab::constant_products) alone and inside Fp6 and Fp12 multiplication; ns and
// calibrated core cycles, everything of one backend timed interleaved. Each level's figures are
// also given in Fp products (the "Fp12 multiplication in at most 75 Fp multiplications"
// is that column). The groups and the pairing follow (groups_report.cpp).
#include <cstdio>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>
#include "op_rows.hpp"

namespace ffb {
namespace {
namespace tw = ff::tower;
using modes = ff::lab::constant_products;
template <class P>
using pairing_of = ff::bn254::pairing<P>;

template <class P>
void measure_backend(const options& o, results& r, double ns_per_cycle) {
  using fp = ff::bn254::fp<P>;
  using fp2 = ff::bn254::fp2<P>;
  using fp6 = ff::bn254::fp6<P>;
  using fp12 = ff::bn254::fp12<P>;
  const std::string be(ff::to_string(P::id));
  std::mt19937_64 rng(1648);
  // The gate: a a^-1 = 1 in Fp12, and the four products by xi agree (ctest's tower_test
  // checks every operation against NTL).
  const auto a = fp12::random(rng);
  if (fp12::mul(a, fp12::inverse(a)) != fp12::one()) throw std::runtime_error("bn254 fp12 " + be + ": a a^-1 != 1");
  const auto b = fp2::random(rng);
  const auto xi_s = ff::lab::bn254_tower<P, modes::specialized>::fp2::template mul_constant<ff::bn254::xi>(b);
  const auto xi_g = ff::lab::bn254_tower<P, modes::generic>::fp2::template mul_constant<ff::bn254::xi>(b);
  const auto xi_a = ff::lab::bn254_tower<P, modes::additions>::fp2::template mul_constant<ff::bn254::xi>(b);
  const auto xi_f = ff::lab::bn254_tower<P, modes::field_products>::fp2::template mul_constant<ff::bn254::xi>(b);
  if (xi_s != xi_g || xi_s != xi_a || xi_s != xi_f)
    throw std::runtime_error("bn254 fp2 " + be + ": the products by xi disagree");
  progress("bn254 tower " + be);

  const std::size_t n = o.quick ? 64 : 2048;
  std::vector<op_row> rows;
  auto levels = [&]<class T>(const std::string& name) {
    const auto y = T::random(rng);
    add_chains<P, T>(rows, n, rng, name, "mul", "tower", [y](const typename T::value& x) FF_LAMBDA_INLINE { return T::mul(x, y); });
    add_chains<P, T>(rows, n, rng, name, "sqr", "tower", [](const typename T::value& x) FF_LAMBDA_INLINE { return T::square(x); });
    add_chains<P, T>(rows, n / 8, rng, name, "inverse", "tower", [](const typename T::value& x) FF_LAMBDA_INLINE { return T::inverse(x); },
                     false);
  };
  levels.template operator()<fp>("bn254_fp");
  levels.template operator()<fp2>("bn254_fp2");
  schoolbook_rows<P, fp2>(rows, n, rng, "bn254_fp2");
  levels.template operator()<fp6>("bn254_fp6");
  levels.template operator()<fp12>("bn254_fp12");
  auto variant = [&]<modes Mode>(const std::string& name) {
    using v2 = typename ff::lab::bn254_tower<P, Mode>::fp2;
    using v6 = typename ff::lab::bn254_tower<P, Mode>::fp6;
    using v12 = typename ff::lab::bn254_tower<P, Mode>::fp12;
    add_chains<P, v2>(rows, n, rng, "bn254_fp2", "xi", name,
                      [](const typename v2::value& x) FF_LAMBDA_INLINE { return v2::template mul_constant<ff::bn254::xi>(x); });
    const auto y6 = v6::random(rng);
    add_chains<P, v6>(rows, n, rng, "bn254_fp6", "mul", name, [y6](const typename v6::value& x) FF_LAMBDA_INLINE { return v6::mul(x, y6); });
    const auto y12 = v12::random(rng);
    add_chains<P, v12>(rows, n, rng, "bn254_fp12", "mul", name,
                       [y12](const typename v12::value& x) FF_LAMBDA_INLINE { return v12::mul(x, y12); });
  };
  // Lazy reduction's A/B: the library's tower (Fp2 and Fp6 lazy, Fp12 per Fp6 product), the
  // same lazy up to Fp12, and the tower reducing each Fp2 product, whichever the library chose.
  auto reduction = [&]<class T>(const std::string& name) {
    using r2 = typename T::fp2;
    using r6 = typename T::fp6;
    using r12 = typename T::fp12;
    using rp = ff::pairing::bn<r12, ff::bn254::g1<P>, ff::bn254::g2<P>, ff::bn254::u>;
    const auto x12 = fp12::random(rng), y12 = fp12::random(rng);
    if (r12::mul(x12, y12) != fp12::mul(x12, y12) || r12::square(x12) != fp12::square(x12) ||
        rp::cyclotomic_square(x12) != pairing_of<P>::cyclotomic_square(x12))
      throw std::runtime_error("bn254 fp12 " + be + ": the " + name + " tower disagrees with the library's");
    const auto y2 = r2::random(rng);
    add_chains<P, r2>(rows, n, rng, "bn254_fp2", "mul", name, [y2](const typename r2::value& x) FF_LAMBDA_INLINE { return r2::mul(x, y2); });
    add_chains<P, r2>(rows, n, rng, "bn254_fp2", "sqr", name, [](const typename r2::value& x) FF_LAMBDA_INLINE { return r2::square(x); });
    const auto y6 = r6::random(rng);
    add_chains<P, r6>(rows, n, rng, "bn254_fp6", "mul", name, [y6](const typename r6::value& x) FF_LAMBDA_INLINE { return r6::mul(x, y6); });
    add_chains<P, r6>(rows, n, rng, "bn254_fp6", "sqr", name, [](const typename r6::value& x) FF_LAMBDA_INLINE { return r6::square(x); });
    add_chains<P, r12>(rows, n, rng, "bn254_fp12", "mul", name, [y12](const typename r12::value& x) FF_LAMBDA_INLINE { return r12::mul(x, y12); });
    add_chains<P, r12>(rows, n, rng, "bn254_fp12", "sqr", name, [](const typename r12::value& x) FF_LAMBDA_INLINE { return r12::square(x); });
    add_chains<P, r12>(rows, n, rng, "bn254_fp12", "cyclotomic_sqr", name,
                       [](const typename r12::value& x) FF_LAMBDA_INLINE { return rp::cyclotomic_square(x); });
  };
  reduction.template operator()<ff::lab::bn254_lazy_tower<P>>("lazy");
  reduction.template operator()<ff::lab::bn254_all_lazy_tower<P>>("all_lazy");
  reduction.template operator()<ff::lab::bn254_per_product_tower<P>>("per_product");
  // Outlining's A/B: the same tower with the Fp2 products inlined into every level.
  {
    using i2 = typename ff::lab::bn254_inlined_tower<P>::fp2;
    using i6 = typename ff::lab::bn254_inlined_tower<P>::fp6;
    using i12 = typename ff::lab::bn254_inlined_tower<P>::fp12;
    static_assert(fp2::outline_products && !i2::outline_products);
    const auto x12 = fp12::random(rng), y12 = fp12::random(rng);
    if (i12::mul(x12, y12) != fp12::mul(x12, y12) || i12::square(x12) != fp12::square(x12))
      throw std::runtime_error("bn254 fp12 " + be + ": inlined and outlined Fp2 products disagree");
    const auto y2 = i2::random(rng);
    add_chains<P, i2>(rows, n, rng, "bn254_fp2", "mul", "inlined", [y2](const typename i2::value& x) FF_LAMBDA_INLINE { return i2::mul(x, y2); });
    const auto y6 = i6::random(rng);
    add_chains<P, i6>(rows, n, rng, "bn254_fp6", "mul", "inlined", [y6](const typename i6::value& x) FF_LAMBDA_INLINE { return i6::mul(x, y6); });
    add_chains<P, i12>(rows, n, rng, "bn254_fp12", "mul", "inlined", [y12](const typename i12::value& x) FF_LAMBDA_INLINE { return i12::mul(x, y12); });
    add_chains<P, i12>(rows, n, rng, "bn254_fp12", "sqr", "inlined", [](const typename i12::value& x) FF_LAMBDA_INLINE { return i12::square(x); });
  }
  using pairing = ff::bn254::pairing<P>;
  add_chains<P, fp12>(rows, n, rng, "bn254_fp12", "cyclotomic_sqr", "tower",
                      [](const typename fp12::value& x) FF_LAMBDA_INLINE { return pairing::cyclotomic_square(x); });
  variant.template operator()<modes::specialized>("xi specialized");
  variant.template operator()<modes::field_products>("xi field_products");
  variant.template operator()<modes::generic>("xi generic");
  variant.template operator()<modes::additions>("xi additions");

  // The inverse chains ran n / 8 operations.
  record_rows(o, r, rows, double(n), [](const op_row& w) { return w.bench == "inverse_lat" ? 8.0 : 1.0; }, be, ns_per_cycle);
}

void print_backend(const results& r, double ns_per_cycle, const std::string& be) {
  auto get = [&](const std::string& bench, const std::string& field, const std::string& variant) {
    return r.find(bench, field, "fieldlab", be, std::nullopt, variant);
  };
  auto cell = [&](std::optional<double> ns) { return cycles_cell(ns, ns_per_cycle); };
  const auto fp_mul = get("mul_reg", "bn254_fp", "tower");
  std::printf("\nBN254 tower, %s backend: calibrated cycles (ns); throughput = 8 independent chains\n", be.c_str());
  std::printf("%-12s %-20s %-20s %-20s %-20s %-20s %s\n", "level", "mul", "mul latency", "sqr", "sqr latency", "inverse latency",
              "mul / sqr in Fp muls");
  for (const char* level : {"bn254_fp", "bn254_fp2", "bn254_fp6", "bn254_fp12"}) {
    const auto m = get("mul_reg", level, "tower"), s = get("sqr_reg", level, "tower");
    char ratio[40] = "-";
    if (m && s && fp_mul) std::snprintf(ratio, sizeof ratio, "%.1f / %.1f", *m / *fp_mul, *s / *fp_mul);
    std::printf("%-12s %-20s %-20s %-20s %-20s %-20s %s\n", level, cell(m).c_str(), cell(get("mul_lat", level, "tower")).c_str(),
                cell(s).c_str(), cell(get("sqr_lat", level, "tower")).c_str(), cell(get("inverse_lat", level, "tower")).c_str(),
                ratio);
  }
  std::printf("%-12s %s\n", "cyclotomic", cell(get("cyclotomic_sqr_reg", "bn254_fp12", "tower")).c_str());
  std::printf("%-12s %s (%s): the schoolbook A/B (4 products, 2 additions)\n", "fp2 mul", cell(get("mul_reg", "bn254_fp2", "schoolbook")).c_str(),
              cell(get("mul_lat", "bn254_fp2", "schoolbook")).c_str());
  std::printf("\nLazy reduction (A/B, one run): throughput, calibrated cycles (ns), and in Fp products\n");
  std::printf("%-12s %-22s %-22s %-22s %-22s %-22s %-22s %s\n", "tower", "fp2 mul", "fp2 sqr", "fp6 mul", "fp6 sqr", "fp12 mul",
              "fp12 sqr", "cyclotomic sqr");
  for (const char* variant : {"lazy", "all_lazy", "per_product"}) {
    auto both = [&](const char* bench, const char* level) {
      const auto v = get(bench, level, variant);
      std::string c = cell(v);
      if (v && fp_mul) c += " " + std::to_string(int(*v / *fp_mul + 0.5));
      return c;
    };
    std::printf("%-12s %-22s %-22s %-22s %-22s %-22s %-22s %s\n", variant, both("mul_reg", "bn254_fp2").c_str(),
                both("sqr_reg", "bn254_fp2").c_str(), both("mul_reg", "bn254_fp6").c_str(), both("sqr_reg", "bn254_fp6").c_str(),
                both("mul_reg", "bn254_fp12").c_str(), both("sqr_reg", "bn254_fp12").c_str(),
                both("cyclotomic_sqr_reg", "bn254_fp12").c_str());
  }
  std::printf("%-12s fp2 mul %s; fp6 mul %s; fp12 mul %s, sqr %s: the Fp2 products inlined (A/B for outlining them)\n", "inlined",
              cell(get("mul_reg", "bn254_fp2", "inlined")).c_str(), cell(get("mul_reg", "bn254_fp6", "inlined")).c_str(),
              cell(get("mul_reg", "bn254_fp12", "inlined")).c_str(), cell(get("sqr_reg", "bn254_fp12", "inlined")).c_str());
  std::printf("\nevmone's products by xi = 9 + u (ff::lab::constant_products), %s backend: throughput (latency)\n", be.c_str());
  std::printf("%-16s %-36s %-36s %s\n", "variant", "xi product", "Fp6 mul", "Fp12 mul");
  for (const char* v : {"xi specialized", "xi field_products", "xi generic", "xi additions"}) {
    auto both = [&](const char* field, const char* op) {
      return cell(get(std::string(op) + "_reg", field, v)) + " (" + cell(get(std::string(op) + "_lat", field, v)) + ")";
    };
    std::printf("%-16s %-36s %-36s %s\n", v + 3, both("bn254_fp2", "xi").c_str(), both("bn254_fp6", "mul").c_str(),
                both("bn254_fp12", "mul").c_str());
  }
}

}  // namespace

void run_tower_report(const options& o, results& r) {
  const double ns_per_cycle = calibrate_cycles(o, r);
  [&]<class... P>(ff::policy_list<P...>) {
    ([&] { if (ff::cpu_has(P::id)) measure_backend<P>(o, r, ns_per_cycle); }(), ...);
  }(typename ff::bn254_fp::scalar_policies{});
  for (ff::backend be : ff::available_backends(ff::family::prime))
    if (be == ff::scalar_sibling(be)) print_backend(r, ns_per_cycle, std::string(ff::to_string(be)));
  run_groups_report(o, r, ns_per_cycle);
}

}  // namespace ffb
