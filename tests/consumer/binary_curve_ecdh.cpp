// ECDH on the NIST curve K-163 (sect163k1), checked against OpenSSL 3.0.19's answer.
#include <cstdio>
#include <vector>
import ff.binary_curves;

int main() {
  using K163 = ff::sect163k1;
  const auto alice = K163::parse_scalar("030048cb58e89259344d1dd5d633c3f6daa1dd7e31");  // 0 < k < n
  const auto bob = K163::parse_scalar("ce44de650b0ea097e58959905f2172d90998b3ec");
  // Each sends k G in SEC 1 bytes (02/03 X); decode refuses points off the curve or the subgroup.
  const auto to_bob = K163::encode(K163::public_key(alice), true);
  const auto to_alice = K163::encode(K163::public_key(bob), true);
  const auto shared = K163::ecdh(alice, K163::decode(to_alice));  // x(a b G), constant time
  const auto openssl = ff::b163::parse("03a24b51306e691b9a4d6a603b28f29a920951472e");
  const bool ok = shared == K163::ecdh(bob, K163::decode(to_bob)) &&
                  shared == K163::field_to_bytes(openssl);
  std::printf("K-163 ECDH: %s\n", ok ? "both sides agree with OpenSSL" : "WRONG");
  return ok ? 0 : 1;
}
