#!/usr/bin/env bash
# Differential test of the preprocessor's -E output (tests/cpp/pp_e_test, the printer
# zl-cc -E uses) against `gcc -E`: every tests/cpp/corpus/*.c is preprocessed by both,
# with line markers and with -P, and the outputs must be byte-identical.  Options for a
# file can be given in a first-line comment: /* cpp-flags: -Ifoo -DX=1 */.
# With -dD the #define/#undef lines must be GCC's too.
# A last case preprocesses a C file including 20 glibc headers, with GCC's own
# predefined macros (gcc -dM) and include path: real headers, byte for byte.
# Budget: about 2 s (two gcc runs per file).
set -u
BUILD=${BUILD:-build}
case $BUILD in /*) drv=$BUILD/tests/cpp/pp_e_test ;; *) drv=$PWD/$BUILD/tests/cpp/pp_e_test ;; esac
. tests/lib/need.sh
if ! need_pkg gcc gcc; then
    echo "SKIP gcc_e: gcc could not be installed"; exit 0
fi
if [ ! -x "$drv" ]; then
    echo "FAIL gcc_e: $drv not built"; exit 1
fi
cd tests/cpp/corpus || exit 1
export SOURCE_DATE_EPOCH=1700000000 LC_ALL=C TZ=UTC
tmp=$(mktemp -d /tmp/zl-gcc-e-XXXXXX); trap 'rm -rf "$tmp"' EXIT
for f in *.c; do
    flags=$(sed -n '1s|.*cpp-flags: *\(.*\) \*/.*|\1|p' "$f")
    for mode in markers P; do
        m=""; [ $mode = P ] && m=-P
        # shellcheck disable=SC2086
        gcc -std=gnu11 -E -undef -nostdinc $m $flags "$f" > "$tmp/gcc.out" 2> "$tmp/gcc.err"
        grc=$?
        # shellcheck disable=SC2086
        "$drv" -E $m -fixed-time=$SOURCE_DATE_EPOCH $flags "$f" > "$tmp/zl.out" 2> "$tmp/zl.err"
        zrc=$?
        name="gcc_e_${f%.c}_$mode"
        if [ $grc -ne 0 ] && [ $zrc -eq 0 ] || [ $grc -eq 0 ] && [ $zrc -ne 0 ]; then
            echo "FAIL $name: exit status gcc $grc, ours $zrc"; sed 's/^/# /' "$tmp/zl.err" | head -5
        elif cmp -s "$tmp/gcc.out" "$tmp/zl.out"; then
            echo "PASS $name"
        else
            echo "FAIL $name: output differs from gcc -E (- gcc, + ours)"
            diff "$tmp/gcc.out" "$tmp/zl.out" | head -20 | sed 's/^/# /'
        fi
    done
done

# -dM: the macros each corpus file leaves defined, sorted, minus the ones each
# preprocessor predefines (GCC's list under -undef is not ours).
: > "$tmp/empty.c"
gcc -std=gnu11 -E -undef -nostdinc -dM "$tmp/empty.c" | sort > "$tmp/base.gcc"
"$drv" -E -dM "$tmp/empty.c" | sort > "$tmp/base.zl"
for f in *.c; do
    flags=$(sed -n '1s|.*cpp-flags: *\(.*\) \*/.*|\1|p' "$f")
    # shellcheck disable=SC2086
    gcc -std=gnu11 -E -undef -nostdinc -dM $flags "$f" 2>/dev/null | sort | comm -23 - "$tmp/base.gcc" > "$tmp/dm.gcc"
    # shellcheck disable=SC2086
    "$drv" -E -dM $flags "$f" 2>/dev/null | sort | comm -23 - "$tmp/base.zl" > "$tmp/dm.zl"
    if cmp -s "$tmp/dm.gcc" "$tmp/dm.zl"; then
        echo "PASS gcc_e_dM_${f%.c}"
    else
        echo "FAIL gcc_e_dM_${f%.c}: -dM differs (- gcc, + ours)"
        diff "$tmp/dm.gcc" "$tmp/dm.zl" | head -10 | sed 's/^/# /'
    fi
done

