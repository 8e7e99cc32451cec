#!/usr/bin/env bash
# bench/cc.sh - zl-cc code quality and compile speed (issue 7's benchmarks; `make bench`).
#
# Code quality: every bench/src program is built three ways for rv64 — by
# riscv64-linux-gnu-gcc -O0, by gcc -O2 and by `zl-cc -m64 -O2` — each compiling the
# program AND its freestanding runtime (tests/lib/guest/guest.c; only start.S is gcc's),
# so the whole executed code comes from the compiler under test.  The figure is the
# dynamic instruction count from `zl-run --stats`; outputs must agree.
# Ratio = zl-cc count / gcc count (below 1.0: zl-cc executes fewer instructions).
# Targets: issue 7, zl-cc no worse than gcc -O0 (ratio vs -O0 <= 1.0); issue 16, zl-cc -O2
# within 1.2x of gcc -O2 (geometric mean of the ratios vs -O2 <= 1.2).
# The same source at -m128 (`zl-cc -m128 -O2`, runtime and start.S included, linked by
# zl-ld) is counted too, against gcc -O2 at rv64 and against zl-cc -m64 (issue 16:
# -m128 code no larger than -m64 code).
#
# Corpus hot loops: the Lua 5.4 interpreter from $CORPUS, gcc -O2 vs zl-cc -m64 -O2, on
# bench/lua/*.lua (see the end of the script).
#
# Compile speed: CPU seconds to compile the zlibc sources (libc/src/*/*.c, about 9,000
# lines) to assembly, zl-cc -m64 -O0 vs gcc -O0 (one process per file for both); and the
# SQLite amalgamation (sqlite3.c, about 250,000 lines, made from the corpus tarball in
# $CORPUS by its own configure and `make sqlite3.c`, which need tclsh) to assembly at -O2,
# zl-cc -m64 vs gcc (issue 16's target: zl-cc at least 5x faster).
# Ratio = gcc seconds / zl-cc seconds (above 1.0: zl-cc is faster).
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
BIN=$BUILD/bin
OUT=$BUILD/bench/cc
G=tests/lib/guest
source tests/lib/need.sh
need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu ||
    { echo "bench/cc: riscv64-linux-gnu-gcc is not available" >&2; exit 1; }
[ -x "$BIN/zl-cc" ] && [ -x "$BIN/zl-run" ] || { echo "bench/cc: build zl-cc and zl-run first" >&2; exit 1; }
mkdir -p "$OUT"
GCC="riscv64-linux-gnu-gcc -march=rv64gc -mabi=lp64d"
LINK="$GCC -static -nostdlib -ffreestanding -fno-pie -no-pie -Wl,-z,separate-code"
# nbody and dmat use __builtin_fma (fmadd.d); they are the longest runs (4-11 G instructions
# per build under zl-run, several minutes on a shared machine).
BENCHES=${*:-cmark sha256 sieve sort queens nbody dmat}
CORPUS=${CORPUS:-/work/shared/corpus}
status=0
ratios2=
ratios128=

count() {   # EXE [ARG...] -> instruction count on stdout, program output in EXE.out
    "$BIN/zl-run" --stats "$@" >"$1.out" 2>"$1.err" || return 1
    sed -n 's/^zl-run: instructions: //p' "$1.err"
}
build_gcc() {   # OPT NAME OUT
    $LINK "$1" -ffp-contract=off -I$G -Ibench/src $G/start.S $G/guest.c "bench/src/$2.c" -o "$3"
}
build_zlcc() {  # NAME OUT
    "$BIN/zl-cc" -m64 -O2 -ffreestanding -I$G -c $G/guest.c -o "$2.guest.o" &&
    "$BIN/zl-cc" -m64 -O2 -ffreestanding -I$G -Ibench/src -c "bench/src/$1.c" -o "$2.o" &&
    $LINK $G/start.S "$2.guest.o" "$2.o" -o "$2"
}

