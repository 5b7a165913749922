// The umbrella module: `import ff;` brings every field, the generic machinery, fixed-base
// powers, the b256 / ghash2 isomorphism and the registry of fields.
export module ff;
export import ff.registry;
export import ff.power;
export import ff.iso;
export import ff.bn254;
export import ff.bls12_381;
