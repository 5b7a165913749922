// The umbrella module: `import ff;` brings every field and the registry of fields, the generic
// machinery, fixed-base powers, the b256 / ghash2 isomorphism, the registry of systems (the
// SEC 2 binary curves, X25519 and X448), BN254 and BLS12-381.
export module ff;
export import ff.registry;
export import ff.power;
export import ff.iso;
export import ff.bn254;
export import ff.bls12_381;
export import ff.binary_curves;
export import ff.rfc7748_curves;
