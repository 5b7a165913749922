// ff.sect283r1: B-283, the random curve of SEC 2 (FIPS 186's B-283) over ff::b283. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect283r1;
export import ff.b283;
export import ff.curve.binary;

export namespace ff {

struct sect283r1 : curve::binary_weierstrass<sect283r1, b283> {
  static constexpr std::string_view name = "sect283r1";
  static constexpr unsigned a = 1;
  static constexpr element<b283> b = curve::binary_constant<b283>("027B680AC8B8596DA5A4AF8A19A0303FCA97FD7645309FA2A581485AF6263E313B79A2F5");
  static constexpr element<b283> gx = curve::binary_constant<b283>("05F939258DB7DD90E1934F8C70B0DFEC2EED25B8557EAC9C80E2E198F8CDBECD86B12053");
  static constexpr element<b283> gy = curve::binary_constant<b283>("03676854FE24141CB98FE6D4B20D02B4516FF702350EDDB0826779C813F0DF45BE8112F4");
  static constexpr scalar_type order = curve::scalar_constant<b283::limbs>("03FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEF90399660FC938A90165B042A7CEFADB307");
  static constexpr u64 cofactor = 2;
};

}  // namespace ff
