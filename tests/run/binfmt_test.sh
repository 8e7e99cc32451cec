#!/usr/bin/env bash
# zl-run --binfmt: the printed lines (rv128 by default, a chosen list, all), bad lists,
# and, where binfmt_misc can be used: registering (twice: idempotent) so that ./prog runs
# directly with its argv[0] preserved, the ZL_RUN_* variables reaching such a program,
# and --uninstall.  Entries are removed after.
set -u
Z=$ZL_BIN/zl-run
count() { printf '%s\n' "$1" | grep -c "^:zl-riscv\(32\|64\|128\):M::\\\\x7fELF\\\\x0[123]\\\\x01.*:$2:FP$"; }
lines=$("$Z" --binfmt)
[ "$(count "$lines" "$ZL_BIN/zl-run")" = 1 ] && [ "${lines#:zl-riscv128:}" != "$lines" ] &&
    echo "PASS binfmt_lines_default_rv128" || echo "FAIL binfmt_lines_default_rv128: $lines"
lines=$("$Z" --binfmt=all)
[ "$(count "$lines" "$ZL_BIN/zl-run")" = 3 ] && echo "PASS binfmt_lines_all" || echo "FAIL binfmt_lines_all: $lines"
lines=$("$Z" --binfmt=rv64,rv32 --interpreter=/opt/zl/bin/zl-run)
[ "$(count "$lines" /opt/zl/bin/zl-run)" = 2 ] && ! printf '%s' "$lines" | grep -q riscv128 &&
    echo "PASS binfmt_lines_list_interpreter" || echo "FAIL binfmt_lines_list_interpreter: $lines"
for bad in "--binfmt=rv256" "--binfmt=" "--binfmt --frob" "--binfmt --interpreter=relative" "--binfmt --install --uninstall"; do
    # shellcheck disable=SC2086
    out=$("$Z" $bad 2>&1 >/dev/null); rc=$?
    if [ $rc = 1 ] && [ "${out#zl-run: }" != "$out" ]; then echo "PASS binfmt_bad[$bad]"
    else echo "FAIL binfmt_bad[$bad]: status $rc, '$out'"; fi
done

B=/proc/sys/fs/binfmt_misc
[ -e $B/register ] || mount -t binfmt_misc binfmt_misc $B 2>/dev/null
if [ ! -w $B/register ]; then
    echo "SKIP binfmt_install: binfmt_misc is not available to this user/container"
    exit 0
fi
tmp=$(mktemp -d /tmp/zl-binfmt-XXXXXX)
cleanup() { for e in zl-riscv32 zl-riscv64 zl-riscv128; do [ -e $B/$e ] && echo -1 > $B/$e; done; rm -rf "$tmp"; }
trap cleanup EXIT
cleanup; mkdir -p "$tmp"
if ! "$ZL_BIN/zl-cc" -m128 -O1 -o "$tmp/hello" tests/run/glibc/hello.c 2>"$tmp/err"; then
    echo "FAIL binfmt_install: zl-cc: $(head -n1 "$tmp/err")"; exit 1
fi
ok=1
for n in 1 2; do
    "$Z" --binfmt --install > /dev/null 2>"$tmp/err" || { ok=0; echo "FAIL binfmt_install: install $n: $(cat "$tmp/err")"; }
done
[ $ok = 1 ] && [ -e $B/zl-riscv128 ] && [ ! -e $B/zl-riscv64 ] && echo "PASS binfmt_install_twice"
got=$(cd "$tmp" && (exec -a custom-name ./hello x) 2>&1 | sed -n '1p;4p' | tr '\n' '|')
if [ "$got" = "hello, 1 arguments: [x]|argv0=custom-name|" ] && grep -q "^interpreter $ZL_BIN/zl-run" $B/zl-riscv128; then
    echo "PASS binfmt_run"
else
    echo "FAIL binfmt_run: ./hello printed '$got'"
fi
# options reach a program binfmt_misc started only through the environment
got=$(cd "$tmp" && ZL_RUN_STRACE=1 ZL_RUN_SET_ENV=ZL_TEST=fromenv ./hello 2>&1)
if printf '%s\n' "$got" | grep -q '^[0-9]* write(1, ' && printf '%s\n' "$got" | grep -qx 'ZL_TEST=fromenv'; then
    echo "PASS binfmt_env_options"
else
    echo "FAIL binfmt_env_options: $(printf '%s' "$got" | head -c 300 | tr '\n' '|')"
fi
"$Z" --binfmt --uninstall 2>"$tmp/err"; rc=$?
if [ $rc = 0 ] && [ ! -e $B/zl-riscv128 ] && "$Z" --binfmt --uninstall; then
    echo "PASS binfmt_uninstall"
else
    echo "FAIL binfmt_uninstall: status $rc $(cat "$tmp/err")"
fi
