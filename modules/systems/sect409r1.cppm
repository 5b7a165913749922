// ff.sect409r1: B-409, the random curve of SEC 2 (FIPS 186's B-409) over ff::b409. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect409r1;
export import ff.b409;
export import ff.curve.binary;

export namespace ff {

struct sect409r1 : curve::binary_weierstrass<sect409r1, b409> {
  static constexpr std::string_view name = "sect409r1";
  static constexpr unsigned a = 1;
  static constexpr element<b409> b = curve::binary_constant<b409>("21A5C2C8EE9FEB5C4B9A753B7B476B7FD6422EF1F3DD674761FA99D6AC27C8A9A197B272822F6CD57A55AA4F50AE317B13545F");
  static constexpr element<b409> gx = curve::binary_constant<b409>("015D4860D088DDB3496B0C6064756260441CDE4AF1771D4DB01FFE5B34E59703DC255A868A1180515603AEAB60794E54BB7996A7");
  static constexpr element<b409> gy = curve::binary_constant<b409>("61B1CFAB6BE5F32BBFA78324ED106A7636B9C5A7BD198D0158AA4F5488D08F38514F1FDF4B4F40D2181B3681C364BA0273C706");
  static constexpr scalar_type order = curve::scalar_constant<b409::limbs>("010000000000000000000000000000000000000000000000000001E2AAD6A612F33307BE5FA47C3C9E052F838164CD37D9A21173");
  static constexpr u64 cofactor = 2;
};

}  // namespace ff
