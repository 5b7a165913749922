# ctest ffbench_quick_json: `ffbench --quick --json OUT` must exit 0 and OUT must parse as JSON
# with a machine record and at least one measurement.
file(REMOVE "${OUT}")
execute_process(COMMAND "${FFBENCH}" --quick --json "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ffbench --quick --json exited with ${rc}")
endif()
execute_process(COMMAND "${PYTHON}" -c
  "import json,sys; d=json.load(open(sys.argv[1])); assert d['machine'] and d['records'], 'empty'; print(len(d['records']), 'records')"
  "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OUT} does not parse as ffbench JSON")
endif()
