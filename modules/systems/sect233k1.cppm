// ff.sect233k1: K-233, the Koblitz curve of SEC 2 (FIPS 186's K-233) over ff::b233. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect233k1;
export import ff.b233;
export import ff.curve.binary;

export namespace ff {

struct sect233k1 : curve::binary_weierstrass<sect233k1, b233> {
  static constexpr std::string_view name = "sect233k1";
  static constexpr unsigned a = 0;
  static constexpr element<b233> b = curve::binary_constant<b233>("01");
  static constexpr element<b233> gx = curve::binary_constant<b233>("017232BA853A7E731AF129F22FF4149563A419C26BF50A4C9D6EEFAD6126");
  static constexpr element<b233> gy = curve::binary_constant<b233>("01DB537DECE819B7F70F555A67C427A8CD9BF18AEB9B56E0C11056FAE6A3");
  static constexpr scalar_type order = curve::scalar_constant<b233::limbs>("8000000000000000000000000000069D5BB915BCD46EFB1AD5F173ABDF");
  static constexpr u64 cofactor = 4;
};

}  // namespace ff
