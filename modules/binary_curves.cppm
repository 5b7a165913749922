// ff.binary_curves: the SEC 2 binary curves (FIPS 186's K- and B-curves) over ff.b163, ff.b233,
// ff.b283, ff.b409 and ff.b571. The constants are SEC 2 version 2's (section 3), as OpenSSL
// 3.0 prints them; tests compare them with OpenSSL's groups and ./ff proofs certifies them.
module;
#include <cstddef>
#include <string_view>
export module ff.binary_curves;
export import ff.b163;
export import ff.b233;
export import ff.b283;
export import ff.b409;
export import ff.b571;
export import ff.curve.binary;

export namespace ff {

// K-163: the Koblitz curve.
struct sect163k1 : curve::binary_weierstrass<sect163k1, b163> {
  static constexpr std::string_view name = "sect163k1";
  static constexpr unsigned a = 1;
  static constexpr element<b163> b = curve::binary_constant<b163>("01");
  static constexpr element<b163> gx = curve::binary_constant<b163>("02FE13C0537BBC11ACAA07D793DE4E6D5E5C94EEE8");
  static constexpr element<b163> gy = curve::binary_constant<b163>("0289070FB05D38FF58321F2E800536D538CCDAA3D9");
  static constexpr scalar_type order = curve::scalar_constant<b163::limbs>("04000000000000000000020108A2E0CC0D99F8A5EF");
  static constexpr u64 cofactor = 2;
};
// B-163: the random curve.
struct sect163r2 : curve::binary_weierstrass<sect163r2, b163> {
  static constexpr std::string_view name = "sect163r2";
  static constexpr unsigned a = 1;
  static constexpr element<b163> b = curve::binary_constant<b163>("020A601907B8C953CA1481EB10512F78744A3205FD");
  static constexpr element<b163> gx = curve::binary_constant<b163>("03F0EBA16286A2D57EA0991168D4994637E8343E36");
  static constexpr element<b163> gy = curve::binary_constant<b163>("D51FBC6C71A0094FA2CDD545B11C5C0C797324F1");
  static constexpr scalar_type order = curve::scalar_constant<b163::limbs>("040000000000000000000292FE77E70C12A4234C33");
  static constexpr u64 cofactor = 2;
};
// K-233: the Koblitz curve.
struct sect233k1 : curve::binary_weierstrass<sect233k1, b233> {
  static constexpr std::string_view name = "sect233k1";
  static constexpr unsigned a = 0;
  static constexpr element<b233> b = curve::binary_constant<b233>("01");
  static constexpr element<b233> gx = curve::binary_constant<b233>("017232BA853A7E731AF129F22FF4149563A419C26BF50A4C9D6EEFAD6126");
  static constexpr element<b233> gy = curve::binary_constant<b233>("01DB537DECE819B7F70F555A67C427A8CD9BF18AEB9B56E0C11056FAE6A3");
  static constexpr scalar_type order = curve::scalar_constant<b233::limbs>("8000000000000000000000000000069D5BB915BCD46EFB1AD5F173ABDF");
  static constexpr u64 cofactor = 4;
};
// B-233: the random curve.
struct sect233r1 : curve::binary_weierstrass<sect233r1, b233> {
  static constexpr std::string_view name = "sect233r1";
  static constexpr unsigned a = 1;
  static constexpr element<b233> b = curve::binary_constant<b233>("66647EDE6C332C7F8C0923BB58213B333B20E9CE4281FE115F7D8F90AD");
  static constexpr element<b233> gx = curve::binary_constant<b233>("FAC9DFCBAC8313BB2139F1BB755FEF65BC391F8B36F8F8EB7371FD558B");
  static constexpr element<b233> gy = curve::binary_constant<b233>("01006A08A41903350678E58528BEBF8A0BEFF867A7CA36716F7E01F81052");
  static constexpr scalar_type order = curve::scalar_constant<b233::limbs>("01000000000000000000000000000013E974E72F8A6922031D2603CFE0D7");
  static constexpr u64 cofactor = 2;
};
// K-283: the Koblitz curve.
struct sect283k1 : curve::binary_weierstrass<sect283k1, b283> {
  static constexpr std::string_view name = "sect283k1";
  static constexpr unsigned a = 0;
  static constexpr element<b283> b = curve::binary_constant<b283>("01");
  static constexpr element<b283> gx = curve::binary_constant<b283>("0503213F78CA44883F1A3B8162F188E553CD265F23C1567A16876913B0C2AC2458492836");
  static constexpr element<b283> gy = curve::binary_constant<b283>("01CCDA380F1C9E318D90F95D07E5426FE87E45C0E8184698E45962364E34116177DD2259");
  static constexpr scalar_type order = curve::scalar_constant<b283::limbs>("01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE9AE2ED07577265DFF7F94451E061E163C61");
  static constexpr u64 cofactor = 4;
};
// B-283: the random curve.
struct sect283r1 : curve::binary_weierstrass<sect283r1, b283> {
  static constexpr std::string_view name = "sect283r1";
  static constexpr unsigned a = 1;
  static constexpr element<b283> b = curve::binary_constant<b283>("027B680AC8B8596DA5A4AF8A19A0303FCA97FD7645309FA2A581485AF6263E313B79A2F5");
  static constexpr element<b283> gx = curve::binary_constant<b283>("05F939258DB7DD90E1934F8C70B0DFEC2EED25B8557EAC9C80E2E198F8CDBECD86B12053");
  static constexpr element<b283> gy = curve::binary_constant<b283>("03676854FE24141CB98FE6D4B20D02B4516FF702350EDDB0826779C813F0DF45BE8112F4");
  static constexpr scalar_type order = curve::scalar_constant<b283::limbs>("03FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEF90399660FC938A90165B042A7CEFADB307");
  static constexpr u64 cofactor = 2;
};
// K-409: the Koblitz curve.
struct sect409k1 : curve::binary_weierstrass<sect409k1, b409> {
  static constexpr std::string_view name = "sect409k1";
  static constexpr unsigned a = 0;
  static constexpr element<b409> b = curve::binary_constant<b409>("01");
  static constexpr element<b409> gx = curve::binary_constant<b409>("60F05F658F49C1AD3AB1890F7184210EFD0987E307C84C27ACCFB8F9F67CC2C460189EB5AAAA62EE222EB1B35540CFE9023746");
  static constexpr element<b409> gy = curve::binary_constant<b409>("01E369050B7C4E42ACBA1DACBF04299C3460782F918EA427E6325165E9EA10E3DA5F6C42E9C55215AA9CA27A5863EC48D8E0286B");
  static constexpr scalar_type order = curve::scalar_constant<b409::limbs>("7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE5F83B2D4EA20400EC4557D5ED3E3E7CA5B4B5C83B8E01E5FCF");
  static constexpr u64 cofactor = 4;
};
// B-409: the random curve.
struct sect409r1 : curve::binary_weierstrass<sect409r1, b409> {
  static constexpr std::string_view name = "sect409r1";
  static constexpr unsigned a = 1;
  static constexpr element<b409> b = curve::binary_constant<b409>("21A5C2C8EE9FEB5C4B9A753B7B476B7FD6422EF1F3DD674761FA99D6AC27C8A9A197B272822F6CD57A55AA4F50AE317B13545F");
  static constexpr element<b409> gx = curve::binary_constant<b409>("015D4860D088DDB3496B0C6064756260441CDE4AF1771D4DB01FFE5B34E59703DC255A868A1180515603AEAB60794E54BB7996A7");
  static constexpr element<b409> gy = curve::binary_constant<b409>("61B1CFAB6BE5F32BBFA78324ED106A7636B9C5A7BD198D0158AA4F5488D08F38514F1FDF4B4F40D2181B3681C364BA0273C706");
  static constexpr scalar_type order = curve::scalar_constant<b409::limbs>("010000000000000000000000000000000000000000000000000001E2AAD6A612F33307BE5FA47C3C9E052F838164CD37D9A21173");
  static constexpr u64 cofactor = 2;
};
// K-571: the Koblitz curve.
struct sect571k1 : curve::binary_weierstrass<sect571k1, b571> {
  static constexpr std::string_view name = "sect571k1";
  static constexpr unsigned a = 0;
  static constexpr element<b571> b = curve::binary_constant<b571>("01");
  static constexpr element<b571> gx = curve::binary_constant<b571>("026EB7A859923FBC82189631F8103FE4AC9CA2970012D5D46024804801841CA44370958493B205E647DA304DB4CEB08CBBD1BA39494776FB988B47174DCA88C7E2945283A01C8972");
  static constexpr element<b571> gy = curve::binary_constant<b571>("0349DC807F4FBF374F4AEADE3BCA95314DD58CEC9F307A54FFC61EFC006D8A2C9D4979C0AC44AEA74FBEBBB9F772AEDCB620B01A7BA7AF1B320430C8591984F601CD4C143EF1C7A3");
  static constexpr scalar_type order = curve::scalar_constant<b571::limbs>("020000000000000000000000000000000000000000000000000000000000000000000000131850E1F19A63E4B391A8DB917F4138B630D84BE5D639381E91DEB45CFE778F637C1001");
  static constexpr u64 cofactor = 4;
};
// B-571: the random curve.
struct sect571r1 : curve::binary_weierstrass<sect571r1, b571> {
  static constexpr std::string_view name = "sect571r1";
  static constexpr unsigned a = 1;
  static constexpr element<b571> b = curve::binary_constant<b571>("02F40E7E2221F295DE297117B7F3D62F5C6A97FFCB8CEFF1CD6BA8CE4A9A18AD84FFABBD8EFA59332BE7AD6756A66E294AFD185A78FF12AA520E4DE739BACA0C7FFEFF7F2955727A");
  static constexpr element<b571> gx = curve::binary_constant<b571>("0303001D34B856296C16C0D40D3CD7750A93D1D2955FA80AA5F40FC8DB7B2ABDBDE53950F4C0D293CDD711A35B67FB1499AE60038614F1394ABFA3B4C850D927E1E7769C8EEC2D19");
  static constexpr element<b571> gy = curve::binary_constant<b571>("037BF27342DA639B6DCCFFFEB73D69D78C6C27A6009CBBCA1980F8533921E8A684423E43BAB08A576291AF8F461BB2A8B3531D2F0485C19B16E2F1516E23DD3C1A4827AF1B8AC15B");
  static constexpr scalar_type order = curve::scalar_constant<b571::limbs>("03FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE661CE18FF55987308059B186823851EC7DD9CA1161DE93D5174D66E8382E9BB2FE84E47");
  static constexpr u64 cofactor = 2;
};

// Every curve of this module, for code that walks them (tests, ffbench, ffcalc).
template <class... C>
struct curve_list {
  static constexpr std::size_t size = sizeof...(C);
};
using binary_curves = curve_list<sect163k1, sect163r2, sect233k1, sect233r1, sect283k1, sect283r1, sect409k1, sect409r1, sect571k1, sect571r1>;

}  // namespace ff

namespace ff {
// The curves' code is compiled once, in the library (binary_curves.cpp.in): importers call it
// rather than each compiling ten ladders on every backend.
extern template struct curve::binary_weierstrass<sect163k1, b163>;
extern template struct curve::binary_weierstrass<sect163r2, b163>;
extern template struct curve::binary_weierstrass<sect233k1, b233>;
extern template struct curve::binary_weierstrass<sect233r1, b233>;
extern template struct curve::binary_weierstrass<sect283k1, b283>;
extern template struct curve::binary_weierstrass<sect283r1, b283>;
extern template struct curve::binary_weierstrass<sect409k1, b409>;
extern template struct curve::binary_weierstrass<sect409r1, b409>;
extern template struct curve::binary_weierstrass<sect571k1, b571>;
extern template struct curve::binary_weierstrass<sect571r1, b571>;

}  // namespace ff
