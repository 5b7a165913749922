# ctest helper: runs PROGRAM with ARGS (one string, split like a shell would) and checks both
# its exit status (EXPECT_EXIT) and that its output (stdout + stderr) matches EXPECT_OUTPUT
# and, when given, EXPECT_OUTPUT_2. PASS_REGULAR_EXPRESSION alone would ignore the exit status.
separate_arguments(arguments UNIX_COMMAND "${ARGS}")
execute_process(COMMAND "${PROGRAM}" ${arguments} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(output "${out}${err}")
message("${output}")
if(NOT status STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "exit status ${status}, expected ${EXPECT_EXIT}")
endif()
foreach(pattern IN ITEMS "${EXPECT_OUTPUT}" "${EXPECT_OUTPUT_2}")
  if(NOT pattern STREQUAL "" AND NOT output MATCHES "${pattern}")
    message(FATAL_ERROR "output does not match '${pattern}'")
  endif()
endforeach()
