#!/usr/bin/env bash
# zl-cc's command line as GCC's (docs/cc.md "Driver", issue 22): unknown -f/-m/-W/-std
# options are errors with gcc's message and status 1, options zl-cc cannot honour are
# refused as "unsupported", the deliberate ignored list still works, the query options
# (-dumpmachine, -print-file-name=, -dM -E, -dD -E, -M, -MM, -save-temps, --help), warnings named
# "[-Wname]" and switched per name (-Wno-format, -Werror=implicit-function-declaration),
# -std= setting __STDC_VERSION__, and -march/-mabi/-mNN agreement.  Where the host gcc
# behaves the same, its exit status is checked too.  Budget: ~3 s.
set -u
. "${ZL_ROOT:-.}/tests/cc/lib.sh"
cct_require_zlcc driver_opts
T=$(mktemp -d /tmp/cc-drvopts.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
HOSTGCC=$(command -v gcc || true)

pass() { echo "PASS cc/driver_opts/$1"; }
fail() { echo "FAIL cc/driver_opts/$1: $2"; }

printf 'int main(void) { return 0; }\n' >ok.c

# rejected NAME EXPECTED-MESSAGE OPTIONS...: exit status 1, the message, no object
rejected() {
    local name=$1 msg=$2
    shift 2
    rm -f ok.o
    "$ZLCC" "$@" -c ok.c -o ok.o 2>err
    local rc=$?
    if [ $rc -ne 1 ]; then fail "$name" "exit status $rc for $*"
    elif ! grep -qF -- "$msg" err; then fail "$name" "message '$(head -1 err)', want '$msg'"
    elif [ -e ok.o ]; then fail "$name" "ok.o written"
    else pass "$name"; fi
}
rejected unknown_f "zl-cc: error: unrecognized command-line option '-fbogus'" -fbogus
rejected unknown_fno "zl-cc: error: unrecognized command-line option '-fno-bogus'" -fno-bogus
rejected unknown_m "zl-cc: error: unrecognized command-line option '-mbogus'" -mbogus
rejected unknown_W "zl-cc: error: unrecognized command-line option '-Wbogus'" -Wbogus
rejected unknown_std "zl-cc: error: unrecognized command-line option '-std=foo'" -std=foo
rejected Werror_unknown "zl-cc: error: '-Werror=bogus': no option '-Wbogus'" -Werror=bogus
rejected Wno_error_unknown "zl-cc: error: '-Wno-error=bogus': no option '-Wbogus'" -Wno-error=bogus
rejected Wformat_range "argument to '-Wformat=' is not between 0 and 2" -Wformat=3
rejected O_arg "argument to '-O' should be a non-negative integer" -Ofoo
rejected mcmodel "unrecognized argument in option '-mcmodel=huge'" -mcmodel=huge
rejected sanitize "zl-cc: error: unsupported option '-fsanitize=address'" -fsanitize=address
rejected lto "zl-cc: error: unsupported option '-flto'" -flto
rejected lto_auto "zl-cc: error: unsupported option '-flto=auto'" -flto=auto
rejected profile_arcs "unsupported option '-fprofile-arcs'" -fprofile-arcs
rejected openmp "unsupported option '-fopenmp'" -fopenmp
rejected signed_char "unsupported option '-fsigned-char'" -fsigned-char
rejected shared "unsupported option '-shared'" -shared
rejected abi_mismatch "zl-cc: error: ABI requires '-march=rv32'" -march=rv64gc -mabi=ilp32d
rejected abi_mismatch64 "zl-cc: error: ABI requires '-march=rv64'" -march=rv32gc -mabi=lp64d
rejected m_march_conflict "'-m64' conflicts with '-march=rv128gc'" -m64 -march=rv128gc
rejected march_no_m "unsupported: zl-cc's code needs the M, A, F and D extensions" -march=rv64i
rejected march_no_fd "unsupported: zl-cc's code needs the M, A, F and D extensions" -march=rv32imac
rejected march_bad "unsupported ISA subset 'y'" -march=rv64gcy
rejected march_e "the E base" -march=rv32e

# -march without C: zl-as compresses nothing; with C (the default) it does
printf 'int f(int a, int b) { return a + b; }\n' >add.c
"$ZLCC" -march=rv64imafd -c add.c -o noc.o && "$ZLCC" -march=rv64gc -c add.c -o c.o &&
    ! "$ZL_BIN/zl-objdump" -d noc.o | grep -qE '^ +[0-9a-f]+:\s+[0-9a-f]{4}\s' &&
    "$ZL_BIN/zl-objdump" -d c.o | grep -qE '^ +[0-9a-f]+:\s+[0-9a-f]{4}\s' &&
    pass march_no_c || fail march_no_c "compressed instructions without C, or none with C"

# the host gcc agrees on the unknown ones (its message has other quotes)
if [ -n "$HOSTGCC" ]; then
    bad=
    for o in -fbogus -mbogus -Wbogus -std=foo -Werror=bogus; do
        "$HOSTGCC" $o -c ok.c -o gcc.o 2>/dev/null && bad="$bad $o"
    done
    "$HOSTGCC" -Wno-bogus -c ok.c -o gcc.o 2>/dev/null || bad="$bad -Wno-bogus"
    [ -z "$bad" ] && pass gcc_agrees || fail gcc_agrees "host gcc differs on:$bad"
fi

# accepted: the common GCC options real builds pass, each alone (exit 0, an object)
acc_bad=
for o in -O0 -O1 -O2 -O3 -Os -Og -Oz -Ofast -g -g3 -ggdb -gdwarf-4 -std=c89 -std=c90 -std=c99 \
    -std=c11 -std=c17 -std=c18 -std=gnu89 -std=gnu99 -std=gnu11 -std=gnu17 -std=iso9899:1999 \
    -ansi -pedantic -pedantic-errors -ffreestanding -fhosted -fno-builtin -fno-builtin-memcpy \
    -fno-common -fcommon -fPIC -fpic -fPIE -fpie -fno-pic -fno-pie -fno-PIE -fno-strict-aliasing \
    -fvisibility=hidden -fwrapv -fno-omit-frame-pointer -fomit-frame-pointer -fstack-protector \
    -fstack-protector-strong -fstack-protector-all -fno-stack-protector -ffunction-sections \
    -fdata-sections -fdiagnostics-color -fdiagnostics-color=never -fno-diagnostics-color \
    -fmax-errors=5 -ffp-contract=off -fno-lto -fno-sanitize=all -fno-openmp -fno-tree-vectorize \
    -fno-asynchronous-unwind-tables -fno-plt -fexceptions -funsigned-char -fno-signed-char \
    -Wall -Wextra -W -Werror -Wno-error -Wshadow -Wno-unused-parameter -Wformat=2 -Wformat \
    -Wno-format -Werror=format -Wno-error=format -Wmissing-prototypes -Wstrict-prototypes \
    -Wno-missing-field-initializers -Wimplicit -Wno-bogus -Wpedantic -w -Wl,-z,now \
    -Wa,--noexecstack -Wp,-DX=1 -Wp,-MD,dep.d -pipe -pthread -v -mno-relax \
    -mrelax -mcmodel=medany -mcmodel=medlow -mstrict-align -mtune=sifive-7-series \
    -march=rv64gc -march=rv64imafdc -march=rv64gc_zicsr_zifencei -march=rv64imafd_zicsr \
    -mabi=lp64d -m64 -MD -MMD -MP; do
    case $o in
        -Wa,*|-v) continue ;;   # zl-as options vary; -v prints
    esac
    rm -f ok.o
    if ! "$ZLCC" -m64 $o -c ok.c -o ok.o 2>err || [ ! -s ok.o ]; then acc_bad="$acc_bad $o($(head -c 80 err))"; fi
