#!/usr/bin/env bash
# zl-ar / zl-ranlib (script test, PASS/FAIL lines).
#  1. Archives of GNU- and zl-cc-made rv64/rv32 objects, a long member name and a non-ELF
#     member: the archive zl-ar writes (rc, rcs, q, rcS, rv, d, ranlib) is byte-identical to
#     riscv64-linux-gnu-ar's; t, tv, x, xv, v output and exit status are GNU's.
#  2. zl-cc -m128/-m64/-m32 objects: the "/" index names the members' global symbols (as
#     GNU nm -s prints the index; it does not need to read the members), and zl-ld links
#     a program from the archive, which runs under zl-run.
#  3. Bad input: missing archive, not an archive, no operation, bad key.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
. tests/lib/binutils.sh
bu_tool ar ranlib cc run readelf nm
AR=$BIN/zl-ar
G=riscv64-linux-gnu-ar

# ------------------------------------------------------------------ 1. GNU comparison
if bu_gnu_inputs; then
    bu_zl_inputs || fail "ar inputs" "zl-cc could not compile the samples"
    mkdir -p "$tmp/g" "$tmp/z"
    for d in g z; do
        cp "$tmp/syms64.o" "$tmp/syms32.o" "$tmp/tls64.o" "$tmp/zsyms64.o" "$tmp/ztls32.o" "$tmp/$d/"
        cp "$tmp/syms64.o" "$tmp/$d/a_member_name_longer_than_16.o"
        printf 'not an object\n' > "$tmp/$d/notes.txt"
        chmod 755 "$tmp/$d/tls64.o"
    done
    files="syms64.o a_member_name_longer_than_16.o syms32.o tls64.o notes.txt zsyms64.o ztls32.o"
    # same DIR TOOLARGS...: run in g/ with GNU ar and in z/ with zl-ar; outputs must agree
    same() {
        local label=$1 a b; shift
        # shellcheck disable=SC2068
        a=$(cd "$tmp/g" && $G $@ 2>&1; echo "rc=$?")
        # shellcheck disable=SC2068
        b=$(cd "$tmp/z" && "$AR" $@ 2>&1; echo "rc=$?")
        b=${b//zl-ar:/riscv64-linux-gnu-ar:}
        if [ "$a" = "$b" ] && cmp -s "$tmp/g/lib.a" "$tmp/z/lib.a"; then pass "ar $label"
        else fail "ar $label" "output '$a' vs '$b' or archives differ"; fi
    }
    for key in rc rcs q rcS cr; do
        rm -f "$tmp/g/lib.a" "$tmp/z/lib.a"
        # shellcheck disable=SC2086
        same "$key" $key lib.a $files
    done
    same "t" t lib.a
    same "tv" tv lib.a
    same "t member" t lib.a tls64.o
    same "r missing member" rv lib.a syms32.o tls32.o
    cp "$tmp/tls32.o" "$tmp/g/" 2>/dev/null; cp "$tmp/tls32.o" "$tmp/z/" 2>/dev/null
    same "rv replace and add" rv lib.a syms32.o tls32.o
    same "d" d lib.a syms32.o
    same "dv" dv lib.a tls32.o
    same "ru" ru lib.a syms64.o
    same "qv" qv lib.a syms32.o
    rm -f "$tmp/g/lib.a" "$tmp/z/lib.a"
    same "r creating" r lib.a syms64.o tls64.o
    rm -f "$tmp/g/syms64.o" "$tmp/z/syms64.o" "$tmp/g/tls64.o" "$tmp/z/tls64.o"
    same "xv" xv lib.a
    if cmp -s "$tmp/g/syms64.o" "$tmp/z/syms64.o" && cmp -s "$tmp/syms64.o" "$tmp/z/syms64.o" &&
        [ "$(stat -c %a "$tmp/z/tls64.o")" = "$(stat -c %a "$tmp/g/tls64.o")" ]; then
        pass "ar x contents and mode"
    else fail "ar x contents and mode" "extracted files differ"; fi
    rm -f "$tmp/g/lib.a" "$tmp/z/lib.a"
    (cd "$tmp/g" && $G rcS lib.a syms64.o tls32.o && riscv64-linux-gnu-ranlib lib.a)
    (cd "$tmp/z" && "$AR" rcS lib.a syms64.o tls32.o && "$BIN/zl-ranlib" lib.a)
    if cmp -s "$tmp/g/lib.a" "$tmp/z/lib.a"; then pass "ranlib"; else fail "ranlib" "archives differ"; fi
    if [ "$(riscv64-linux-gnu-nm -s "$tmp/z/lib.a" | grep -c ' in ')" -gt 3 ]; then
        pass "ar index read by GNU nm -s"
    else fail "ar index read by GNU nm -s" "no index"; fi
else
    fail "ar gnu" "cannot install riscv64 gcc/binutils"
fi

# ------------------------------------------------------------------ 2. ELFCLASS128
for m in 128 64 32; do
    "$BIN/zl-cc" -m$m -c $BU_SRC/callee.c -o "$tmp/callee$m.o" &&
        "$BIN/zl-cc" -m$m -c $BU_SRC/caller.c -o "$tmp/caller$m.o" || {
        fail "ar rv$m" "zl-cc failed"; continue; }
    rm -f "$tmp/l$m.a"
    "$AR" rcs "$tmp/l$m.a" "$tmp/callee$m.o" "$tmp/caller$m.o" 2>/dev/null
    idx=$(riscv64-linux-gnu-nm -s "$tmp/l$m.a" 2>/dev/null | sed -n '/^Archive index:/,/^$/p')
    if printf '%s\n' "$idx" | grep -qx "callee in callee$m.o" &&
        printf '%s\n' "$idx" | grep -qx "main in caller$m.o" && ! printf '%s\n' "$idx" | grep -q bump; then
        pass "ar rv$m index"
    else fail "ar rv$m index" "$idx"; fi
    rm -f "$tmp/liblc$m.a"
    "$AR" rc "$tmp/liblc$m.a" "$tmp/callee$m.o"
    if "$BIN/zl-cc" -m$m "$tmp/caller$m.o" -L"$tmp" -llc$m -o "$tmp/p$m" && "$BIN/zl-run" "$tmp/p$m"; then
        pass "ar rv$m zl-ld links from the archive"
    else fail "ar rv$m zl-ld links from the archive" "link or run failed"; fi
done

# ------------------------------------------------------------------ 3. bad input
printf 'garbage\n' > "$tmp/garbage.a"
out=$(bu_run "$AR" t garbage.a)
[ "${out##*rc=}" != 0 ] && printf '%s\n' "$out" | grep -q 'zl-ar: garbage.a: file format not recognized' &&
    pass "ar bad archive" || fail "ar bad archive" "$out"
out=$(bu_run "$AR" t missing.a)
[ "${out##*rc=}" != 0 ] && printf '%s\n' "$out" | grep -q 'zl-ar: missing.a: No such file or directory' &&
    pass "ar missing archive" || fail "ar missing archive" "$out"
out=$(bu_run "$AR" c x.a)
[ "${out##*rc=}" = 1 ] && printf '%s\n' "$out" | grep -q 'no operation specified' &&
    pass "ar no operation" || fail "ar no operation" "$out"
out=$(bu_run "$AR" rk x.a y)
[ "${out##*rc=}" = 1 ] && printf '%s\n' "$out" | grep -q "invalid option -- 'k'" &&
    pass "ar bad key" || fail "ar bad key" "$out"
out=$(bu_run "$AR" r x.a nosuchfile)
[ "${out##*rc=}" = 1 ] && printf '%s\n' "$out" | grep -q 'zl-ar: nosuchfile: No such file or directory' &&
    pass "ar missing member" || fail "ar missing member" "$out"
for t in ar ranlib; do
    out=$(bu_run "$BIN/zl-$t" --version)
    [ "${out##*rc=}" = 0 ] && printf '%s\n' "$out" | grep -q "^zl-$t " && pass "$t --version" ||
        fail "$t --version" "$out"
done
