// ffbench --primes: Hamburg's special primes (his 2014 CFRG benchmark of reduction-friendly primes, Haswell
// cycles) on this machine. For the eight primes: M and S of the special-form field and of the
// generic Montgomery field on the same prime, under each prime backend, latency and throughput,
// ns and calibrated core cycles, his figures in a labelled column, and each prime's M over
// P256-mers' M beside his ratio (ratios compare across machines, times do not). Special
// and generic are timed interleaved (one sample of each in turn): their ratio is side by side.
// Then X25519 and X448 shared secrets against OpenSSL (EVP_PKEY_derive) and libsodium, every
// implementation's answer checked against the others' before anything is timed.
#include <openssl/evp.h>
#include <sodium.h>
#include <array>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <tuple>
#include <vector>
#include "fieldlab/macros.h"
#include "measure.hpp"
#include "report.hpp"
import ff.lab;
import ff.testing;

namespace ffb {
namespace {

using ff::u64;

// Hamburg's table: Haswell i7-4790, cycles per M / S with no dependencies between products (throughput).
struct seed_figure {
  double m, s;
  const char* code;
};
// Radix = the same special form in unsaturated limbs (ff.prime.radix, the prime's default radix).
template <class Special, class Generic>
struct prime_pair {
  using special = Special;
  using generic = Generic;
  using radix = ff::prime::radix_of<Special>;
  std::optional<seed_figure> seed;
  static std::string radix_name() { return std::string(Special::name) + "/radix2^" + std::to_string(radix::radix.r); }
  // The same kernels, each output brought to its canonical form (what the field type's
  // elements must be: == compares limbs).
  static std::string canonical_name() { return radix_name() + "/canonical"; }
};
const auto pairs = std::make_tuple(
    prime_pair<ff::p25519, ff::lab::p25519_mont>{std::nullopt},
    prime_pair<ff::mers256, ff::lab::mers256_mont>{seed_figure{59.2, 47.8, "MSR ECCLib asm, no BMI2"}},
    prime_pair<ff::mers384, ff::lab::mers384_mont>{seed_figure{117.5, 89.8, "MSR ECCLib asm, no BMI2"}},
    prime_pair<ff::p389, ff::lab::p389_mont>{seed_figure{112.5, 75.5, "Hamburg, C + BMI2 intrinsics"}},
    prime_pair<ff::goldilocks, ff::lab::goldilocks_mont>{seed_figure{118.0, 88.9, "Hamburg, C + BMI2 intrinsics"}},
    prime_pair<ff::ridinghood, ff::lab::ridinghood_mont>{seed_figure{118.2, 89.1, "Hamburg, C + BMI2 intrinsics"}},
    prime_pair<ff::mers512, ff::lab::mers512_mont>{seed_figure{199.9, 140.6, "MSR ECCLib asm, no BMI2"}},
    prime_pair<ff::p521, ff::lab::p521_mont>{seed_figure{145.5, 110.7, "Hamburg, C + BMI2 intrinsics"}});
constexpr const char* seed_label = "Hamburg 2014, Haswell i7-4790, throughput";

template <class F>
void gate(ff::backend be) {
  if (ff::testing::check_all(ff::testing::backend_agreement<F>(be)) != 0)
    throw std::runtime_error(std::string(F::name) + " " + std::string(ff::to_string(be)) + ": failed the property gate");
}

constexpr int chains = 8;

// x = M(x, y) or S(x), n operations as one dependent chain (latency) or as eight chains
// interleaved (throughput), under policy P without dispatch.
template <class P, class L, class Mul, class Sqr>
std::vector<std::function<void()>> product_samples(std::size_t n, const L& x0, Mul mul, Sqr sqr) {
  auto enter = [](auto&& body) FF_LAMBDA_INLINE { ff::run_with<ff::target_of(P::id)>(body); };
  auto vary = [](L x, int k) {
    x[0] ^= u64(k);
    return x;
  };
  const auto m = chain_samples<chains>(n, x0, enter, vary, mul), s = chain_samples<chains>(n, x0, enter, vary, sqr);
  return {m[0], m[1], s[0], s[1]};
}
const char* const product_benches[] = {"mul_lat", "mul_reg", "sqr_lat", "sqr_reg"};
// The field's own kernels under P.
template <class F, class P>
std::vector<std::function<void()>> field_samples(std::size_t n, const ff::element<F>& x0, const ff::element<F>& y) {
  using L = ff::limbs<F::limbs>;
  return product_samples<P>(n, x0.limb, [y = y.limb](const L& x) FF_LAMBDA_INLINE { return P::template mul<F>(x, y); },
                            [](const L& x) FF_LAMBDA_INLINE { return P::template square<F>(x); });
}
// The radix kernels compiled under P's target: outputs feed back in (limbs below 2^(r + 1)).
template <class M, class P>
std::vector<std::function<void()>> radix_samples(std::size_t n, const ff::limbs<M::limbs>& x0, const ff::limbs<M::limbs>& y) {
  using L = ff::prime::radix_limbs<M::radix_l>;
  return product_samples<P>(n, ff::prime::to_radix<M>(x0),
                            [y = ff::prime::to_radix<M>(y)](const L& x) FF_LAMBDA_INLINE { return ff::prime::radix_mul<M, 1>(x, y); },
                            [](const L& x) FF_LAMBDA_INLINE { return ff::prime::radix_square<M, 1>(x); });
}
template <class M, class P>
std::vector<std::function<void()>> canonical_samples(std::size_t n, const ff::limbs<M::limbs>& x0, const ff::limbs<M::limbs>& y) {
  using L = ff::prime::radix_limbs<M::radix_l>;
  return product_samples<P>(
      n, ff::prime::to_radix<M>(x0),
      [y = ff::prime::to_radix<M>(y)](const L& x) FF_LAMBDA_INLINE { return ff::prime::radix_canonical<M>(ff::prime::radix_mul<M, 1>(x, y)); },
      [](const L& x) FF_LAMBDA_INLINE { return ff::prime::radix_canonical<M>(ff::prime::radix_square<M, 1>(x)); });
}

std::string cell(std::optional<double> ns, double ns_per_cycle) {
  char buf[48] = "-";
  if (ns) std::snprintf(buf, sizeof buf, "%.1f (%.1f ns)", *ns / ns_per_cycle, *ns);
  return buf;
}

template <class Pair>
void measure_pair(const options& o, results& r, double ns_per_cycle, const Pair& pair) {
  using S = typename Pair::special;
  using G = typename Pair::generic;
  std::mt19937_64 rng(2014);
  const auto xs = S::random(rng), ys = S::random(rng);
  // The same integers in the generic field.
  const auto xg = G::from_integer(S::to_integer(xs)), yg = G::from_integer(S::to_integer(ys));
  const std::size_t n = o.quick ? 256 : 1 << 14;
  [&]<class... P>(ff::policy_list<P...>) {
    (
        [&] {
          if (!ff::cpu_has(P::id)) return;
          const std::string be(ff::to_string(P::id));
          gate<S>(P::id);
          gate<G>(P::id);
          progress(std::string(S::name) + " and " + std::string(G::name) + " " + be);
          // The radix kernels are checked against the field's before they are timed.
          using R = typename Pair::radix;
          if (ff::prime::from_radix<R>(ff::prime::radix_mul<R, 1>(ff::prime::to_radix<R>(xs.limb), ff::prime::to_radix<R>(ys.limb))) !=
                  (xs * ys).limb ||
              ff::prime::from_radix<R>(ff::prime::radix_square<R, 1>(ff::prime::to_radix<R>(xs.limb))) != (xs * xs).limb)
            throw std::runtime_error(Pair::radix_name() + ": disagrees with " + std::string(S::name));
          std::vector<std::function<void()>> fns = field_samples<S, P>(n, xs, ys);
          for (auto& f : field_samples<G, P>(n, xg, yg)) fns.push_back(std::move(f));
          for (auto& f : radix_samples<R, P>(n, xs.limb, ys.limb)) fns.push_back(std::move(f));
          for (auto& f : canonical_samples<R, P>(n, xs.limb, ys.limb)) fns.push_back(std::move(f));
          const std::vector<timing> t = time_interleaved(o.samples, double(n), fns);
          const std::string names[] = {std::string(S::name), std::string(G::name), Pair::radix_name(), Pair::canonical_name()};
          for (std::size_t k = 0; k < t.size(); ++k)
            r.add({.bench = product_benches[k % 4], .field = names[k / 4], .backend = be,
                   .variant = "primes", .samples = t[k].samples, .ns_per_op = t[k].ns_per_op, .ns_median = t[k].ns_median,
                   .cycles = t[k].ns_per_op / ns_per_cycle, .cycles_median = t[k].ns_median / ns_per_cycle});
        }(),
        ...);
  }(typename S::scalar_policies{});
  if (pair.seed)
    for (const auto& [bench, cycles] : {std::pair{"mul_reg", pair.seed->m}, std::pair{"sqr_reg", pair.seed->s}})
      r.add({.bench = bench, .field = std::string(S::name), .impl = "published",
             .variant = std::string(seed_label) + " (" + pair.seed->code + ")", .samples = 1,
             .ns_per_op = cycles / 3.5932, .ns_median = cycles / 3.5932, .cycles = cycles, .cycles_median = cycles});
}

template <class Pair>
void print_pair(const results& r, double ns_per_cycle, const std::string& be, const Pair& pair, double m256_here) {
  using S = typename Pair::special;
  using G = typename Pair::generic;
  const std::string s(S::name), g(G::name);
  auto get = [&](const char* bench, const std::string& field) { return r.find(bench, field, "fieldlab", be); };
  const auto sm = get("mul_reg", s), ss = get("sqr_reg", s), gm = get("mul_reg", g), gs = get("sqr_reg", g);
  const auto rm = get("mul_reg", Pair::radix_name()), rs = get("sqr_reg", Pair::radix_name());
  char gain[32] = "-", seed[32] = "-", ratio[40] = "-";
  if (sm && ss && gm && gs) std::snprintf(gain, sizeof gain, "%.2fx / %.2fx", *gm / *sm, *gs / *ss);
  if (pair.seed) std::snprintf(seed, sizeof seed, "%.1f / %.1f", pair.seed->m, pair.seed->s);
  if (sm && m256_here > 0) {
    if (pair.seed) std::snprintf(ratio, sizeof ratio, "%.2f (seed %.2f)", *sm / m256_here, pair.seed->m / 59.2);
    else std::snprintf(ratio, sizeof ratio, "%.2f", *sm / m256_here);
  }
  const std::string radix_bits = std::to_string(Pair::radix::radix.r);
  std::printf("%-11s %-17s %-17s %-17s %-17s %-15s %-13s %-15s %-17s %s\n", s.c_str(), cell(sm, ns_per_cycle).c_str(),
              cell(ss, ns_per_cycle).c_str(), cell(gm, ns_per_cycle).c_str(), cell(gs, ns_per_cycle).c_str(), gain,
              seed, ratio, (radix_bits + ": " + cell(rm, ns_per_cycle)).c_str(), cell(rs, ns_per_cycle).c_str());
  std::printf("%-11s %-17s %-17s %-17s %-17s %-15s %-13s %-15s %-17s %s\n", "  latency", cell(get("mul_lat", s), ns_per_cycle).c_str(),
              cell(get("sqr_lat", s), ns_per_cycle).c_str(), cell(get("mul_lat", g), ns_per_cycle).c_str(),
              cell(get("sqr_lat", g), ns_per_cycle).c_str(), "", "", "",
              (radix_bits + ": " + cell(get("mul_lat", Pair::radix_name()), ns_per_cycle)).c_str(),
              cell(get("sqr_lat", Pair::radix_name()), ns_per_cycle).c_str());
}

// The field type's limbs: saturated (the special field) against radix with canonical outputs.
template <class Pair>
void print_limb_choice(const results& r, double ns_per_cycle, const std::string& be, const Pair&) {
  const std::string s(Pair::special::name);
  auto get = [&](const char* bench, const std::string& field) { return r.find(bench, field, "fieldlab", be); };
  const auto sm = get("mul_reg", s), ss = get("sqr_reg", s);
  const auto cm = get("mul_reg", Pair::canonical_name()), cs = get("sqr_reg", Pair::canonical_name());
  char gain[32] = "-";
  if (sm && ss && cm && cs) std::snprintf(gain, sizeof gain, "%.2fx / %.2fx", *cm / *sm, *cs / *ss);
  std::printf("%-11s %-17s %-17s %-3u %-17s %-17s %s\n", s.c_str(), cell(sm, ns_per_cycle).c_str(), cell(ss, ns_per_cycle).c_str(),
              Pair::radix::radix.r, cell(cm, ns_per_cycle).c_str(), cell(cs, ns_per_cycle).c_str(), gain);
}

// ---- X25519 / X448 ---------------------------------------------------------------------------
struct pkey_deleter {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
  void operator()(EVP_PKEY_CTX* c) const { EVP_PKEY_CTX_free(c); }
};

// OpenSSL's derive with its context prepared once, as `openssl speed ecdhx25519` does.
template <class Curve>
class openssl_derive {
 public:
  openssl_derive(const typename Curve::key& priv, const typename Curve::key& peer) {
    const int type = Curve::bytes == 32 ? EVP_PKEY_X25519 : EVP_PKEY_X448;
    mine_.reset(EVP_PKEY_new_raw_private_key(type, nullptr, priv.data(), priv.size()));
    theirs_.reset(EVP_PKEY_new_raw_public_key(type, nullptr, peer.data(), peer.size()));
    ctx_.reset(EVP_PKEY_CTX_new(mine_.get(), nullptr));
    if (!ctx_ || EVP_PKEY_derive_init(ctx_.get()) != 1 || EVP_PKEY_derive_set_peer(ctx_.get(), theirs_.get()) != 1)
      throw std::runtime_error(std::string(Curve::name) + ": OpenSSL derive setup failed");
  }
  typename Curve::key operator()() const {
    typename Curve::key out{};
    std::size_t size = out.size();
    if (EVP_PKEY_derive(ctx_.get(), out.data(), &size) != 1) throw std::runtime_error("OpenSSL derive failed");
    return out;
  }

