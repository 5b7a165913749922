// ff.sect163r2: B-163, the random curve of SEC 2 (FIPS 186's B-163) over ff::b163. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect163r2;
export import ff.b163;
export import ff.curve.binary;

export namespace ff {

struct sect163r2 : curve::binary_weierstrass<sect163r2, b163> {
  static constexpr std::string_view name = "sect163r2";
  static constexpr unsigned a = 1;
  static constexpr element<b163> b = curve::binary_constant<b163>("020A601907B8C953CA1481EB10512F78744A3205FD");
  static constexpr element<b163> gx = curve::binary_constant<b163>("03F0EBA16286A2D57EA0991168D4994637E8343E36");
  static constexpr element<b163> gy = curve::binary_constant<b163>("D51FBC6C71A0094FA2CDD545B11C5C0C797324F1");
  static constexpr scalar_type order = curve::scalar_constant<b163::limbs>("040000000000000000000292FE77E70C12A4234C33");
  static constexpr u64 cofactor = 2;
};

}  // namespace ff
