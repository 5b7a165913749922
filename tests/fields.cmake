# The test-only fields, one line each (<folder>/<name>, module ff.<name>, type fft::<name>):
# every test that walks fft::fields (the library's registry, the lab's twins and this list)
# covers them.
set(FF_TEST_FIELDS
  fields/gf2_61
  fields/p224
  fields/gf2_113
)
