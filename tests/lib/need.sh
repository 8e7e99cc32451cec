# Sourced by script tests that need Debian packages (cross gcc, qemu-user, ...).
# need_pkg CMD PKG... : if CMD is missing, install PKG... with apt-get and say so.
need_pkg() {
    local cmd=$1; shift
    command -v "$cmd" >/dev/null 2>&1 && return 0
    echo "note: '$cmd' is missing; installing Debian package(s): $*" >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "note: not root, cannot apt-get install $*" >&2; return 1
    fi
    # Serialise concurrent installs from parallel tests.
    (
        flock 9
        command -v "$cmd" >/dev/null 2>&1 && exit 0
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq "$@" >/dev/null 2>&1 ||
            { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "$@" >/dev/null 2>&1; }
    ) 9>/tmp/zl-apt.lock
    command -v "$cmd" >/dev/null 2>&1
}

# need_file FILE PKG... : like need_pkg, for a package that provides a file, not a command.
need_file() {
    local file=$1; shift
    [ -e "$file" ] && return 0
    echo "note: '$file' is missing; installing Debian package(s): $*" >&2
    [ "$(id -u)" -eq 0 ] || { echo "note: not root, cannot apt-get install $*" >&2; return 1; }
    (
        flock 9
        [ -e "$file" ] && exit 0
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq "$@" >/dev/null 2>&1 ||
            { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "$@" >/dev/null 2>&1; }
    ) 9>/tmp/zl-apt.lock
    [ -e "$file" ]
}

# need_cross_oracles ID: the reference oracles for rv64/rv32 (the Debian RISC-V cross gcc and
# qemu-user), installed if missing; if they cannot be, prints "FAIL ID: ..." and returns 1.
# Sets RV_MARCH_64 and RV_MARCH_32 (the gcc flags of each XLEN).
need_cross_oracles() {
    RV_MARCH_64="-march=rv64gc -mabi=lp64d"
    RV_MARCH_32="-march=rv32gc -mabi=ilp32d"
    need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu ||
        { echo "FAIL $1: riscv64-linux-gnu-gcc is missing and cannot be installed"; return 1; }
    need_pkg qemu-riscv64 qemu-user ||
        { echo "FAIL $1: qemu-riscv64 is missing and cannot be installed"; return 1; }
}
