// ff.sect571r1: B-571, the random curve of SEC 2 (FIPS 186's B-571) over ff::b571. The constants
// are SEC 2 version 2's (section 3), as OpenSSL 3.0 prints them; tests compare them with
// OpenSSL's groups and ./ff proofs certifies them. One line of modules/systems.cmake registers
// it.
module;
#include <string_view>
export module ff.sect571r1;
export import ff.b571;
export import ff.curve.binary;

export namespace ff {

struct sect571r1 : curve::binary_weierstrass<sect571r1, b571> {
  static constexpr std::string_view name = "sect571r1";
  static constexpr unsigned a = 1;
  static constexpr element<b571> b = curve::binary_constant<b571>("02F40E7E2221F295DE297117B7F3D62F5C6A97FFCB8CEFF1CD6BA8CE4A9A18AD84FFABBD8EFA59332BE7AD6756A66E294AFD185A78FF12AA520E4DE739BACA0C7FFEFF7F2955727A");
  static constexpr element<b571> gx = curve::binary_constant<b571>("0303001D34B856296C16C0D40D3CD7750A93D1D2955FA80AA5F40FC8DB7B2ABDBDE53950F4C0D293CDD711A35B67FB1499AE60038614F1394ABFA3B4C850D927E1E7769C8EEC2D19");
  static constexpr element<b571> gy = curve::binary_constant<b571>("037BF27342DA639B6DCCFFFEB73D69D78C6C27A6009CBBCA1980F8533921E8A684423E43BAB08A576291AF8F461BB2A8B3531D2F0485C19B16E2F1516E23DD3C1A4827AF1B8AC15B");
  static constexpr scalar_type order = curve::scalar_constant<b571::limbs>("03FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE661CE18FF55987308059B186823851EC7DD9CA1161DE93D5174D66E8382E9BB2FE84E47");
  static constexpr u64 cofactor = 2;
};

}  // namespace ff
