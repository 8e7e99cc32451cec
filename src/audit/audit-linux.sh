#!/usr/bin/env bash
# make audit-linux: audit Debian's linux-source-6.1 with zl-audit and regenerate
# docs/audit-linux.md (the hand-checked samples of the old file are kept).
# Env: BUILD (build dir), AUDIT_LINUX_DIR (where the tree is unpacked; not the repo),
# AUDIT_LINUX_MODE: "token" (default; the whole tree, a few seconds) or "tu" (TU mode
# with compile commands: writes only the TU-mode section; a long run, never in make check):
#   AUDIT_LINUX_CCDB   a compile_commands.json to use (e.g. from a real build and the
#                      kernel's scripts/clang-tools/gen_compile_commands.py); without it
#                      the tree is configured (linux_config) and the database is made
#                      from "make -n" (src/audit/linux_ccdb.py)
#   AUDIT_LINUX_TU_DIRS  kbuild targets for that "make -n" (default: every object the
#                      configuration builds); e.g. "kernel/ mm/"
#   AUDIT_LINUX_ARCH, AUDIT_LINUX_CONFIG  see linux_config in linux-tree.sh
set -euo pipefail
source "$(dirname "$0")/linux-tree.sh"
linux_tree
# every rule, the opt-in ones too: the report measures each rule on Linux; the per-rule
# table marks the ones zl-audit does not run by default
export AUDIT_RULES=all
AUDIT_OPTIN_RULES=$("$AUDIT" --list-rules | sed -n 's/^\([a-z0-9-]*\) (opt-in.*/\1/p' | paste -sd, -)
export AUDIT_OPTIN_RULES

if [ "${AUDIT_LINUX_MODE:-token}" = tu ]; then
    ccdb=${AUDIT_LINUX_CCDB:-}
    # the audit runs in $DIR: a relative path names a file of the caller's directory
    [ -z "$ccdb" ] || ccdb=$(realpath "$ccdb")
    if [ -z "$ccdb" ]; then
        linux_config
        # GCC's architecture macros, which zl-audit's predefined set lacks (kbuild passes
        # them to sparse in CHECKFLAGS the same way)
        case $KARCH in
        x86_64) arch=(-D__x86_64__ -D__x86_64) ;;
        arm64) arch=(-D__aarch64__) ;;
        riscv) arch=(-D__riscv -D__riscv_xlen=64) ;;
        *) arch=() ;;
        esac
        ccdb=$BUILD/audit-linux-tu.ccdb.json
        # kbuild recurses even under -n; -k: a directory that cannot be made (a missing
        # optional tool) must not hide the others
        (cd "$TREE" && nice make -s O="$OBJ" ARCH="$KARCH" -n -k ${AUDIT_LINUX_TU_DIRS:-} 2>/dev/null || true) |
            python3 src/audit/linux_ccdb.py "$OBJ" "${arch[@]}" >"$ccdb"
    fi
    load=$(cut -d' ' -f1 /proc/loadavg)
    # a configured tree without a build lacks the sources and headers the build generates
    # (asn1 parsers, SELinux's flask.h, ...): those files are errors in the report, the
    # rest is audited
    AUDIT_ERRORS_OK=1 timed_audit audit-linux-tu json --compile-commands="$ccdb"
    nfiles=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$ccdb")
    echo "audit-linux: TU mode, $nfiles files in ${secs}s wall, ${cpu}s CPU (-j2, load $load)" >&2
    python3 src/audit/linux_report.py --tu "$BUILD/audit-linux-tu.json" docs/audit-linux.md \
        "$nfiles" 0 "$secs" "$DIR" "$cpu" "$load" >docs/audit-linux.md.tmp
    mv docs/audit-linux.md.tmp docs/audit-linux.md
    echo "audit-linux: wrote the TU-mode section of docs/audit-linux.md" >&2
    exit 0
fi

files=$(find "$TREE" -name '*.[ch]' -type f | wc -l)
bytes=$(find "$TREE" -name '*.[ch]' -type f -printf '%s\n' | awk '{s += $1} END {print s}')
# warm the page cache, then time a run on 2 workers (the target's setting)
find "$TREE" -name '*.[ch]' -type f -print0 | xargs -0 cat >/dev/null
load=$(cut -d' ' -f1 /proc/loadavg)
timed_audit audit-linux json
echo "audit-linux: $files files, $bytes bytes in ${secs}s wall, ${cpu}s CPU (-j2, load $load)" >&2
python3 src/audit/linux_report.py "$BUILD/audit-linux.json" docs/audit-linux.md \
    "$files" "$bytes" "$secs" "$DIR" "$cpu" "$load" >docs/audit-linux.md.tmp
mv docs/audit-linux.md.tmp docs/audit-linux.md
echo "audit-linux: wrote docs/audit-linux.md" >&2
