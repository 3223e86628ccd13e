# Writes OUT (build_version.h): the commit the program is built from, as
# `git describe --always --dirty` gives it in SRC ("unknown" outside a git
# checkout, or REFEREE_COMMIT from the environment, for builds from a tarball).
# Run at every build; the file is rewritten only when the commit changed.
if(DEFINED ENV{REFEREE_COMMIT})
  set(commit "$ENV{REFEREE_COMMIT}")
else()
  execute_process(COMMAND git -C "${SRC}" describe --always --dirty --abbrev=12 --exclude "*"
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 0 OR commit STREQUAL "")
    set(commit "unknown")
  endif()
endif()
set(text "#define REFEREE_COMMIT \"${commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE "${OUT}" "${text}")
endif()
