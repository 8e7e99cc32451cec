#!/usr/bin/env bash
# zl-strip (script test, PASS/FAIL lines).
#  1. ELF32/ELF64 inputs made by riscv64-linux-gnu-gcc and zl-cc -m64/-m32, with -g,
#     --strip-unneeded and (executables, shared libraries) the default --strip-all: the
#     symbols (riscv64-linux-gnu-nm -a) and the section list of the output are GNU strip's,
#     and riscv64-linux-gnu-readelf -a reads it without a warning.
#  2. A stripped relocatable object keeps its relocations and the symbols they name: it
#     still links (zl-cc -m64/-m32/-m128) and the program runs under zl-run.
#  3. Stripped executables run under zl-run: a static glibc program, zl-cc programs at
#     each XLEN (rv128: zl-readelf -a reads it too); -K/-N; stripping in place keeps mode.
#  4. Bad input -> GNU's message, exit 1.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
. tests/lib/binutils.sh
bu_tool strip cc run readelf nm
ST=$BIN/zl-strip
# sections of FILE, one name a line
secs() { riscv64-linux-gnu-readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\).*/\1/p'; }

# ------------------------------------------------------------------ 1. GNU comparison
if bu_gnu_inputs; then
    bu_zl_inputs || fail "strip inputs" "zl-cc could not compile the samples"
    mkdir -p "$tmp/g" "$tmp/z"
    for m in -g --strip-unneeded --strip-all; do
        bad=""
        for f in "${GNU_FILES[@]}" "${ZL_FILES[@]}"; do
            case $f in *.a) continue ;; *.o) [ $m = --strip-all ] && continue ;; esac
            b=$(basename "$f")
            riscv64-linux-gnu-strip $m -o "$tmp/g/$b" "$f" 2>/dev/null
            if ! "$ST" $m -o "$tmp/z/$b" "$f"; then bad+=" $b(exit)"; continue; fi
            cmp -s <(cd "$tmp/g" && riscv64-linux-gnu-nm -a "$b" 2>&1) \
                <(cd "$tmp/z" && riscv64-linux-gnu-nm -a "$b" 2>&1) || bad+=" $b(symbols)"
            cmp -s <(secs "$tmp/g/$b") <(secs "$tmp/z/$b") || bad+=" $b(sections)"
            err=$(riscv64-linux-gnu-readelf -a "$tmp/z/$b" 2>&1 >/dev/null)
            [ -z "$err" ] || bad+=" $b(readelf: $err)"
        done
        if [ -z "$bad" ]; then pass "strip gnu $m"; else fail "strip gnu $m" "$bad"; fi
    done
    if "$ST" -o "$tmp/hello.s" "$tmp/hello64" && [ "$("$BIN/zl-run" "$tmp/hello.s")" = hi ] &&
        [ "$(stat -c %s "$tmp/hello.s")" -lt "$(stat -c %s "$tmp/hello64")" ]; then
        pass "strip glibc static program runs"
    else fail "strip glibc static program runs" "stripped hello64 does not run"; fi
else
    fail "strip gnu" "cannot install riscv64 gcc/binutils"
fi

# ------------------------------------------------------------------ 2. relocatable
for m in 64 32 128; do
    "$BIN/zl-cc" -m$m -g -c $BU_SRC/callee.c -o "$tmp/callee$m.o" &&
        "$BIN/zl-cc" -m$m -c $BU_SRC/caller.c -o "$tmp/caller$m.o" || {
        fail "strip rv$m relocatable" "zl-cc failed"; continue; }
    ok=1
    for mode in --strip-all -g --strip-unneeded; do
        "$ST" $mode -o "$tmp/cs.o" "$tmp/callee$m.o" &&
            "$BIN/zl-cc" -m$m "$tmp/caller$m.o" "$tmp/cs.o" -o "$tmp/cs" &&
            "$BIN/zl-run" "$tmp/cs" || { ok=0; fail "strip rv$m relocatable $mode" "does not link/run"; }
        if "$BIN/zl-nm" -a "$tmp/cs.o" | grep -q '\.debug'; then
            ok=0; fail "strip rv$m relocatable $mode" "debug sections left"
        fi
    done
    [ $ok = 1 ] && pass "strip rv$m relocatable links and runs"
    # the local `counter` is named by relocations: kept even by --strip-all
    out=$("$BIN/zl-nm" "$tmp/cs.o")
    if printf '%s\n' "$out" | grep -q ' T callee$' && ! printf '%s\n' "$out" | grep -q ' a '; then
        pass "strip rv$m relocatable symbols"
    else fail "strip rv$m relocatable symbols" "$out"; fi
done

# ------------------------------------------------------------------ 3. executables, -K/-N
for m in 64 32 128; do
    "$BIN/zl-cc" -m$m -g $BU_SRC/hello.c -o "$tmp/h$m" || { fail "strip rv$m program" "zl-cc failed"; continue; }
    cp "$tmp/h$m" "$tmp/h$m.in"
    chmod 751 "$tmp/h$m.in"
    if "$ST" "$tmp/h$m.in" && [ "$("$BIN/zl-run" "$tmp/h$m.in")" = hi ] &&
        [ "$(stat -c %a "$tmp/h$m.in")" = 751 ] &&
        "$BIN/zl-readelf" -a "$tmp/h$m.in" >/dev/null 2>&1 &&
        bu_run "$BIN/zl-nm" "h$m.in" | grep -q "no symbols"; then
        pass "strip rv$m program in place runs"
    else fail "strip rv$m program in place runs" "stripped h$m"; fi
    "$ST" -g -o "$tmp/hg$m" "$tmp/h$m" && [ "$("$BIN/zl-run" "$tmp/hg$m")" = hi ] &&
        "$BIN/zl-nm" "$tmp/hg$m" | grep -q ' T main$' &&
        ! "$BIN/zl-nm" -a "$tmp/hg$m" | grep -q ' N ' &&
        pass "strip rv$m -g keeps symbols, drops debug" || fail "strip rv$m -g" "hg$m"
done
"$ST" --strip-unneeded -K bump -N callee -o "$tmp/kn.o" "$tmp/callee64.o" 2>"$tmp/kn.err"
out=$("$BIN/zl-nm" "$tmp/kn.o")
if printf '%s\n' "$out" | grep -q ' t bump$' && ! printf '%s\n' "$out" | grep -q ' callee$' &&
    ! grep -q . "$tmp/kn.err"; then
    pass "strip -K keeps a local, -N drops a global"
else fail "strip -K" "$out $(cat "$tmp/kn.err")"; fi
"$ST" -N callee -o "$tmp/kn2.o" "$tmp/h64" && ! "$BIN/zl-nm" "$tmp/kn2.o" 2>/dev/null | grep -q callee &&
    "$ST" -g -N main -o "$tmp/kn3" "$tmp/h64" && ! "$BIN/zl-nm" "$tmp/kn3" | grep -q ' main$' &&
    "$BIN/zl-nm" "$tmp/kn3" | grep -q ' puts$' && pass "strip -N" || fail "strip -N" "main still there"

# make install-strip strips the installed host tools with zl-strip: a stripped copy runs
cp "$BIN/zl-nm" "$tmp/hostnm"
if "$ST" "$tmp/hostnm" && "$tmp/hostnm" --version | grep -q '^zl-nm' &&
    [ "$(stat -c %s "$tmp/hostnm")" -lt "$(stat -c %s "$BIN/zl-nm")" ]; then
    pass "strip host tool (install-strip)"
else fail "strip host tool (install-strip)" "stripped zl-nm copy"; fi

# ------------------------------------------------------------------ 4. bad input
bu_bad strip
