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
