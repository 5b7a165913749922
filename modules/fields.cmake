# The field registry: one line per field, <folder>/<name>. The field's module is
# modules/<folder>/<name>.cppm (module ff.<name>, type ff::<name>). CMake builds it, generates
# the module ff.registry from this list (cmake/registry.cmake), and the tests, ffbench,
# ffproofs and ffcalc read ff::fields from there. Adding a field is its module plus one line.
set(FF_FIELDS
  binary/b127
  binary/ghash128
  binary/b163
  binary/b191
  binary/sect193
  binary/b233
  binary/b256
  binary/b283
  binary/b409
  binary/b571
  binary/ghash2
  prime/bn254_fp
  prime/bn254_fr
  prime/bls12_381_fp
  prime/bls12_381_fr
  prime/p25519
  prime/mers256
  prime/mers384
  prime/p389
  prime/goldilocks
  prime/ridinghood
  prime/mers512
  prime/p521
)
