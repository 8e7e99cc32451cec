#!/usr/bin/env bash
# Every tool answers --help and --version; every --version starts "NAME (ZettaLinux) V"
# with one V for all (src/common/version.h); `make man` writes a page per tool from them
# (man/mkman.sh) that man(1) renders without warnings.
set -u
. tests/lib/need.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
want=$(sed -n 's/^#define ZL_VERSION "\(.*\)"/\1/p' src/common/version.h)
n=0
for t in "$ZL_BIN"/zl-*; do
    name=${t##*/}; n=$((n + 1))
    if "$t" --help > "$tmp/help" 2>&1 && [ -s "$tmp/help" ]; then echo "PASS man_help[$name]"
    else echo "FAIL man_help[$name]: status or empty"; fi
    v=$("$t" --version 2>&1 | head -n 1)
    case $v in
    "$name (ZettaLinux) $want"|"$name (ZettaLinux) $want "*) echo "PASS man_version[$name]" ;;
    *) echo "FAIL man_version[$name]: '$v', want '$name (ZettaLinux) $want …'" ;;
    esac
done
[ $n -ge 14 ] && echo "PASS man_tools_found ($n)" || echo "FAIL man_tools_found: $n tools in $ZL_BIN"
if ! make -s BUILD="$BUILD" man > "$tmp/make.log" 2>&1; then
    echo "FAIL man_pages: make man: $(head -n 2 "$tmp/make.log" | tr '\n' ' ')"; exit 0
fi
need_pkg man man-db > /dev/null 2>&1
for t in "$ZL_BIN"/zl-*; do
    name=${t##*/}; page=$BUILD/man/$name.1
    if [ ! -f "$page" ] || ! head -n 1 "$page" | grep -q "^\.TH $(echo "$name" | tr a-z A-Z) 1 "; then
        echo "FAIL man_page[$name]: missing or no .TH line"; continue
    fi
    if command -v man > /dev/null; then
        MANWIDTH=80 man --warnings -l "$page" > "$tmp/out" 2> "$tmp/err"
        if [ -s "$tmp/err" ] || ! grep -q "$name" "$tmp/out" || ! grep -q -- '--help' "$tmp/out"; then
            echo "FAIL man_page[$name]: $(head -n 2 "$tmp/err" | tr '\n' ' ')"; continue
        fi
    fi
    echo "PASS man_page[$name]"
done
