#!/usr/bin/env bash
# abigen against the real kernel ABI (script test, PASS/FAIL/SKIP lines; about 5 s).
#
#  1. zl-abigen --check kernel rv64 / rv32: every structure's size, alignment and member
#     offsets and sizes, every member's pointer/integer class, every system-call number,
#     flag value and ioctl number, as static assertions compiled by riscv64-linux-gnu-gcc
#     against the Linux UAPI headers (-mabi=lp64d, and -march=rv32gc -mabi=ilp32d).
#     --check glibc rv64 does the same for the types only glibc defines (msghdr, ...).
#  2. System-call numbers both ways: every __NR_ name of <asm/unistd.h> (rv64 and rv32) is
#     in the specification with the same number, and every call of the specification is in
#     the headers unless it is newer than them (@linux=).
#  3. The generated UAPI headers compile with their static assertions: rv64 and rv32 with
#     the cross compiler, rv128 with the host compiler (LP128 mirror).
#  4. The conformance check is not vacuous: a copy of abi/ with one wrong member type, one
#     pointer described as an integer or one wrong number fails it.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
BIN=${ZL_BIN:-$ROOT/$BUILD/bin}
GEN=$BIN/zl-abigen
HOSTCC=${CC:-cc}
. tests/lib/need.sh

if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu linux-libc-dev-riscv64-cross; then
    echo "SKIP abigen_kernel: riscv64-linux-gnu-gcc is not installed and cannot be installed"
    exit 0
fi
XCC=riscv64-linux-gnu-gcc
RV32="-march=rv32gc -mabi=ilp32d"
if ! echo '#include <asm/unistd.h>' | $XCC -E -x c - >/dev/null 2>&1; then
    echo "SKIP abigen_kernel: no riscv64 Linux UAPI headers (linux-libc-dev-riscv64-cross)"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# compile NAME FLAGS... FILE: -fsyntax-only -Werror, report PASS/FAIL with the first errors
compile() {
    local name=$1
    shift
    if $XCC -std=c11 -Wall -Wextra -Werror -fsyntax-only "$@" >"$tmp/cc.log" 2>&1; then
        echo "PASS $name"
    else
        echo "FAIL $name: $(grep -m3 'error' "$tmp/cc.log" | tr '\n' '|')"
    fi
}

# 1. layouts, classes, numbers, flags, ioctls
"$GEN" --check kernel rv64 "$tmp/k64.c" && compile kernel_check_rv64 "$tmp/k64.c"
"$GEN" --check kernel rv32 "$tmp/k32.c" && compile kernel_check_rv32 $RV32 "$tmp/k32.c"
"$GEN" --check glibc rv64 "$tmp/g64.c" && compile glibc_check_rv64 "$tmp/g64.c"

