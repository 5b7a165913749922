// Peers, measured in the same run as fieldlab so the report shows ratios on this machine:
// NTL (GF2E products; GF2EX over ghash128 for ghash2), OpenSSL (BN_GF2m_mod_mul_arr, the
// binary-field product behind its sect* curves, and GHASH inside AES-128-GCM), and gf2x
// (raw 2/3/4-word carry-less products) next to fieldlab's own raw Karatsuba products.
// Every peer's results are checked against fieldlab's before its time is reported.
#include <gf2x.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <NTL/GF2E.h>
#include <NTL/GF2EX.h>
#include <NTL/GF2X.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>
#include "fieldlab/macros.h"
#include "measure.hpp"
#include "report.hpp"
import ff.reference;

namespace ffb {
namespace {

using ff::element;
using ff::u64;
static_assert(sizeof(unsigned long) == sizeof(u64), "gf2x words are 64-bit here");


template <class F>
std::vector<element<F>> random_elements(std::size_t n, std::mt19937_64& rng) {
  std::vector<element<F>> v(n);
  for (auto& e : v) e = F::random(rng);
  return v;
}

// A peer whose product differs from fieldlab's is miswired (or one of us is wrong): its
// time would be meaningless, so stop.
void require(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error("peers: " + what + " disagrees with fieldlab");
}

// Indices checked after each peer's run: a few spread over the whole batch.
std::vector<std::size_t> spot_checks(std::size_t n) { return {0, n / 3, n / 2, n - 1}; }

// ---- NTL --------------------------------------------------------------------------------

template <class F>
timing time_ntl_mul(const std::vector<element<F>>& a, const std::vector<element<F>>& b,
                    const std::vector<element<F>>& expected, int samples) {
  const std::size_t n = a.size();
  if constexpr (ff::polynomial_field<F>) {
    NTL::GF2EPush push(ff::ref::modulus<F>());
    std::vector<NTL::GF2E> x(n), y(n), z(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = NTL::conv<NTL::GF2E>(ff::ref::to_gf2x(a[i]));
      y[i] = NTL::conv<NTL::GF2E>(ff::ref::to_gf2x(b[i]));
    }
    const timing t = time_best_of(samples, double(n), [&] {
      for (std::size_t i = 0; i < n; ++i) NTL::mul(z[i], x[i], y[i]);
    });
    for (std::size_t i : spot_checks(n)) require(ff::ref::to_element<F>(NTL::rep(z[i])) == expected[i], "NTL GF2E");
    return t;
  } else {
    // ghash2: NTL's GF2EX over GF2E = ghash128, modulo v^2 + v + x^121 (precomputed modulus).
    return ff::ref::in_ghash_context([&] {
      const NTL::GF2EXModulus m(ff::ref::ghash2_modulus_in_context());
      std::vector<NTL::GF2EX> x(n), y(n), z(n);
      for (std::size_t i = 0; i < n; ++i) {
        x[i] = ff::ref::ghash2_to_gf2ex_in_context(a[i]);
        y[i] = ff::ref::ghash2_to_gf2ex_in_context(b[i]);
      }
      const timing t = time_best_of(samples, double(n), [&] {
        for (std::size_t i = 0; i < n; ++i) NTL::MulMod(z[i], x[i], y[i], m);
      });
      for (std::size_t i : spot_checks(n))
        require(ff::ref::ghash2_from_gf2ex_in_context(z[i]) == expected[i], "NTL GF2EX");
      return t;
    });
  }
}

// ---- OpenSSL ----------------------------------------------------------------------------

template <class F>
BIGNUM* to_bignum(const element<F>& e) {
  std::array<unsigned char, 8 * F::limbs> bytes;
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = (unsigned char)(e.limb[i / 8] >> (8 * (i % 8)));
  BIGNUM* r = BN_lebin2bn(bytes.data(), int(bytes.size()), nullptr);
  if (!r) throw std::runtime_error("peers: BN_lebin2bn failed");
  return r;
}

template <class F>
element<F> from_bignum(const BIGNUM* x) {
  std::array<unsigned char, 8 * F::limbs> bytes;
  if (BN_bn2lebinpad(x, bytes.data(), int(bytes.size())) < 0) throw std::runtime_error("peers: BN_bn2lebinpad failed");
  element<F> e{};
  for (std::size_t i = 0; i < bytes.size(); ++i) e.limb[i / 8] |= u64(bytes[i]) << (8 * (i % 8));
  return e;
}

template <ff::polynomial_field F>
timing time_openssl_mul(const std::vector<element<F>>& a, const std::vector<element<F>>& b,
                        const std::vector<element<F>>& expected, int samples) {
  const std::size_t n = a.size();
  // OpenSSL's form of the modulus: its exponents, highest first, ending with -1.
  std::vector<int> p(F::modulus.begin(), F::modulus.end());
  p.push_back(-1);
  BN_CTX* ctx = BN_CTX_new();
  std::vector<BIGNUM*> x(n), y(n), z(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = to_bignum(a[i]);
    y[i] = to_bignum(b[i]);
    z[i] = BN_new();
  }
  bool ok = ctx != nullptr;
  const timing t = time_best_of(samples, double(n), [&] {
    for (std::size_t i = 0; i < n; ++i) ok &= BN_GF2m_mod_mul_arr(z[i], x[i], y[i], p.data(), ctx) == 1;
  });
  bool agree = ok;
  for (std::size_t i : spot_checks(n)) agree = agree && from_bignum<F>(z[i]) == expected[i];
  for (std::size_t i = 0; i < n; ++i) {
    BN_free(x[i]);
    BN_free(y[i]);
    BN_free(z[i]);
  }
  BN_CTX_free(ctx);
  require(agree, "OpenSSL BN_GF2m_mod_mul_arr");
  return t;
}

// GHASH alone: AES-128-GCM fed additional data only (no plaintext), so apart from a
// negligible setup the work is GHASH over the data. OpenSSL aggregates: it reduces once
// per several blocks (H, H^2, ... precomputed), so this is not one full multiplication.
timing time_openssl_ghash(int samples) {
  constexpr std::size_t chunk = 64 * 1024, chunks = 16;
  std::vector<unsigned char> aad(chunk);
  std::mt19937_64 rng(7);
  for (auto& c : aad) c = (unsigned char)rng();
  const unsigned char key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  const unsigned char iv[12] = {0};
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  bool ok = ctx && EVP_EncryptInit_ex(ctx, EVP_aes_128_gcm(), nullptr, key, iv) == 1;
  const timing t = time_best_of(samples, double(chunk * chunks / 16), [&] {
    ok &= EVP_EncryptInit_ex(ctx, nullptr, nullptr, nullptr, iv) == 1;  // new message, same key
    int len = 0;
    for (std::size_t c = 0; c < chunks; ++c) ok &= EVP_EncryptUpdate(ctx, nullptr, &len, aad.data(), int(chunk)) == 1;
  });
  EVP_CIPHER_CTX_free(ctx);
  if (!ok) throw std::runtime_error("peers: OpenSSL AES-128-GCM (EVP) failed");
  return t;
}

// ---- Raw carry-less products: gf2x and fieldlab's Karatsuba ------------------------------

template <class A, std::size_t N>
FF_INLINE void raw_loop(const u64* a, const u64* b, u64* out, std::size_t n) {
  for (std::size_t i = 0; i + A::lanes <= n; i += A::lanes) {
    std::array<ff::limb_t<A>, N> x, y;
    A::template load<N>(a + N * i, x);
    A::template load<N>(b + N * i, y);
    A::template store<2 * N>(out + 2 * N * i, ff::binary::clmul_product<A, N>(x, y));
  }
}

// n products of N-word operands (n a multiple of 8, so vector backends have no tail).
template <std::size_t N>
void raw_product(ff::backend be, const u64* a, const u64* b, u64* out, std::size_t n) {
  ff::dispatch<ff::binary::batch_policies>(be, [=]<class A>() FF_LAMBDA_INLINE { raw_loop<A, N>(a, b, out, n); });
}

record make_record(std::string bench, std::optional<std::string> field, std::string impl,
                   std::optional<std::string> backend, std::optional<std::string> variant, std::optional<int> log2_n,
                   int elem_bytes, const timing& t) {
  record rec;
  rec.bench = std::move(bench);
  rec.field = std::move(field);
  rec.impl = std::move(impl);
  rec.backend = std::move(backend);
  rec.variant = std::move(variant);
  rec.log2_n = log2_n;
  rec.elem_bytes = elem_bytes;
  rec.samples = t.samples;
  rec.ns_per_op = t.ns_per_op;
  rec.ns_median = t.ns_median;
  return rec;
}

struct raw_row {
  std::size_t words = 0;
  std::vector<std::pair<std::string, double>> fieldlab;  // backend, ns per product
  double gf2x = 0;
};

template <std::size_t N>
raw_row measure_raw(const std::vector<ff::backend>& backends, std::size_t n, int samples, int log2_n,
                    results& r) {
  std::mt19937_64 rng(N);
  std::vector<u64> a(N * n), b(N * n), ours(2 * N * n), theirs(2 * N * n);
  for (auto& w : a) w = rng();
  for (auto& w : b) w = rng();
  const std::string variant = std::to_string(N) + "x" + std::to_string(N);
  raw_row row;
  row.words = N;
  auto add = [&](const std::string& impl, std::optional<std::string> backend, const timing& t) {
    r.add(make_record("clmul_raw", std::nullopt, impl, backend, variant, log2_n, int(8 * N), t));
  };
  const timing g = time_best_of(samples, double(n), [&] {
    for (std::size_t i = 0; i < n; ++i) gf2x_mul(theirs.data() + 2 * N * i, a.data() + N * i, N, b.data() + N * i, N);
  });
  add("gf2x", std::nullopt, g);
  row.gf2x = g.ns_per_op;
  for (ff::backend be : backends) {
    const timing t = time_best_of(samples, double(n), [&] { raw_product<N>(be, a.data(), b.data(), ours.data(), n); });
    require(ours == theirs, std::string("gf2x_mul ") + variant + " vs fieldlab " + std::string(ff::to_string(be)));
    add("fieldlab", std::string(ff::to_string(be)), t);
    row.fieldlab.emplace_back(std::string(ff::to_string(be)), t.ns_per_op);
  }
  return row;
}

// ---- Report -----------------------------------------------------------------------------

struct field_row {
  std::string field;
  double fieldlab = 0;
  std::optional<double> ntl, openssl;
};

std::string ns(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
  return buf;
}
// How many times faster fieldlab is than the peer (peer time / fieldlab time).
std::string faster(double fieldlab, std::optional<double> peer) {
  if (!peer) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1fx", *peer / fieldlab);
  return buf;
}

}  // namespace

void run_peers(const options& o, results& r) {
  // 2^min(max_log, 12) operands, so every implementation works in cache and the ratios
  // compare arithmetic. NTL and OpenSSL allocate each operand separately on the heap: at 2^16
  // their operands spill L2 and their times doubled and varied 2x from run to run on the
  // shared test machine, while fieldlab's flat arrays hardly noticed. At least 8 operands,
  // so the SIMD raw products run whole blocks.
  const int log2_n = std::clamp(o.max_log, 3, 12);
  const std::size_t n = std::size_t(1) << log2_n;
  const ff::backend batch = o.backend ? *ff::parse_backend(*o.backend) : ff::batch_backend(ff::family::binary);
  const std::string batch_name(ff::to_string(batch));
  std::vector<field_row> rows;

  for (const std::string& name : o.fields) {
    progress("peers: " + name + " (NTL, OpenSSL; 2^" + std::to_string(log2_n) + " products)");
    ff::visit_by_name<ff::binary_fields>(name, [&]<class F>() {
      std::mt19937_64 rng(0x9e37 + F::degree);
      const auto a = random_elements<F>(n, rng), b = random_elements<F>(n, rng);
      std::vector<element<F>> expected(n);
      ff::mul<F>(batch, std::span<const element<F>>(a), std::span<const element<F>>(b),
                 std::span<element<F>>(expected));
      field_row row;
      row.field = name;
      auto add = [&](const std::string& impl, std::optional<std::string> backend, std::optional<std::string> variant,
                     const timing& t) {
        r.add(make_record("mul", name, impl, backend, variant, log2_n, int(8 * F::limbs), t));
      };
      if (auto found = r.find("mul", name, "fieldlab", batch_name, log2_n)) {
        row.fieldlab = *found;
      } else {  // the mul report did not run at this size: measure the same bulk product here
        std::vector<element<F>> out(n);
        const timing t = time_best_of(o.samples, double(n), [&] {
          ff::mul<F>(batch, std::span<const element<F>>(a), std::span<const element<F>>(b), std::span<element<F>>(out));
        });
        add("fieldlab", batch_name, "peers", t);
        row.fieldlab = t.ns_per_op;
      }
      const timing ntl = time_ntl_mul<F>(a, b, expected, o.samples);
      add("ntl", std::nullopt, ff::polynomial_field<F> ? "GF2E" : "GF2EX MulMod", ntl);
      row.ntl = ntl.ns_per_op;
      if constexpr (ff::polynomial_field<F>) {
        const timing ssl = time_openssl_mul<F>(a, b, expected, o.samples);
        add("openssl", std::nullopt, "BN_GF2m_mod_mul_arr", ssl);
        row.openssl = ssl.ns_per_op;
      }
      rows.push_back(row);
    });
  }

  std::printf("\nPeers: full-width multiplication, ns/mul, 2^%d independent random operands, best of %d "
              "(fieldlab: batch backend %s)\n\n",
              log2_n, o.samples, batch_name.c_str());
  std::printf("| field | fieldlab | NTL | fieldlab vs NTL | OpenSSL BN_GF2m | fieldlab vs OpenSSL |\n");
  std::printf("|---|---:|---:|---:|---:|---:|\n");
  for (const field_row& f : rows)
    std::printf("| %s | %s | %s%s | %s | %s | %s |\n", f.field.c_str(), ns(f.fieldlab).c_str(),
                f.ntl ? ns(*f.ntl).c_str() : "n/a", f.field == "ghash2" ? " (GF2EX)" : "",
                faster(f.fieldlab, f.ntl).c_str(), f.openssl ? ns(*f.openssl).c_str() : "n/a",
                faster(f.fieldlab, f.openssl).c_str());
  std::printf("\n\"Nx\" = peer time / fieldlab time (how many times faster fieldlab is).\n");

  // Raw products: scalar (one product per call, like gf2x) and, if different, the batch backend.
  std::vector<ff::backend> raw_backends;
  if (o.backend) raw_backends = {batch};
  else {
    raw_backends = {ff::scalar_backend(ff::family::binary)};
    if (batch != ff::scalar_backend(ff::family::binary)) raw_backends.push_back(batch);
  }
  progress("peers: raw carry-less products (gf2x, fieldlab)");
  const std::vector<raw_row> raw = {measure_raw<2>(raw_backends, n, o.samples, log2_n, r),
                                    measure_raw<3>(raw_backends, n, o.samples, log2_n, r),
                                    measure_raw<4>(raw_backends, n, o.samples, log2_n, r)};
  std::printf("\nRaw carry-less products (unreduced), ns/product, 2^%d independent operands, best of %d\n\n",
              log2_n, o.samples);
  std::printf("| words | gf2x_mul |");
  for (ff::backend be : raw_backends) std::printf(" fieldlab %s | gf2x vs %s |", std::string(ff::to_string(be)).c_str(),
                                                  std::string(ff::to_string(be)).c_str());
  std::printf("\n|---|---:|");
  for (std::size_t i = 0; i < raw_backends.size(); ++i) std::printf("---:|---:|");
  std::printf("\n");
  for (const raw_row& row : raw) {
    std::printf("| %zux%zu | %s |", row.words, row.words, ns(row.gf2x).c_str());
    for (const auto& [be, t] : row.fieldlab) std::printf(" %s | %s |", ns(t).c_str(), faster(t, row.gf2x).c_str());
    std::printf("\n");
  }

  progress("peers: OpenSSL GHASH (AES-128-GCM over additional data)");
  const timing ghash = time_openssl_ghash(o.samples);
  r.add(make_record("ghash_block", "ghash128", "openssl", std::nullopt, "EVP_aes_128_gcm AAD", std::nullopt, 16, ghash));
  std::printf("\n| operation | ns |\n|---|---:|\n");
  std::printf("| OpenSSL GHASH, per 16-byte block (AES-128-GCM over 1 MiB of additional data) | %s |\n",
              ns(ghash.ns_per_op).c_str());
  for (const field_row& f : rows)
    if (f.field == "ghash128")
      std::printf("| fieldlab ghash128, one full product (batch %s) | %s |\n", batch_name.c_str(),
                  ns(f.fieldlab).c_str());
  std::printf("\nOpenSSL's GHASH is a different operation: a chain of multiply-accumulates by one fixed H\n"
              "with aggregated reduction (powers of H precomputed, one reduction per several blocks);\n"
              "fieldlab's figure is an independent full product with its own reduction.\n");
}

}  // namespace ffb
