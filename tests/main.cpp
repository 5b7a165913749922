// The gtest main of every property-test binary: the case count, then each file's
// register_tests() (tests are registered at run time, one per field and backend).
#include <gtest/gtest.h>
import ff.testing;

void register_tests();

int main(int argc, char** argv) {
  // FF_CASES per property (the test presets set it: fewer under ASan/UBSan), 2,000 when unset,
  // 10^6 under FF_LONG=1 (./ff test --long); an explicit RC_PARAMS (a seed to replay) wins.
  ff::testing::use_case_count_from_environment(2000);
  testing::InitGoogleTest(&argc, argv);
  register_tests();
  return RUN_ALL_TESTS();
}
