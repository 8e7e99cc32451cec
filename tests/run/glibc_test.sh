#!/usr/bin/env bash
# Static glibc programs (riscv64-linux-gnu-gcc -static): stdout and exit status must be
# byte-identical under zl-run and qemu-riscv64.
set -u
. tests/lib/need.sh
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross ||
   ! need_pkg qemu-riscv64 qemu-user; then
    echo "FAIL glibc_setup: cross compiler or qemu-user could not be installed"; exit 1
fi
out=$(mktemp -d /tmp/zl-glibc-XXXXXX)
trap 'rm -rf "$out"' EXIT
compare() {   # name, then the command line after the program
    local name=$1; shift
    mkdir -p "$out/q" "$out/z"
    ZL_TEST=yes qemu-riscv64 "$out/$name" "$@" > "$out/$name.q" 2>&1; local rq=$?
    ZL_TEST=yes "$ZL_BIN/zl-run" "$out/$name" "$@" > "$out/$name.z" 2>&1; local rz=$?
    if [ $rq -ne $rz ] || ! cmp -s "$out/$name.q" "$out/$name.z"; then
        echo "FAIL $name: exit qemu $rq zl-run $rz"
        diff "$out/$name.q" "$out/$name.z" | head -20 | sed 's/^/# /'
    else
        echo "PASS $name"
    fi
}
for src in tests/run/glibc/*.c; do
    name=$(basename "$src" .c)
    if ! riscv64-linux-gnu-gcc -O2 -static -o "$out/$name" "$src" 2> "$out/$name.build"; then
        echo "FAIL $name: does not build"; sed 's/^/# /' "$out/$name.build"; continue
    fi
done
compare hello "one" "two words" ""
compare memory
compare auxv
compare futex
# procs.c needs exec of a RISC-V program, which qemu-user cannot do, and qemu-user's
# signal handling differs from Linux's (shared/ref/linux-riscv-user-abi.md §8); qemu-user
# lacks mremap's old_size 0, has no rseq and bends two control-message rules (linuxrules.c,
# mremap.c, scm.c): these are compared with Linux's behaviour, written down in
# NAME.expected.
for name in procs signals mremap linuxrules scm; do
    timeout $((60 * ${ZL_TIME_SCALE:-1})) "$ZL_BIN/zl-run" "$out/$name" > "$out/$name.z" 2>&1; rz=$?
    # less LeakSanitizer's note on a host thread still ending when a (forked) process exited
    # (sanitizer builds under load: it reports no leak by itself)
    sed -i '/^==[0-9]*==Running thread [0-9]* was not suspended\. False leaks are possible\.$/d' "$out/$name.z"
    if [ $rz -ne 0 ] || ! cmp -s tests/run/glibc/$name.expected "$out/$name.z"; then
        echo "FAIL $name: exit $rz"; diff tests/run/glibc/$name.expected "$out/$name.z" | head -20 | sed 's/^/# /'
    else
        echo "PASS $name"
    fi
done
# rtqueue.c (real-time signal queueing), robust.c (robust mutexes whose owner died) and
# execat.c (execveat): compared with the same source run natively on the host's Linux,
# whose rules are the same on riscv; rtqueue.c also built by zl-cc with zlibc at rv128
# and rv32, robust.c at every XLEN (zlibc's robust mutexes).
"$ZL_BIN/zl-cc" -m128 -O1 -o "$out/rtqueue128" tests/run/glibc/rtqueue.c 2>"$out/zlcc.err"
"$ZL_BIN/zl-cc" -m32 -O1 -o "$out/rtqueue32" tests/run/glibc/rtqueue.c 2>>"$out/zlcc.err"
for x in 128 64 32; do
    "$ZL_BIN/zl-cc" -m$x -O1 -o "$out/robust$x" tests/run/glibc/robust.c 2>>"$out/zlcc.err"
done
for v in rtqueue:rtqueue robust:robust execat:execat rtqueue:rtqueue128 rtqueue:rtqueue32 \
         robust:robust128 robust:robust64 robust:robust32; do
    src=${v%%:*} exe=${v#*:}
    if [ ! -f "$out/$src.want" ]; then
        cc -O2 -pthread -o "$out/$src.native" "tests/run/glibc/$src.c" 2>"$out/$src.nerr" &&
            timeout 20 "$out/$src.native" > "$out/$src.want" 2>"$out/$src.wanterr" ||
            { echo "FAIL $exe: the native reference does not build or run: $(head -n1 "$out/$src.nerr")"; continue; }
    fi
    timeout $((20 * ${ZL_TIME_SCALE:-1})) "$ZL_BIN/zl-run" "$out/$exe" > "$out/$exe.z" 2>"$out/$exe.zerr"; rz=$?
    # stderr must be empty too, but for LeakSanitizer's note on a host thread that was still
    # ending when a process exited (sanitizer builds: it reports no leak by itself)
    grep -v '^==[0-9]*==Running thread [0-9]* was not suspended. False leaks are possible.$' \
        "$out/$exe.zerr" > "$out/$exe.zerr2"
    if [ $rz -ne 0 ] || ! cmp -s "$out/$src.want" "$out/$exe.z" || [ -s "$out/$exe.zerr2" ]; then
        echo "FAIL $exe: exit $rz, stderr: $(head -c 300 "$out/$exe.zerr2" | tr '\n' '|')"
        diff "$out/$src.want" "$out/$exe.z" | head -10 | sed 's/^/# /'
    else
        echo "PASS $exe"
    fi
done
# files.c, dirs.c and sockets.c work in a directory given as argv[1]: each emulator gets its own
for name in files dirs sockets misc misc2; do
    mkdir -p "$out/$name-q" "$out/$name-z"
    ZL_TEST=yes qemu-riscv64 "$out/$name" "$out/$name-q" > "$out/$name.q" 2>&1; rq=$?
    ZL_TEST=yes "$ZL_BIN/zl-run" "$out/$name" "$out/$name-z" > "$out/$name.z" 2>&1; rz=$?
    if [ $rq -ne $rz ] || ! cmp -s "$out/$name.q" "$out/$name.z"; then
        echo "FAIL $name: exit qemu $rq zl-run $rz"; diff "$out/$name.q" "$out/$name.z" | head -20 | sed 's/^/# /'
    else
        echo "PASS $name"
    fi
done
# Options: -E/-U/-0 shape the guest's environment and argv; -L roots absolute paths.
got=$(ZL_TEST=outer "$ZL_BIN/zl-run" -E ZL_TEST=fromE -0 zero "$out/hello" a 2>&1 | head -2)
want=$'hello, 1 arguments: [a]\nZL_TEST=fromE'
[ "$got" = "$want" ] && echo "PASS option_E_0" || echo "FAIL option_E_0: got '$got'"
got=$(ZL_TEST=outer "$ZL_BIN/zl-run" -U ZL_TEST "$out/hello" 2>&1 | sed -n 2p)
[ "$got" = "ZL_TEST=(unset)" ] && echo "PASS option_U" || echo "FAIL option_U: got '$got'"
mkdir -p "$out/root/work"
"$ZL_BIN/zl-run" -L "$out/root" "$out/files" /work > "$out/files.L" 2>&1
if cmp -s "$out/files.q" "$out/files.L" && [ ! -e /work/f.txt ]; then
    echo "PASS option_L"
else
    echo "FAIL option_L: files under -L differ"; diff "$out/files.q" "$out/files.L" | head | sed 's/^/# /'
fi
