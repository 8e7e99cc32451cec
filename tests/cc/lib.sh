# Shared by the tests/cc/*_test.sh scripts (sourced; bash).
# Environment (set by tests/runner.sh): ZL_BIN (absolute build/bin), ZL_ROOT (repo root).
ZL_ROOT=${ZL_ROOT:-$(pwd)}
ZL_BIN=${ZL_BIN:-$ZL_ROOT/build/bin}
CCT_DIR=$ZL_ROOT/tests/cc
CCT_PROGS=$CCT_DIR/progs
ZLCC=$ZL_BIN/zl-cc
ZLRUN=$ZL_BIN/zl-run

# cct_require_zlcc NAME: fail clearly (never pass vacuously) when the compiler is missing.
cct_require_zlcc() {
    if [ ! -x "$ZLCC" ]; then
        echo "FAIL $1: zl-cc not built ($ZLCC missing)"
        exit 1
    fi
    if [ ! -x "$ZLRUN" ]; then
        echo "FAIL $1: zl-run not built ($ZLRUN missing)"
        exit 1
    fi
}

# cct_model_of XLEN -> lp128 | lp64 | ilp32
cct_model_of() {
    case $1 in 128) echo lp128 ;; 64) echo lp64 ;; 32) echo ilp32 ;; esac
}

# cct_gap NAME XLEN: prints the KNOWN_GAPS reason for NAME at XLEN (lines "NAME reason" or
# "NAME@XLEN reason"), nothing if none.
cct_gap() {
    local f=$CCT_PROGS/KNOWN_GAPS
    [ -f "$f" ] || return 0
    awk -v n="$1" -v nx="$1@$2" '
        /^[ \t]*#/ || NF == 0 { next }
        $1 == n || $1 == nx { $1 = ""; sub(/^ +/, ""); print; exit }' "$f"
}

# cct_first_diff WANT GOT: a one-line description of the first difference.
cct_first_diff() {
    local line
    line=$(diff "$1" "$2" | head -n 4 | tr '\n' ' ' | cut -c1-200)
    echo "output differs: $line"
}