done
[ -z "$acc_bad" ] && pass accepted || fail accepted "refused:$acc_bad"
"$ZLCC" -m64 -Xlinker --gc-sections -Wl,--gc-sections,--build-id=none ok.c -o ok 2>err && pass linker_args || fail linker_args "$(head -1 err)"
"$ZLCC" -m64 -fsyntax-only ok.c 2>err && [ ! -e a.out ] && [ ! -e ok.o ] || [ -e ok.o ] &&
    pass syntax_only || fail syntax_only "status or output"
printf 'int f(void) { return y; }\n' >bad.c
"$ZLCC" -m64 -fsyntax-only bad.c 2>err && fail syntax_only_error "exit 0" || pass syntax_only_error

# queries
[ "$("$ZLCC" -dumpmachine)" = riscv128-unknown-linux-zl ] && [ "$("$ZLCC" -m64 -dumpmachine)" = riscv64-unknown-linux-zl ] &&
    [ "$("$ZLCC" -march=rv32gc -dumpmachine)" = riscv32-unknown-linux-zl ] && pass dumpmachine ||
    fail dumpmachine "$("$ZLCC" -dumpmachine)"
v=$("$ZLCC" -dumpversion)
[ -n "$v" ] && [ "$v" = "$("$ZLCC" -dumpfullversion)" ] && "$ZLCC" --version | grep -qF "$v" &&
    pass dumpversion || fail dumpversion "'$v'"
