# CPack: `cpack -G DEB` in the build folder makes resizelab_<version>_<arch>.deb from the install rules
# (cmake/Install.cmake). Depends is computed by dpkg-shlibdeps from the libraries the binaries link.
set(CPACK_PACKAGE_NAME resizelab)
set(CPACK_PACKAGE_VENDOR ResizeLab)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(RL_PACKAGE_MAINTAINER "ResizeLab <resizelab@localhost>" CACHE STRING "The .deb's Maintainer field")
set(CPACK_PACKAGE_CONTACT "${RL_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "MATLAB-exact image resizing: the imresize command and the resizelab viewer")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "ResizeLab reproduces MATLAB's imresize bit for bit (every method, antialiasing, both border rules, "
  "uint8/uint16/single/double). This package has the imresize command, the resizelab viewer, the C++ "
  "headers and static libraries, and the CMake package (find_package(ResizeLab CONFIG)).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_IGNORE_FILES "/build/;/\\\\.git/")
include(CPack)
