// ff.sect409k1: K-409, the Koblitz curve of SEC 2 (FIPS 186's K-409) over ff::b409. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect409k1;
export import ff.b409;
export import ff.curve.binary;

export namespace ff {

struct sect409k1 : curve::binary_weierstrass<sect409k1, b409> {
  static constexpr std::string_view name = "sect409k1";
  static constexpr unsigned a = 0;
  static constexpr element<b409> b = curve::binary_constant<b409>("01");
  static constexpr element<b409> gx = curve::binary_constant<b409>("60F05F658F49C1AD3AB1890F7184210EFD0987E307C84C27ACCFB8F9F67CC2C460189EB5AAAA62EE222EB1B35540CFE9023746");
  static constexpr element<b409> gy = curve::binary_constant<b409>("01E369050B7C4E42ACBA1DACBF04299C3460782F918EA427E6325165E9EA10E3DA5F6C42E9C55215AA9CA27A5863EC48D8E0286B");
  static constexpr scalar_type order = curve::scalar_constant<b409::limbs>("7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE5F83B2D4EA20400EC4557D5ED3E3E7CA5B4B5C83B8E01E5FCF");
  static constexpr u64 cofactor = 4;
};

}  // namespace ff
