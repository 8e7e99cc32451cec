# Sourced by the zl-nm/zl-size/zl-strip/zl-ar tests (after cd to the tree's root): sets
# BUILD, BIN, LC_ALL=C and a temporary $tmp (removed at exit), defines pass/fail, and:
#   bu_run TOOL ARGS...  runs TOOL in $tmp: stdout+stderr, then "rc=N"; a GNU tool's name
#                        in messages ("riscv64-linux-gnu-nm:") becomes zl-nm's
#   bu_same LABEL GNU ZL "OPTS" SET...   PASS when bu_run GNU OPTS SET and bu_run ZL OPTS SET
#                        agree for every SET (a space-separated list of files in $tmp)
#   bu_tool NAME...      build build/bin/zl-NAME if missing (FAIL and exit 1 if it cannot)
#   bu_bad NAME [ARGS...]  zl-NAME ARGS on missing, directory, empty, garbage, truncated
#                        files and a broken archive: GNU's message, exit 1 (a PASS/FAIL
#                        each); --bogus, --help, --version
#   bu_gnu_inputs        GNU inputs: rv64/rv32 objects, a static glibc program, a shared
#                        library, a freestanding executable, an archive; list in $GNU_FILES
#   bu_zl_inputs         objects made by zl-cc -m64/-m32 (list in $ZL_FILES) and -m128
#                        ($tmp/z128.o, $tmp/z128b.o)
# Sources: tests/lib/binutils/*.c.
. tests/lib/need.sh
BU_SRC=tests/lib/binutils
BUILD=${BUILD:-build}
BIN=${ZL_BIN:-$PWD/$BUILD/bin}
export LC_ALL=C
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

bu_run() {
    local t=$1; shift
    (cd "$tmp" && "$t" "$@" 2>&1; echo "rc=$?") | sed -E 's/^riscv64-linux-gnu-([a-z]+):/zl-\1:/'
}

bu_same() {
    local label=$1 gnu=$2 zl=$3 opts=$4 f bad=""
    shift 4
    for f in "$@"; do
        # shellcheck disable=SC2086
        if ! cmp -s <(bu_run "$gnu" $opts $f) <(bu_run "$zl" $opts $f); then
            bad+=" [$f]: $(diff <(bu_run "$gnu" $opts $f) <(bu_run "$zl" $opts $f) | sed -n 2p)"
        fi
    done
    if [ -z "$bad" ]; then pass "$label '$opts'"; else fail "$label '$opts'" "differs on$bad"; fi
}

bu_tool() {
    local t
    for t in "$@"; do
        [ -x "$BIN/zl-$t" ] || make -s BUILD="$BUILD" "$BUILD/bin/zl-$t" >/dev/null 2>&1
        if [ ! -x "$BIN/zl-$t" ]; then
            echo "FAIL $t: cannot build zl-$t"
            exit 1
        fi
    done
}

bu_gnu_inputs() {
    GNU_FILES=()
    need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu || return 1
    need_pkg riscv64-linux-gnu-nm binutils-riscv64-linux-gnu || return 1
    local cc=riscv64-linux-gnu-gcc r32="-march=rv32imac -mabi=ilp32"
    $cc -O0 -g -fcommon -c $BU_SRC/syms.c -o "$tmp/syms64.o" &&
        $cc -O1 -fcommon $r32 -c $BU_SRC/syms.c -o "$tmp/syms32.o" &&
        $cc -O2 -fno-pic -c $BU_SRC/tls.c -o "$tmp/tls64.o" &&
        $cc -O2 -fno-pic $r32 -c $BU_SRC/tls.c -o "$tmp/tls32.o" &&
        $cc -O2 -nostdlib -static $BU_SRC/tls.c -o "$tmp/tls64.exe" &&
        $cc -O2 -shared -fPIC $BU_SRC/syms.c -o "$tmp/syms64.so" &&
        $cc -O2 -static $BU_SRC/hello.c -o "$tmp/hello64" &&
        riscv64-linux-gnu-ar rc "$tmp/lib64.a" "$tmp/syms64.o" "$tmp/tls64.o" &&
        riscv64-linux-gnu-ar rc "$tmp/lib32.a" "$tmp/syms32.o" "$tmp/tls32.o" || return 1
    GNU_FILES=("$tmp/syms64.o" "$tmp/syms32.o" "$tmp/tls64.o" "$tmp/tls32.o" "$tmp/tls64.exe"
        "$tmp/syms64.so" "$tmp/hello64" "$tmp/lib64.a" "$tmp/lib32.a")
}

bu_zl_inputs() {
    ZL_FILES=()
    local m
    for m in 64 32; do
        "$BIN/zl-cc" -m$m -c $BU_SRC/syms.c -o "$tmp/zsyms$m.o" &&
            "$BIN/zl-cc" -m$m -g -c $BU_SRC/tls.c -o "$tmp/ztls$m.o" || return 1
        ZL_FILES+=("$tmp/zsyms$m.o" "$tmp/ztls$m.o")
    done
    "$BIN/zl-cc" -m128 -c $BU_SRC/syms.c -o "$tmp/z128.o" &&
        "$BIN/zl-cc" -m128 -g -c $BU_SRC/tls.c -o "$tmp/z128b.o"
}

bu_bad() {
    local t=$1 c name want out
    shift
    : > "$tmp/empty"
    printf 'garbage, not an object\n' > "$tmp/garbage"
    mkdir -p "$tmp/dir"
    head -c 20 "$tmp/z128.o" > "$tmp/trunc_hdr" 2>/dev/null
    head -c 300 "$tmp/z128.o" > "$tmp/trunc" 2>/dev/null
    printf '!<arch>\nshort' > "$tmp/badar.a"
    for c in "missing:zl-$t: 'missing': No such file" "dir:zl-$t: Warning: 'dir' is a directory" \
        "empty:zl-$t: empty: file format not recognized" \
        "garbage:zl-$t: garbage: file format not recognized" "trunc_hdr:zl-$t: trunc_hdr: " \
        "trunc:zl-$t: trunc: " "badar.a:zl-$t: badar.a: "; do
        name=${c%%:*} want=${c#*:}
        out=$(bu_run "$BIN/zl-$t" "$@" "$name")
        if [ "${out##*rc=}" = 1 ] && printf '%s\n' "$out" | grep -qF "$want"; then
            pass "$t bad $name"
        else fail "$t bad $name" "$out"; fi
    done
    out=$(bu_run "$BIN/zl-$t" --bogus)
    if [ "${out##*rc=}" = 1 ] && printf '%s\n' "$out" | grep -q "unrecognized option '--bogus'"; then
        pass "$t bad option"
    else fail "$t bad option" "$out"; fi
    out=$(bu_run "$BIN/zl-$t" --help)
    if [ "${out##*rc=}" = 0 ] && printf '%s\n' "$out" | grep -q "^Usage: zl-$t"; then
        pass "$t --help"
    else fail "$t --help" "$out"; fi
    out=$(bu_run "$BIN/zl-$t" --version)
    if [ "${out##*rc=}" = 0 ] && printf '%s\n' "$out" | grep -q "^zl-$t "; then
        pass "$t --version"
    else fail "$t --version" "$out"; fi
}
