# The test-only curves, one line each (<name>:<field>, the constants unit tests/systems/<name>.cppm,
# module ff.<name>, type fft::<name>; a field of tests/fields.cmake is qualified, fft::<field>):
# every test that walks fft::binary_curves (the systems registry's curves and this list)
# covers them.
set(FF_TEST_BINARY_CURVES
  k113:fft::gf2_113
)
