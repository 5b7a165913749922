// ff.sect571k1: K-571, the Koblitz curve of SEC 2 (FIPS 186's K-571) over ff::b571. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect571k1;
export import ff.b571;
export import ff.curve.binary;

export namespace ff {

struct sect571k1 : curve::binary_weierstrass<sect571k1, b571> {
  static constexpr std::string_view name = "sect571k1";
  static constexpr unsigned a = 0;
  static constexpr element<b571> b = curve::binary_constant<b571>("01");
  static constexpr element<b571> gx = curve::binary_constant<b571>("026EB7A859923FBC82189631F8103FE4AC9CA2970012D5D46024804801841CA44370958493B205E647DA304DB4CEB08CBBD1BA39494776FB988B47174DCA88C7E2945283A01C8972");
  static constexpr element<b571> gy = curve::binary_constant<b571>("0349DC807F4FBF374F4AEADE3BCA95314DD58CEC9F307A54FFC61EFC006D8A2C9D4979C0AC44AEA74FBEBBB9F772AEDCB620B01A7BA7AF1B320430C8591984F601CD4C143EF1C7A3");
  static constexpr scalar_type order = curve::scalar_constant<b571::limbs>("020000000000000000000000000000000000000000000000000000000000000000000000131850E1F19A63E4B391A8DB917F4138B630D84BE5D639381E91DEB45CFE778F637C1001");
  static constexpr u64 cofactor = 4;
};

}  // namespace ff
