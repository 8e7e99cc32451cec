#!/usr/bin/env bash
# make audit-uapi: the user-pointer fields of Linux 6.1's UAPI (zl-audit --format=uapi on
# Debian's linux-source-6.1) as docs/uapi-pointers.md; its hand-checked sample is kept.
# Env: BUILD (build dir), AUDIT_LINUX_DIR (where the tree is unpacked; not the repo).
set -euo pipefail
source "$(dirname "$0")/linux-tree.sh"
linux_tree

timed_audit audit-uapi uapi
echo "audit-uapi: ${secs}s wall, ${cpu}s CPU (-j2)" >&2
python3 src/audit/uapi_report.py "$BUILD/audit-uapi.json" docs/uapi-pointers.md \
    linux-source-6.1 "$secs" "$cpu" >docs/uapi-pointers.md.tmp
mv docs/uapi-pointers.md.tmp docs/uapi-pointers.md
echo "audit-uapi: wrote docs/uapi-pointers.md" >&2
