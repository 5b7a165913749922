// ff.sect233r1: B-233, the random curve of SEC 2 (FIPS 186's B-233) over ff::b233. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect233r1;
export import ff.b233;
export import ff.curve.binary;

export namespace ff {

struct sect233r1 : curve::binary_weierstrass<sect233r1, b233> {
  static constexpr std::string_view name = "sect233r1";
  static constexpr unsigned a = 1;
  static constexpr element<b233> b = curve::binary_constant<b233>("66647EDE6C332C7F8C0923BB58213B333B20E9CE4281FE115F7D8F90AD");
  static constexpr element<b233> gx = curve::binary_constant<b233>("FAC9DFCBAC8313BB2139F1BB755FEF65BC391F8B36F8F8EB7371FD558B");
  static constexpr element<b233> gy = curve::binary_constant<b233>("01006A08A41903350678E58528BEBF8A0BEFF867A7CA36716F7E01F81052");
  static constexpr scalar_type order = curve::scalar_constant<b233::limbs>("01000000000000000000000000000013E974E72F8A6922031D2603CFE0D7");
  static constexpr u64 cofactor = 2;
};

}  // namespace ff
