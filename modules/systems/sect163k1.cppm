// ff.sect163k1: K-163, the Koblitz curve of SEC 2 (FIPS 186's K-163) over ff::b163. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect163k1;
export import ff.b163;
export import ff.curve.binary;

export namespace ff {

struct sect163k1 : curve::binary_weierstrass<sect163k1, b163> {
  static constexpr std::string_view name = "sect163k1";
  static constexpr unsigned a = 1;
  static constexpr element<b163> b = curve::binary_constant<b163>("01");
  static constexpr element<b163> gx = curve::binary_constant<b163>("02FE13C0537BBC11ACAA07D793DE4E6D5E5C94EEE8");
  static constexpr element<b163> gy = curve::binary_constant<b163>("0289070FB05D38FF58321F2E800536D538CCDAA3D9");
  static constexpr scalar_type order = curve::scalar_constant<b163::limbs>("04000000000000000000020108A2E0CC0D99F8A5EF");
  static constexpr u64 cofactor = 2;
};

}  // namespace ff
