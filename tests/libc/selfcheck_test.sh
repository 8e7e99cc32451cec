#!/usr/bin/env bash
# Self-checking zlibc programs: each tests/libc/selfcheck/*.c prints one line per check
# ("ok ..." or "FAILED ...") and exits with status 0 if all passed.  Each is built by zl-cc
# at -m128/-m64/-m32, by the cross gcc against zlibc at rv64/rv32 and against glibc at rv64
# (the reference: the checks must hold there too); all run under zl-run.
#   ptrslot.c   structures with a pointer slot (docs/abi.md 5.4): layout at every XLEN,
#               positional initializers and compound literals, writev/readv/sendmsg/
#               recvmsg/sigaction/sigaltstack with them and with garbage in the slots
#   posixhdr.c  getrusage, times, utimes/utime, <sched.h>, getrandom, <malloc.h>,
#               struct ucred, sendfile, ftw/nftw, <elf.h> (docs/libc.md)
#   spawn.c     posix_spawn/posix_spawnp, file actions, attributes (runs itself again)
#   muslfill.c  what was added for musl parity: <err.h>, <libgen.h>, <search.h>, rand48,
#               strverscmp, wide strings and wcsto*, *at/id calls, itimers, small headers
#   semnamed.c  named semaphores (sem_open, sem_close, sem_unlink; forks itself)
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
source tests/libc/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tmo=$((60 * ${ZL_TIME_SCALE:-1}))
have_gcc=1
command -v "$ZLIBC_GCC" >/dev/null 2>&1 || have_gcc=
for src in tests/libc/selfcheck/*.c; do
    n=$(basename "$src" .c)
    for x in 128 64 32; do
        zlibc_check_run libc/$n@zl-cc-m$x "$tmp/zl$x" timeout "$tmo" "$ZL_BIN/zl-cc" -m$x -std=c11 \
            -Wall -Wextra -Werror -o "$tmp/zl$x" "$src"
    done
    if [ -z "$have_gcc" ]; then
        echo "SKIP libc/$n@gcc: $ZLIBC_GCC is not installed"
        continue
    fi
    for x in 64 32; do
        zlibc_check_run libc/$n@gcc-rv$x "$tmp/g$x" zlibc_gcc_build $x "$src" "$tmp/g$x"
    done
    zlibc_check_run libc/$n@glibc-rv64 "$tmp/glibc" "$ZLIBC_GCC" -std=gnu11 -O2 -static \
        -o "$tmp/glibc" "$src"
done
