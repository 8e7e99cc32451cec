#!/usr/bin/env bash
# zl-nm (script test, PASS/FAIL lines).
#  1. ELF32/ELF64 inputs made by riscv64-linux-gnu-gcc (objects, archives, a static glibc
#     program, a shared library) and by zl-cc -m64/-m32: output and exit status identical
#     to riscv64-linux-gnu-nm's (tool name aside) for every option set below.
#  2. ELFCLASS128 objects from zl-cc -m128: 32-digit values, letters, archive headers.
#  3. Bad input: missing, directory, empty, garbage, truncated -> message, exit 1.
# Budget: about 5 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
. tests/lib/binutils.sh
bu_tool nm cc
NM=$BIN/zl-nm

# ------------------------------------------------------------------ 1. GNU comparison
OPTS=("" "-a" "-A" "-o" "-g" "-u" "--defined-only" "-n" "-v" "-p" "-r" "-nr" "-S" "-aS"
    "-P" "-aP" "-PA" "-P -t o" "--format=posix" "--format=sysv" "-a --format=sysv"
    "-f bsd" "-t d" "-t o" "-t x" "-t d -S" "--size-sort" "-S --size-sort" "-r --size-sort"
    "-D" "-g -n -S" "-u -A")
if bu_gnu_inputs; then
    bu_zl_inputs || fail "nm inputs" "zl-cc could not compile the samples"
    small=()   # every option on these; the big glibc program and the .so on BIG_OPTS
    for f in "${GNU_FILES[@]}" "${ZL_FILES[@]}"; do
        case $f in *hello64 | *.so) ;; *) small+=("$(basename "$f")") ;; esac
    done
    BIG_OPTS=" | -a | -S --size-sort | -D | -n | -g -P | --format=sysv | "
    for opts in "${OPTS[@]}"; do
        # one run over all the files (GNU's per-file headers), single-file runs for two
        sets=("${small[*]}" "syms64.o" "lib64.a")
        case $BIG_OPTS in *" $opts |"*) sets+=("hello64 syms64.so") ;; esac
        bu_same "nm gnu" riscv64-linux-gnu-nm "$NM" "$opts" "${sets[@]}"
    done
else
    fail "nm gnu" "cannot install riscv64 gcc/binutils"
fi

# ------------------------------------------------------------------ 2. ELFCLASS128
if [ -f "$tmp/z128.o" ]; then
    out=$(bu_run "$NM" z128.o)
    w=$(printf '%s\n' "$out" | awk '$2=="T" && $3=="f" {print length($1)}')
    if [ "$w" = 32 ] && printf '%s\n' "$out" | grep -qE '^ {33}U ext$' &&
        printf '%s\n' "$out" | grep -qE '^[0-9a-f]{32} W wfun$' &&
        printf '%s\n' "$out" | grep -qE '^[0-9a-f]{32} V wvar$' &&
        printf '%s\n' "$out" | grep -qE '^ {33}w wund$' &&
        printf '%s\n' "$out" | grep -qE '^[0-9a-f]{32} t sfun$' &&
        printf '%s\n' "$out" | grep -qE '^[0-9a-f]{32} R g_ro$' && [ "${out##*rc=}" = 0 ]; then
        pass "nm rv128 bsd"
    else fail "nm rv128 bsd" "$out"; fi
    out=$(bu_run "$NM" -S z128.o)
    if printf '%s\n' "$out" | grep -qE '^[0-9a-f]{32} 0{31}4 D g_data$'; then
        pass "nm rv128 -S"
    else fail "nm rv128 -S" "$out"; fi
    out=$(bu_run "$NM" --format=sysv z128.o)
    if printf '%s\n' "$out" | grep -q '^Name                  Value                           Class' &&
        printf '%s\n' "$out" | grep -qE '^f +\|[0-9a-f]{32}\|   T  \|              FUNC\|[0-9a-f]{32}\|     \|\.text$'; then
        pass "nm rv128 sysv"
    else fail "nm rv128 sysv" "$out"; fi
    out=$(bu_run "$NM" -P -t d z128.o)
    if printf '%s\n' "$out" | grep -qE '^g_data D 0 4$'; then
        pass "nm rv128 posix"
    else fail "nm rv128 posix" "$out"; fi
    ar rcS "$tmp/l128.a" "$tmp/z128.o" "$tmp/z128b.o" >/dev/null 2>&1
    out=$(bu_run "$NM" -A l128.a)
    if printf '%s\n' "$out" | grep -qE '^l128\.a:z128\.o:[0-9a-f]{32} T f$' &&
        printf '%s\n' "$out" | grep -qE '^l128\.a:z128b\.o:[0-9a-f]{32} T main$' &&
        [ "$(bu_run "$NM" l128.a | grep -c ':$')" = 2 ]; then
        pass "nm rv128 archive"
    else fail "nm rv128 archive" "$out"; fi
    out=$(bu_run "$NM" -a z128b.o)
    if printf '%s\n' "$out" | grep -qE '^[0-9a-f]{32} N \.debug_line$' &&
        printf '%s\n' "$out" | grep -qE '^[0-9a-f]{32} D tv$'; then
        pass "nm rv128 -a"
    else fail "nm rv128 -a" "$out"; fi
else
    fail "nm rv128" "zl-cc -m128 failed"
fi

# ------------------------------------------------------------------ 3. bad input
bu_bad nm
