// ffbench --curves: the SEC 2 binary curves (ff.binary_curves) and the ISA-extension study's measurements, in
// one run, per curve and binary scalar backend:
//   - ECDH x(k Q) (the Lopez-Dahab ladder and one inversion) and the public key k G (y
//     recovered too), in ns and calibrated cycles, beside OpenSSL's EC_POINT_mul and affine x
//     (the work of its ECDH) on the same k and Q, timed interleaved;
//   - the share of the time in M and S, two ways: the operation counts of the library's
//     counters (ecdh_counts, mul_base_counts, mul_var_counts; binary_curves_counts tests them
//     against the formulas), inversions as Itoh-Tsujii's M and S, times the M and S costs of
//     the same run (8 independent chains for throughput, one for latency), for ECDH, the
//     fixed-base k G and the tau-adic k P; and directly for ECDH, the same ladder timed with
//     every M and S replaced by one XOR per limb (what is left: swaps, additions, the loop), so
//     that M + S >= 1 - that time / the ladder's;
//   - the speedup from carry-less multiplication instructions: portable over pclmul (pmull);
//   - word-size scaling: 8 independent ECDHs per call on every batch backend (8 lanes on zmm,
//     4 on ymm, one at a time on xmm), per ECDH and over one ladder at a time;
//   - public keys k G by the fixed-base table (mul_base) beside the ladder's k G and OpenSSL's;
//   - on the Koblitz curves, k Q by the tau-adic NAF (K-233 and K-409 at widths 4, 5 and 6).
// Published figures go in their own rows (impl "published").
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/objects.h>
#include <algorithm>
#include <bit>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#include "op_rows.hpp"
import ff.testing;