inc=$("$ZLCC" -print-file-name=include)
[ -f "$inc/stddef.h" ] && pass print_file_name_include || fail print_file_name_include "'$inc'"
crt=$("$ZLCC" -m64 -print-file-name=crt1.o)
[ -f "$crt" ] && case $crt in */rv64/*) true ;; *) false ;; esac && pass print_file_name_crt ||
    fail print_file_name_crt "'$crt'"
[ "$("$ZLCC" -print-file-name=nosuchlib.a)" = nosuchlib.a ] && pass print_file_name_missing ||
    fail print_file_name_missing "$("$ZLCC" -print-file-name=nosuchlib.a)"
[ -x "$("$ZLCC" -print-prog-name=as)" ] && [ -x "$("$ZLCC" -print-prog-name=ld)" ] &&
    pass print_prog_name || fail print_prog_name "$("$ZLCC" -print-prog-name=as)"
"$ZLCC" -m32 -print-search-dirs >sd && grep -q '^install: ' sd && grep -q '^programs: =' sd &&
    grep -q '^libraries: =.*rv32/lib' sd && pass print_search_dirs || fail print_search_dirs "$(tr '\n' '|' <sd)"
case $("$ZLCC" -m64 -print-libgcc-file-name) in */rv64/lib/libzlrt.a) pass print_libgcc ;;
    *) fail print_libgcc "$("$ZLCC" -m64 -print-libgcc-file-name)" ;; esac
"$ZLCC" --help >help && [ "$(wc -l <help)" -gt 20 ] && grep -q -- '-dumpmachine' help && grep -q -- '-Werror=' help &&
    pass help || fail help "$(wc -l <help) lines"
"$ZLCC" -v 2>vv && grep -q 'zl-cc' vv && pass v_alone || fail v_alone "$(head -1 vv)"

# -dM -E: every macro at the end of preprocessing, including the file's own
printf '#define MINE 42\n#undef __zlcc__\n' >m.c
"$ZLCC" -m64 -dM -E m.c >dm 2>err
grep -qx '#define MINE 42' dm && grep -q '^#define __riscv_xlen 64$' dm && ! grep -q '__zlcc__' dm &&
    [ "$(wc -l <dm)" -gt 150 ] && pass dM || fail dM "$(wc -l <dm) lines; $(head -1 err)"
