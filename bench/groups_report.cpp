// ffbench --tower, the groups and the pairing, under each prime backend:
//   - BN254 (ff.bn254): G1 and G2 point additions and doublings, scalar multiplications, the G2
//     subgroup check, the Miller loop, the final exponentiation, one pairing and EIP-197's
//     two-pair check from its 384 bytes (decoding and the subgroup checks included: the
//     ECPAIRING shape);
//   - BLS12-381 (ff.bls12_381): Constantine's published Fp2 and G1 rows (Fp2 mul and square; G1 add,
//     double, scalar multiplication by the double-and-add reference, signed 5-bit windows, GLV and
//     _var), the G1 subgroup check, and Zcash's compression both ways;
// then evmone's mul-by-xi experiment on the two-pair check: the four products by xi, callgrind's
// exact instructions beside cycles (min and median) and IPC. This file is apart from
// tower_report.cpp because its pairing instantiations dominate ffbench's compile time.
#include <unistd.h>
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#endif
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include "op_rows.hpp"

namespace ffb {
namespace {
namespace bn = ff::bn254;
namespace bls = ff::bls12_381;
using modes = ff::lab::constant_products;

// Two pairs whose product is one, (a G1, b G2) and (-a G1, b G2): the points and EIP-197's bytes.
struct two_pairs {
  bn::g1_affine p;
  bn::g2_affine q;
  std::vector<std::uint8_t> bytes;
};
two_pairs make_two_pairs() {
  using P = ff::prime::portable;
  std::mt19937_64 rng(1648);
  const ff::curve::scalar<4> a{rng(), rng(), rng(), rng() >> 3}, b{rng(), rng(), rng(), rng() >> 3};
  two_pairs t{bn::g1<P>::to_affine(bn::g1<P>::mul_var(bn::g1<P>::from_affine(bn::g1_generator), a)),
              bn::g2<P>::to_affine(bn::g2<P>::mul_var(bn::g2<P>::from_affine(bn::g2_generator), b)), {}};
  for (const auto& c : {t.p.x, t.p.y, t.q.x.c1, t.q.x.c0, t.q.y.c1, t.q.y.c0, t.p.x, bn::fp<P>::neg(t.p.y), t.q.x.c1, t.q.x.c0,
                        t.q.y.c1, t.q.y.c0}) {
    const auto bytes = ff::bn254_fp::to_bytes_be(ff::element<ff::bn254_fp>{c});
    t.bytes.insert(t.bytes.end(), bytes.begin(), bytes.end());
  }
  return t;
}

// Point additions and doublings as chains of k G (random k), named name/add and name/dbl.
template <class P, class G>
void point_chains(std::vector<op_row>& rows, std::size_t n, std::mt19937_64& rng, const std::string& name,
                  const typename G::affine_point& generator) {
  using V = typename G::point;
  std::array<V, 8> starts;
  for (auto& s : starts) s = G::mul_var(G::from_affine(generator), ff::curve::scalar<4>{rng(), rng(), rng(), rng() >> 3});
  const V y = starts[7];
  add_chains<P>(rows, n, starts, name, "add", "group", [y](const V& x) FF_LAMBDA_INLINE { return G::add(x, y); });
  add_chains<P>(rows, n, starts, name, "dbl", "group", [](const V& x) FF_LAMBDA_INLINE { return G::dbl(x); });
}

// k P by double and add over Bits bits, the addend selected (constant time): Constantine's
// "reference" row. Only the benchmark uses it.
template <class G, std::size_t Bits>
typename G::point double_and_add(const typename G::point& p, const ff::curve::scalar<4>& k) {
  typename G::point r = G::identity();
  for (std::size_t i = Bits; i-- > 0;) {
    r = G::dbl(r);
    r = G::add(r, ff::select_words(ff::u64(0) - ((k[i / 64] >> (i % 64)) & 1), p, G::identity()));
  }
  return r;
}

// Each op `count` times per sample, under P's target.
template <class P>
auto repeated(std::size_t count, auto op) {
  return [count, op] {
    ff::run_with<ff::target_of(P::id)>([&]() FF_LAMBDA_INLINE {
      for (std::size_t i = 0; i < count; ++i) keep(op());
    });
  };
}

template <class P>
std::vector<op_row> bn254_rows(std::size_t count, std::mt19937_64& rng, const two_pairs& t) {
  using G1 = bn::g1<P>;
  using G2 = bn::g2<P>;
  using E = bn::pairing<P>;
  if (!bn::detail::pairing_check_with<P>(t.bytes)) throw std::runtime_error("bn254: e(P, Q) e(-P, Q) != 1");
  const ff::curve::scalar<4> k{rng(), rng(), rng(), rng() >> 3};
  const typename E::pair one[1] = {{t.p, t.q}};
  const typename E::gt f = E::miller_loop(one);
  const auto g1 = G1::from_affine(t.p);
  const auto g2 = G2::from_affine(t.q);
  const auto p = t.p;
  const auto q = t.q;
  const auto bytes = t.bytes;
  std::vector<op_row> rows;
  rows.push_back({"bn254_g1", "scalar_mul", "constant time", repeated<P>(count, [=] { return G1::template mul<256>(g1, k); })});
  rows.push_back({"bn254_g1", "scalar_mul", "GLV, constant time", repeated<P>(count, [=] { return bn::g1_glv<P>::mul(g1, k); })});
  rows.push_back({"bn254_g1", "scalar_mul", "_var", repeated<P>(count, [=] { return G1::mul_var(g1, k); })});
  rows.push_back({"bn254_g2", "scalar_mul", "constant time", repeated<P>(count, [=] { return G2::template mul<256>(g2, k); })});
  rows.push_back({"bn254_g2", "scalar_mul", "_var", repeated<P>(count, [=] { return G2::mul_var(g2, k); })});
  rows.push_back({"bn254_g2", "subgroup_check", "_var", repeated<P>(count, [=] { return bn::in_g2_var<P>(g2); })});
  // The membership test it replaced (A/B): psi(Q) = [6u^2] Q, a 127-bit scalar.
  const ff::curve::scalar<2> six_u_squared{std::uint64_t(6 * static_cast<unsigned __int128>(bn::u) * bn::u),
                                           std::uint64_t((6 * static_cast<unsigned __int128>(bn::u) * bn::u) >> 64)};
  rows.push_back({"bn254_g2", "subgroup_check", "psi(Q) = [6u^2] Q", repeated<P>(count, [=] {
                    return G2::equal_var(E::twist_frobenius(g2), G2::mul_var(g2, six_u_squared));
                  })});
  rows.push_back({"bn254", "miller_loop", "1 pair", repeated<P>(count, [=] { return E::miller_loop(one); })});
  rows.push_back({"bn254", "final_exponentiation", "-", repeated<P>(count, [=] { return E::final_exponentiation(f); })});
  rows.push_back({"bn254", "pairing", "1 pair", repeated<P>(count, [=] { return E::pairing(p, false, q, false); })});
  // Lazy reduction's A/B: the same pairing over the lazy tower and over the tower reducing each
  // Fp2 product (the library takes one of them: bn254_fp's tuning).
  using lazy = ff::lab::bn254_lazy_pairing<P>;
  using per_product = ff::lab::bn254_per_product_pairing<P>;
  if (lazy::pairing(p, false, q, false) != E::pairing(p, false, q, false) ||
      per_product::pairing(p, false, q, false) != E::pairing(p, false, q, false))
    throw std::runtime_error("bn254: the pairing over the lazy or the per-product tower disagrees");
  rows.push_back({"bn254", "pairing", "1 pair, lazy tower", repeated<P>(count, [=] { return lazy::pairing(p, false, q, false); })});
  rows.push_back({"bn254", "pairing", "1 pair, per-product tower",
                  repeated<P>(count, [=] { return per_product::pairing(p, false, q, false); })});
  rows.push_back({"bn254", "pairing_check", "2 pairs, from bytes",
                  repeated<P>(count, [=] { return bn::detail::pairing_check_with<P>(bytes); })});
  // What each further pair costs a multi-pairing (one Miller loop, one final exponentiation),
  // its G2 points prepared on the way or beforehand (a fixed verification key).
  const std::vector<typename E::pair> four(4, typename E::pair{p, q});
  const auto prepared_q = std::make_shared<const typename E::prepared>(E::prepare(q));  // outlives the rows
  const std::vector<typename E::prepared_pair> four_prepared(4, typename E::prepared_pair{p, prepared_q.get()});
  rows.push_back({"bn254", "multi_pairing", "4 pairs",
                  repeated<P>(count, [=] { return E::multi_pairing(std::span<const typename E::pair>(four)); })});
  rows.push_back({"bn254", "multi_pairing", "4 pairs, G2 prepared", repeated<P>(count, [=] {
                    (void)prepared_q;
                    return E::multi_pairing(std::span<const typename E::prepared_pair>(four_prepared));
                  })});
  return rows;
}

template <class P>
std::vector<op_row> bls12_381_rows(std::size_t count, std::mt19937_64& rng) {
  using G1 = bls::g1<P>;
  const ff::curve::scalar<4> k = ff::bls12_381_fr::to_integer(ff::bls12_381_fr::random(rng));
  const auto g = G1::mul_var(G1::from_affine(bls::g1_generator), ff::curve::scalar<4>{rng(), rng(), rng(), rng() >> 3});
  // The gate: the four multiplications agree, compression round-trips (bls12_381_test checks
  // them against NTL and published vectors).
  const auto kg = bls::g1_glv<P>::mul(g, k);
  if (!G1::equal_var(kg, G1::template mul<256>(g, k)) || !G1::equal_var(kg, G1::mul_var(g, k)) ||
      !G1::equal_var(kg, double_and_add<G1, 255>(g, k)))
    throw std::runtime_error("bls12_381 g1: the scalar multiplications disagree");
  const bls::g1_compressed c = bls::detail::compress<P>(g);
  if (!G1::equal_var(bls::detail::decompress<P>(c), g)) throw std::runtime_error("bls12_381 g1: decompress(compress(P)) != P");
  std::vector<op_row> rows;
  rows.push_back({"bls12_381_g1", "scalar_mul", "double-and-add, constant time",
                  repeated<P>(count, [=] { return double_and_add<G1, 255>(g, k); })});
  rows.push_back({"bls12_381_g1", "scalar_mul", "constant time", repeated<P>(count, [=] { return G1::template mul<256>(g, k); })});
  rows.push_back({"bls12_381_g1", "scalar_mul", "GLV, constant time", repeated<P>(count, [=] { return bls::g1_glv<P>::mul(g, k); })});
  rows.push_back({"bls12_381_g1", "scalar_mul", "_var", repeated<P>(count, [=] { return G1::mul_var(g, k); })});
  rows.push_back({"bls12_381_g1", "subgroup_check", "_var", repeated<P>(count, [=] { return bls::in_g1_var<P>(g); })});
  rows.push_back({"bls12_381_g1", "compress", "-", repeated<P>(count, [=] { return bls::detail::compress<P>(g); })});
  rows.push_back({"bls12_381_g1", "decompress", "subgroup check included", repeated<P>(count, [=] { return bls::detail::decompress<P>(c); })});
  return rows;
}

template <class P>
void measure_backend(const options& o, results& r, double ns_per_cycle, const two_pairs& t) {
  const std::string be(ff::to_string(P::id));
  std::mt19937_64 rng(381);
  progress("groups " + be);
  const std::size_t n = o.quick ? 64 : 2048;
  std::vector<op_row> fast;
  point_chains<P, bn::g1<P>>(fast, n, rng, "bn254_g1", bn::g1_generator);
  point_chains<P, bn::g2<P>>(fast, n, rng, "bn254_g2", bn::g2_generator);
  using fp = bls::fp<P>;
  using fp2 = bls::fp2<P>;
  const auto y1 = fp::random(rng);
  add_chains<P, fp>(fast, n, rng, "bls12_381_fp", "mul", "tower", [y1](const typename fp::value& x) FF_LAMBDA_INLINE { return fp::mul(x, y1); });
  const auto y2 = fp2::random(rng);
  add_chains<P, fp2>(fast, n, rng, "bls12_381_fp2", "mul", "tower", [y2](const typename fp2::value& x) FF_LAMBDA_INLINE { return fp2::mul(x, y2); });
  schoolbook_rows<P, fp2>(fast, n, rng, "bls12_381_fp2");
  add_chains<P, fp2>(fast, n, rng, "bls12_381_fp2", "sqr", "tower", [](const typename fp2::value& x) FF_LAMBDA_INLINE { return fp2::square(x); });
  point_chains<P, bls::g1<P>>(fast, n, rng, "bls12_381_g1", bls::g1_generator);
  record_rows(o, r, fast, double(n), [](const op_row&) { return 1.0; }, be, ns_per_cycle);

  const std::size_t count = o.quick ? 1 : 4;
  std::vector<op_row> slow = bn254_rows<P>(count, rng, t);
  for (op_row& w : bls12_381_rows<P>(count, rng)) slow.push_back(std::move(w));
  record_rows(o, r, slow, double(count), [](const op_row&) { return 1.0; }, be, ns_per_cycle);
}

void print_backend(const results& r, double ns_per_cycle, const std::string& be) {
  auto get = [&](const std::string& bench, const std::string& field, const std::string& variant) {
    return r.find(bench, field, "fieldlab", be, std::nullopt, variant);
  };
  auto cell = [&](std::optional<double> ns) { return cycles_cell(ns, ns_per_cycle); };
  auto row_of = [&](const std::string& name, const char* bench, const char* field, const char* variant, const char* published) {
    std::printf("%-40s %-24s %s\n", name.c_str(), cell(get(bench, field, variant)).c_str(), published);
  };
  auto point_ops = [&](const char* group, const char* label, const char* published_add, const char* published_dbl) {
    for (const char* op : {"add", "dbl"})
      std::printf("%-40s %-24s (%s) %s\n", (std::string(label) + " " + op).c_str(), cell(get(std::string(op) + "_reg", group, "group")).c_str(),
                  cell(get(std::string(op) + "_lat", group, "group")).c_str(), op[0] == 'a' ? published_add : published_dbl);
  };
  std::printf("\nBN254 groups and pairing, %s backend: calibrated cycles (ns); point add/dbl: throughput (latency)\n", be.c_str());
  point_ops("bn254_g1", "g1", "Constantine asm, TSC: 842", "511");
  point_ops("bn254_g2", "g2", "", "");
  row_of("g1 scalar mul, constant time", "scalar_mul", "bn254_g1", "constant time", "256-bit windows, no endomorphism");
  row_of("g1 scalar mul, GLV, constant time", "scalar_mul", "bn254_g1", "GLV, constant time", "target <= 150 k; Constantine: 188,805");
  row_of("g1 scalar mul, _var", "scalar_mul", "bn254_g1", "_var", "");
  row_of("g2 scalar mul, constant time", "scalar_mul", "bn254_g2", "constant time", "");
  row_of("g2 scalar mul, _var", "scalar_mul", "bn254_g2", "_var", "");
  row_of("g2 subgroup check", "subgroup_check", "bn254_g2", "_var", "by u: [u + 1] Q + psi([u] Q) + psi^2([u] Q) = psi^3([2u] Q)");
  row_of("g2 subgroup check (A/B)", "subgroup_check", "bn254_g2", "psi(Q) = [6u^2] Q", "the test it replaced");
  row_of("Miller loop (1 pair)", "miller_loop", "bn254", "1 pair", "");
  row_of("final exponentiation", "final_exponentiation", "bn254", "-", "");
  row_of("pairing (1 pair)", "pairing", "bn254", "1 pair",
         "target <= 1.0 M; published: gnark-crypto 407 us at 3.4 GHz (~1.38 M), Constantine 301 us");
  row_of("pairing, lazy tower (A/B)", "pairing", "bn254", "1 pair, lazy tower", "every level's products reduced once per coordinate");
  row_of("pairing, per-product tower (A/B)", "pairing", "bn254", "1 pair, per-product tower", "each Fp2 product reduced");
  row_of("pairing check, 2 pairs from bytes", "pairing_check", "bn254", "2 pairs, from bytes",
         "target <= 1.8 M; published: evmone ~0.92 ms before its mul-by-xi change");
  row_of("multi-pairing, 4 pairs", "multi_pairing", "bn254", "4 pairs", "");
  row_of("multi-pairing, 4 pairs, G2 prepared", "multi_pairing", "bn254", "4 pairs, G2 prepared", "");
  // Each further pair: a quarter of what three more pairs add to one pairing.
  const auto one_pair = get("pairing", "bn254", "1 pair");
  for (const char* variant : {"4 pairs", "4 pairs, G2 prepared"}) {
    const auto four = get("multi_pairing", "bn254", variant);
    const auto extra = one_pair && four ? std::optional<double>((*four - *one_pair) / 3) : std::nullopt;
    std::printf("%-40s %-24s %s\n", (std::string("each further pair (") + variant + ")").c_str(), cell(extra).c_str(),
                "target <= 0.45 M");
  }

  std::printf("\nBLS12-381 Fp2 and G1, %s backend: calibrated cycles (ns); mul/sqr and add/dbl: throughput (latency)\n", be.c_str());
  const auto fp_mul = get("mul_reg", "bls12_381_fp", "tower");
  for (const char* op : {"mul", "sqr"}) {
    const auto t = get(std::string(op) + "_reg", "bls12_381_fp2", "tower");
    char ratio[48] = "";
    if (t && fp_mul) std::snprintf(ratio, sizeof ratio, "%.1f Fp products", *t / *fp_mul);
    std::printf("%-40s %-24s (%s) %s\n", (std::string("fp2 ") + op).c_str(), cell(t).c_str(),
                cell(get(std::string(op) + "_lat", "bls12_381_fp2", "tower")).c_str(), ratio);
  }
  const auto schoolbook = get("mul_reg", "bls12_381_fp2", "schoolbook");
  std::printf("%-40s %-24s (%s) %s\n", "fp2 mul, schoolbook (A/B)", cell(schoolbook).c_str(),
              cell(get("mul_lat", "bls12_381_fp2", "schoolbook")).c_str(), "4 products, 2 additions; Karatsuba above: 3 and 5");
  point_ops("bls12_381_g1", "g1", "Constantine: 1,462", "887");
  row_of("g1 scalar mul, double-and-add", "scalar_mul", "bls12_381_g1", "double-and-add, constant time",
         "Constantine (unsafe reference): 394,761");
  row_of("g1 scalar mul, signed 5-bit windows", "scalar_mul", "bls12_381_g1", "constant time", "Constantine (16 entries): 386,726");
  row_of("g1 scalar mul, GLV", "scalar_mul", "bls12_381_g1", "GLV, constant time", "Constantine: 321,931");
  row_of("g1 scalar mul, _var", "scalar_mul", "bls12_381_g1", "_var", "");
  row_of("g1 subgroup check", "subgroup_check", "bls12_381_g1", "_var", "");
  row_of("g1 compress", "compress", "bls12_381_g1", "-", "");
  row_of("g1 decompress (with subgroup check)", "decompress", "bls12_381_g1", "subgroup check included", "");
}

// evmone's experiment on EIP-197's two-pair check (the ECPAIRING shape, from bytes): the
// pairing's products by xi in each variant. Instructions are exact: callgrind runs this program
// again with --xi-count MODE, which makes one check under the counted policy called directly
// (valgrind's CPUID hides ADX, so dispatch would refuse it), counting only inside the check.
// In ff::lab::constant_products' order.
const char* const xi_modes[] = {"specialized", "field_products", "generic", "additions"};
constexpr int xi_mode_count = int(std::size(xi_modes));
// The policy the experiment runs: adx on x86-64 (valgrind runs its instructions though its
// CPUID hides them), else portable. Only this one is instantiated in the variants.
#if defined(__x86_64__)
using counted_policy = ff::prime::adx;
#else
using counted_policy = ff::prime::portable;
#endif
template <modes Mode>
[[gnu::noinline]] bool two_pair_check(const std::vector<std::uint8_t>& input) {
  return ff::run_with<ff::target_of(counted_policy::id)>(
      [&]() FF_LAMBDA_INLINE { return bn::detail::pairing_check_with<counted_policy, ff::lab::bn254_pairing<counted_policy, Mode>>(input); });
}
bool two_pair_check(modes mode, const std::vector<std::uint8_t>& input) {
  switch (mode) {
    case modes::specialized: return two_pair_check<modes::specialized>(input);
    case modes::field_products: return two_pair_check<modes::field_products>(input);
    case modes::generic: return two_pair_check<modes::generic>(input);
    case modes::additions: return two_pair_check<modes::additions>(input);
  }
  return false;
}
modes mode_of(const std::string& name) {
  for (int k = 0; k < xi_mode_count; ++k)
    if (name == xi_modes[k]) return modes(k);
  throw std::runtime_error("--xi-count: unknown variant '" + name + "' (specialized, field_products, generic, additions)");
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

// The variants' two-pair checks timed interleaved, beside their instruction counts.
void run_xi_experiment(const options& o, results& r, double ns_per_cycle, const two_pairs& t) {
  const std::string be(ff::to_string(counted_policy::id));
  if (!ff::cpu_has(counted_policy::id)) {
    std::printf("\nevmone's mul-by-xi experiment: skipped, this CPU lacks %s\n", be.c_str());
    return;
  }
  std::vector<std::function<void()>> fns;
  const int count = o.quick ? 1 : 4;
  for (int k = 0; k < xi_mode_count; ++k) {
    const modes mode = modes(k);
    if (!two_pair_check(mode, t.bytes))
      throw std::runtime_error("bn254 two-pair check (" + std::string(xi_modes[k]) + "): the product is not one");
    fns.push_back([mode, &t, count] {
      for (int i = 0; i < count; ++i) keep(two_pair_check(mode, t.bytes));
    });
  }
  progress("evmone's mul-by-xi experiment: two-pair checks");
  const std::vector<timing> times = time_interleaved(o.samples, double(count), fns);
  std::printf("\nevmone's mul-by-xi experiment: EIP-197 two-pair check from bytes, %s backend, %d samples\n", be.c_str(), o.samples);
  std::printf("%-14s %-16s %-14s %-14s %-16s %s\n", "variant", "instructions", "cycles (min)", "cycles (median)", "IPC (min / med)",
              "vs specialized: instr / cycles (min, med)");
  std::array<std::optional<double>, xi_mode_count> instructions;
  for (int k = 0; k < xi_mode_count; ++k) instructions[std::size_t(k)] = o.quick ? std::nullopt : callgrind_instructions(xi_modes[k]);
  for (int k = 0; k < xi_mode_count; ++k) {
    const timing& tk = times[std::size_t(k)];
    const double c_min = tk.ns_per_op / ns_per_cycle, c_med = tk.ns_median / ns_per_cycle;
    const auto& in = instructions[std::size_t(k)];
    r.add({.bench = "two_pair_check", .field = "bn254", .backend = be, .variant = std::string("xi ") + xi_modes[k],
           .samples = tk.samples, .ns_per_op = tk.ns_per_op, .ns_median = tk.ns_median, .cycles = c_min, .cycles_median = c_med,
           .instructions = in});
    char instr[32] = "- (no valgrind)", ipc[32] = "-", versus[64] = "-";
    if (in) {
      std::snprintf(instr, sizeof instr, "%.0f", *in);
      std::snprintf(ipc, sizeof ipc, "%.2f / %.2f", *in / c_min, *in / c_med);
    }
    const double s_min = times[0].ns_per_op / ns_per_cycle, s_med = times[0].ns_median / ns_per_cycle;
    if (in && instructions[0])
      std::snprintf(versus, sizeof versus, "%+.1f%% / %+.1f%%, %+.1f%%", 100 * (*in / *instructions[0] - 1), 100 * (c_min / s_min - 1),
                    100 * (c_med / s_med - 1));
    std::printf("%-14s %-16s %-14.0f %-14.0f %-16s %s\n", xi_modes[k], instr, c_min, c_med, ipc, versus);
  }
}
}  // namespace

void run_groups_report(const options& o, results& r, double ns_per_cycle) {
  const two_pairs t = make_two_pairs();
  [&]<class... P>(ff::policy_list<P...>) {
    ([&] { if (ff::cpu_has(P::id)) measure_backend<P>(o, r, ns_per_cycle, t); }(), ...);
  }(typename ff::bn254_fp::scalar_policies{});
  for (ff::backend be : ff::available_backends(ff::family::prime))
    if (be == ff::scalar_sibling(be)) print_backend(r, ns_per_cycle, std::string(ff::to_string(be)));
  run_xi_experiment(o, r, ns_per_cycle, t);
}

int run_xi_count(const std::string& mode_name) {
  const modes mode = mode_of(mode_name);
  const two_pairs t = make_two_pairs();
  CALLGRIND_TOGGLE_COLLECT;
  const bool one = two_pair_check(mode, t.bytes);
  CALLGRIND_TOGGLE_COLLECT;
  return one ? 0 : 1;
}
}  // namespace ffb
