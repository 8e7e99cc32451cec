# Shared by the zl-audit test scripts: the binary, a scratch directory removed on exit,
# and PASS/FAIL lines (tests/runner.sh counts them).
AUDIT="$ZL_BIN/zl-audit"
T=$(mktemp -d); trap 'chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
check() { if eval "$2"; then pass "$1"; else fail "$1" "${3:-$2}"; fi; }
if [ ! -x "$AUDIT" ]; then echo "FAIL build: $AUDIT missing"; exit 1; fi
