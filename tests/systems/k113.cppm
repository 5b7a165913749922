// ff.k113: y^2 + xy = x^3 + x^2 + 1 over GF(2^113) (fft::gf2_113), a test-only Koblitz curve
// (tests/systems.cmake): written with nothing but its constants, it gets the binary curves'
// test suite from its one registry line. Its order is 2 n with n prime (the Frobenius trace
// by the Lucas sequence of tau^2 - tau + 2); the generator is 2 (3, y) for the root y of the
// curve equation at x = 3 picked by the half trace (tests/systems/k113.py recomputes all of it;
// ./ff proofs and the tests check n G = O, the order and the point against OpenSSL).
module;
#include <string_view>
export module ff.k113;
export import ff.gf2_113;
export import ff.curve.binary;

export namespace fft {

struct k113 : ff::curve::binary_weierstrass<k113, gf2_113> {
  static constexpr std::string_view name = "k113";
  static constexpr unsigned a = 1;
  static constexpr ff::element<gf2_113> b = ff::curve::binary_constant<gf2_113>("01");
  static constexpr ff::element<gf2_113> gx = ff::curve::binary_constant<gf2_113>("AAAAAAAAAAAAAAAAAAAAAAAAAA05");
  static constexpr ff::element<gf2_113> gy = ff::curve::binary_constant<gf2_113>("A33C50184A74DDFACB172A93408E");
  static constexpr scalar_type order = ff::curve::scalar_constant<gf2_113::limbs>("FFFFFFFFFFFFFFFDBF91AF6DEA73");
  static constexpr ff::u64 cofactor = 2;
};

}  // namespace fft
