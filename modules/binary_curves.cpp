// The one compiled copy of each binary curve's code (declared extern in ff.binary_curves).
module ff.binary_curves;

namespace ff {
template struct curve::binary_weierstrass<sect163k1, b163>;
template struct curve::binary_weierstrass<sect163r2, b163>;
template struct curve::binary_weierstrass<sect233k1, b233>;
template struct curve::binary_weierstrass<sect233r1, b233>;
template struct curve::binary_weierstrass<sect283k1, b283>;
template struct curve::binary_weierstrass<sect283r1, b283>;
template struct curve::binary_weierstrass<sect409k1, b409>;
template struct curve::binary_weierstrass<sect409r1, b409>;
template struct curve::binary_weierstrass<sect571k1, b571>;
template struct curve::binary_weierstrass<sect571r1, b571>;
}  // namespace ff
