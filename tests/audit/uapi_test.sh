#!/usr/bin/env bash
# zl-audit --format=uapi (the UAPI boundary report) on a small synthetic kernel tree,
# tests/audit/uapi_tree, whose answers are listed here: which uapi fields carry user
# pointers (direct u64_to_user_ptr, __user casts through uintptr_t and unsigned long,
# READ_ONCE, anonymous unions, local copies, copies into another struct's member), the
# conversion sites, the carrying ioctls and system calls; then the Markdown report.
set -u
AUDIT="$ZL_BIN/zl-audit"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
if [ ! -x "$AUDIT" ]; then echo "FAIL build: $AUDIT missing"; exit 1; fi
source tests/lib/need.sh
need_pkg python3 python3 || { echo "SKIP uapi: python3 is needed to read the report"; exit 0; }

(cd tests/audit && "$AUDIT" --format=uapi uapi_tree) >"$T/u.json" 2>"$T/err"; rc=$?
if [ $rc -eq 1 ] && [ ! -s "$T/err" ]; then pass uapi_run; else fail uapi_run "exit $rc: $(head -c 300 "$T/err")"; fi
python3 - "$T/u.json" >"$T/check" <<'PY'
import json, sys
got = {(f["struct"], f["field"]): f for f in json.load(open(sys.argv[1]))["fields"]}
want = {
    ("demo_args", "buf"): ("", ["uapi_tree/drivers/demo/demo.c:15"], ["ioctl DEMO_IOC_PEEK", "ioctl DEMO_IOC_RUN"]),
    ("demo_args", "out"): ("", ["uapi_tree/drivers/demo/demo.c:18"], ["ioctl DEMO_IOC_PEEK", "ioctl DEMO_IOC_RUN"]),
    ("demo_sqe", "addr2"): ("", ["uapi_tree/drivers/demo/demo.c:33"], []),
    ("demo_sqe", "addr"): ("demo_req.addr", ["uapi_tree/drivers/demo/demo.c:32"], []),
    ("demo_sqe", "user_data"): ("", ["uapi_tree/drivers/demo/demo.c:35"], []),
    ("demo_clone", "stack"): ("", ["uapi_tree/kernel/demo_clone.c:10"], ["syscall demo_clone"]),
    ("zz_regs_req", "regs_ptr"): ("", ["uapi_tree/drivers/demo/demo.c:43"], []),
}
bad = []
for k, (via, sites, car) in want.items():
    f = got.get(k)
    if not f:
        bad.append("missing %s.%s" % k)
    elif (f["via"], f["sites"], f["carriers"]) != (via, sites, car):
        bad.append("%s.%s: %s %s %s" % (k + (f["via"], f["sites"], f["carriers"])))
for k in got:
    if k not in want:
        bad.append("unexpected %s.%s" % k)  # len, cookie, off, flags, the tools/ copy
if any(f["header"].startswith("uapi_tree/tools/") for f in got.values()):
    bad.append("a tools/ copy of a uapi header was reported")
print("; ".join(bad) if bad else "ok")
PY
if [ "$(cat "$T/check")" = ok ]; then pass uapi_fields_sites_carriers; else fail uapi_fields_sites_carriers "$(cat "$T/check")"; fi

python3 src/audit/uapi_report.py "$T/u.json" "$T/none.md" uapi_tree 0.1 0.1 >"$T/u.md" 2>"$T/perr"; rc=$?
if [ $rc -eq 0 ] && grep -q '^| fields carrying user pointers | 7 |$' "$T/u.md" &&
   grep -q '^| structures | 4 |$' "$T/u.md" &&
   grep -q '^| ioctls and system calls that carry those structures | 3 |$' "$T/u.md" &&
   grep -q '^| `demo_sqe` | `addr` | `include/uapi/linux/demo.h:21` | `drivers/demo/demo.c:32` | `demo_req.addr` | — |$' "$T/u.md" &&
   grep -q '^### arch/zz$' "$T/u.md" && grep -q '^| `demo_args.*| unchecked | |$\|^| `demo_sqe.*| unchecked | |$\|^| `demo_clone.*| unchecked | |$\|^| `zz_regs.*| unchecked | |$' "$T/u.md"
then pass uapi_markdown; else fail uapi_markdown "exit $rc: $(head -c 300 "$T/perr")"; fi
exit 0
