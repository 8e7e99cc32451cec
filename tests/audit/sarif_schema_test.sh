#!/usr/bin/env bash
# zl-audit's SARIF output validated against the OASIS SARIF 2.1.0 JSON schema
# (tests/audit/sarif-schema-2.1.0.json: the 2.1.0-rtm.5 schema as published with the
# standard, a data file taken unchanged from the npm package @microsoft/jest-sarif) by a
# JSON-schema validator: Debian's python3-jsonschema, installed if missing.
# A report with a broken property must be rejected, so a validator that accepts anything
# fails the test.  Budget: about a second.
set -u
AUDIT="$ZL_BIN/zl-audit"
SCHEMA=tests/audit/sarif-schema-2.1.0.json
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
[ -x "$AUDIT" ] || { echo "FAIL build: $AUDIT missing"; exit 1; }
. tests/lib/need.sh

# The interpreter that has jsonschema: python3 on PATH, else Debian's after installing it.
py=python3
if ! "$py" -c 'import jsonschema' 2>/dev/null; then
    need_file /usr/lib/python3/dist-packages/jsonschema/__init__.py python3-jsonschema ||
        { echo "FAIL sarif_schema_setup: python3-jsonschema could not be installed"; exit 1; }
    py=/usr/bin/python3
    "$py" -c 'import jsonschema' 2>/dev/null ||
        { echo "FAIL sarif_schema_setup: $py cannot import jsonschema"; exit 1; }
fi

validate() {   # $1 = report; prints "ok" or the first errors
    "$py" - "$SCHEMA" "$1" <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
report = json.load(open(sys.argv[2]))
errors = list(jsonschema.Draft4Validator(schema).iter_errors(report))
for e in errors[:3]:
    print("/".join(str(p) for p in e.path), e.message[:200])
print("ok" if not errors else "%d errors" % len(errors))
PY
}
check() {   # $1 = name, $2 = report
    local v; v=$(validate "$2" 2>&1)
    if [ "$(echo "$v" | tail -1)" = ok ]; then echo "PASS $1"
    else echo "FAIL $1: $(echo "$v" | tr '\n' '|' | head -c 600)"; fi
}

"$AUDIT" --format=sarif tests/audit/fixtures >"$T/fixtures.sarif"
check sarif_schema_fixtures "$T/fixtures.sarif"
"$AUDIT" --rules=all --format=sarif tests/audit/fixit/lp64.c >"$T/fixes.sarif"
if grep -q '"fixes"' "$T/fixes.sarif"; then check sarif_schema_fixes "$T/fixes.sarif"
else echo "FAIL sarif_schema_fixes: the report of tests/audit/fixit/lp64.c has no fixes"; fi
mkdir -p "$T/sp ace"; printf 'void *f(void *p) { return (void *)(u64)p; }\n' >"$T/sp ace/x y.c"
(cd "$T" && "$AUDIT" --format=sarif "sp ace" >clean.sarif)
check sarif_schema_encoded_uri "$T/clean.sarif"
"$AUDIT" --format=sarif --tu -Itests/audit/tu/include tests/audit/tu/src/ring.c >"$T/tu.sarif"
if grep -q '"mode": "tu"' "$T/tu.sarif"; then check sarif_schema_tu_mode "$T/tu.sarif"
else echo "FAIL sarif_schema_tu_mode: no finding of TU mode in the report of tests/audit/tu/src/ring.c"; fi
: >"$T/empty.c"
"$AUDIT" --format=sarif "$T/empty.c" >"$T/none.sarif"
check sarif_schema_no_results "$T/none.sarif"

# The validator must reject a report whose region has a line 0 and an unknown property.
sed -e '0,/"startLine": [0-9]*/s//"startLine": 0/' -e '0,/"version": "2.1.0"/s//"version": "2.1.0", "bogus": 1/' \
    "$T/fixtures.sarif" >"$T/bad.sarif"
v=$(validate "$T/bad.sarif" 2>&1)
if [ "$(echo "$v" | tail -1)" != ok ] && echo "$v" | grep -q startLine && echo "$v" | grep -q bogus; then
    echo "PASS sarif_schema_rejects_invalid"
else
    echo "FAIL sarif_schema_rejects_invalid: $(echo "$v" | tr '\n' '|' | head -c 400)"
fi
