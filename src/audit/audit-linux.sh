#!/usr/bin/env bash
# make audit-linux: audit Debian's linux-source-6.1 with zl-audit and regenerate
# docs/audit-linux.md (the hand-checked sample section of the old file is kept).
# Env: BUILD (build dir), AUDIT_LINUX_DIR (where the tree is unpacked; not the repo).
set -euo pipefail
source "$(dirname "$0")/linux-tree.sh"
linux_tree

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
