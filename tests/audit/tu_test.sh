#!/usr/bin/env bash
# zl-audit TU mode (--tu, --compile-commands): a file whose struct, typedef and function
# result are declared in a header under -I; the findings only the TU mode makes, the
# mode of each finding, the compilation database, and bad input.  Budget: 2 s of CPU.
set -u
D=tests/audit/tu
source tests/audit/lib.sh

# 1. exact output of the fixture, and the markers: want-tu lines are the [tu] findings,
#    want lines the [token] ones; the plain token mode finds exactly the want lines
"$AUDIT" --rules=all --tu -I$D/include $D/src/ring.c >"$T/tu.out" 2>"$T/tu.err"; rc=$?
if diff -u $D/expected.txt "$T/tu.out" >"$T/diff"; then pass tu_exact
else fail tu_exact "$(head -c 600 "$T/diff" | tr '\n' '|')"; fi
check tu_exit_0_with_findings "[ $rc -eq 0 ] && [ ! -s '$T/tu.err' ]" "exit $rc, stderr $(head -c 300 "$T/tu.err")"
marks() { grep -nE "$1 [a-z0-9-]+ \\*/" $D/src/ring.c | sed -E "s/^([0-9]+):.*$1 ([a-z0-9-]+) .*/\1 \2/" | sort; }
found() { grep "\\[$1\\]$" "$2" | sed -E 's/^[^:]*:([0-9]+):[0-9]+: .*\[([a-z0-9-]+)\] \[[a-z]+\]$/\1 \2/' | sort; }
check tu_markers_tu "[ \"\$(marks 'want-tu:')\" = \"\$(found tu '$T/tu.out')\" ]" "$(found tu "$T/tu.out" | tr '\n' ,)"
check tu_markers_token "[ \"\$(marks 'want:')\" = \"\$(found token '$T/tu.out')\" ]" "$(found token "$T/tu.out" | tr '\n' ,)"
"$AUDIT" --rules=all $D/src/ring.c >"$T/tok.out"
check token_mode_misses_them "[ \"\$(marks 'want:')\" = \"\$(sed -E 's/^[^:]*:([0-9]+):[0-9]+: .*\[([a-z0-9-]+)\]$/\1 \2/' '$T/tok.out' | sort)\" ]" "$(cat "$T/tok.out")"
ntu=$(marks 'want-tu:' | wc -l); ntok=$(marks 'want:' | wc -l)
echo "# TU fixture: token mode $ntok/$((ntu + ntok)), TU mode $(grep -c . "$T/tu.out")/$((ntu + ntok))"
check tu_no_duplicates "[ \$(cut -d: -f1-3 '$T/tu.out' | sort | uniq -d | wc -l) -eq 0 ]"
check tu_header_not_reported "! grep -q 'ring.h' '$T/tu.out'"

# 2. a kbuild-style command line (make C=1 CHECK="zl-audit --tu"): unknown flags
#    ignored, -include, -nostdinc, -Wp,..., -o with its argument
printf '#define FROM_INCLUDE 1\n' >"$T/forced.h"
"$AUDIT" --rules=all --tu -Wp,-MMD,$T/x.d -nostdinc -isystem /nonexistent -I$D/include -include "$T/forced.h" \
    -D__KERNEL__ -DKBUILD_MODNAME='"ring"' -Wall -Wundef -fno-strict-aliasing -std=gnu11 -m64 \
    -mcmodel=kernel -O2 -g -c -o "$T/ring.o" $D/src/ring.c >"$T/kb.out" 2>"$T/kb.err"; rc=$?
check tu_kbuild_flags "[ $rc -eq 0 ] && diff -q $D/expected.txt '$T/kb.out' >/dev/null && [ ! -s '$T/kb.err' ]" "exit $rc: $(head -c 300 "$T/kb.err")"

# the configuration decides the declarations: -D selects the u64 branch of a header, -U
# after it takes it back
cfg() { "$AUDIT" --rules=all --tu -I$D/include "$@" $D/src/cfg.c | sed -E 's/^[^:]*:([0-9]+):.*\[([a-z0-9-]+)\] \[([a-z]+)\]$/\1 \2 \3/' | tr '\n' ,; }
check tu_config_D "[ \"\$(cfg -DRING_STATS64)\" = '8 format-u64-ll tu,9 format-u64-ll tu,' ]" "$(cfg -DRING_STATS64)"
check tu_config_none "[ -z \"\$(cfg)\" ] && [ -z \"\$(cfg -DRING_STATS64 -URING_STATS64)\" ]" "$(cfg) / $(cfg -DRING_STATS64 -URING_STATS64)"

