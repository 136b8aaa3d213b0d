# tests/cmake/ScriptTests.cmake — registers a directory of script tests.
#
# kiln_add_script_tests(<label>) makes one CTest test per script
# <topic>/<name>.py below the calling directory, named <label>/<topic>/<name>
# and labelled <label>; each runs the script with `vmrun --tier=0` (the
# interpreter alone) through
# tests/run_script_test.py, which compares stdout with <name>.expected and,
# for programs that fail, the exit code, exception line and traceback line
# with <name>.error.json. Helper modules (named _*.py or marked
# `# kiln-helper` in their first lines) are skipped. A script marked
# `# kiln-lock: <name>` in its first lines gets the CTest RESOURCE_LOCK
# <name> on every variant, so tests that write the same files (the plain run
# and @trace of one script, which ctest -j would otherwise start together)
# never run at the same time.
#
# Two cache variables, shared by every corpus:
#   KILN_LANG_TEST_FLAGS   extra vmrun flags (;-separated) for every test
#   KILN_LANG_TEST_TIERS   if set (e.g. 0;1;2), register every test once per
#                          tier, as <label>/<topic>/<name>@tierN
#   KILN_TRACE_TESTS       (ON) also register <label>/<topic>/<name>@trace:
#                          --tier=1 --hot-threshold=1 --jit-threshold=1
#                          --verify --short-rows=0, every function traced on
#                          its first call and every graph compiled on its
#                          first run (reductions over short rows too), each
#                          kernel checked against the reference executor
#                          (label `trace`)
find_package(Python3 COMPONENTS Interpreter REQUIRED)

set(KILN_LANG_TEST_FLAGS "" CACHE STRING "Extra vmrun flags (;-separated) for every script test")
set(KILN_LANG_TEST_TIERS "" CACHE STRING "If set (e.g. 0;1;2), run every script test once per tier (--tier=N)")
option(KILN_TRACE_TESTS "Also run every script test with the tracer on at threshold 1 (<name>@trace, label trace)" ON)

function(kiln_add_script_tests label)
  get_filename_component(_runner ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../run_script_test.py ABSOLUTE)
  set(_flags)
  foreach(flag IN LISTS KILN_LANG_TEST_FLAGS)
    list(APPEND _flags "--vmrun-arg=${flag}")
  endforeach()
  file(GLOB _scripts CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*/*.py)
  list(SORT _scripts)
  foreach(script IN LISTS _scripts)
    get_filename_component(_name ${script} NAME)
    if(_name MATCHES "^_")
      continue()
    endif()
    file(STRINGS ${script} _head LIMIT_COUNT 10)
    if(_head MATCHES "#[ \t]*kiln-helper")
      continue()
    endif()
    file(RELATIVE_PATH _rel ${CMAKE_CURRENT_SOURCE_DIR} ${script})
    string(REGEX REPLACE "\\.py$" "" _id "${_rel}")
    set(_lock)
    foreach(_line IN LISTS _head)
      if(_line MATCHES "^#[ \t]*kiln-lock:[ \t]*([A-Za-z0-9_.-]+)")
        set(_lock RESOURCE_LOCK ${CMAKE_MATCH_1})
      endif()
    endforeach()
    if(KILN_LANG_TEST_TIERS STREQUAL "")
      # The interpreter alone (the oracle); @trace below runs the tracer.
      add_test(NAME ${label}/${_id}
        COMMAND ${Python3_EXECUTABLE} ${_runner} --vmrun $<TARGET_FILE:vmrun> "--vmrun-arg=--tier=0" ${_flags} ${script})
      set_tests_properties(${label}/${_id} PROPERTIES LABELS ${label} TIMEOUT 60 ${_lock})
      if(KILN_TRACE_TESTS)
        # The same script with the tracer capturing every function on its
        # first call and the tier manager compiling every graph on its first
        # run (tier 1, each kernel also checked against the reference
        # executor): it must print exactly what the interpreter prints.
        add_test(NAME ${label}/${_id}@trace
          COMMAND ${Python3_EXECUTABLE} ${_runner} --vmrun $<TARGET_FILE:vmrun>
                  "--vmrun-arg=--tier=1" "--vmrun-arg=--hot-threshold=1" "--vmrun-arg=--jit-threshold=1"
                  "--vmrun-arg=--verify" "--vmrun-arg=--short-rows=0" ${_flags} ${script})
        set_tests_properties(${label}/${_id}@trace PROPERTIES LABELS "${label};trace" TIMEOUT 60
                             ENVIRONMENT KILN_TRACER_SELFCHECK=1 ${_lock})
      endif()
    else()
      foreach(tier IN LISTS KILN_LANG_TEST_TIERS)
        add_test(NAME ${label}/${_id}@tier${tier}
          COMMAND ${Python3_EXECUTABLE} ${_runner} --vmrun $<TARGET_FILE:vmrun>
                  "--vmrun-arg=--tier=${tier}" ${_flags} ${script})
        set_tests_properties(${label}/${_id}@tier${tier} PROPERTIES LABELS "${label};tier${tier}" TIMEOUT 60 ${_lock})
      endforeach()
    endif()
  endforeach()
endfunction()
