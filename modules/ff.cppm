// The umbrella module: `import ff;` brings every field, the generic machinery, fixed-base
// powers, the b256 / ghash2 isomorphism, the registry of fields, and X25519 and X448 (RFC 7748).
export module ff;
export import ff.registry;
export import ff.power;
export import ff.iso;
export import ff.bn254;
export import ff.bls12_381;
export import ff.x25519;
export import ff.x448;
export import ff.binary_curves;
