// BN254: scalar multiples of the generators, and EIP-197's check e(5 G1, 7 G2) e(-35 G1, G2) = 1.
#include <cstdio>
import ff.bn254;

int main() {
  namespace bn = ff::bn254;
  using G1 = bn::g1<ff::prime::portable>;  // point operations under a policy; the calls
  using G2 = bn::g2<ff::prime::portable>;  // below dispatch once to the fastest backend
  const auto p = bn::g1_mul(G1::from_affine(bn::g1_generator), {5});  // GLV, constant time
  const auto q = bn::g2_mul(G2::from_affine(bn::g2_generator), {7});
  const auto r = bn::g1_mul(G1::from_affine(bn::g1_generator), {35});
  const bn::pair pairs[] = {{G1::to_affine(p), G2::to_affine(q)},
                            {G1::to_affine(G1::neg(r)), bn::g2_generator}};
  const bool one = bn::pairing_product_is_one(pairs);
  std::printf("e(5 G1, 7 G2) e(-35 G1, G2) = 1: %s\n", one ? "yes" : "no");
  return one ? 0 : 1;
}
