# Fails when a source file under one of FOLDERS includes a header of a FORBIDDEN engine part.
#   cmake -DROOT=<source dir> -DFOLDERS="ui;app" -DFORBIDDEN="loader;text" -P forbid_includes.cmake
# The window and the executables reach the engine through its front door (engine/workspace,
# engine/io and the value types of spec/model/mapper); the loader and the text layers (YAML,
# Jinja, expressions) stay behind it, so a change there cannot ripple into the callers.
# The same check keeps the window's folders in their layers (ui/README.md): WHY says what a
# failure means. Registered as a CTest by af_forbid_includes() in tests/CMakeLists.txt.
if(NOT ROOT OR NOT FOLDERS OR NOT FORBIDDEN)
  message(FATAL_ERROR "forbid_includes.cmake needs ROOT, FOLDERS and FORBIDDEN")
endif()
list(JOIN FORBIDDEN "|" parts)
set(pattern "^[ \t]*#[ \t]*include[ \t]*[\"<](engine/)?(${parts})/")
set(found "")
foreach(folder IN LISTS FOLDERS)
  file(GLOB_RECURSE files "${ROOT}/${folder}/*.h" "${ROOT}/${folder}/*.hpp" "${ROOT}/${folder}/*.cpp")
  foreach(file IN LISTS files)
    file(STRINGS "${file}" lines REGEX "${pattern}")
    foreach(line IN LISTS lines)
      file(RELATIVE_PATH rel "${ROOT}" "${file}")
      string(STRIP "${line}" line)
      list(APPEND found "${rel}: ${line}")
    endforeach()
  endforeach()
endforeach()
if(found)
  list(JOIN found "\n  " text)
  if(NOT WHY)
    set(WHY "these files include engine headers that sit behind the workspace (use workspace/ or io/ instead)")
  endif()
  message(FATAL_ERROR "${WHY}:\n  ${text}")
endif()
message(STATUS "no file under ${FOLDERS} includes ${FORBIDDEN}")
