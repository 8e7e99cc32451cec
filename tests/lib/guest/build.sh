# shellcheck shell=bash
# Sourced helper: build freestanding RISC-V Linux guests with the runtime in
# this folder (start.S + guest.c).  Used by bench/run.sh and emulator tests.
#
#   source tests/lib/guest/build.sh
#   guest_need_tools || exit               # installs gcc-riscv64-linux-gnu if missing
#   guest_build rv64 out/prog prog.c [more.c ...] [extra gcc flags]
#   guest_build rv32 out/prog32 prog.c
#
# The exact flags are in GUEST_CFLAGS_COMMON / GUEST_ARCH_rv64 / GUEST_ARCH_rv32:
#   -static -nostdlib       no libc, no libgcc, no dynamic loader: start.S is
#                           the entry point and guest.c the whole runtime
#   -ffreestanding          implies -fno-builtin; guest.h maps memcpy & co. back
#                           onto the __builtin_ forms so small copies inline,
#                           and guest.c provides the out-of-line functions (and,
#                           on rv32, the 64-bit division/conversion helpers
#                           normally taken from libgcc, which has no rv32 build
#                           in Debian's riscv64 cross compiler)
#   -fno-pie -no-pie        plain ET_EXEC at 0x10000, absolute addressing
#   -Wl,-z,separate-code    R / R+X / R+W segments; without it a program with
#                           no writable .data gets one RWX segment (and an ld
#                           warning) from the default RISC-V linker script
#   rv64: -march=rv64gc -mabi=lp64d     rv32: -march=rv32gc -mabi=ilp32d
#   host: the same programs for the x86-64 host, built by HOST_CC (default cc)
#         with start_x86_64.S, for bench/run.sh's native times:
#         -mfma                 __builtin_fma is one instruction, as fmadd.d is on
#                               RISC-V (without it gcc calls libm's fma)
#         -fno-math-errno       __builtin_sqrt is sqrtsd, with no errno path into libm

GUEST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
GUEST_CC=${GUEST_CC:-riscv64-linux-gnu-gcc}
GUEST_CFLAGS_COMMON="-O2 -static -nostdlib -ffreestanding -fno-pie -no-pie -Wl,-z,separate-code -Wall -Wextra"
GUEST_ARCH_rv64="-march=rv64gc -mabi=lp64d"
GUEST_ARCH_rv32="-march=rv32gc -mabi=ilp32d"
GUEST_HOST_CC=${HOST_CC:-cc}
GUEST_ARCH_host="-mfma -fno-math-errno"

# Installs the cross compiler when missing (needs tests/lib/need.sh).
guest_need_tools() {
    # shellcheck source=../need.sh
    source "$GUEST_DIR/../need.sh"
    need_pkg "$GUEST_CC" gcc-riscv64-linux-gnu
}

# guest_build ARCH OUT SRC... [FLAGS...]   (ARCH = rv64 | rv32 | host; host only on x86-64)
guest_build() {
    local arch=$1 out=$2; shift 2
    local archflags cc=$GUEST_CC start=$GUEST_DIR/start.S
    case $arch in
        rv64) archflags=$GUEST_ARCH_rv64 ;;
        rv32) archflags=$GUEST_ARCH_rv32 ;;
        host)
            [ "$(uname -m)" = x86_64 ] ||
                { echo "guest_build: the host build is for x86-64 hosts (this is $(uname -m))" >&2; return 2; }
            archflags=$GUEST_ARCH_host cc=$GUEST_HOST_CC start=$GUEST_DIR/start_x86_64.S ;;
        *) echo "guest_build: unknown arch '$arch' (rv64|rv32|host)" >&2; return 2 ;;
    esac
    mkdir -p "$(dirname "$out")"
    # shellcheck disable=SC2086
    "$cc" $GUEST_CFLAGS_COMMON $archflags -I"$GUEST_DIR" \
        "$start" "$GUEST_DIR/guest.c" "$@" -o "$out"
}
