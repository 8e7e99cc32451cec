#!/usr/bin/env bash
# Build systems through the installed tools (docs/porting.md): `make install` into a
# temporary prefix, then a CMake project (tests/toolchain/cmake) with the installed
# toolchain file, and an autoconf project (tests/toolchain/autoconf) with the installed
# config.site (CMake at rv128, autoconf at rv64, to keep make check short): each configures (size checks see the target's long),
# builds a static library and a program with the target-prefixed tools, and its test or
# program passes under zl-run.  Installs cmake and autoconf when missing (and says so).
set -u
. tests/lib/need.sh
tmp=$(mktemp -d /tmp/zl-toolchain-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
if ! make -s BUILD="$BUILD" install PREFIX="$tmp/prefix" > "$tmp/make.log" 2>&1; then
    echo "FAIL toolchain_install: $(grep -m1 -E 'error|Error' "$tmp/make.log")"; exit 1
fi
P=$tmp/prefix
for x in 128 64 32; do
    t=riscv$x-unknown-linux-zl
    m=$("$P/bin/$t-gcc" -dumpmachine 2>&1)
    [ "$m" = "$t" ] && [ -f "$P/share/zl/cmake/$t.cmake" ] && [ -x "$P/bin/$t-ar" ] &&
        echo "PASS toolchain_names@$x" || echo "FAIL toolchain_names@$x: -dumpmachine '$m'"
done

if need_pkg cmake cmake; then
    for x in 128; do
        id=toolchain_cmake@$x b=$tmp/cmake$x
        if ! cmake -S tests/toolchain/cmake -B "$b" \
                -DCMAKE_TOOLCHAIN_FILE="$P/share/zl/cmake/riscv$x-unknown-linux-zl.cmake" > "$b.log" 2>&1; then
            echo "FAIL $id: configure: $(grep -m1 -i error "$b.log")"; continue
        fi
        if ! cmake --build "$b" > "$b.build" 2>&1; then
            echo "FAIL $id: build: $(grep -m1 -i error "$b.build")"; continue
        fi
        if (cd "$b" && ctest --output-on-failure > "$b.test" 2>&1) &&
           grep -q "riscv$x-unknown-linux-zl-gcc" "$b"/CMakeFiles/*/CMakeCCompiler.cmake &&
           grep -q "^SIZEOF_LONG:INTERNAL=$((x / 8))" "$b/CMakeCache.txt"; then
            echo "PASS $id"
        else
            echo "FAIL $id: ctest: $(grep -m2 -iE 'fail|error' "$b.test" | tr '\n' ' ')"
        fi
    done
else
    echo "FAIL toolchain_cmake: cmake could not be installed"
fi

if need_pkg autoconf autoconf; then
    for x in 64; do
        id=toolchain_autoconf@$x d=$tmp/ac$x
        cp -r tests/toolchain/autoconf "$d"
        if ! (cd "$d" && autoconf && autoheader) > "$d.gen" 2>&1; then
            echo "FAIL $id: autoconf: $(head -n1 "$d.gen")"; continue
        fi
        # (make check exports CC for the host build; config.site only fills unset tools)
        if ! (cd "$d" && env -u CC -u CPP -u AR -u RANLIB -u NM -u STRIP ZL_XLEN=$x \
                CONFIG_SITE="$P/share/zl/config.site" \
                ./configure --host=riscv64-unknown-linux-gnu && env -u CC make) > "$d.log" 2>&1; then
            echo "FAIL $id: $(grep -m1 -iE 'error' "$d.log")"; continue
        fi
        got=$("$P/bin/zl-run" "$d/hello" 2>&1)
        want="hello: long $((x / 8)), void * $((x / 8)), sizeof(long) $((x / 8))"
        if [ "$got" = "$want" ] && grep -q "riscv$x-unknown-linux-zl-gcc" "$d/Makefile"; then
            echo "PASS $id"
        else
            echo "FAIL $id: '$got', want '$want'"
        fi
    done
else
    echo "FAIL toolchain_autoconf: autoconf could not be installed"
fi