namespace ffb {
namespace {

// Independent ECDHs per batched call (one zmm register's lanes).
constexpr std::size_t batch_pairs = 8;

// Itoh-Tsujii's inversion in a field of degree m: a^(2^e - 1), e = m - 1, along e's bits
// (e - 1 squarings), squared.
struct inversion_ops {
  double mul, sqr;
};
inversion_ops itoh_tsujii(unsigned m) {
  const unsigned e = m - 1;
  return {double((std::bit_width(e) - 1) + (std::popcount(e) - 1)), double(e)};
}

// A point multiplication's field operations as the library counts them (op_counts), with each
// inversion's products and squarings added in: what the M + S share weighs.
struct ms_counts {
  double mul = 0, sqr = 0;
};
ms_counts with_inversions(const ff::testing::op_counts& c, unsigned m) {
  const inversion_ops i = itoh_tsujii(m);
  return {double(c.mul) + double(c.inv) * i.mul, double(c.sqr) + double(c.inv) * i.sqr};
}

// Per curve, the counts of the measured k and Q (ECDH, mul_base; mul_var on the Koblitz curves).
struct curve_counts {
  ff::testing::op_counts ecdh, base, var;
};
std::map<std::string, curve_counts> counted;

// F with every product and square replaced by one XOR per limb behind a register barrier (so
// that the compiler cannot fold the chains): the ladder without M and S. Scalar policies only.
template <class F>
struct xor_field : F {
  template <class A>
  FF_INLINE static std::array<ff::u64, F::limbs> mul(const std::array<ff::u64, F::limbs>& a, const std::array<ff::u64, F::limbs>& b) {
    std::array<ff::u64, F::limbs> r;
    for (std::size_t i = 0; i < F::limbs; ++i) r[i] = ff::value_barrier(a[i] ^ b[i]);
    return r;
  }
  template <class A>
  FF_INLINE static std::array<ff::u64, F::limbs> square(const std::array<ff::u64, F::limbs>& a) {
    std::array<ff::u64, F::limbs> r;
    for (std::size_t i = 0; i < F::limbs; ++i) r[i] = ff::value_barrier(a[i] ^ (a[i] >> 1));
    return r;
  }
};

// x(k P) as ECDH computes it (ladder, Itoh-Tsujii, X0 / Z0) over field F under policy P.
template <class C, class F, class P>
FF_INLINE std::array<ff::u64, F::limbs> ladder_x(const typename C::scalar_type& k, const std::array<ff::u64, F::limbs>& x,
                                                 const std::array<ff::u64, F::limbs>& sqrt_b) {
  using Ar = ff::binary::arithmetic<F, P>;
  const auto s = ff::curve::montgomery_ladder<Ar, C::b == C::field::one()>(k, C::order_bits(), x, sqrt_b);
  return Ar::mul(s.x0, Ar::inverse(s.z0));
}

struct openssl_ecdh {
  EC_GROUP* group = nullptr;
  EC_POINT *q = nullptr, *out = nullptr;
  BIGNUM *k = nullptr, *x = nullptr;
  BN_CTX* ctx = nullptr;
  ~openssl_ecdh() {
    EC_POINT_free(q);
    EC_POINT_free(out);
    BN_free(k);
    BN_free(x);
    BN_CTX_free(ctx);
    EC_GROUP_free(group);
  }
};

// The tau-adic window widths measured on the Koblitz curves.
using tnaf_widths = std::integer_sequence<unsigned, 4, 5, 6>;

// Published figures (issue 24): Pornin's c-xs233 on Coffee Lake (cycles), and OpenSSL
// 3.0.19's `openssl speed ecdh*` on the development machine (us per ECDH).
struct published_curve {
  const char* curve;
  double openssl_speed_us;
  double pornin_cycles;  // 0: none
};
constexpr published_curve published[] = {
    {"sect163k1", 134, 0},   {"sect163r2", 140, 0},   {"sect233k1", 183, 49378}, {"sect233r1", 190, 60621},
    {"sect283k1", 310, 0},   {"sect283r1", 325, 0},   {"sect409k1", 569, 0},     {"sect409r1", 608, 0},
    {"sect571k1", 1220, 0},  {"sect571r1", 1280, 0},
};

template <class C, class P>
void measure_policy(const options& o, results& r, double ns_per_cycle, const typename C::scalar_type& k,
                    const typename C::point& q, std::vector<op_row>& rows) {
  using F = typename C::field;
  using value = std::array<ff::u64, F::limbs>;
  const std::string name(C::name), be(ff::to_string(P::id));
  std::mt19937_64 rng(233);
  std::array<value, 8> starts;
  for (auto& s : starts) s = F::random(rng).limb;
  const value y = F::random(rng).limb;
  const std::size_t n = o.quick ? 200 : 20000;
  std::vector<op_row> field_rows;
  add_chains<P>(field_rows, n, starts, std::string(F::name), "mul", "kernel",
                [y](const value& v) FF_LAMBDA_INLINE { return F::template mul<P>(v, y); });
  add_chains<P>(field_rows, n, starts, std::string(F::name), "sqr", "kernel",
                [](const value& v) FF_LAMBDA_INLINE { return F::template square<P>(v); });
  record_rows(o, r, field_rows, double(n), [](const op_row&) { return 1.0; }, be, ns_per_cycle);
  const std::size_t count = o.quick ? 2 : 16;
  rows.push_back({name, "ecdh", be, [=] {
                    for (std::size_t i = 0; i < count; ++i) keep(C::ecdh(P::id, k, q));
                  }});
  // The same ECDH without M and S (see xor_field): the rest of its time.
  const value sqrt_b = ff::sqrt(C::b).limb;
  rows.push_back({name, "ecdh_without_ms", be, [=] {
                    for (std::size_t i = 0; i < count; ++i)
                      keep(ff::run_with<ff::target_of(P::id)>(
                          [&]() FF_LAMBDA_INLINE { return ladder_x<C, xor_field<F>, P>(k, q.x.limb, sqrt_b); }));
                  }});
  rows.push_back({name, "pubkey", be, [=] {
                    for (std::size_t i = 0; i < count; ++i) keep(C::mul(P::id, k, C::generator()));
                  }});
  // k G from the fixed-base table (the library's public_key), checked against the ladder's.
  if (C::mul_base(P::id, k) != C::mul(P::id, k, C::generator()))
    throw std::runtime_error(name + ": the fixed-base k G differs from the ladder's");
  rows.push_back({name, "pubkey_base", be, [=] {
                    for (std::size_t i = 0; i < count; ++i) keep(C::mul_base(P::id, k));
                  }});
  // The Koblitz curves' tau-adic multiplication k Q (the library's width), checked against the
  // ladder's k Q first; other widths for K-233 and K-409 on the carry-less backend only (each
  // width is another copy of the code to compile).
  if constexpr (C::b == F::one()) {
    const typename C::point ladder = C::mul(P::id, k, q);
    const auto add_width = [&]<unsigned w>(auto fn) {
      if (fn() != ladder)
        throw std::runtime_error(name + ": the tau-adic k Q (w = " + std::to_string(w) + ") differs from the ladder's");
      rows.push_back({name, "tnaf_w" + std::to_string(w), be, [=] {
                        for (std::size_t i = 0; i < count; ++i) keep(fn());
                      }});
    };
    add_width.template operator()<C::tnaf_width>([=] { return C::mul_var(P::id, k, q); });
    if constexpr (P::id != ff::backend::portable && (C::field::degree == 233 || C::field::degree == 409)) {
      [&]<unsigned... w>(std::integer_sequence<unsigned, w...>) {
        ([&] {
          if constexpr (w != C::tnaf_width)
            add_width.template operator()<w>([=] { return C::template mul_var_window<w>(P::id, k, q); });
        }(), ...);
      }(tnaf_widths{});
    }
  }
}

template <class C>
void measure_curve(const options& o, results& r, double ns_per_cycle) {
  const std::string name(C::name);
  std::fprintf(stderr, "ffbench: %s ...\n", name.c_str());
  // One k and Q for every row; OpenSSL's answer must be ours before anything is timed.
  auto ossl = std::make_shared<openssl_ecdh>();
  ossl->group = EC_GROUP_new_by_curve_name(OBJ_sn2nid(name.c_str()));
  ossl->ctx = BN_CTX_new();
  ossl->k = BN_new();
  ossl->x = BN_new();
  ossl->q = EC_POINT_new(ossl->group);
  ossl->out = EC_POINT_new(ossl->group);
  BIGNUM* j = BN_new();
  BN_rand_range(ossl->k, EC_GROUP_get0_order(ossl->group));
  BN_rand_range(j, EC_GROUP_get0_order(ossl->group));
  EC_POINT_mul(ossl->group, ossl->q, j, nullptr, nullptr, ossl->ctx);
  BN_free(j);
  std::vector<std::uint8_t> q_bytes(EC_POINT_point2oct(ossl->group, ossl->q, POINT_CONVERSION_UNCOMPRESSED, nullptr, 0, ossl->ctx));
  EC_POINT_point2oct(ossl->group, ossl->q, POINT_CONVERSION_UNCOMPRESSED, q_bytes.data(), q_bytes.size(), ossl->ctx);
  char* k_hex = BN_bn2hex(ossl->k);
  const typename C::scalar_type k = C::parse_scalar(k_hex);
  OPENSSL_free(k_hex);
  const typename C::point q = C::decode(q_bytes);
  EC_POINT_mul(ossl->group, ossl->out, nullptr, ossl->q, ossl->k, ossl->ctx);
  EC_POINT_get_affine_coordinates(ossl->group, ossl->out, ossl->x, nullptr, ossl->ctx);
  std::vector<std::uint8_t> expected(C::field_bytes);
  BN_bn2binpad(ossl->x, expected.data(), int(expected.size()));
  if (C::ecdh(k, q) != expected) throw std::runtime_error(name + ": ff's ECDH differs from OpenSSL's");
  // The library's operation counters (binary_curves_counts tests them against the formulas).
  curve_counts& c = counted[name];
  c.ecdh = ff::testing::ecdh_counts<C>(k, q);
  c.base = ff::testing::mul_base_counts<C>(k);
  if constexpr (C::b == C::field::one()) c.var = ff::testing::mul_var_counts<C>(k, q);

  std::vector<op_row> rows;
  [&]<class... P>(ff::policy_list<P...>) {
    ([&] { if (ff::cpu_has(P::id)) measure_policy<C, P>(o, r, ns_per_cycle, k, q, rows); }(), ...);
  }(typename C::field::scalar_policies{});
  const std::size_t count = o.quick ? 2 : 16;
  // Eight independent ladders per call (mul_x over spans) on every batch backend: 8 lanes on
  // zmm, 4 on ymm, one at a time on the scalar backends. Each output is checked first.
  const std::size_t singles = rows.size();
  std::vector<typename C::scalar_type> keys(batch_pairs, k);
  std::vector<ff::element<typename C::field>> xs(batch_pairs, q.x);
  for (std::size_t i = 0; i < batch_pairs; ++i) keys[i][0] ^= i;
  for (ff::backend be : ff::available_backends(ff::family::binary)) {
    std::vector<ff::element<typename C::field>> out(batch_pairs);
    C::mul_x(be, keys, xs, out);
    for (std::size_t i = 0; i < batch_pairs; ++i)
      if (out[i] != C::mul_x(ff::backend::portable, keys[i], q.x))
        throw std::runtime_error(name + ": batched ladder " + std::string(ff::to_string(be)) + " differs");
    rows.push_back({name, "ecdh_batch", std::string(ff::to_string(be)), [=]() mutable {
                      for (std::size_t i = 0; i < count; ++i) {
                        C::mul_x(be, keys, xs, out);
                        keep(out.front());
                      }
                    }});
  }
  rows.push_back({name, "ecdh", "openssl", [ossl, count] {
                    for (std::size_t i = 0; i < count; ++i) {
                      EC_POINT_mul(ossl->group, ossl->out, nullptr, ossl->q, ossl->k, ossl->ctx);
                      EC_POINT_get_affine_coordinates(ossl->group, ossl->out, ossl->x, nullptr, ossl->ctx);
                    }
                  }});
  rows.push_back({name, "pubkey", "openssl", [ossl, count] {
                    for (std::size_t i = 0; i < count; ++i) {
                      EC_POINT_mul(ossl->group, ossl->out, ossl->k, nullptr, nullptr, ossl->ctx);
                      EC_POINT_get_affine_coordinates(ossl->group, ossl->out, ossl->x, nullptr, ossl->ctx);
                    }
                  }});
  std::vector<std::function<void()>> fns;
  for (const op_row& w : rows) fns.push_back(w.fn);
  const std::vector<timing> t = time_interleaved(o.quick ? 3 : o.samples, double(count), fns);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const bool peer = rows[i].variant == "openssl";
    const double per = i >= singles && !peer ? double(batch_pairs) : 1.0;  // batched rows: per ECDH
    r.add({.bench = rows[i].bench, .field = rows[i].field, .impl = peer ? "openssl" : "fieldlab",
           .backend = peer ? std::nullopt : std::optional<std::string>(rows[i].variant), .samples = t[i].samples,
           .ns_per_op = t[i].ns_per_op / per, .ns_median = t[i].ns_median / per,
           .cycles = t[i].ns_per_op / per / ns_per_cycle, .cycles_median = t[i].ns_median / per / ns_per_cycle});
  }
  for (const published_curve& p : published)
    if (name == p.curve) {
      r.add({.bench = "ecdh", .field = name, .impl = "published", .variant = "openssl speed, development machine",
             .ns_per_op = p.openssl_speed_us * 1000});
      if (p.pornin_cycles > 0)
        r.add({.bench = "ecdh", .field = name, .impl = "published", .variant = "c-xs233, Coffee Lake",
               .ns_per_op = 0, .cycles = p.pornin_cycles});
    }
}

// The scalar backend with carry-less multiplication, else portable.
std::string clmul_or_portable(const std::vector<std::string>& scalar_backends) {
  for (const std::string& be : scalar_backends)
    if (be != "portable") return be;
  return "portable";
}

std::string cyc(std::optional<double> ns, double ns_per_cycle) {
  char buf[48] = "-";
  if (ns) std::snprintf(buf, sizeof buf, "%.0f (%.1f us)", *ns / ns_per_cycle, *ns / 1000);
  return buf;
}

template <class C>
void print_curve(const results& r, double ns_per_cycle, const std::string& be) {
  using F = typename C::field;
  const std::string name(C::name), field(F::name);
  const auto ecdh = r.find("ecdh", name, "fieldlab", be), pub = r.find("pubkey", name, "fieldlab", be);
  const auto ossl = r.find("ecdh", name, "openssl", std::nullopt);
  const auto m = r.find("mul_reg", field, "fieldlab", be), s = r.find("sqr_reg", field, "fieldlab", be);
  const auto ml = r.find("mul_lat", field, "fieldlab", be), sl = r.find("sqr_lat", field, "fieldlab", be);
  const auto rest = r.find("ecdh_without_ms", name, "fieldlab", be);
  if (!ecdh) return;
  const ms_counts c = with_inversions(counted.at(name).ecdh, F::degree);
  char share[32] = "-", ratio[32] = "-", counts[32], measured[32] = "-";
  if (rest) std::snprintf(measured, sizeof measured, ">= %.0f%%", 100 * (1 - *rest / *ecdh));
  if (m && s && ml && sl)
    std::snprintf(share, sizeof share, "%.0f%% / %.0f%%", 100 * (c.mul * *m + c.sqr * *s) / *ecdh,
                  100 * (c.mul * *ml + c.sqr * *sl) / *ecdh);
  if (ossl) std::snprintf(ratio, sizeof ratio, "%.1fx", *ossl / *ecdh);
  std::snprintf(counts, sizeof counts, "%.0f M + %.0f S", c.mul, c.sqr);
  std::printf("%-10s %-22s %-22s %-22s %-8s %-16s %-8s %-8s %-12s %s\n", name.c_str(), cyc(ecdh, ns_per_cycle).c_str(),
              cyc(pub, ns_per_cycle).c_str(), cyc(ossl, ns_per_cycle).c_str(), ratio, counts,
              m ? std::to_string(int(*m / ns_per_cycle + 0.5)).c_str() : "-",
              s ? std::to_string(int(*s / ns_per_cycle + 0.5)).c_str() : "-", share, measured);
}

template <class C>
void print_public_key(const results& r, double ns_per_cycle, const std::string& be) {
  const std::string name(C::name);
  const auto base = r.find("pubkey_base", name, "fieldlab", be), ladder = r.find("pubkey", name, "fieldlab", be);
  const auto ossl = r.find("pubkey", name, "openssl", std::nullopt);
  if (!base) return;
  std::printf("%-10s %-22s %-22s %-22s %-10.2f %.1fx\n", name.c_str(), cyc(base, ns_per_cycle).c_str(),
              cyc(ladder, ns_per_cycle).c_str(), cyc(ossl, ns_per_cycle).c_str(), ladder ? *ladder / *base : 0.0,
              ossl ? *ossl / *base : 0.0);
}

template <class C>
void print_koblitz(const results& r, double ns_per_cycle, const std::string& be) {
  if constexpr (C::b == C::field::one()) {
    const std::string name(C::name);
    const auto ladder = r.find("pubkey", name, "fieldlab", be), ossl = r.find("ecdh", name, "openssl", std::nullopt);
    const auto chosen = r.find("tnaf_w" + std::to_string(C::tnaf_width), name, "fieldlab", be);
    if (!chosen) return;
    std::printf("%-10s", name.c_str());
    [&]<unsigned... w>(std::integer_sequence<unsigned, w...>) {
      (std::printf(" %-22s", cyc(r.find("tnaf_w" + std::to_string(w), name, "fieldlab", be), ns_per_cycle).c_str()), ...);
    }(tnaf_widths{});
    std::printf(" %-3u %-22s %-10.2f %.1fx\n", C::tnaf_width, cyc(ladder, ns_per_cycle).c_str(),
                ladder ? *ladder / *chosen : 0.0, ossl ? *ossl / *chosen : 0.0);
  }
}

// The share of M and S in each method's time: its counted operations (inversions as
// Itoh-Tsujii's M and S) x the M and S throughput / latency costs, over its measured time.
template <class C>
void print_shares(const results& r, const std::string& be) {
  using F = typename C::field;
  const std::string name(C::name), field(F::name);
  const auto m = r.find("mul_reg", field, "fieldlab", be), s = r.find("sqr_reg", field, "fieldlab", be);
  const auto ml = r.find("mul_lat", field, "fieldlab", be), sl = r.find("sqr_lat", field, "fieldlab", be);
  if (!m || !s || !ml || !sl) return;
  const curve_counts& c = counted.at(name);
  const auto cell = [&](const ff::testing::op_counts& ops, std::optional<double> time) {
    char out[64] = "-";
    if (!time || ops.mul == 0) return std::string(out);
    const ms_counts n = with_inversions(ops, F::degree);
    std::snprintf(out, sizeof out, "%lluM %lluS %lluA %lluI %.0f%%/%.0f%%", (unsigned long long)ops.mul,
                  (unsigned long long)ops.sqr, (unsigned long long)ops.add, (unsigned long long)ops.inv,
                  100 * (n.mul * *m + n.sqr * *s) / *time, 100 * (n.mul * *ml + n.sqr * *sl) / *time);
    return std::string(out);
  };
  std::printf("%-10s %-34s %-34s %s\n", name.c_str(), cell(c.ecdh, r.find("ecdh", name, "fieldlab", be)).c_str(),
              cell(c.base, r.find("pubkey_base", name, "fieldlab", be)).c_str(),
              cell(c.var, r.find("tnaf_w" + std::to_string(C::tnaf_width), name, "fieldlab", be)).c_str());
}

}  // namespace