# struct-size-literal: the layouts of structs declared in a header (a scalar typedef, an
# anonymous struct's typedef) are known in TU mode only
nodes() { "$AUDIT" "$@" $D/src/nodes.c | sed -E 's/^[^:]*:([0-9]+):.*\[([a-z0-9-]+)\] \[([a-z]+)\]$/\1 \2 \3/' | tr '\n' ,; }
check tu_struct_layout "[ \"\$(nodes --rules=all --tu -I$D/include)\" = '9 struct-size-literal tu,10 struct-size-literal tu,11 struct-size-literal tu,' ]" "$(nodes --rules=all --tu -I$D/include)"
check tu_struct_layout_token_none "[ -z \"\$(nodes --rules=all)\" ] && [ -z \"\$(nodes --tu -I$D/include)\" ]" "$(nodes --rules=all) / $(nodes --tu -I$D/include)"

# 3. formats carry the mode
"$AUDIT" --rules=all --format=json --tu -I$D/include $D/src/ring.c >"$T/j.json"
check tu_json_mode "python3 tests/audit/check_report.py json '$T/j.json' >/dev/null && [ \$(grep -o '\"mode\": \"tu\"' '$T/j.json' | wc -l) -eq $ntu ]"
"$AUDIT" --rules=all --format=sarif --tu -I$D/include $D/src/ring.c >"$T/s.sarif"
check tu_sarif_mode "python3 tests/audit/check_report.py sarif '$T/s.sarif' >/dev/null && [ \$(grep -o '\"properties\": {\"mode\": \"tu\"}' '$T/s.sarif' | wc -l) -eq $ntu ]"

# 4. compile_commands.json: "command" (shell quoting, relative directory paths) and
#    "arguments"; each entry audited with its own include path
mkdir -p "$T/db" && cp -r $D/include $D/src "$T/db/"
sed "s|@DIR@|$T/db|g" $D/compile_commands.json.in >"$T/db/compile_commands.json"
"$AUDIT" --rules=all --compile-commands="$T/db/compile_commands.json" >"$T/cc.out" 2>"$T/cc.err"; rc=$?
check ccdb_entries "[ $rc -eq 1 ] && [ \$(grep -c '\\[tu\\]' '$T/cc.out') -eq $((2 * ntu)) ] && [ ! -s '$T/cc.err' ]" "exit $rc: $(head -c 300 "$T/cc.err")"

# 5. bad input: a diagnostic and exit 2, never a crash; token findings still reported
printf '#include <no/such.h>\nvoid *f(unsigned long long v) { return (void *)(u64)v; }\n' >"$T/miss.c"
"$AUDIT" --rules=all --tu "$T/miss.c" >"$T/m.out" 2>"$T/m.err"; rc=$?
check bad_missing_include "[ $rc -eq 2 ] && grep -q 'miss.c:1:.*no/such.h' '$T/m.err' && grep -q 'ptr-cast-64' '$T/m.out'" "exit $rc: $(head -c 300 "$T/m.err")"
"$AUDIT" --rules=all --tu -I$D/include "$T/nonexistent.c" >"$T/n.out" 2>"$T/n.err"; rc=$?
check bad_unreadable_file "[ $rc -eq 2 ] && grep -q 'nonexistent.c: No such file' '$T/n.err'" "exit $rc: $(head -c 300 "$T/n.err")"
printf '#if 1\nvoid *g(void *p) { return (void *)(u64)p; }\n' >"$T/uif.c"
"$AUDIT" --rules=all --tu "$T/uif.c" >"$T/u.out" 2>"$T/u.err"; rc=$?
check bad_unterminated_if "[ $rc -eq 2 ] && grep -qi 'unterminated' '$T/u.err' && grep -q 'ptr-cast-64' '$T/u.out'" "exit $rc: $(head -c 300 "$T/u.err")"
printf '[{"directory": "/tmp", "file": "a.c", "command": "cc a.c"},\n {"file": \n' >"$T/broken.json"
"$AUDIT" --rules=all --compile-commands="$T/broken.json" >"$T/b.out" 2>"$T/b.err"; rc=$?
check bad_json "[ $rc -eq 2 ] && grep -q 'broken.json: line 3: expected a string' '$T/b.err'" "exit $rc: $(head -c 300 "$T/b.err")"
printf '[{"directory": "/tmp", "command": "cc a.c"}]' >"$T/nofile.json"
"$AUDIT" --rules=all --compile-commands="$T/nofile.json" >/dev/null 2>"$T/nf.err"; rc=$?
check bad_json_entry "[ $rc -eq 2 ] && grep -q 'without \"file\"' '$T/nf.err'" "exit $rc: $(head -c 300 "$T/nf.err")"
"$AUDIT" --rules=all --compile-commands="$T/none.json" >/dev/null 2>"$T/nj.err"; rc=$?
check bad_json_missing "[ $rc -eq 2 ] && grep -q 'none.json: No such file' '$T/nj.err'" "exit $rc"
"$AUDIT" --rules=all --tu -I$D/include >/dev/null 2>"$T/nt.err"; rc=$?
check bad_tu_no_file "[ $rc -eq 2 ] && grep -q 'needs a file' '$T/nt.err'" "exit $rc"
