# Generates rl/version.hpp (the version from project() and whether the CUDA resizer is built) and puts it
# on rl_core's include path, so every program and an installed package's users see the same version.
if(RL_HAVE_CUDA)
  set(RL_BUILT_WITH_CUDA 1)
else()
  set(RL_BUILT_WITH_CUDA 0)
endif()
set(RL_GENERATED_INCLUDE_DIR ${PROJECT_BINARY_DIR}/generated/include)
configure_file(${CMAKE_CURRENT_LIST_DIR}/version.hpp.in ${RL_GENERATED_INCLUDE_DIR}/rl/version.hpp @ONLY)
target_include_directories(rl_core PUBLIC $<BUILD_INTERFACE:${RL_GENERATED_INCLUDE_DIR}>)