void run_curves_report(const options& o, results& r) {
  const double ns_per_cycle = calibrate_cycles(o, r);
  [&]<class... C>(ff::type_list<C...>) { (measure_curve<C>(o, r, ns_per_cycle), ...); }(ff::binary_curves{});
  std::vector<std::string> backends;
  for (ff::backend be : ff::available_backends(ff::family::binary))
    if (be == ff::scalar_sibling(be)) backends.emplace_back(ff::to_string(be));
  for (const std::string& be : backends) {
    std::printf("\nSEC 2 binary curves, %s backend: calibrated cycles (us); OpenSSL = EC_POINT_mul + affine x on the\n"
                "same k and Q, timed interleaved; M, S = field product / square, throughput (cycles); M+S share =\n"
                "(counts x costs) / ECDH, with the throughput / the latency of M and S; measured = 1 - (ECDH with\n"
                "every M and S replaced by an XOR) / ECDH\n",
                be.c_str());
    std::printf("%-10s %-22s %-22s %-22s %-8s %-16s %-8s %-8s %-12s %s\n", "curve", "ECDH (ladder)", "ladder k G",
                "OpenSSL ECDH", "vs OSSL", "ECDH ops", "M", "S", "M+S share", "measured");
    [&]<class... C>(ff::type_list<C...>) { (print_curve<C>(r, ns_per_cycle, be), ...); }(ff::binary_curves{});
  }
  for (const std::string& be : backends) {
    std::printf("\nPublic keys k G, %s backend: the fixed-base table (mul_base, constant time: one mixed addition per\n"
                "5-bit window, no doubling) beside the ladder's k G and OpenSSL's EC_POINT_mul(k, G) + affine x, calibrated\n"
                "cycles (us)\n",
                be.c_str());
    std::printf("%-10s %-22s %-22s %-22s %-10s %s\n", "curve", "fixed-base k G", "ladder k G", "OpenSSL k G",
                "ladder/fb", "OpenSSL/fb");
    [&]<class... C>(ff::type_list<C...>) { (print_public_key<C>(r, ns_per_cycle, be), ...); }(ff::binary_curves{});
  }
  for (const std::string& be : backends) {
    std::printf("\nKoblitz curves, %s backend: k Q by the width-w tau-adic NAF (mul_var: variable time), calibrated\n"
                "cycles (us), beside the constant-time ladder's k P with y (mul) and OpenSSL's EC_POINT_mul + affine x\n",
                be.c_str());
    std::printf("%-10s %-22s %-22s %-22s %-3s %-22s %-10s %s\n", "curve", "w = 4", "w = 5", "w = 6", "w", "ladder k P",
                "ladder/tau", "OpenSSL/tau");
    [&]<class... C>(ff::type_list<C...>) { (print_koblitz<C>(r, ns_per_cycle, be), ...); }(ff::binary_curves{});
  }
  for (const std::string& be : backends) {
    std::printf("\nOperation counts (the library's counters: M, S, additions, inversions) and the share of M and S in the\n"
                "time, %s backend: (M + S, inversions as Itoh-Tsujii's) x the throughput / the latency costs, over the\n"
                "measured time (the ISA-extension study: more than 90%% at 163 bits)\n",
                be.c_str());
    std::printf("%-10s %-34s %-34s %s\n", "curve", "ECDH (ladder)", "fixed-base k G", "tau-adic k P (w = 4)");
    [&]<class... C>(ff::type_list<C...>) { (print_shares<C>(r, be), ...); }(ff::binary_curves{});
  }
  const auto clmul = clmul_or_portable(backends);
  if (std::find(backends.begin(), backends.end(), "portable") != backends.end() && clmul != "portable") {
    std::printf("\nSpeedup from carry-less multiplication instructions, ECDH: portable / %s (the ISA-extension study: up to 22.4x)\n",
                clmul.c_str());
    [&]<class... C>(ff::type_list<C...>) {
      ((std::printf("%-10s %.1fx\n", std::string(C::name).c_str(),
                    r.find("ecdh", std::string(C::name), "fieldlab", "portable").value_or(0) /
                        r.find("ecdh", std::string(C::name), "fieldlab", clmul).value_or(1))),
       ...);
    }(ff::binary_curves{});
  }
  std::printf("\nBatched ladders: %zu independent ECDH x-coordinates per call (mul_x over spans), calibrated cycles per\n"
              "ECDH, and the throughput over one ladder at a time (the same call on pclmul / pmull): the word-size scaling\n"
              "of the ISA-extension study (issue 24's target: 8 lanes of zmm at least 3x for B-163 and B-233)\n",
              batch_pairs);
  std::vector<std::string> all;
  for (ff::backend be : ff::available_backends(ff::family::binary)) all.emplace_back(ff::to_string(be));
  std::printf("%-10s", "curve");
  for (const std::string& be : all) std::printf(" %-22s", be.c_str());
  std::printf("\n");
  [&]<class... C>(ff::type_list<C...>) {
    ([&] {
      const std::string name(C::name);
      const auto one = r.find("ecdh_batch", name, "fieldlab", clmul);
      std::printf("%-10s", name.c_str());
      for (const std::string& be : all) {
        const auto t = r.find("ecdh_batch", name, "fieldlab", be);
        char cell[48] = "-";
        if (t && one) std::snprintf(cell, sizeof cell, "%.0f (%.2fx)", *t / ns_per_cycle, *one / *t);
        std::printf(" %-22s", cell);
      }
      std::printf("\n");
    }(), ...);
  }(ff::binary_curves{});
  std::printf("\nPublished: c-xs233 (Pornin, Coffee Lake) B-233 60,621 cycles, K-233 49,378 (29,602 with the Frobenius\n"
              "endomorphism); OpenSSL 3.0.19's `openssl speed ecdh*` on the development machine: K-163 134 us ... B-571 1.28 ms.\n");
}

}  // namespace ffb