"$ZLCC" -dM -c m.c -o m.o 2>err && fail dM_needs_E "accepted" || pass dM_needs_E
# -dD -E: the text with the file's #define/#undef lines in place, the predefined macros
# (with -D ones) first; ignored without -E, as GCC
printf '#define MINE 42\nint x = MINE;\n#undef MINE\n' >defs.c
"$ZLCC" -m64 -DCMD=1 -dD -E defs.c >dd 2>err
if sed -n '/^# 1 "defs.c"$/,$p' dd | tr '\n' '|' | grep -q '^# 1 "defs.c"|#define MINE 42|int x = 42;|#undef MINE|$' &&
   grep -q '^#define __riscv_xlen 64$' dd && grep -qx '#define CMD 1' dd; then pass dD
else fail dD "$(tail -n 4 dd | tr '\n' '|') $(head -1 err)"; fi
"$ZLCC" -dD -c defs.c -o defs.o 2>err && [ -s defs.o ] && pass dD_without_E || fail dD_without_E "$(head -1 err)"
"$ZLCC" -E -P -DV=3 - <<<'int v = V;' >p.out && ! grep -q '^#' p.out && grep -q 'int v = 3;' p.out &&
    pass E_P || fail E_P "$(head -2 p.out | tr '\n' '|')"

# -M / -MM: the rule on stdout (or -MF), nothing compiled
mkdir -p inc
printf '#include "h1.h"\n#include <stddef.h>\nint x;\n' >d.c
printf '#define H1 1\n' >h1.h
"$ZLCC" -m64 -M d.c >M.out 2>err && head -1 M.out | grep -q '^d.o:' && grep -q 'h1.h' M.out && grep -q 'stddef.h' M.out &&
    [ ! -e d.o ] && pass M || fail M "$(tr '\n' '|' <M.out) $(head -1 err)"
"$ZLCC" -m64 -MM d.c >MM.out && grep -q 'h1.h' MM.out && ! grep -q 'stddef.h' MM.out &&
    pass MM || fail MM "$(tr '\n' '|' <MM.out)"
"$ZLCC" -m64 -MM -MF deps.mk -MT obj/d.o d.c >/dev/null && grep -q '^obj/d.o:' deps.mk && pass MM_MF || fail MM_MF "no deps.mk"
"$ZLCC" -m64 -Wp,-MD,wp.d,-DWP=1 -c d.c -o d.o && grep -q h1.h wp.d && pass Wp_MD || fail Wp_MD "no wp.d"

# -save-temps keeps x.i, x.s and x.o
mkdir -p st && cp ok.c st/st.c
(cd st && "$ZLCC" -m64 -save-temps st.c -o st) && [ -s st/st.i ] && [ -s st/st.s ] && [ -s st/st.o ] && [ -x st/st ] &&
    pass save_temps || fail save_temps "$(ls st | tr '\n' ' ')"

# -std= sets __STDC_VERSION__ and __STRICT_ANSI__ as gcc
stdv() { "$ZLCC" -m64 "$@" -E -P - <<<'v=__STDC_VERSION__ s=__STRICT_ANSI__' | tr -d ' \n'; }
[ "$(stdv)" = "v=201112Ls=__STRICT_ANSI__" ] && [ "$(stdv -std=c99)" = "v=199901Ls=1" ] &&
    [ "$(stdv -std=gnu17)" = "v=201710Ls=__STRICT_ANSI__" ] && [ "$(stdv -std=c89)" = "v=__STDC_VERSION__s=1" ] &&
    pass std_version || fail std_version "$(stdv) $(stdv -std=c99) $(stdv -std=gnu17) $(stdv -std=c89)"

