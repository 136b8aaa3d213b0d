# cmake/compare_output.cmake — runs a command and compares its stdout with a
# checked-in expected file (used by the example tests; written as a CMake
# script so the check needs nothing but cmake).
#
#   cmake -DCOMMAND=prog -DARGS="a;b" -DEXPECTED=file.expected -P compare_output.cmake
execute_process(COMMAND ${COMMAND} ${ARGS}
                OUTPUT_VARIABLE actual ERROR_VARIABLE errors RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${COMMAND} ${ARGS} exited with ${rc}\n--- stderr:\n${errors}--- stdout:\n${actual}")
endif()
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "output differs from ${EXPECTED}\n--- expected:\n${expected}--- actual:\n${actual}--- stderr:\n${errors}")
endif()
message(STATUS "output matches ${EXPECTED}")
