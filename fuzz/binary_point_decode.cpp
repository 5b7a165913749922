// Fuzz target: SEC 1 point decoding on the binary curves (C::decode), for every curve of
// ff::binary_curves (the first byte picks the curve, the rest is the encoding), against
// OpenSSL's EC2M. Properties:
//   - decode accepts exactly the uncompressed (04) and compressed (02, 03) encodings that
//     OpenSSL's EC_POINT_oct2point accepts as a finite point whose n-multiple is the identity
//     (on the curve, in the subgroup of order n); it refuses the rest (the point at infinity,
//     hybrid forms, points off the curve or outside the subgroup, wrong lengths) with ff::error;
//   - an accepted point encodes (encode, both forms) to OpenSSL's bytes for the same point.
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/objects.h>
#include <optional>
#include <span>
#include <vector>
#include "fuzz_target.hpp"
import ff;

namespace {

struct openssl_point {
  EC_GROUP* group;
  EC_POINT* p;
  EC_POINT* np;
  BN_CTX* ctx;
  explicit openssl_point(const char* curve)
      : group(EC_GROUP_new_by_curve_name(OBJ_sn2nid(curve))), p(EC_POINT_new(group)), np(EC_POINT_new(group)),
        ctx(BN_CTX_new()) {}
  ~openssl_point() {
    EC_POINT_free(p);
    EC_POINT_free(np);
    BN_CTX_free(ctx);
    EC_GROUP_free(group);
  }
  std::vector<std::uint8_t> encode(point_conversion_form_t form) const {
    std::vector<std::uint8_t> out(EC_POINT_point2oct(group, p, form, nullptr, 0, ctx));
    EC_POINT_point2oct(group, p, form, out.data(), out.size(), ctx);
    return out;
  }
};

template <class C>
void check(std::span<const std::uint8_t> bytes) {
  openssl_point ossl(std::string(C::name).c_str());
  fuzz::require(ossl.group != nullptr, std::string(C::name) + ": OpenSSL has no such curve");
  const bool sec1_form = !bytes.empty() && (bytes[0] == 2 || bytes[0] == 3 || bytes[0] == 4);
  bool valid = sec1_form && EC_POINT_oct2point(ossl.group, ossl.p, bytes.data(), bytes.size(), ossl.ctx) == 1 &&
               !EC_POINT_is_at_infinity(ossl.group, ossl.p) && EC_POINT_is_on_curve(ossl.group, ossl.p, ossl.ctx) == 1;
  if (valid) {
    fuzz::require(EC_POINT_mul(ossl.group, ossl.np, nullptr, ossl.p, EC_GROUP_get0_order(ossl.group), ossl.ctx) == 1,
                  "EC_POINT_mul failed");
    valid = EC_POINT_is_at_infinity(ossl.group, ossl.np) == 1;
  }
  const auto got = fuzz::accepted<ff::error>([&] { return C::decode(bytes); });
  const std::string where = std::string(C::name) + " (" + std::to_string(bytes.size()) + " bytes, first " +
                            (bytes.empty() ? std::string("-") : std::to_string(bytes[0])) + ")";
  fuzz::require_verdict(got.has_value(), valid, where);
  if (!got) return;
  fuzz::require(C::encode(*got) == ossl.encode(POINT_CONVERSION_UNCOMPRESSED), where + ": uncompressed encoding");
  fuzz::require(C::encode(*got, true) == ossl.encode(POINT_CONVERSION_COMPRESSED), where + ": compressed encoding");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::run_picked(ff::binary_curves{}, data, size, 512,
                          []<class C>(std::span<const std::uint8_t> bytes) { check<C>(bytes); });
}
