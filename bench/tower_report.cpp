// ffbench --tower: BN254's tower (ff.tower over ff::bn254_fp, ff::bn254::fp2/fp6/fp12) under
// each prime backend: multiplication and squaring at every level (throughput and latency), the
// inverses (latency), and seed 001's three products by xi (ff::tower::constant_products) alone
// and inside Fp6 and Fp12 multiplication; ns and calibrated core cycles, everything of one
// backend timed interleaved. Each level's figures are also given in Fp products (the issue's
// "Fp12 multiplication in at most 75 Fp multiplications" is that column); then BN254's groups
// and pairing (ff.curve.weierstrass, ff.pairing.bn): point additions and doublings, scalar
// multiplications, the G2 subgroup check, the Miller loop, the final exponentiation, one
// pairing and EIP-197's two-pair check from bytes.
#include <unistd.h>
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>
#include "core/macros.h"
#include "measure.hpp"
#include "report.hpp"
import ff;

namespace ffb {
namespace {
namespace tw = ff::tower;
using modes = tw::constant_products;

struct row {
  std::string field, bench, variant;
  std::function<void()> fn;
};

// x = f(x) as latency and throughput samples of level T under policy P, named field/bench.
template <class P, class T, class F>
void add_chains(std::vector<row>& rows, std::size_t n, std::mt19937_64& rng, const std::string& field,
                const std::string& op, const std::string& variant, F f, bool throughput = true) {
  using V = typename T::value;
  std::array<V, 8> starts;
  for (auto& s : starts) s = T::random(rng);
  auto enter = [](auto&& body) FF_LAMBDA_INLINE { ff::run_with<ff::target_of(P::id)>(body); };
  auto vary = [starts](const V&, int k) { return starts[std::size_t(k)]; };
  const auto samples = chain_samples<8>(n, starts[0], enter, vary, f);
  rows.push_back({field, op + "_lat", variant, samples[0]});
  if (throughput) rows.push_back({field, op + "_reg", variant, samples[1]});
}

// The operations of ~0.1-1 M cycles, each run `count` times per sample on fixed inputs: scalar
// multiplications, the subgroup check, the pairing's parts, and the two-pair check of EIP-197
// from its 384 bytes (decoding, on-curve and G2 subgroup checks included: the ECPAIRING shape).
template <class P>
std::vector<row> pairing_rows(const options& o, std::mt19937_64& rng) {
  namespace bn = ff::bn254;
  using G1 = bn::g1<P>;
  using G2 = bn::g2<P>;
  using E = bn::pairing<P>;
  const std::size_t count = o.quick ? 1 : 4;
  const ff::curve::scalar<4> k{rng(), rng(), rng(), rng() >> 3}, a{rng(), rng(), rng(), rng() >> 3};
  const auto p = G1::to_affine(G1::mul_var(G1::from_affine(bn::g1_generator), a));
  const auto q = G2::to_affine(G2::mul_var(G2::from_affine(bn::g2_generator), k));
  const typename E::pair one[1] = {{p, q}};
  const typename E::gt f = E::miller_loop(one);
  // Two pairs whose product is one: (P, Q) and (-P, Q).
  std::vector<std::uint8_t> check_input;
  for (const auto& c : {p.x, p.y, q.x.c1, q.x.c0, q.y.c1, q.y.c0, p.x, bn::fp<P>::neg(p.y), q.x.c1, q.x.c0, q.y.c1, q.y.c0}) {
    const auto bytes = ff::bn254_fp::to_bytes_be(ff::element<ff::bn254_fp>{c});
    check_input.insert(check_input.end(), bytes.begin(), bytes.end());
  }
  if (!bn::detail::pairing_check_with<P>(check_input)) throw std::runtime_error("bn254: e(P, Q) e(-P, Q) != 1");
  auto rep = [count](auto op) {
    return [count, op] {
      ff::run_with<ff::target_of(P::id)>([&]() FF_LAMBDA_INLINE {
        for (std::size_t i = 0; i < count; ++i) keep(op());
      });
    };
  };
  std::vector<row> rows;
  const auto g1 = G1::from_affine(p);
  const auto g2 = G2::from_affine(q);
  rows.push_back({"bn254_g1", "scalar_mul", "constant time", rep([=] { return G1::template mul<256>(g1, k); })});
  rows.push_back({"bn254_g1", "scalar_mul", "GLV, constant time", rep([=] { return bn::g1_glv<P>::mul(g1, k); })});
  rows.push_back({"bn254_g1", "scalar_mul", "_var", rep([=] { return G1::mul_var(g1, k); })});
  rows.push_back({"bn254_g2", "scalar_mul", "constant time", rep([=] { return G2::template mul<256>(g2, k); })});
  rows.push_back({"bn254_g2", "subgroup_check", "_var", rep([=] { return bn::in_g2_var<P>(g2); })});
  rows.push_back({"bn254", "miller_loop", "1 pair", rep([=] { return E::miller_loop(one); })});
  rows.push_back({"bn254", "final_exponentiation", "-", rep([=] { return E::final_exponentiation(f); })});
  rows.push_back({"bn254", "pairing", "1 pair", rep([=] { return E::pairing(p, false, q, false); })});
  rows.push_back({"bn254", "pairing_check", "2 pairs, from bytes", rep([=] { return bn::detail::pairing_check_with<P>(check_input); })});
  return rows;
}

template <class P>
void measure_backend(const options& o, results& r, double ns_per_cycle) {
  using fp = ff::bn254::fp<P>;
  using fp2 = ff::bn254::fp2<P>;
  using fp6 = ff::bn254::fp6<P>;
  using fp12 = ff::bn254::fp12<P>;
  const std::string be(ff::to_string(P::id));
  std::mt19937_64 rng(1648);
  // The gate: a a^-1 = 1 in Fp12, and the three products by xi agree (ctest's tower_test
  // checks every operation against NTL).
  const auto a = fp12::random(rng);
  if (fp12::mul(a, fp12::inverse(a)) != fp12::one()) throw std::runtime_error("bn254 fp12 " + be + ": a a^-1 != 1");
  const auto b = fp2::random(rng);
  const auto xi_s = ff::bn254::fp2<P, modes::specialized>::template mul_constant<ff::bn254::xi>(b);
  const auto xi_g = ff::bn254::fp2<P, modes::generic>::template mul_constant<ff::bn254::xi>(b);
  const auto xi_a = ff::bn254::fp2<P, modes::additions>::template mul_constant<ff::bn254::xi>(b);
  if (xi_s != xi_g || xi_s != xi_a)
    throw std::runtime_error("bn254 fp2 " + be + ": the products by xi disagree");
  progress("bn254 tower " + be);

  const std::size_t n = o.quick ? 64 : 2048;
  std::vector<row> rows;
  auto levels = [&]<class T>(const std::string& name) {
    const auto y = T::random(rng);
    add_chains<P, T>(rows, n, rng, name, "mul", "tower", [y](const typename T::value& x) FF_LAMBDA_INLINE { return T::mul(x, y); });
    add_chains<P, T>(rows, n, rng, name, "sqr", "tower", [](const typename T::value& x) FF_LAMBDA_INLINE { return T::square(x); });
    add_chains<P, T>(rows, n / 8, rng, name, "inverse", "tower", [](const typename T::value& x) FF_LAMBDA_INLINE { return T::inverse(x); },
                     false);
  };
  levels.template operator()<fp>("bn254_fp");
  levels.template operator()<fp2>("bn254_fp2");
  levels.template operator()<fp6>("bn254_fp6");
  levels.template operator()<fp12>("bn254_fp12");
  auto variant = [&]<modes Mode>(const std::string& name) {
    using v2 = ff::bn254::fp2<P, Mode>;
    using v6 = ff::bn254::fp6<P, Mode>;
    using v12 = ff::bn254::fp12<P, Mode>;
    add_chains<P, v2>(rows, n, rng, "bn254_fp2", "xi", name,
                      [](const typename v2::value& x) FF_LAMBDA_INLINE { return v2::template mul_constant<ff::bn254::xi>(x); });
    const auto y6 = v6::random(rng);
    add_chains<P, v6>(rows, n, rng, "bn254_fp6", "mul", name, [y6](const typename v6::value& x) FF_LAMBDA_INLINE { return v6::mul(x, y6); });
    const auto y12 = v12::random(rng);
    add_chains<P, v12>(rows, n, rng, "bn254_fp12", "mul", name,
                       [y12](const typename v12::value& x) FF_LAMBDA_INLINE { return v12::mul(x, y12); });
  };
  using pairing = ff::bn254::pairing<P>;
  add_chains<P, fp12>(rows, n, rng, "bn254_fp12", "cyclotomic_sqr", "tower",
                      [](const typename fp12::value& x) FF_LAMBDA_INLINE { return pairing::cyclotomic_square(x); });
  // The groups' additions and doublings as chains of points (k G for random k).
  auto point_chains = [&]<class G>(const std::string& name, const typename G::affine_point& generator) {
    using V = typename G::point;
    std::array<V, 8> starts;
    for (auto& s : starts) s = G::mul_var(G::from_affine(generator), ff::curve::scalar<4>{rng(), rng(), rng(), rng() >> 3});
    const V y = starts[7];
    auto enter = [](auto&& body) FF_LAMBDA_INLINE { ff::run_with<ff::target_of(P::id)>(body); };
    auto vary = [starts](const V&, int k) { return starts[std::size_t(k)]; };
    const auto add = chain_samples<8>(n, starts[0], enter, vary, [y](const V& x) FF_LAMBDA_INLINE { return G::add(x, y); });
    const auto dbl = chain_samples<8>(n, starts[0], enter, vary, [](const V& x) FF_LAMBDA_INLINE { return G::dbl(x); });
    rows.push_back({name, "add_lat", "group", add[0]});
    rows.push_back({name, "add_reg", "group", add[1]});
    rows.push_back({name, "dbl_lat", "group", dbl[0]});
    rows.push_back({name, "dbl_reg", "group", dbl[1]});
  };
  point_chains.template operator()<ff::bn254::g1<P>>("bn254_g1", ff::bn254::g1_generator);
  point_chains.template operator()<ff::bn254::g2<P>>("bn254_g2", ff::bn254::g2_generator);
  variant.template operator()<modes::specialized>("xi specialized");
  variant.template operator()<modes::generic>("xi generic");
  variant.template operator()<modes::additions>("xi additions");

  auto record = [&](const std::vector<row>& group, double ops, auto scale_of) {
    std::vector<std::function<void()>> fns;
    for (const row& w : group) fns.push_back(w.fn);
    const std::vector<timing> t = time_interleaved(o.samples, ops, fns);
    for (std::size_t k = 0; k < group.size(); ++k) {
      const double scale = scale_of(group[k]);
      r.add({.bench = group[k].bench, .field = group[k].field, .backend = be, .variant = group[k].variant, .samples = t[k].samples,
             .ns_per_op = t[k].ns_per_op * scale, .ns_median = t[k].ns_median * scale,
             .cycles = t[k].ns_per_op * scale / ns_per_cycle, .cycles_median = t[k].ns_median * scale / ns_per_cycle});
    }
  };
  // The inverse chains ran n / 8 operations.
  record(rows, double(n), [](const row& w) { return w.bench == "inverse_lat" ? 8.0 : 1.0; });
  record(pairing_rows<P>(o, rng), o.quick ? 1.0 : 4.0, [](const row&) { return 1.0; });
}

void print_backend(const results& r, double ns_per_cycle, const std::string& be) {
  auto get = [&](const std::string& bench, const std::string& field, const std::string& variant) {
    return r.find(bench, field, "fieldlab", be, std::nullopt, variant);
  };
  auto cell = [&](std::optional<double> ns) {
    char buf[40] = "-";
    if (ns) std::snprintf(buf, sizeof buf, "%.0f (%.1f ns)", *ns / ns_per_cycle, *ns);
    return std::string(buf);
  };
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
  std::printf("\nBN254 groups and pairing, %s backend: calibrated cycles (ns); point add/dbl: throughput (latency)\n", be.c_str());
  auto row_of = [&](const char* name, const char* bench, const char* field, const char* variant, const char* published) {
    std::printf("%-34s %-24s %s\n", name, cell(get(bench, field, variant)).c_str(), published);
  };
  for (const char* g : {"bn254_g1", "bn254_g2"})
    for (const char* op : {"add", "dbl"})
      std::printf("%-34s %-24s (%s)\n", (std::string(g + 6) + " " + op).c_str(), cell(get(std::string(op) + "_reg", g, "group")).c_str(),
                  cell(get(std::string(op) + "_lat", g, "group")).c_str());
  row_of("Fp12 cyclotomic square", "cyclotomic_sqr_reg", "bn254_fp12", "tower", "");
  row_of("g1 scalar mul, constant time", "scalar_mul", "bn254_g1", "constant time", "256-bit windows, no endomorphism");
  row_of("g1 scalar mul, GLV, constant time", "scalar_mul", "bn254_g1", "GLV, constant time", "target <= 150 k");
  row_of("g1 scalar mul, _var", "scalar_mul", "bn254_g1", "_var", "");
  row_of("g2 scalar mul, constant time", "scalar_mul", "bn254_g2", "constant time", "");
  row_of("g2 subgroup check", "subgroup_check", "bn254_g2", "_var", "");
  row_of("Miller loop (1 pair)", "miller_loop", "bn254", "1 pair", "");
  row_of("final exponentiation", "final_exponentiation", "bn254", "-", "");
  row_of("pairing (1 pair)", "pairing", "bn254", "1 pair",
         "target <= 1.0 M; published: gnark-crypto 407 us at 3.4 GHz (~1.38 M), Constantine 301 us");
  row_of("pairing check, 2 pairs from bytes", "pairing_check", "bn254", "2 pairs, from bytes",
         "target <= 1.8 M; published: evmone ~0.92 ms before seed 001");
  std::printf("\nSeed 001's products by xi = 9 + u (ff::tower::constant_products), %s backend: throughput (latency)\n", be.c_str());
  std::printf("%-16s %-36s %-36s %s\n", "variant", "xi product", "Fp6 mul", "Fp12 mul");
  for (const char* v : {"xi specialized", "xi generic", "xi additions"}) {
    auto both = [&](const char* field, const char* op) {
      return cell(get(std::string(op) + "_reg", field, v)) + " (" + cell(get(std::string(op) + "_lat", field, v)) + ")";
    };
    std::printf("%-16s %-36s %-36s %s\n", v + 3, both("bn254_fp2", "xi").c_str(), both("bn254_fp6", "mul").c_str(),
                both("bn254_fp12", "mul").c_str());
  }
}

// Seed 001's experiment on EIP-197's two-pair check (the ECPAIRING shape, from bytes): the
// pairing's products by xi in each variant. Instructions are exact: callgrind runs this program
// again with --xi-count MODE, which makes one check under the adx policy called directly
// (valgrind's CPUID hides ADX, so dispatch would refuse it), counting only inside the check.
const char* const xi_modes[] = {"specialized", "generic", "additions"};

// Two pairs whose product is one, as EIP-197 bytes: (a G1, b G2) and (-a G1, b G2).
std::vector<std::uint8_t> two_pair_input(std::mt19937_64& rng) {
  namespace bn = ff::bn254;
  using P = ff::prime::portable;
  const ff::curve::scalar<4> a{rng(), rng(), rng(), rng() >> 3}, b{rng(), rng(), rng(), rng() >> 3};
  const auto p = bn::g1<P>::to_affine(bn::g1<P>::mul_var(bn::g1<P>::from_affine(bn::g1_generator), a));
  const auto q = bn::g2<P>::to_affine(bn::g2<P>::mul_var(bn::g2<P>::from_affine(bn::g2_generator), b));
  std::vector<std::uint8_t> input;
  for (const auto& c : {p.x, p.y, q.x.c1, q.x.c0, q.y.c1, q.y.c0, p.x, bn::fp<P>::neg(p.y), q.x.c1, q.x.c0, q.y.c1, q.y.c0}) {
    const auto bytes = ff::bn254_fp::to_bytes_be(ff::element<ff::bn254_fp>{c});
    input.insert(input.end(), bytes.begin(), bytes.end());
  }
  return input;
}
template <class P, modes Mode>
[[gnu::noinline]] bool two_pair_check(const std::vector<std::uint8_t>& input) {
  return ff::run_with<ff::target_of(P::id)>([&]() FF_LAMBDA_INLINE { return ff::bn254::detail::pairing_check_with<P, Mode>(input); });
}
// The policy the counted check runs: adx on x86-64 (valgrind runs its instructions though its
// CPUID hides them), else portable.
#if defined(__x86_64__)
using counted_policy = ff::prime::adx;
#else
using counted_policy = ff::prime::portable;
#endif
template <class P>
bool two_pair_check(modes mode, const std::vector<std::uint8_t>& input) {
  switch (mode) {
    case modes::specialized: return two_pair_check<P, modes::specialized>(input);
    case modes::generic: return two_pair_check<P, modes::generic>(input);
    case modes::additions: return two_pair_check<P, modes::additions>(input);
  }
  return false;
}
modes mode_of(const std::string& name) {
  for (int k = 0; k < 3; ++k)
    if (name == xi_modes[k]) return modes(k);
  throw std::runtime_error("--xi-count: unknown variant '" + name + "' (specialized, generic, additions)");
}

// Instructions of one check per variant, from callgrind (nullopt without valgrind).
std::optional<double> callgrind_instructions(const std::string& mode) {
  if (std::system("valgrind --version > /dev/null 2>&1") != 0) return std::nullopt;
  char out_path[] = "/tmp/ffbench_callgrind_XXXXXX";
  const int fd = mkstemp(out_path);
  if (fd < 0) return std::nullopt;
  close(fd);
  const std::string command = "valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=" + std::string(out_path) +
                              " /proc/" + std::to_string(getpid()) + "/exe --xi-count " + mode + " > /dev/null 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream file(out_path);
  std::optional<double> total;
  for (std::string line; std::getline(file, line);)
    if (line.starts_with("totals: ") || line.starts_with("summary: ")) total = std::stod(line.substr(line.find(' ') + 1));
  std::remove(out_path);
  if (status != 0) return std::nullopt;
  return total;
}

}  // namespace

// The three variants' two-pair checks timed interleaved (adx when the CPU has it), beside their
// instruction counts.
void run_xi_experiment(const options& o, results& r, double ns_per_cycle) {
  std::mt19937_64 rng(1648);
  const auto input = two_pair_input(rng);
  const bool fast = ff::cpu_has(counted_policy::id);
  const std::string be(ff::to_string(fast ? counted_policy::id : ff::backend::portable));
  auto check = [&](modes mode) {
    return fast ? two_pair_check<counted_policy>(mode, input) : two_pair_check<ff::prime::portable>(mode, input);
  };
  std::vector<std::function<void()>> fns;
  const int count = o.quick ? 1 : 4;
  for (int k = 0; k < 3; ++k) {
    const modes mode = modes(k);
    if (!check(mode)) throw std::runtime_error("bn254 two-pair check (" + std::string(xi_modes[k]) + "): the product is not one");
    fns.push_back([=] {
      for (int i = 0; i < count; ++i) keep(check(mode));
    });
  }
  progress("seed 001's experiment: two-pair checks");
  const std::vector<timing> t = time_interleaved(o.samples, double(count), fns);
  std::printf("\nSeed 001's experiment: EIP-197 two-pair check from bytes, %s backend, %d samples\n", be.c_str(), o.samples);
  std::printf("%-14s %-16s %-14s %-14s %-16s %s\n", "variant", "instructions", "cycles (min)", "cycles (median)", "IPC (min / med)",
              "vs specialized: instr / cycles (min, med)");
  std::array<std::optional<double>, 3> instructions;
  for (int k = 0; k < 3; ++k) instructions[std::size_t(k)] = o.quick ? std::nullopt : callgrind_instructions(xi_modes[k]);
  for (int k = 0; k < 3; ++k) {
    const double c_min = t[std::size_t(k)].ns_per_op / ns_per_cycle, c_med = t[std::size_t(k)].ns_median / ns_per_cycle;
    const auto& in = instructions[std::size_t(k)];
    r.add({.bench = "two_pair_check", .field = "bn254", .backend = be, .variant = std::string("xi ") + xi_modes[k],
           .samples = t[std::size_t(k)].samples, .ns_per_op = t[std::size_t(k)].ns_per_op, .ns_median = t[std::size_t(k)].ns_median,
           .cycles = c_min, .cycles_median = c_med, .instructions = in});
    char instr[32] = "- (no valgrind)", ipc[32] = "-", versus[64] = "-";
    if (in) {
      std::snprintf(instr, sizeof instr, "%.0f", *in);
      std::snprintf(ipc, sizeof ipc, "%.2f / %.2f", *in / c_min, *in / c_med);
    }
    const double s_min = t[0].ns_per_op / ns_per_cycle, s_med = t[0].ns_median / ns_per_cycle;
    if (in && instructions[0])
      std::snprintf(versus, sizeof versus, "%+.1f%% / %+.1f%%, %+.1f%%", 100 * (*in / *instructions[0] - 1), 100 * (c_min / s_min - 1),
                    100 * (c_med / s_med - 1));
    std::printf("%-14s %-16s %-14.0f %-14.0f %-16s %s\n", xi_modes[k], instr, c_min, c_med, ipc, versus);
  }
}

int run_xi_count(const std::string& mode_name) {
  const modes mode = mode_of(mode_name);
  std::mt19937_64 rng(1648);
  const auto input = two_pair_input(rng);
  CALLGRIND_TOGGLE_COLLECT;
  const bool one = two_pair_check<counted_policy>(mode, input);
  CALLGRIND_TOGGLE_COLLECT;
  return one ? 0 : 1;
}

void run_tower_report(const options& o, results& r) {
  const double ns_per_cycle = calibrate_cycles(o, r);
  [&]<class... P>(ff::policy_list<P...>) {
    ([&] { if (ff::cpu_has(P::id)) measure_backend<P>(o, r, ns_per_cycle); }(), ...);
  }(typename ff::bn254_fp::scalar_policies{});
  for (ff::backend be : ff::available_backends(ff::family::prime))
    if (be == ff::scalar_sibling(be)) print_backend(r, ns_per_cycle, std::string(ff::to_string(be)));
  run_xi_experiment(o, r, ns_per_cycle);
}

}  // namespace ffb
