// Fuzz target: X25519 and X448 (RFC 7748) on fuzzer-chosen private keys and peer u-coordinates
// (non-canonical u >= p, the top bit, small-order points), against OpenSSL's EVP_PKEY_derive.
// The first byte picks the curve; the next 2 * key-size bytes are the private key and the
// peer's key (zeros past the end). Properties:
//   - shared_secret refuses (ff::error) exactly when OpenSSL refuses to derive (an all-zero
//     secret), and otherwise equals OpenSSL's;
//   - every prime backend of this CPU, in both ladder representations (the curve's own and the
//     other of ff.lab.ladders), computes the same X(k, u) (all zero where OpenSSL refuses).
#include <algorithm>
#include <string>
#include "../tests/openssl_rfc7748.hpp"
#include "fuzz_target.hpp"
import ff.lab;

namespace {

template <class Curve>
void check(std::span<const std::uint8_t> bytes) {
  using key = typename Curve::key;
  key priv{}, peer{};
  const std::size_t n = std::min(bytes.size(), priv.size());
  std::copy_n(bytes.begin(), n, priv.begin());
  std::copy_n(bytes.begin() + n, std::min(bytes.size() - n, peer.size()), peer.begin());
  const std::string where = std::string(Curve::name) + " " + Curve::to_hex(priv) + " " + Curve::to_hex(peer);
  const auto theirs = openssl_rfc7748::openssl_derive<Curve>(priv, peer);
  const auto ours = fuzz::accepted<ff::error>([&] { return Curve::shared_secret(priv, peer); });
  fuzz::require_verdict(ours.has_value(), theirs.has_value(), where);
  fuzz::require(ours == theirs, where + ": the shared secret differs from OpenSSL's");
  for (const ff::backend be : ff::available_backends(ff::family::prime))
    for (const bool own : {true, false})
      fuzz::require((own ? Curve::scalarmult(be, priv, peer) : ff::lab::scalarmult_other<Curve>(be, priv, peer)) ==
                        theirs.value_or(key{}),
                    where + ": " + std::string(ff::to_string(be)) + (own ? " own" : " other") + " limbs differ from OpenSSL");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::run_picked(ff::rfc7748_curves{}, data, size, 1 + 2 * 56,
                          []<class C>(std::span<const std::uint8_t> bytes) { check<C>(bytes); });
}
