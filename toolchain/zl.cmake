# CMake toolchain for ZettaLinux (docs/porting.md).  Installed as
# $(PREFIX)/share/zl/cmake/zl.cmake together with riscv{128,64,32}-unknown-linux-zl.cmake,
# which set ZL_XLEN and include this file:
#   cmake -DCMAKE_TOOLCHAIN_FILE=$PREFIX/share/zl/cmake/riscv128-unknown-linux-zl.cmake ..
# Programs are built by the target-prefixed zl-cc, and try_run, add_test and ctest run
# them under zl-run (CMAKE_CROSSCOMPILING_EMULATOR).
if(NOT DEFINED ZL_XLEN)
  set(ZL_XLEN 128)
endif()
get_filename_component(_zl_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(_zl_triple "riscv${ZL_XLEN}-unknown-linux-zl")

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR "riscv${ZL_XLEN}")
set(CMAKE_C_COMPILER "${_zl_prefix}/bin/${_zl_triple}-gcc")
set(CMAKE_AR "${_zl_prefix}/bin/zl-ar" CACHE FILEPATH "zl-ar")
set(CMAKE_RANLIB "${_zl_prefix}/bin/zl-ranlib" CACHE FILEPATH "zl-ranlib")
set(CMAKE_NM "${_zl_prefix}/bin/zl-nm" CACHE FILEPATH "zl-nm")
set(CMAKE_STRIP "${_zl_prefix}/bin/zl-strip" CACHE FILEPATH "zl-strip")
set(CMAKE_OBJDUMP "${_zl_prefix}/bin/zl-objdump" CACHE FILEPATH "zl-objdump")
set(CMAKE_READELF "${_zl_prefix}/bin/zl-readelf" CACHE FILEPATH "zl-readelf")
set(CMAKE_CROSSCOMPILING_EMULATOR "${_zl_prefix}/bin/zl-run")

# zlibc and its headers are the target's root: libraries and headers are looked up there
# only, programs (build tools) on the host.
set(CMAKE_FIND_ROOT_PATH "${_zl_prefix}/lib/zl/rv${ZL_XLEN}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# zl-cc links statically only: no shared libraries, no -rdynamic for executables.
set_property(GLOBAL PROPERTY TARGET_SUPPORTS_SHARED_LIBS FALSE)
set(CMAKE_POSITION_INDEPENDENT_CODE OFF)