 private:
  std::unique_ptr<EVP_PKEY, pkey_deleter> mine_, theirs_;
  std::unique_ptr<EVP_PKEY_CTX, pkey_deleter> ctx_;
};

// Both ladder representations under each backend (ff.lab.ladders has the other); the curve's
// choice is the plain row.
template <class Curve>
void measure_curve(const options& o, results& r, double ns_per_cycle) {
  using key = typename Curve::key;
  std::mt19937_64 rng(7748);
  key priv, other;
  for (auto& b : priv) b = std::uint8_t(rng());
  for (auto& b : other) b = std::uint8_t(rng());
  const key peer = Curve::public_key(other), expected = Curve::shared_secret(priv, peer);
  const openssl_derive<Curve> openssl(priv, peer);
  if (openssl() != expected) throw std::runtime_error(std::string(Curve::name) + ": OpenSSL disagrees with fieldlab");
  const std::size_t n = o.quick ? 4 : 64;
  std::vector<std::function<void()>> fns;
  std::vector<std::pair<std::string, std::optional<std::string>>> who;  // impl, backend
  for (ff::backend be : ff::available_backends(ff::family::prime)) {
    if (be != ff::scalar_sibling(be)) continue;
    if (Curve::scalarmult(be, priv, peer) != expected) throw std::runtime_error(std::string(Curve::name) + ": backends disagree");
    fns.push_back([&, be] {
      key k = priv;
      for (std::size_t i = 0; i < n; ++i) k[0] ^= Curve::scalarmult(be, k, peer)[0];  // each input depends on the last
      keep(k);
    });
    who.emplace_back("fieldlab", std::string(ff::to_string(be)));
    // The ladder in the representation the curve does not use (ff.lab.ladders).
    constexpr bool other_is_radix = !std::is_same_v<typename Curve::template ladder_arithmetic<ff::prime::portable>,
                                                     ff::prime::radix_arithmetic<typename Curve::field>>;
    auto alternative = [be](const key& k, const key& u) { return ff::lab::scalarmult_other<Curve>(be, k, u); };
    if (alternative(priv, peer) != expected) throw std::runtime_error(std::string(Curve::name) + ": the alternative ladder disagrees");
    fns.push_back([&, alternative] {
      key k = priv;
      for (std::size_t i = 0; i < n; ++i) k[0] ^= alternative(k, peer)[0];
      keep(k);
    });
    who.emplace_back("fieldlab", std::string(ff::to_string(be)) +
                                     (other_is_radix
                                          ? "/radix2^" + std::to_string(ff::prime::radix_of<typename Curve::field>::radix.r)
                                          : "/saturated"));
  }
  fns.push_back([&] {
    for (std::size_t i = 0; i < n; ++i) keep(openssl());
  });
  who.emplace_back("openssl", std::nullopt);
  if constexpr (Curve::bytes == 32) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium: sodium_init failed");
    key s{};
    if (crypto_scalarmult_curve25519(s.data(), priv.data(), peer.data()) != 0 || s != expected)
      throw std::runtime_error("x25519: libsodium disagrees with fieldlab");
    fns.push_back([&] {
      key k = priv, out;
      for (std::size_t i = 0; i < n; ++i) {
        if (crypto_scalarmult_curve25519(out.data(), k.data(), peer.data()) != 0) out[0] = 1;  // not reached: checked above
        k[0] ^= out[0];
      }
      keep(k);
    });
    who.emplace_back("libsodium", std::nullopt);
  }
  progress(std::string(Curve::name) + " shared secrets");
  const std::vector<timing> t = time_interleaved(o.samples, double(n), fns);
  for (std::size_t k = 0; k < t.size(); ++k)
    r.add({.bench = "shared_secret", .field = std::string(Curve::name), .impl = who[k].first, .backend = who[k].second,
           .variant = who[k].first == "openssl" ? std::optional<std::string>(OpenSSL_version(0))
                      : who[k].first == "libsodium" ? std::optional<std::string>(std::string("libsodium ") + sodium_version_string())
                                                    : std::nullopt,
           .samples = t[k].samples, .ns_per_op = t[k].ns_per_op, .ns_median = t[k].ns_median,
           .cycles = t[k].ns_per_op / ns_per_cycle, .cycles_median = t[k].ns_median / ns_per_cycle});
  double fastest = 0;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (who[k].first == "fieldlab" && (fastest == 0 || t[k].ns_per_op < fastest)) fastest = t[k].ns_per_op;
  std::printf("\n%s shared secret (one ladder + inversion): us, calibrated kcycles\n", Curve::name.data());
  for (std::size_t k = 0; k < t.size(); ++k) {
    std::string name = who[k].first + (who[k].second ? " " + *who[k].second : "");
    std::printf("  %-20s %8.1f us %8.1f kcycles   %.2fx fieldlab's fastest\n", name.c_str(), t[k].ns_per_op / 1000,
                t[k].ns_per_op / ns_per_cycle / 1000, t[k].ns_per_op / fastest);
  }
}

}  // namespace

