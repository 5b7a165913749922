# ctest ffbench_gate_catches_wrong_kernel: with FFBENCH_GATE_SABOTAGE=b127 the gate compares
# b127's kernels with a deliberately wrong product; ffbench must report the counterexample,
# time nothing and exit 1.
set(ENV{FFBENCH_GATE_SABOTAGE} b127)
execute_process(COMMAND "${FFBENCH}" --quick --no-peers --field b127
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "expected exit status 1, got ${rc}\n${err}")
endif()
if(NOT err MATCHES "gate b127 [a-z0-9]+ mul_equals_reference: FAILED.*Falsifiable.*nothing was timed")
  message(FATAL_ERROR "the gate did not report the wrong kernel with a counterexample:\n${err}")
endif()
if(out MATCHES "ns")
  message(FATAL_ERROR "something was timed after the gate failed:\n${out}")
endif()
