// ff.bn254: the BN254 system (its base field and scalar field; towers, groups and the
// pairing join here as they are built).
export module ff.bn254;
export import ff.bn254_fp;
export import ff.bn254_fr;