void run_primes_report(const options& o, results& r) {
  const double ns_per_cycle = calibrate_cycles(o, r);
  std::apply([&](const auto&... pair) { (measure_pair(o, r, ns_per_cycle, pair), ...); }, pairs);
  for (ff::backend be : ff::available_backends(ff::family::prime)) {
    if (be != ff::scalar_sibling(be)) continue;
    const std::string name(ff::to_string(be));
    std::printf("\nHamburg's special primes, %s backend: M / S in calibrated cycles (ns), throughput; latency below.\n"
                "special = the prime's own reduction (ff::special_field), generic = Montgomery (ff::lab::*_mont);\n"
                "radix = the special form in unsaturated limbs of r bits (ff.prime.radix, outside the field type);\n"
                "Haswell = %s; M / M(mers256): this run (Hamburg's)\n",
                name.c_str(), seed_label);
    std::printf("%-11s %-17s %-17s %-17s %-17s %-15s %-13s %-15s %-17s %s\n", "prime", "special M", "special S", "generic M",
                "generic S", "gain M / S", "Haswell M / S", "M / M(mers256)", "radix r: M", "radix S");
    const double m256 = r.find("mul_reg", std::string("mers256"), "fieldlab", name).value_or(0);
    std::apply([&](const auto&... pair) { (print_pair(r, ns_per_cycle, name, pair, m256), ...); }, pairs);
    std::printf("\nThe field type's limbs, %s backend: an element must be canonical (== compares limbs), so\n"
                "radix pays a canonical form after every product; throughput, calibrated cycles (ns)\n",
                name.c_str());
    std::printf("%-11s %-17s %-17s %-3s %-17s %-17s %s\n", "prime", "saturated M", "saturated S", "r", "radix canon. M",
                "radix canon. S", "radix / saturated M / S");
    std::apply([&](const auto&... pair) { (print_limb_choice(r, ns_per_cycle, name, pair), ...); }, pairs);
  }
  measure_curve<ff::x25519>(o, r, ns_per_cycle);
  measure_curve<ff::x448>(o, r, ns_per_cycle);
}

}  // namespace ffb
