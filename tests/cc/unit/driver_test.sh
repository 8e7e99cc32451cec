#!/bin/bash
# zl-cc driver: outputs of -c/-S/-E, exit status and no output file on errors, the
# diagnostic format (file:line:col, source line, caret), missing-libc message, -###,
# .S comments, standard input.  ~2 s.
set -u
ROOT=${ZL_ROOT:-$(pwd)}
BIN=${ZL_BIN:-$ROOT/build/bin}
CC=$BIN/zl-cc
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
ok() { echo "PASS cc_driver_$1"; }
no() { echo "FAIL cc_driver_$1: $2"; }
printf 'int f(int x) { return x + 1; }\n' > a.c
printf 'int g(void) { return 2; }\n' > b.c

"$CC" -m64 -c a.c && [ -s a.o ] && head -c 5 a.o | od -c | grep -q 'E   L   F' && ok c_output || no c_output "a.o missing"
"$CC" -m32 -c a.c b.c && [ -s a.o ] && [ -s b.o ] && ok c_two_files || no c_two_files "a.o/b.o"
"$CC" -m128 -S a.c -o a.s && grep -q 'addw' a.s && ok S_output || no S_output "no addiw in a.s"
"$CC" -m64 -S -o - a.c | grep -q '^f:' && ok S_stdout || no S_stdout "no label"
"$CC" -E -DVAL=7 - <<<'int v = VAL;' | grep -q 'int v = 7;' && ok E_stdin || no E_stdin "-E from stdin"
for x in 128 64 32; do
    "$CC" -m$x -E -dM - </dev/null >/dev/null 2>&1 || true
    "$CC" -m$x -E - <<<'__riscv_xlen __SIZEOF_POINTER__' | grep -q "$x $((x / 8))" && ok predef_rv$x || no predef_rv$x "xlen/pointer size"
done

# errors: status 1, diagnostic with caret, no (stale) output
printf 'int h(void)\n{\n    return y;\n}\n' > bad.c
echo stale > bad.o
if "$CC" -m64 -c bad.c -o bad.o 2>err; then no error_status "exit 0 on error"; else ok error_status; fi
grep -q '^bad.c:3:12: error: .y. undeclared' err && grep -q '^ *3 |     return y;' err && grep -q '^ *| *\^' err &&
    ok error_format || no error_format "$(head -3 err | tr '\n' '|')"
[ ! -e bad.o ] && ok no_stale_output || no no_stale_output "bad.o still exists"
ls /tmp/zlcc* 2>/dev/null | grep -q . && [ "$(ls -t /tmp/zlcc* 2>/dev/null | head -1 | xargs -r stat -c %Y)" -ge "$(date -d '-2 sec' +%s)" ] &&
    no temps_removed "temporary files left" || ok temps_removed

# linking without zlibc: a clear message naming the missing file (or success if it exists)
libdir=$BIN/../lib/zl/rv128/lib
if [ ! -e "$libdir/crt1.o" ]; then
    printf 'int main(void){return 0;}\n' > m.c
    "$CC" m.c -o m 2>err && no missing_libc "link succeeded" ||
        { grep -q 'crt1.o: not found' err && ok missing_libc || no missing_libc "$(head -1 err)"; }
else
    ok missing_libc
fi

"$CC" -m64 -### -c a.c 2>&1 | grep -q 'zl-as' && ok dry_run || no dry_run "no zl-as step"
printf '#define R ret\n# comment line\n\t.text\nf:\tli a0, 1 # c\n\tR\n' > s.S
"$CC" -m64 -c s.S -o s.o && ok S_comments || no S_comments "assembling .S with # comments"
"$CC" -m64 -Werror -c - -o w.o <<<'int *p = 5;' 2>/dev/null && no Werror "warning not an error" || ok Werror
"$CC" -m64 -bogus-option a.c 2>err; [ $? -ne 0 ] && grep -q "unrecognized command-line option" err && ok bad_option || no bad_option "accepted"
# -Wformat with the data model's widths: %ld is 128 bits on LP128, so an __int64 mismatches
printf 'int printf(const char *, ...);\nvoid f(__int64 q, long l) { printf("%%ld %%ld\\n", q, l); printf("%%w64d\\n", q); }\n' > fmt.c
"$CC" -m128 -c fmt.c -o fmt.o 2>err
grep -q "format '%ld' expects argument of type 'long', but argument 2 has type '__int64'" err &&
    [ "$(grep -c warning err)" = 1 ] && ok Wformat_lp128 || no Wformat_lp128 "$(head -2 err | tr '\n' '|')"
"$CC" -m64 -c fmt.c -o fmt.o 2>err && ! grep -q warning err && ok Wformat_lp64 || no Wformat_lp64 "$(head -1 err)"
# dependency files: -MMD leaves out system headers, -MP adds phony targets
printf '#include "dep.h"\n#include <stddef.h>\nint x = D;\n' > dm.c
echo '#define D 1' > dep.h
"$CC" -m64 -MMD -MP -c dm.c -o dm.o && grep -q '^dm.o:' dm.d && grep -q 'dep.h' dm.d && ! grep -q stddef dm.d &&
    grep -q '^dep.h:' dm.d && ok MMD || no MMD "$(tr '\n' '|' < dm.d 2>/dev/null)"
"$CC" -m64 -MD -MF out.d -MT t -c dm.c -o dm.o && grep -q '^t:' out.d && grep -q stddef.h out.d && ok MD_MF_MT || no MD_MF_MT "out.d"
