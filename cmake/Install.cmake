# cmake --install: the programs, headers and static libraries, a relocatable CMake package
# (find_package(ResizeLab CONFIG) -> ResizeLab::core, ResizeLab::io and, with CUDA, ResizeLab::cuda), the
# viewer's desktop entry and icons, man pages made from --help, and the Python package when it is built.
# Included from the top-level CMakeLists.txt after every target exists; each rule is guarded by if(TARGET).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(RL_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/ResizeLab CACHE STRING
    "Where the CMake package (ResizeLabConfig.cmake) is installed, relative to the prefix")

# --- Libraries and headers -------------------------------------------------------------------------
# Static libraries list their PRIVATE link items as $<LINK_ONLY:...>, so the flag-only helper targets
# travel in the export set too (under detail_ names); they add no compile options to a user's code.
set(rl_export_targets rl_core rl_warnings rl_fp_strict)
set_target_properties(rl_core PROPERTIES EXPORT_NAME core)
set_target_properties(rl_warnings PROPERTIES EXPORT_NAME detail_warnings)
set_target_properties(rl_fp_strict PROPERTIES EXPORT_NAME detail_fp_strict)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/core/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${RL_GENERATED_INCLUDE_DIR}/rl/version.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/rl)

set(RL_PACKAGE_HAS_IO OFF)
if(TARGET rl_io AND TARGET rl_opencv)
  set(RL_PACKAGE_HAS_IO ON)
  list(APPEND rl_export_targets rl_io rl_opencv)
  set_target_properties(rl_io PROPERTIES EXPORT_NAME io)
  set_target_properties(rl_opencv PROPERTIES EXPORT_NAME detail_opencv)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/io/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()

# Without nvcc rl_cuda is a stub that only reports "not built": it is neither installed nor exported.
set(RL_PACKAGE_HAS_CUDA OFF)
if(RL_HAVE_CUDA AND TARGET rl_cuda)
  set(RL_PACKAGE_HAS_CUDA ON)
  list(APPEND rl_export_targets rl_cuda)
  set_target_properties(rl_cuda PROPERTIES EXPORT_NAME cuda)
  if(TARGET rl_cuda_warnings)
    list(APPEND rl_export_targets rl_cuda_warnings)
    set_target_properties(rl_cuda_warnings PROPERTIES EXPORT_NAME detail_cuda_warnings)
  endif()
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/cuda/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()

install(TARGETS ${rl_export_targets}
  EXPORT ResizeLabTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT ResizeLabTargets NAMESPACE ResizeLab:: DESTINATION ${RL_INSTALL_CMAKEDIR})

# The package files: every path in them is relative to the installed ResizeLabConfig.cmake.
set(RL_OPENCV_FROM_CONFIG OFF)
if(RL_PACKAGE_HAS_IO AND OpenCV_FOUND)
  set(RL_OPENCV_FROM_CONFIG ON)
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/ResizeLabConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ResizeLabConfig.cmake
  INSTALL_DESTINATION ${RL_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ResizeLabConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
# The license, where Debian keeps a package's terms (and every prefix install alike).
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/resizelab RENAME copyright)
install(FILES ${PROJECT_BINARY_DIR}/ResizeLabConfig.cmake ${PROJECT_BINARY_DIR}/ResizeLabConfigVersion.cmake
  DESTINATION ${RL_INSTALL_CMAKEDIR})

