// X25519 and X448 against OpenSSL (EVP_PKEY_derive) on random keys, through every prime backend
// and both ladder representations (the curve's, and ff.lab.ladders' other): public keys
// (OpenSSL's from the raw private key), shared secrets with random peers' public keys and with
// random 32/56-byte u-coordinates (any bytes are a valid input to the RFC function), and
// agreement on refusal: OpenSSL's derive fails exactly when ff's shared_secret throws (an
// all-zero secret, from points of small order, which the list below adds).
#include <array>
#include <cstdio>
#include <optional>
#include <type_traits>
#include <random>
#include <string>
#include <vector>
#include "openssl_rfc7748.hpp"
import ff.lab;

namespace {

using openssl_rfc7748::openssl_derive;
using openssl_rfc7748::openssl_public;

int passed = 0, failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) ++passed;
  else if (++failed <= 20) std::printf("FAIL %s\n", what.c_str());
}

// ff's shared secret under backend be, or nullopt when shared_secret refuses it (only an
// all-zero secret may be refused).
template <class Curve>
std::optional<typename Curve::key> ff_shared(ff::backend be, const typename Curve::key& priv, const typename Curve::key& peer) {
  const auto s = Curve::scalarmult(be, priv, peer);
  try {
    check(Curve::shared_secret(priv, peer) == s, std::string(Curve::name) + ": shared_secret differs from scalarmult");
    return s;
  } catch (const ff::error&) {
    check(s == typename Curve::key{}, std::string(Curve::name) + ": shared_secret refused a non-zero secret");
    return std::nullopt;
  }
}

template <class Curve>
void differential(ff::backend be, std::mt19937_64& rng, int count) {
  using key = typename Curve::key;
  const std::string on = std::string(Curve::name) + " <" + std::string(ff::to_string(be)) + ">";
  auto random_key = [&] {
    key k;
    for (auto& b : k) b = std::uint8_t(rng());
    return k;
  };
  // Points of small order and their non-canonical encodings: u = 0, 1, p - 1, p, p + 1
  // (X448's are 0, 1 and p - 1).
  std::vector<key> peers;
  auto encode = [](const ff::limbs<Curve::field::limbs>& x) {
    key k{};
    for (std::size_t i = 0; i < k.size(); ++i) k[i] = std::uint8_t(x[i / 8] >> (8 * (i % 8)));
    return k;
  };
  for (ff::u64 delta : {0, 1}) {
    ff::limbs<Curve::field::limbs> small{delta}, p_plus{}, p_minus{};
    ff::integer::add(p_plus, Curve::field::p, small);
    ff::integer::sub(p_minus, Curve::field::p, ff::limbs<Curve::field::limbs>{1 - delta});
    peers.push_back(encode(small));
    peers.push_back(encode(p_plus));
    peers.push_back(encode(p_minus));
  }
  for (int i = 0; i < count; ++i) {
    const key priv = random_key();
    const key pub = Curve::scalarmult(be, priv, Curve::base_point());
    check(pub == openssl_public<Curve>(priv), on + " public key " + Curve::to_hex(priv));
    peers.push_back(i % 2 ? random_key() : openssl_public<Curve>(random_key()));
    for (const key& peer : {peers.back(), peers[i % 6]}) {
      const auto ours = ff_shared<Curve>(be, priv, peer), theirs = openssl_derive<Curve>(priv, peer);
      check(ours == theirs, on + " shared secret " + Curve::to_hex(priv) + " " + Curve::to_hex(peer));
      // The ladder in the curve's other representation (ff.lab.ladders), against OpenSSL too
      // (all zero where it refuses).
      check(ff::lab::scalarmult_other<Curve>(be, priv, peer) == theirs.value_or(key{}),
            on + " other limbs " + Curve::to_hex(priv) + " " + Curve::to_hex(peer));
    }
  }
}

}  // namespace

int main() {
  std::mt19937_64 rng(7748);
  std::vector<ff::backend> backends;
  for (ff::backend be : ff::available_backends(ff::family::prime))
    if (be == ff::scalar_sibling(be)) backends.push_back(be);
  try {
    for (ff::backend be : backends) {
      // Fewer keys in unoptimized (sanitizer) builds, where a ladder costs 50 times more.
#if defined(NDEBUG)
      differential<ff::x25519>(be, rng, 500);
      differential<ff::x448>(be, rng, 200);
#else
      differential<ff::x25519>(be, rng, 70);
      differential<ff::x448>(be, rng, 28);
#endif
    }
  } catch (const ff::error& e) {
    std::fprintf(stderr, "rfc7748_openssl: %s\n", e.what());
    return 2;
  }
  std::printf("rfc7748_openssl: %d checks against OpenSSL %s passed, %d failed (backends:", passed,
              OpenSSL_version(0), failed);
  for (ff::backend be : backends) std::printf(" %s", std::string(ff::to_string(be)).c_str());
  std::printf(")\n");
  return failed == 0 && passed > 0 ? 0 : 1;
}
