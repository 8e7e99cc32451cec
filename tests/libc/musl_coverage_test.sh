#!/usr/bin/env bash
# zlibc against musl (issue 19, docs/libc.md "Coverage against musl"): every function musl
# exports and every public header musl ships is either in zlibc (or zl-cc's freestanding
# headers) or listed, with the reason, in libc/MISSING.
#
# The reference is Debian's musl-dev (x86_64; installed when missing, as tests/lib/need.sh
# does).  The rule, applied mechanically:
#   functions  the T/W/i symbols of the dynamic symbol table of musl's libc.so (what musl
#              exports; its libc.a also holds hidden internal helpers).  A name beginning
#              with '_' counts only if musl's public headers mention it as a word: those are
#              the ones programs reach, directly or through a macro (_exit, _Exit,
#              __errno_location, __assert_fail, __ctype_get_mb_cur_max, __fpclassify, the
#              <stdio_ext.h> functions, ...); the others (__isoc99_*, __xstat, __strtol_internal,
#              __libc_start_main, ...) are glibc binary-compatibility entry points.
#   zlibc      the defined global symbols of $BUILD/lib/zl/rv64/lib/libc.a (host nm).
#   headers    every *.h under /usr/include/x86_64-linux-musl except bits/ (musl's own
#              fragments, never included directly) and scsi/ (kernel SCSI interfaces);
#              zlibc's are libc/include plus zl-cc's src/cc/include.
# libc/MISSING: "@group reason" lines start a group; the words after it are the missing
# names (a word with ".h" is a header).  Checks:
#   libc/musl/functions  every musl function is defined by zlibc or listed
#   libc/musl/headers    every musl header exists or is listed
#   libc/musl/stale      no listed name is present in zlibc (the list stays honest)
#   libc/musl/known      every listed name is one of musl's (no typos)
#   libc/musl/docs       docs/libc.md's block between the musl-coverage markers is the one
#                        this script generates (`bash tests/libc/musl_coverage_test.sh --docs`
#                        rewrites it)
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
. tests/lib/need.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MUSL_SO=/usr/lib/x86_64-linux-musl/libc.so
MUSL_INC=/usr/include/x86_64-linux-musl
LIST=libc/MISSING
DOC=docs/libc.md
ZLIBC_A=$BUILD/lib/zl/rv64/lib/libc.a

if ! need_file "$MUSL_SO" musl-dev || ! need_file "$MUSL_INC/stdio.h" musl-dev; then
    echo "FAIL libc/musl/functions: musl-dev is missing and cannot be installed"; exit 0
fi
if [ ! -f "$ZLIBC_A" ]; then echo "FAIL libc/musl/functions: $ZLIBC_A is not built (make libc)"; exit 0; fi

# musl's public headers and the words they contain (for the '_' rule)
(cd "$MUSL_INC" && find . -name '*.h' | sed 's|^\./||') | grep -v -e '^bits/' -e '^scsi/' |
    sort -u > "$tmp/musl_h"
cat "$MUSL_INC"/*.h "$MUSL_INC"/*/*.h | tr -c 'A-Za-z0-9_' '\n' | grep '^_' | sort -u > "$tmp/words"
nm -D --defined-only "$MUSL_SO" | awk '$2 ~ /^[TWi]$/ { print $3 }' | sed 's/@.*//' | sort -u > "$tmp/all"
{ grep -v '^_' "$tmp/all"; grep '^_' "$tmp/all" | comm -12 - "$tmp/words"; } | sort -u > "$tmp/musl_f"

nm --defined-only -g "$ZLIBC_A" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u > "$tmp/zl_f"
{ (cd libc/include && find . -name '*.h'); (cd src/cc/include && find . -name '*.h'); } |
    sed 's|^\./||' | sort -u > "$tmp/zl_h"

# the list: NAME GROUP lines
awk '/^[ \t]*#/ || /^[ \t]*$/ { next }
     /^@/ { g = substr($1, 2); next }
     { for (i = 1; i <= NF; i++) print $i, (g == "" ? "?" : g) }' "$LIST" > "$tmp/listed_g"
