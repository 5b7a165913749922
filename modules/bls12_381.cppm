// ff.bls12_381: the BLS12-381 system (its base field and scalar field; towers, groups and the
// pairing join here as they are built).
export module ff.bls12_381;
export import ff.bls12_381_fp;
export import ff.bls12_381_fr;
