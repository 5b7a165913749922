// ff.sect283k1: K-283, the Koblitz curve of SEC 2 (FIPS 186's K-283) over ff::b283. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect283k1;
export import ff.b283;
export import ff.curve.binary;

export namespace ff {

struct sect283k1 : curve::binary_weierstrass<sect283k1, b283> {
  static constexpr std::string_view name = "sect283k1";
  static constexpr unsigned a = 0;
  static constexpr element<b283> b = curve::binary_constant<b283>("01");
  static constexpr element<b283> gx = curve::binary_constant<b283>("0503213F78CA44883F1A3B8162F188E553CD265F23C1567A16876913B0C2AC2458492836");
  static constexpr element<b283> gy = curve::binary_constant<b283>("01CCDA380F1C9E318D90F95D07E5426FE87E45C0E8184698E45962364E34116177DD2259");
  static constexpr scalar_type order = curve::scalar_constant<b283::limbs>("01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE9AE2ED07577265DFF7F94451E061E163C61");
  static constexpr u64 cofactor = 4;
};

}  // namespace ff
