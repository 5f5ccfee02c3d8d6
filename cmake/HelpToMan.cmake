# Writes a man page from a program's --help text (run at build time, cmake -P):
#   cmake -DEXE=prog -DARGS="batch;--help" -DNAME=imresize-batch -DSUMMARY="..." -DVERSION=x.y.z
#         -DSEEALSO="resizelab(1)" -DOUT=file.1 -P HelpToMan.cmake
# The help text becomes the DESCRIPTION, verbatim (.nf), so the page cannot drift from --help.
foreach(v EXE NAME SUMMARY VERSION OUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "HelpToMan.cmake: ${v} is not set")
  endif()
endforeach()
# Qt programs print their help without a display on the offscreen platform.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ${EXE} ${ARGS}
  OUTPUT_VARIABLE help
  ERROR_VARIABLE err
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR help STREQUAL "")
  message(FATAL_ERROR "HelpToMan.cmake: '${EXE} ${ARGS}' failed (${rc}): ${err}")
endif()
# Programs that print argv[0] (Qt's parser) would show the build folder: use the bare program name.
get_filename_component(exe_name "${EXE}" NAME)
string(REPLACE "${EXE}" "${exe_name}" help "${help}")
# roff: a backslash is written \e; a line starting with . or ' would be a request, so guard it with \&.
string(REPLACE "\\" "\\e" help "${help}")
string(REPLACE "-" "\\-" help "${help}")
string(PREPEND help "\n")
string(REPLACE "\n." "\n\\&." help "${help}")
string(REPLACE "\n'" "\n\\&'" help "${help}")
string(STRIP "${help}" help)
string(TOUPPER "${NAME}" title)
string(REPLACE "-" "\\-" name_roff "${NAME}")
set(page ".TH ${title} 1 \"\" \"ResizeLab ${VERSION}\" \"User Commands\"
.SH NAME
${name_roff} \\- ${SUMMARY}
.SH DESCRIPTION
.nf
${help}
.fi
")
if(DEFINED SEEALSO AND NOT SEEALSO STREQUAL "")
  string(APPEND page ".SH SEE ALSO\n${SEEALSO}\n")
endif()
file(WRITE "${OUT}.tmp" "${page}")
file(RENAME "${OUT}.tmp" "${OUT}")
