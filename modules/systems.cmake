# The systems registry: one line per curve, <name>:<field>. The curve is a constants unit,
# modules/systems/<name>.cppm (module ff.<name>, type ff::<name>, over the registry's field
# ff::<field>). CMake builds it, generates the module of each kind's list from these lines
# (cmake/registry.cmake: ff.binary_curves with ff::binary_curves, ff.rfc7748_curves with
# ff::rfc7748_curves), and compiles each binary curve's code once, in the library (one unit per
# curve, declared extern for importers). Tests, ffbench, ffproofs and ffcalc walk the lists.
# Adding a curve is its constants unit plus one line.

# y^2 + xy = x^3 + a x^2 + b over a binary field (ff::curve::binary_weierstrass).
set(FF_BINARY_CURVES
  sect163k1:b163
  sect163r2:b163
  sect233k1:b233
  sect233r1:b233
  sect283k1:b283
  sect283r1:b283
  sect409k1:b409
  sect409r1:b409
  sect571k1:b571
  sect571r1:b571
)
# Montgomery curves' Diffie-Hellman functions of RFC 7748 (ff::rfc7748).
set(FF_RFC7748_CURVES
  x25519:p25519
  x448:goldilocks
)
