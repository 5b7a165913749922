# The test-only fields, one line each (<folder>/<name>, module ff.<name>, type fft::<name>):
# every test that walks fft::fields (the library's registry plus this list) covers them.
set(FF_TEST_FIELDS
  fields/gf2_61
)
