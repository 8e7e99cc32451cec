#!/usr/bin/env bash
# make audit-linux: audit Debian's linux-source-6.1 with zl-audit and regenerate
# docs/audit-linux.md (the hand-checked sample section of the old file is kept).
# Env: BUILD (build dir), AUDIT_LINUX_DIR (where the tree is unpacked; not the repo).
set -euo pipefail
BUILD=${BUILD:-build}
DIR=${AUDIT_LINUX_DIR:-/var/tmp/zl-audit}
TAR=/usr/src/linux-source-6.1.tar.xz
TREE=$DIR/linux-source-6.1
BUILD=$(cd "$BUILD" && pwd)
AUDIT=$BUILD/bin/zl-audit

if [ ! -d "$TREE" ]; then
    if [ ! -f "$TAR" ]; then
        echo "audit-linux: installing linux-source-6.1 (Debian package)" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq linux-source-6.1 >/dev/null ||
            { apt-get update -qq >/dev/null && apt-get install -y -qq linux-source-6.1 >/dev/null; }
    fi
    echo "audit-linux: unpacking $TAR into $DIR" >&2
    mkdir -p "$DIR" "$DIR.tmp.$$"
    tar -xf "$TAR" -C "$DIR.tmp.$$"
    mv "$DIR.tmp.$$/linux-source-6.1" "$TREE"
    rmdir "$DIR.tmp.$$"
fi
command -v python3 >/dev/null || apt-get install -y -qq python3 >/dev/null

files=$(find "$TREE" -name '*.[ch]' -type f | wc -l)
bytes=$(find "$TREE" -name '*.[ch]' -type f -printf '%s\n' | awk '{s += $1} END {print s}')
# warm the page cache, then time a run on 2 workers (the target's setting)
find "$TREE" -name '*.[ch]' -type f -print0 | xargs -0 cat >/dev/null
# CPU seconds used so far by finished children: bash's "times" (run in this shell, not in
# a command substitution), second line = children's user and sys time
cpu_of() {
    tail -1 "$1" | awk '{ split($1, u, "m"); split($2, s, "m");
                          printf "%.2f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }'
}
load=$(cut -d' ' -f1 /proc/loadavg)
times >"$BUILD/.audit-linux.t0"
t0=$(date +%s.%N)
rc=0
# BPF programs are compiled for the BPF target (always 64-bit), never for LP128
(cd "$DIR" && "$AUDIT" -j2 -q --format=json -o "$BUILD/audit-linux.json" \
    --exclude='*/bpf/progs' --exclude='*.bpf.c' --exclude='*/samples/bpf/*_kern.c' \
    linux-source-6.1) || rc=$?
t1=$(date +%s.%N)
[ "$rc" -le 1 ] || { echo "audit-linux: zl-audit failed ($rc)" >&2; exit 1; }
times >"$BUILD/.audit-linux.t1"
cpu=$(awk "BEGIN { printf \"%.1f\", $(cpu_of "$BUILD/.audit-linux.t1") - $(cpu_of "$BUILD/.audit-linux.t0") }")
rm -f "$BUILD/.audit-linux.t0" "$BUILD/.audit-linux.t1"
secs=$(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")
echo "audit-linux: $files files, $bytes bytes in ${secs}s wall, ${cpu}s CPU (-j2, load $load)" >&2
python3 src/audit/linux_report.py "$BUILD/audit-linux.json" docs/audit-linux.md \
    "$files" "$bytes" "$secs" "$DIR" "$cpu" "$load" >docs/audit-linux.md.tmp
mv docs/audit-linux.md.tmp docs/audit-linux.md
echo "audit-linux: wrote docs/audit-linux.md" >&2