build_zlcc128() {  # NAME OUT
    "$BIN/zl-cc" -m128 -O2 -nostdlib -static -I$G -Ibench/src $G/start.S $G/guest.c "bench/src/$1.c" -o "$2"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "== code quality: dynamic instructions on rv64 (zl-run --stats); -m128: the same source at RV128"
printf '%-8s %14s %14s %14s %10s %10s %14s %10s %10s\n' program "gcc -O0" "gcc -O2" "zl-cc -O2" "vs -O0" \
    "vs -O2" "zl-cc -m128" "vs -O2" "vs -m64"
for b in $BENCHES; do
    if ! build_gcc -O0 "$b" "$OUT/$b.g0" 2>"$OUT/$b.log" || ! build_gcc -O2 "$b" "$OUT/$b.g2" 2>>"$OUT/$b.log"; then
        echo "$b: gcc build failed (see $OUT/$b.log)"; status=1; continue
    fi
    if ! build_zlcc "$b" "$OUT/$b.zl" 2>>"$OUT/$b.log"; then
        echo "$b: zl-cc build failed: $(grep -m1 error "$OUT/$b.log")"; status=1; continue
    fi
    g0=$(count "$OUT/$b.g0") && g2=$(count "$OUT/$b.g2") && zl=$(count "$OUT/$b.zl") ||
        { echo "$b: a run failed"; status=1; continue; }
    if ! cmp -s "$OUT/$b.g0.out" "$OUT/$b.zl.out" || ! cmp -s "$OUT/$b.g0.out" "$OUT/$b.g2.out"; then
        echo "$b: OUTPUTS DIFFER between the builds (no ratio)"; status=1; continue
    fi
    ratios2="$ratios2 $(awk -v a="$zl" -v b="$g2" 'BEGIN { printf "%.6f", a / b }')"
    z128=- r128=- r128_64=-
    if ! build_zlcc128 "$b" "$OUT/$b.zl128" 2>>"$OUT/$b.log"; then
        echo "$b: zl-cc -m128 build failed: $(grep -m1 error "$OUT/$b.log")"; status=1
    elif ! z128=$(count "$OUT/$b.zl128"); then
        echo "$b: the -m128 run failed"; status=1; z128=-
    elif ! cmp -s "$OUT/$b.g0.out" "$OUT/$b.zl128.out"; then
        echo "$b: the -m128 output differs (no ratio)"; status=1; z128=-
    else
        r128=$(ratio "$z128" "$g2") r128_64=$(ratio "$z128" "$zl")
        ratios128="$ratios128 $(awk -v a="$z128" -v b="$g2" 'BEGIN { printf "%.6f", a / b }')"
    fi
    printf '%-8s %14s %14s %14s %10s %10s %14s %10s %10s\n' "$b" "$g0" "$g2" "$zl" \
        "$(ratio "$zl" "$g0")" "$(ratio "$zl" "$g2")" "$z128" "$r128" "$r128_64"
done

geomean() { echo "$@" | awk '{ s = 0; for (k = 1; k <= NF; k++) s += log($k); printf "%.2f", exp(s / NF) }'; }
[ -n "$ratios2" ] && echo "geometric mean of zl-cc / gcc -O2: $(geomean $ratios2) (issue 16's target: <= 1.2)"
[ -n "$ratios128" ] && echo "geometric mean of zl-cc -m128 / gcc -O2 (rv64): $(geomean $ratios128)"

echo "== compile speed: zlibc sources to assembly, CPU seconds"
cpu() {   # command... -> user+sys CPU seconds of the command and its children
    local TIMEFORMAT='%U %S' t
    { t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ); } || return 1
    awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.2f", a[1] + a[2] }'
}
INC="-I$BUILD/lib/zl/rv64/include -Ilibc/src/internal"
zl_all() { for f in libc/src/*/*.c; do "$BIN/zl-cc" -m64 -O0 -nostdinc -ffreestanding -isystem "$BUILD/lib/zl/include" $INC -S "$f" -o "$OUT/x.s" || return 1; done; }
gcc_all() { for f in libc/src/*/*.c; do $GCC -O0 -nostdinc -ffreestanding -isystem "$($GCC -print-file-name=include)" $INC -S "$f" -o "$OUT/y.s" || return 1; done; }
if [ -f "$BUILD/lib/zl/rv64/include/stdio.h" ]; then
    tz=$(cpu zl_all) && tg=$(cpu gcc_all) &&
        echo "zl-cc -O0: ${tz} s   gcc -O0: ${tg} s   ratio gcc/zl-cc: $(awk -v a="$tg" -v b="$tz" 'BEGIN { printf "%.2f", a / b }') (target: > 1.0)" ||
        { echo "compile speed: a compile failed"; status=1; }
else
    echo "compile speed: zlibc rv64 headers are not built (make libc)"; status=1
fi

# The SQLite amalgamation at -O2, made once into $OUT/sqlite/.
SQ=$OUT/sqlite
sqlite_amalgamation() {
    local tarball
    [ -f "$SQ/sqlite3.c" ] && return 0
    tarball=$(ls "$CORPUS"/sqlite3_*.orig.tar.* 2>/dev/null | head -n1)
    [ -n "$tarball" ] || { echo "compile speed: no SQLite tarball in $CORPUS (set CORPUS)"; return 1; }
    need_pkg tclsh tcl || { echo "compile speed: tclsh (Debian package tcl) is not available"; return 1; }
    rm -rf "$SQ" && mkdir -p "$SQ" && tar -xf "$tarball" -C "$SQ" --strip-components=1 &&
        (cd "$SQ" && ./configure --disable-tcl >configure.log 2>&1 && make sqlite3.c >make.log 2>&1) ||
        { echo "compile speed: making the SQLite amalgamation failed (see $SQ/*.log)"; rm -f "$SQ/sqlite3.c"; return 1; }
}
SQFLAGS="-DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION"
if sqlite_amalgamation; then
    # shellcheck disable=SC2086
    tz=$(cpu "$BIN/zl-cc" -m64 -O2 $SQFLAGS -S "$SQ/sqlite3.c" -o "$OUT/sqlite.zl.s") &&
    tg=$(cpu $GCC -O2 $SQFLAGS -S "$SQ/sqlite3.c" -o "$OUT/sqlite.gcc.s") &&
        echo "sqlite3.c -O2: zl-cc ${tz} s   gcc ${tg} s   ratio gcc/zl-cc: $(ratio "$tg" "$tz") (target: >= 5)" ||
        { echo "compile speed: compiling sqlite3.c failed"; status=1; }
