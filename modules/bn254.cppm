// ff.bn254: the BN254 system: its base field and scalar field, and the tower over the base
// field (groups and the pairing join here as they are built).
module;
export module ff.bn254;
export import ff.bn254_fp;
export import ff.bn254_fr;
export import ff.tower;

export namespace ff::bn254 {
// The tower under the backend policy P (ff::prime::portable, ff::prime::adx): Fp2 = Fp[u] /
// (u^2 + 1), Fp6 = Fp2[v] / (v^3 - xi) with xi = 9 + u, Fp12 = Fp6[w] / (w^2 - v).
// Mode chooses how products by xi are computed (seed 001's experiment; the default is the
// specialized form).
inline constexpr tower::quadratic_constant<int> xi{9, 1};
template <class P>
using fp = prime::arithmetic<bn254_fp, P>;
template <class P, tower::constant_products Mode = tower::constant_products::specialized>
using fp2 = tower::quadratic<fp<P>, -1, Mode>;
template <class P, tower::constant_products Mode = tower::constant_products::specialized>
using fp6 = tower::cubic<fp2<P, Mode>, xi>;
template <class P, tower::constant_products Mode = tower::constant_products::specialized>
using fp12 = tower::quadratic<fp6<P, Mode>, tower::cubic_constant<int>{0, 1, 0}>;
}  // namespace ff::bn254
