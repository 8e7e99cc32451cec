# Sourced by audit-linux.sh and audit-uapi.sh.  Env: BUILD (build dir), AUDIT_LINUX_DIR
# (where the tree is unpacked; not the repo).
BUILD=${BUILD:-build}
DIR=${AUDIT_LINUX_DIR:-/var/tmp/zl-audit}
TAR=/usr/src/linux-source-6.1.tar.xz
TREE=$DIR/linux-source-6.1
BUILD=$(cd "$BUILD" && pwd)
AUDIT=$BUILD/bin/zl-audit

# linux_tree: makes sure Debian's linux-source-6.1 is unpacked at $TREE, installing the
# package when missing, and that python3 is there.
linux_tree() {
    if [ ! -d "$TREE" ]; then
        if [ ! -f "$TAR" ]; then
            echo "audit: installing linux-source-6.1 (Debian package)" >&2
            export DEBIAN_FRONTEND=noninteractive
            apt-get install -y -qq linux-source-6.1 >/dev/null ||
                { apt-get update -qq >/dev/null && apt-get install -y -qq linux-source-6.1 >/dev/null; }
        fi
        echo "audit: unpacking $TAR into $DIR" >&2
        mkdir -p "$DIR" "$DIR.tmp.$$"
        tar -xf "$TAR" -C "$DIR.tmp.$$"
        mv "$DIR.tmp.$$/linux-source-6.1" "$TREE"
        rmdir "$DIR.tmp.$$"
    fi
    command -v python3 >/dev/null || apt-get install -y -qq python3 >/dev/null
}

# CPU seconds used so far by finished children, from a file holding bash's "times"
# output (second line = children's user and sys time)
cpu_of() {
    tail -1 "$1" | awk '{ split($1, u, "m"); split($2, s, "m");
                          printf "%.2f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }'
}

# timed_audit NAME FORMAT [ARGS...]: zl-audit -j2 into $BUILD/NAME.json, run in $DIR on
# ARGS (default: the whole tree, BPF programs excluded), with --rules=$AUDIT_RULES when
# that is set; sets secs (wall) and cpu (user +
# sys of zl-audit); with AUDIT_ERRORS_OK=1 exit status 2 (files that could not be read or
# preprocessed, listed in the report's "errors") is accepted.  Run in this shell, not in a command substitution, so that "times"
# sees the child.  BPF programs are compiled for the BPF target (always 64-bit), never
# for LP128, and are left out.
timed_audit() {
    local name=$1 format=$2 rc=0 t0 t1
    shift 2
    [ $# -gt 0 ] || set -- --exclude='*/bpf/progs' --exclude='*.bpf.c' \
        --exclude='*/samples/bpf/*_kern.c' linux-source-6.1
    rm -f "$BUILD/$name.json" # a failed run must not leave the last run's report to be used
    times >"$BUILD/.$name.t0"
    t0=$(date +%s.%N)
    (cd "$DIR" && "$AUDIT" -j2 -q --format="$format" ${AUDIT_RULES:+--rules="$AUDIT_RULES"} \
        -o "$BUILD/$name.json" "$@") || rc=$?
    t1=$(date +%s.%N)
    [ "$rc" -le 1 ] || { [ "$rc" = 2 ] && [ "${AUDIT_ERRORS_OK:-0}" = 1 ] && [ -s "$BUILD/$name.json" ]; } ||
        { echo "$name: zl-audit failed ($rc)" >&2; exit 1; }
    times >"$BUILD/.$name.t1"
    cpu=$(awk "BEGIN { printf \"%.1f\", $(cpu_of "$BUILD/.$name.t1") - $(cpu_of "$BUILD/.$name.t0") }")
    rm -f "$BUILD/.$name.t0" "$BUILD/.$name.t1"
    secs=$(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")
}

# linux_config: a configured build directory for TU mode, OBJ=$DIR/build-$KARCH (kbuild's
# O=), made with "make defconfig prepare" (AUDIT_LINUX_CONFIG names another config
# target) when its include/generated/autoconf.h is missing.  prepare builds the host
# tools and generated headers the sources include; it needs flex, bison, bc and
# libelf-dev, installed with apt when missing.  Sets KARCH (AUDIT_LINUX_ARCH, default
# x86_64) and OBJ.
linux_config() {
    KARCH=${AUDIT_LINUX_ARCH:-x86_64}
    OBJ=$DIR/build-$KARCH
    [ -f "$OBJ/include/generated/autoconf.h" ] && [ -d "$OBJ/arch/${KARCH%_64}/include/generated" ] && return
    local pkgs=() p
    for p in flex bison bc; do command -v "$p" >/dev/null || pkgs+=("$p"); done
    [ -f /usr/include/libelf.h ] || pkgs+=(libelf-dev)
    if [ ${#pkgs[@]} -gt 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq "${pkgs[@]}" >/dev/null ||
            { apt-get update -qq >/dev/null && apt-get install -y -qq "${pkgs[@]}" >/dev/null; }
    fi
    echo "audit: configuring $TREE for $KARCH in $OBJ (${AUDIT_LINUX_CONFIG:-defconfig} prepare)" >&2
    nice make -s -C "$TREE" O="$OBJ" ARCH="$KARCH" "${AUDIT_LINUX_CONFIG:-defconfig}" >&2
    nice make -s -C "$TREE" O="$OBJ" ARCH="$KARCH" -j2 prepare >&2
}
