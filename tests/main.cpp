// The gtest main of every property-test binary: default case counts, then each file's
// register_tests() (tests are registered at run time, one per field and backend).
#include <gtest/gtest.h>
#include <cstdlib>
#include <string>

void register_tests();

int main(int argc, char** argv) {
  // 2,000 cases per property in ./ff test; FF_LONG=1 (./ff test --long) runs 10^6.
  // An explicit RC_PARAMS (e.g. a seed to replay) wins.
  if (!std::getenv("RC_PARAMS")) {
    const char* long_run = std::getenv("FF_LONG");
    const std::string params = (long_run && std::string(long_run) == "1") ? "max_success=1000000" : "max_success=2000";
    setenv("RC_PARAMS", params.c_str(), 0);
  }
  testing::InitGoogleTest(&argc, argv);
  register_tests();
  return RUN_ALL_TESTS();
}