else
    status=1
fi

# A corpus program's hot loops: the Lua 5.4 interpreter (every src/*.c but luac.c, from
# $CORPUS's tarball) built by gcc -O2 (static, glibc) and by zl-cc -m64 -O2 (zlibc), each
# running bench/lua/*.lua under zl-run --stats.  The scripts spend their time in the VM
# (lvm.c), the table code and the string library; the C libraries differ, but the scripts
# call them little (the strings script most).  Lua seeds its string hash and table.sort's
# pivot from the clock and addresses: both builds fix them (LUA_DEFS) and run without
# address-space randomisation, so the counts repeat from run to run.
echo "== a corpus program: Lua 5.4 at -O2, dynamic instructions on rv64"
LUA=$OUT/lua
LUA_DEFS=(-DLUA_USE_POSIX "-Dl_randomizePivot()=0" "-Dluai_makeseed(L)=0")
lua_build() {   # the sources unpacked once, gcc's build once per LUA_DEFS, zl-cc's every run
    local tarball
    if [ ! -f "$LUA/src/lvm.c" ]; then
        tarball=$(ls "$CORPUS"/lua5.4_*.orig.tar.* 2>/dev/null | head -n1)
        [ -n "$tarball" ] || { echo "lua: no Lua tarball in $CORPUS (set CORPUS)"; return 1; }
        rm -rf "$LUA" && mkdir -p "$LUA/src" &&
            tar -xf "$tarball" -C "$LUA/src" --strip-components=2 --wildcards '*/src/*.[ch]' &&
            rm -f "$LUA/src/luac.c" ||
            { echo "lua: cannot unpack $tarball"; return 1; }
    fi
    if [ ! -x "$LUA/lua.gcc" ] || [ "$(cat "$LUA/gcc.defs" 2>/dev/null)" != "${LUA_DEFS[*]}" ]; then
        # shellcheck disable=SC2086
        $GCC -O2 -static "${LUA_DEFS[@]}" "$LUA"/src/*.c -lm -o "$LUA/lua.gcc" 2>"$LUA/gcc.log" ||
            { echo "lua: gcc's build failed (see $LUA/gcc.log)"; rm -f "$LUA/lua.gcc"; return 1; }
        echo "${LUA_DEFS[*]}" >"$LUA/gcc.defs"
    fi
    "$BIN/zl-cc" -m64 -O2 "${LUA_DEFS[@]}" "$LUA"/src/*.c -lm -o "$LUA/lua.zl" 2>"$LUA/zl.log" ||
        { echo "lua: zl-cc's build failed (see $LUA/zl.log)"; rm -f "$LUA/lua.zl"; return 1; }
}
ratios_lua=
if lua_build; then
    printf '%-8s %14s %14s %10s\n' script "gcc -O2" "zl-cc -O2" "vs -O2"
    for f in bench/lua/*.lua; do
        n=$(basename "$f" .lua)
        cp "$f" "$LUA/$n.lua"
        if ! g=$(ZL_RUN_NORANDOM=1 count "$LUA/lua.gcc" "$LUA/$n.lua") || ! z=$(ZL_RUN_NORANDOM=1 count "$LUA/lua.zl" "$LUA/$n.lua"); then
            echo "$n: a run failed"; status=1; continue
        fi
        if ! cmp -s "$LUA/lua.gcc.out" "$LUA/lua.zl.out"; then
            echo "$n: OUTPUTS DIFFER between the builds (no ratio)"; status=1; continue
        fi
        ratios_lua="$ratios_lua $(awk -v a="$z" -v b="$g" 'BEGIN { printf "%.6f", a / b }')"
        printf '%-8s %14s %14s %10s\n' "$n" "$g" "$z" "$(ratio "$z" "$g")"
    done
    [ -n "$ratios_lua" ] && echo "geometric mean of zl-cc / gcc -O2 on Lua: $(geomean $ratios_lua)" &&
        echo "geometric mean over the programs and the Lua scripts: $(geomean $ratios2 $ratios_lua) (issue 16's target: <= 1.2)"
else
    status=1
fi
exit $status
