// OpenSSL's X25519 and X448 (EVP_PKEY, raw keys): the public key of a private key and the
// shared secret of two keys, for the tests and the fuzz target that compare ff's RFC 7748
// functions with them. ff::error where OpenSSL cannot even set up.
#pragma once
#include <openssl/evp.h>
#include <memory>
#include <optional>
#include <type_traits>
import ff;

namespace openssl_rfc7748 {

struct pkey_free {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
  void operator()(EVP_PKEY_CTX* c) const { EVP_PKEY_CTX_free(c); }
};

template <class Curve>
constexpr int openssl_type = std::is_same_v<Curve, ff::x25519> ? EVP_PKEY_X25519 : EVP_PKEY_X448;

template <class Curve>
typename Curve::key openssl_public(const typename Curve::key& priv) {
  std::unique_ptr<EVP_PKEY, pkey_free> key(EVP_PKEY_new_raw_private_key(openssl_type<Curve>, nullptr, priv.data(), priv.size()));
  typename Curve::key out{};
  std::size_t size = out.size();
  if (!key || EVP_PKEY_get_raw_public_key(key.get(), out.data(), &size) != 1 || size != out.size())
    throw ff::error("OpenSSL: no public key");
  return out;
}
// The shared secret, or nullopt when OpenSSL refuses to derive it.
template <class Curve>
std::optional<typename Curve::key> openssl_derive(const typename Curve::key& priv, const typename Curve::key& peer) {
  std::unique_ptr<EVP_PKEY, pkey_free> mine(EVP_PKEY_new_raw_private_key(openssl_type<Curve>, nullptr, priv.data(), priv.size()));
  std::unique_ptr<EVP_PKEY, pkey_free> theirs(EVP_PKEY_new_raw_public_key(openssl_type<Curve>, nullptr, peer.data(), peer.size()));
  std::unique_ptr<EVP_PKEY_CTX, pkey_free> ctx(EVP_PKEY_CTX_new(mine.get(), nullptr));
  if (!mine || !theirs || !ctx || EVP_PKEY_derive_init(ctx.get()) != 1) throw ff::error("OpenSSL: derive setup failed");
  typename Curve::key out{};
  std::size_t size = out.size();
  if (EVP_PKEY_derive_set_peer(ctx.get(), theirs.get()) != 1 || EVP_PKEY_derive(ctx.get(), out.data(), &size) != 1)
    return std::nullopt;
  return out;
}

}  // namespace openssl_rfc7748