# -dD: the output with the #define and #undef lines where they were, from the main
# file's first line marker on (the predefined macros before it are each preprocessor's
# own).
for f in *.c; do
    flags=$(sed -n '1s|.*cpp-flags: *\(.*\) \*/.*|\1|p' "$f")
    # shellcheck disable=SC2086
    gcc -std=gnu11 -E -undef -nostdinc -dD $flags "$f" 2>/dev/null | sed -n "/^# 1 \"$f\"\$/,\$p" > "$tmp/dd.gcc"
    # shellcheck disable=SC2086
    "$drv" -E -dD -fixed-time=$SOURCE_DATE_EPOCH $flags "$f" 2>/dev/null | sed -n "/^# 1 \"$f\"\$/,\$p" > "$tmp/dd.zl"
    if [ -s "$tmp/dd.gcc" ] && cmp -s "$tmp/dd.gcc" "$tmp/dd.zl"; then
        echo "PASS gcc_e_dD_${f%.c}"
    else
        echo "FAIL gcc_e_dD_${f%.c}: -dD differs (- gcc, + ours)"
        diff "$tmp/dd.gcc" "$tmp/dd.zl" | head -10 | sed 's/^/# /'
    fi
done

# Erroneous inputs: both must fail, with the same first error line (file:line:col and
# text) as GCC's.
for f in errors/*.c; do
    name="gcc_e_error_$(basename "$f" .c)"
    g=$(gcc -std=gnu11 -E -undef -nostdinc "$f" 2>&1 >/dev/null | grep -m1 'error')
    z=$("$drv" -E "$f" 2>&1 >/dev/null | grep -m1 'error')
    if [ -z "$z" ]; then
        echo "FAIL $name: no error reported (gcc: $g)"
    elif [ "$g" = "$z" ]; then
        echo "PASS $name"
    else
        echo "FAIL $name: gcc says \"$g\", we say \"$z\""
    fi
done

# Real system headers: GCC's predefined macros (minus the ones both define themselves)
# come first in a user header, the search path is GCC's.
if [ ! -f /usr/include/stdio.h ]; then
    echo "SKIP gcc_e_glibc_headers: /usr/include/stdio.h missing (libc6-dev)"; exit 0
fi
gcc -std=gnu11 -dM -E -x c /dev/null |
    grep -v '__has_include\|define __STDC_VERSION__\|define __STDC__ \|define __STDC_HOSTED__\|__STDC_UTF_' \
    > "$tmp/predefs.h"
dirs=$(echo | LC_ALL=C gcc -std=gnu11 -xc -E -v - 2>&1 |
    sed -n '/#include <...> search starts here:/,/End of search list./p' | sed -n 's/^ \(\/.*\)/-isystem \1/p')
{
    echo '#include "predefs.h"'
    for h in stdio.h stdlib.h string.h math.h errno.h stdint.h inttypes.h limits.h stdarg.h \
             stddef.h signal.h pthread.h unistd.h sys/stat.h fcntl.h time.h ctype.h assert.h \
             setjmp.h wchar.h; do
        echo "#include <$h>"
    done
    echo 'int main(void) { printf("%d\n", INT_MAX); assert(errno == 0); return EXIT_SUCCESS; }'
} > "$tmp/real.c"
cd "$tmp" || exit 1
for mode in markers P; do
    m=""; [ $mode = P ] && m=-P
    # shellcheck disable=SC2086
    gcc -std=gnu11 -E -undef -nostdinc $m $dirs real.c > gcc.out 2> gcc.err; grc=$?
    # shellcheck disable=SC2086
    "$drv" -E $m $dirs real.c > zl.out 2> zl.err; zrc=$?
    if [ $grc -ne 0 ] || [ $zrc -ne 0 ]; then
        echo "FAIL gcc_e_glibc_headers_$mode: exit status gcc $grc, ours $zrc"; head -5 zl.err | sed 's/^/# /'
    elif cmp -s gcc.out zl.out; then
        echo "PASS gcc_e_glibc_headers_$mode ($(wc -l < zl.out) lines)"
    else
        echo "FAIL gcc_e_glibc_headers_$mode: output differs from gcc -E (- gcc, + ours)"
        diff gcc.out zl.out | head -20 | sed 's/^/# /'
    fi
done
