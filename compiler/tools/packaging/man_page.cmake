# Writes the cardc(1) man page with help2man at build time (compiler/CMakeLists.txt): the top-level --help and
# --version, and a COMMANDS section with every subcommand's own --help, so the page never drifts from the program.
# cmake -DCARDC=path/to/cardc -DHELP2MAN=path/to/help2man -DOUT=cardc.1 -DWORK=dir -P man_page.cmake
execute_process(COMMAND ${CARDC} --help OUTPUT_VARIABLE top RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CARDC} --help failed")
endif()
string(FIND "${top}" "Subcommands:" at)
string(SUBSTRING "${top}" ${at} -1 subs)
string(REGEX MATCHALL "\n  [a-z][a-z-]*" names "${subs}")
set(include "[COMMANDS]\n")
foreach(n ${names})
  string(STRIP "${n}" n)
  execute_process(COMMAND ${CARDC} ${n} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CARDC} ${n} --help failed")
  endif()
  string(REPLACE "\\" "\\e" help "${help}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
  string(APPEND include ".SS \"cardc ${n}\"\n.nf\n${help}.fi\n")
endforeach()
file(WRITE ${WORK}/cardc.h2m "${include}")
# A fixed date (the project's, not the build's): the same sources give the same page.
set(ENV{SOURCE_DATE_EPOCH} 0)
execute_process(COMMAND ${HELP2MAN} --no-info --section 1 --name "a compiler for card-game card text"
                        --include ${WORK}/cardc.h2m --output ${OUT} ${CARDC} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed")
endif()