awk '{ print $1 }' "$tmp/listed_g" | sort > "$tmp/listed_all"
sort -u "$tmp/listed_all" > "$tmp/listed"
grep '\.h$' "$tmp/listed" > "$tmp/listed_h"
grep -v '\.h$' "$tmp/listed" > "$tmp/listed_f"

report() {   # ID FILE WHAT: PASS, or FAIL with the names in FILE
    if [ -s "$2" ]; then
        echo "FAIL libc/musl/$1: $(wc -l < "$2") $3: $(head -n 40 "$2" | tr '\n' ' ')"
    else
        echo "PASS libc/musl/$1"
    fi
}
comm -23 "$tmp/musl_f" "$tmp/zl_f" | comm -23 - "$tmp/listed_f" > "$tmp/bad_f"
report functions "$tmp/bad_f" "musl functions neither defined by zlibc nor listed in $LIST"
comm -23 "$tmp/musl_h" "$tmp/zl_h" | comm -23 - "$tmp/listed_h" > "$tmp/bad_h"
report headers "$tmp/bad_h" "musl headers missing and not listed in $LIST"
{ comm -12 "$tmp/listed_f" "$tmp/zl_f"; comm -12 "$tmp/listed_h" "$tmp/zl_h"; } > "$tmp/stale"
uniq -d "$tmp/listed_all" >> "$tmp/stale"
awk '$2 == "?"' "$tmp/listed_g" >> "$tmp/stale"
report stale "$tmp/stale" "names in $LIST that zlibc has (or listed twice, or before any @group)"
{ comm -23 "$tmp/listed_f" "$tmp/musl_f"; comm -23 "$tmp/listed_h" "$tmp/musl_h"; } > "$tmp/unknown"
report known "$tmp/unknown" "names in $LIST that musl does not export or ship"

# numbers and the generated block of docs/libc.md
nf=$(wc -l < "$tmp/musl_f"); pf=$(comm -12 "$tmp/musl_f" "$tmp/zl_f" | wc -l)
nh=$(wc -l < "$tmp/musl_h"); ph=$(comm -12 "$tmp/musl_h" "$tmp/zl_h" | wc -l)
lf=$(comm -12 "$tmp/musl_f" "$tmp/listed_f" | wc -l); lh=$(comm -12 "$tmp/musl_h" "$tmp/listed_h" | wc -l)
echo "# musl functions: $pf defined by zlibc, $lf listed, $nf in all"
echo "# musl headers: $ph present, $lh listed, $nh in all"
{
    echo '<!-- musl-coverage begin: generated by tests/libc/musl_coverage_test.sh --docs -->'
    echo '| musl (Debian musl-dev) | in all | in zlibc | listed in libc/MISSING | coverage |'
    echo '|---|---|---|---|---|'
    echo "| exported functions | $nf | $pf | $lf | $((100 * pf / nf))% |"
    echo "| public headers | $nh | $ph | $lh | $((100 * ph / nh))% |"
    echo
    echo '| group | functions | headers | reason |'
    echo '|---|---|---|---|'
    awk -v L="$tmp/listed_g" 'BEGIN { while ((getline l < L) > 0) { split(l, w, " ")
                                  if (w[1] ~ /\.h$/) h[w[2]]++; else f[w[2]]++ } }
         /^@/ { g = substr($1, 2); r = $0; sub(/^@[^ \t]*[ \t]*/, "", r)
                printf "| %s | %d | %d | %s |\n", g, f[g], h[g], r }' "$LIST"
    echo '<!-- musl-coverage end -->'
} > "$tmp/block"
if [ "${1:-}" = --docs ]; then
    awk -v B="$tmp/block" '/<!-- musl-coverage begin/ { while ((getline l < B) > 0) print l; skip = 1; next }
                           /<!-- musl-coverage end/ { skip = 0; next } !skip' "$DOC" > "$tmp/doc" &&
        cat "$tmp/doc" > "$DOC" && echo "# rewrote the musl-coverage block of $DOC"
fi
sed -n '/<!-- musl-coverage begin/,/<!-- musl-coverage end/p' "$DOC" > "$tmp/docblock"
if cmp -s "$tmp/block" "$tmp/docblock"; then echo "PASS libc/musl/docs"
else echo "FAIL libc/musl/docs: the musl-coverage block of $DOC is not current (run this script with --docs)"; fi