# --- Programs --------------------------------------------------------------------------------------
foreach(program imresize resizelab)
  if(TARGET ${program})
    install(TARGETS ${program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

# --- Man pages, generated from --help at build time ------------------------------------------------
set(rl_man_dir ${PROJECT_BINARY_DIR}/man)
set(rl_man_pages)
# rl_add_man_page(NAME TARGET SUMMARY SEEALSO ARGS...)
function(rl_add_man_page name target summary seealso)
  set(out ${rl_man_dir}/${name}.1)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:${target}> "-DARGS=${ARGN}" -DNAME=${name}
            "-DSUMMARY=${summary}" -DVERSION=${PROJECT_VERSION} "-DSEEALSO=${seealso}" -DOUT=${out}
            -P ${PROJECT_SOURCE_DIR}/cmake/HelpToMan.cmake
    DEPENDS ${target} ${PROJECT_SOURCE_DIR}/cmake/HelpToMan.cmake
    COMMENT "Man page ${name}(1) from --help"
    VERBATIM)
  set(rl_man_pages ${rl_man_pages} ${out} PARENT_SCOPE)
endfunction()
if(TARGET imresize)
  rl_add_man_page(imresize imresize "MATLAB-exact image resizing" "imresize-batch(1), resizelab(1)" --help)
  rl_add_man_page(imresize-batch imresize "build super-resolution datasets with MATLAB-exact resizing"
                  "imresize(1)" batch --help)
endif()
if(TARGET resizelab)
  rl_add_man_page(resizelab resizelab "viewer comparing MATLAB-exact imresize with other resizers"
                  "imresize(1)" --help)
endif()
if(rl_man_pages)
  add_custom_target(rl_man_pages ALL DEPENDS ${rl_man_pages})
  install(FILES ${rl_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

# --- Desktop entry and icons for the viewer --------------------------------------------------------
if(TARGET resizelab)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/resizelab.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/resizelab.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  # PNG sizes for desktops that do not read SVG icons, rendered from the SVG by Qt at build time.
  find_package(Qt6 QUIET COMPONENTS Gui Svg)
  if(TARGET Qt6::Svg)
    add_executable(rl_render_icon ${PROJECT_SOURCE_DIR}/resources/render_icon.cpp)
    target_link_libraries(rl_render_icon PRIVATE Qt6::Gui Qt6::Svg rl_warnings)
    set(rl_icons)
    foreach(size 48 128 256)
      set(png ${PROJECT_BINARY_DIR}/icons/${size}x${size}/resizelab.png)
      add_custom_command(OUTPUT ${png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/icons/${size}x${size}
        COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen $<TARGET_FILE:rl_render_icon>
                ${PROJECT_SOURCE_DIR}/resources/resizelab.svg ${png} ${size}
        DEPENDS rl_render_icon ${PROJECT_SOURCE_DIR}/resources/resizelab.svg
        COMMENT "Icon ${size}x${size}"
        VERBATIM)
      list(APPEND rl_icons ${png})
      install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
    endforeach()
    add_custom_target(rl_icons ALL DEPENDS ${rl_icons})
  endif()
endif()

# --- The Python package ----------------------------------------------------------------------------
# Installed when python/ defines its extension target (RL_PYTHON_TARGET, default rl_python) and lays
# out the importable package at <build>/python/resizelab/.
if(NOT DEFINED RL_PYTHON_TARGET)
  set(RL_PYTHON_TARGET rl_python)
endif()
if(TARGET ${RL_PYTHON_TARGET})
  if(NOT DEFINED Python3_VERSION_MINOR)
    find_package(Python3 QUIET COMPONENTS Interpreter)
  endif()
  # Debian's python3 reads <prefix>/lib/python3.X/dist-packages (and /usr/lib/python3/dist-packages).
  if(NOT DEFINED Python3_VERSION_MINOR OR Python3_VERSION_MINOR STREQUAL "")
    set(rl_site_default lib/python3/dist-packages)
  elseif(EXISTS /etc/debian_version)
    set(rl_site_default lib/python3.${Python3_VERSION_MINOR}/dist-packages)
  else()
    set(rl_site_default lib/python3.${Python3_VERSION_MINOR}/site-packages)
  endif()
  set(RL_PYTHON_INSTALL_DIR ${rl_site_default} CACHE STRING
      "Site directory the Python package is installed into (relative to the prefix, or absolute)")
  install(DIRECTORY ${PROJECT_BINARY_DIR}/python/resizelab DESTINATION ${RL_PYTHON_INSTALL_DIR}
          PATTERN __pycache__ EXCLUDE PATTERN "*.pyc" EXCLUDE)
endif()
