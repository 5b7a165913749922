# Cross build for AArch64 with clang, running the tests under qemu-user.
# The sysroot comes from Debian's g++-aarch64-linux-gnu (libstdc++, crt files, binutils).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CMAKE_C_COMPILER clang-19)
set(CMAKE_CXX_COMPILER clang++-19)
set(CMAKE_C_COMPILER_TARGET aarch64-linux-gnu)
set(CMAKE_CXX_COMPILER_TARGET aarch64-linux-gnu)

# clang's default linker lookup would pick the host ld; -fuse-ld=bfd finds the cross one
# (aarch64-linux-gnu-ld.bfd) next to the GCC cross toolchain.
set(CMAKE_EXE_LINKER_FLAGS_INIT -fuse-ld=bfd)
set(CMAKE_SHARED_LINKER_FLAGS_INIT -fuse-ld=bfd)
set(CMAKE_MODULE_LINKER_FLAGS_INIT -fuse-ld=bfd)

# ctest (and gtest discovery, if any) run target binaries through qemu.
set(CMAKE_CROSSCOMPILING_EMULATOR "qemu-aarch64;-L;/usr/aarch64-linux-gnu")

# Search only the aarch64 sysroot for libraries, headers and packages, so that host
# (x86-64) NTL, GTest, benchmark... are never picked up; programs come from the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