# 2. numbers, both directions
ver=$(printf '#include <linux/version.h>\nLINUX_VERSION_CODE\n' | $XCC -E -P -x c - | tail -n 1)
numbers() {   # numbers NAME PERS FLAGS...
    local name=$1 pers=$2
    shift 2
    # every __NR_ name of the headers with its value
    echo '#include <asm/unistd.h>' | $XCC "$@" -E -dM -x c - |
        awk '$1 == "#define" && $2 ~ /^__NR_/ && $2 != "__NR_syscalls" &&
             $2 != "__NR_arch_specific_syscall" && $2 !~ /^__NR3264/ { print $2 }' |
        sort >"$tmp/names"
    { echo '#include <asm/unistd.h>'; sed 's/^__NR_\(.*\)/ZLNR_\1 = __NR_\1/' "$tmp/names"; } |
        $XCC "$@" -E -P -x c - | grep '^ZLNR_' |
        while read -r n _ expr; do echo "$(( expr )) ${n#ZLNR_}"; done | sort -k2 >"$tmp/hdr"
    "$GEN" --list "$pers" >"$tmp/spec.full"
    awk '{ print $1, $2 }' "$tmp/spec.full" | sort -k2 >"$tmp/spec"
    local missing extra
    missing=$(join -1 2 -2 2 -v 1 "$tmp/hdr" "$tmp/spec" | head -n 5 | tr '\n' ' ')
    local differ
    differ=$(join -1 2 -2 2 "$tmp/hdr" "$tmp/spec" | awk '$2 != $3' | head -n 5 | tr '\n' ' ')
    # spec calls absent from the headers must be newer than them
    extra=$(join -1 2 -2 2 -v 2 "$tmp/hdr" "$tmp/spec" | while read -r n nr; do
        v=$(grep -E "^$nr $n( |$)" "$tmp/spec.full" | grep -o 'linux=[0-9.]*' | cut -d= -f2)
        if [ -z "$v" ]; then echo "$n"; continue; fi
        code=$(( ${v%.*} * 65536 + ${v#*.} * 256 ))
        [ "$code" -le "$ver" ] && echo "$n"
    done | head -n 5 | tr '\n' ' ')
    local nh
    nh=$(wc -l <"$tmp/hdr")
    if [ "$nh" -lt 250 ]; then
        echo "FAIL $name: only $nh numbers found in the headers"
    elif [ -n "$missing$differ$extra" ]; then
        echo "FAIL $name: not in abi/: [$missing] different: [$differ] not in headers: [$extra]"
    else
        echo "PASS $name"
    fi
}
numbers numbers_rv64 rv64
numbers numbers_rv32 rv32 $RV32

# 3. generated headers compile with their static assertions
"$GEN" --out "$tmp/gen" || echo "FAIL generate"
echo '#include <zl/uapi.h>' >"$tmp/u.c"
compile uapi_rv64 -Iinclude -I"$tmp/gen/include/rv64" "$tmp/u.c"
compile uapi_rv32 $RV32 -Iinclude -I"$tmp/gen/include/rv32" "$tmp/u.c"
if $HOSTCC -std=c11 -Wall -Wextra -Werror -fsyntax-only -Iinclude -I"$tmp/gen/include/rv128" \
        "$tmp/u.c" >"$tmp/cc.log" 2>&1; then
    echo "PASS uapi_rv128_host_mirror"
else
    echo "FAIL uapi_rv128_host_mirror: $(grep -m3 error "$tmp/cc.log" | tr '\n' '|')"
fi
# rv128: pointer members are __ptr_t slots, never plain pointers
if grep -q 'void \*' "$tmp/gen/include/rv128/zl/uapi.h"; then
    echo "FAIL uapi_rv128_slots: a plain pointer in the rv128 header"
elif [ "$(grep -c '__ptr_t [a-z_]*;' "$tmp/gen/include/rv128/zl/uapi.h")" -lt 20 ]; then
    echo "FAIL uapi_rv128_slots: too few __ptr_t members"
else
    echo "PASS uapi_rv128_slots"
fi

# 4. a wrong specification fails the check
mutant() {   # mutant NAME PERS FLAGS -- SED-EXPRESSION FILE
    local name=$1 pers=$2 flags=$3 expr=$4 file=$5
    rm -rf "$tmp/m"
    cp -r abi "$tmp/m"
    sed -i "$expr" "$tmp/m/$file"
    if cmp -s "abi/$file" "$tmp/m/$file"; then
        echo "FAIL $name: the mutation did not apply"
        return
    fi
    if ! "$GEN" --spec "$tmp/m" --check kernel "$pers" "$tmp/mk.c" 2>"$tmp/err"; then
        echo "FAIL $name: generator: $(head -n 2 "$tmp/err" | tr '\n' '|')"
    elif $XCC -std=c11 -Wall -Werror -fsyntax-only $flags "$tmp/mk.c" >/dev/null 2>&1; then
        echo "FAIL $name: the conformance check accepted a wrong specification"
    else
        echo "PASS $name"
    fi
}
mutant mutant_member_type rv64 "" 's/^    int    ss_flags$/    long   ss_flags/' signal.abi
mutant mutant_pointer_class rv64 "" 's/^    ptr    iov_base$/    ulong  iov_base/' file.abi
mutant mutant_number rv32 "$RV32" 's/^64  write /1000 write /' syscalls.abi
mutant mutant_time64 rv32 "$RV32" 's/^    time   tv_sec$/    otime  tv_sec/' time.abi
