#!/usr/bin/env bash
# zl-run --binfmt: the printed lines, and (where binfmt_misc can be used) registering
# them so that ./prog runs directly with its argv[0] preserved; entries removed after.
set -u
. tests/lib/need.sh
lines=$("$ZL_BIN/zl-run" --binfmt)
n=$(printf '%s\n' "$lines" | grep -c "^:zl-riscv\(32\|64\|128\):M::\\\\x7fELF\\\\x0[123]\\\\x01.*:$ZL_BIN/zl-run:FP$")
[ "$n" = 3 ] && echo "PASS binfmt_lines" || echo "FAIL binfmt_lines: $lines"

B=/proc/sys/fs/binfmt_misc
[ -e $B/register ] || mount -t binfmt_misc binfmt_misc $B 2>/dev/null
if [ ! -w $B/register ]; then
    echo "SKIP binfmt_install: binfmt_misc is not available to this user/container"
    exit 0
fi
for e in zl-riscv32 zl-riscv64 zl-riscv128; do [ -e $B/$e ] && echo -1 > $B/$e; done
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross; then
    echo "FAIL binfmt_install: no cross compiler"; exit 1
fi
tmp=$(mktemp -d /tmp/zl-binfmt-XXXXXX)
cleanup() { for e in zl-riscv32 zl-riscv64 zl-riscv128; do [ -e $B/$e ] && echo -1 > $B/$e; done; rm -rf "$tmp"; }
trap cleanup EXIT
riscv64-linux-gnu-gcc -O2 -static -o "$tmp/hello" tests/run/glibc/hello.c
if ! "$ZL_BIN/zl-run" --binfmt --install > /dev/null; then
    echo "FAIL binfmt_install: registration failed"; exit 1
fi
# only our entry may claim riscv64 here: another handler (qemu) registered first wins
got=$(cd "$tmp" && (exec -a custom-name ./hello x) 2>&1 | sed -n '1p;4p' | tr '\n' '|')
if [ "$got" = "hello, 1 arguments: [x]|argv0=custom-name|" ] && grep -q "^interpreter $ZL_BIN/zl-run" $B/zl-riscv64; then
    echo "PASS binfmt_install"
else
    echo "FAIL binfmt_install: ./hello printed '$got'"
fi