# named warnings: [-Wname] on each, -Wno-name silences, -Werror=name makes an error
cat >w.c <<'C'
int printf(const char *, ...);
int g(int x, char *p, int *q, long *l)
{
    printf("%d\n", p);
    printf("%d\n", 1, 2);
    q = l;
    x = x / 0;
    return undecl(x) + 'ab';
}
C
"$ZLCC" -m64 -c w.c -o w.o 2>err
want="w.c:4:20: warning: format '%d' expects argument of type 'int', but argument 2 has type 'char *' [-Wformat=]
w.c:5:23: warning: too many arguments for format in call to 'printf' [-Wformat-extra-args]
w.c:6:7: warning: assignment to 'int *' from incompatible pointer type 'long *' [-Wincompatible-pointer-types]
w.c:7:11: warning: division by zero [-Wdiv-by-zero]
w.c:8:12: warning: implicit declaration of function 'undecl' [-Wimplicit-function-declaration]
w.c:8:24: warning: multi-character character constant [-Wmultichar]"
got=$(grep -E ': (warning|error): ' err)
names() { sed -n 's/.*\(\[-W[^]]*\]\)$/\1/p'; }
[ "$(names <<<"$got")" = "$(names <<<"$want")" ] && pass warning_names ||
    fail warning_names "$(names <<<"$got" | tr '\n' ' ')"
"$ZLCC" -m64 -Wno-format -c w.c -o w.o 2>err && ! grep -q 'format' err && [ "$(grep -c 'warning:' err)" = 4 ] &&
    pass Wno_format || fail Wno_format "$(grep -c warning: err) warnings"
"$ZLCC" -m64 -Wformat=0 -Wno-implicit-function-declaration -Wno-div-by-zero -Wno-multichar \
    -Wno-incompatible-pointer-types -c w.c -o w.o 2>err && [ ! -s err ] && pass Wno_each || fail Wno_each "$(head -1 err)"
rm -f w.o
"$ZLCC" -m64 -Werror=implicit-function-declaration -c w.c -o w.o 2>err
rc=$?
[ $rc = 1 ] && [ ! -e w.o ] &&
    grep -q "error: implicit declaration of function 'undecl' \[-Werror=implicit-function-declaration\]" err &&
    grep -q "warning: division by zero \[-Wdiv-by-zero\]" err && grep -q 'some warnings being treated as errors' err &&
    pass Werror_name || fail Werror_name "status $rc; $(grep -m1 undecl err)"
"$ZLCC" -m64 -Werror -Wno-error=implicit-function-declaration -Wno-error=format -Wno-error=format-extra-args \
    -Wno-error=incompatible-pointer-types -Wno-error=multichar -c w.c -o w.o 2>err
[ $? = 1 ] && grep -q 'error: division by zero \[-Werror=div-by-zero\]' err &&
    grep -q "warning: implicit declaration of function 'undecl' \[-Wimplicit-function-declaration\]" err &&
    grep -q 'all warnings being treated as errors' err && pass Wno_error_name || fail Wno_error_name "$(grep -m1 division err)"
"$ZLCC" -m64 -Wno-bogus -c w.c -o w.o 2>err
grep -q "note: unrecognized command-line option '-Wno-bogus' may have been intended to silence earlier diagnostics" err &&
    pass Wno_unknown_note || fail Wno_unknown_note "no note"
"$ZLCC" -m64 -Wno-bogus -c ok.c -o ok.o 2>err && [ ! -s err ] && pass Wno_unknown_quiet || fail Wno_unknown_quiet "$(head -1 err)"
printf 'int a[1] = {1, 2};\n' >ex.c
"$ZLCC" -m64 -Werror -c ex.c -o ex.o 2>err
grep -q 'error: excess elements in array initializer \[-Werror\]$' err && pass Werror_unnamed || fail Werror_unnamed "$(head -1 err)"
printf 'static x;\nconst y = 1;\n' >ii.c
"$ZLCC" -m64 -Wall -c ii.c -o ii.o 2>err; grep -q "type defaults to 'int' in declaration \[-Wimplicit-int\]" err &&
    pass Wimplicit_int || fail Wimplicit_int "$(head -1 err)"
"$ZLCC" -m64 -Wall -Wno-implicit-int -c ii.c -o ii.o 2>err && [ ! -s err ] && pass Wno_implicit_int || fail Wno_implicit_int "$(head -1 err)"
exit 0
