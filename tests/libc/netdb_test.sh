#!/usr/bin/env bash
# zlibc's name lookup in files (libc/src/net/netdb.c): tests/libc/netdb_files.c built by
# zl-cc at every XLEN and run under zl-run -L with the /etc/hosts and /etc/services written
# here, so the answers are fixed; expected output below.  (The numeric cases are compared
# with glibc by libc_test.sh's t_netdb.)  Budget: ~5 s of CPU.
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! make -s BUILD="$BUILD" libc >"$tmp/make.log" 2>&1; then
    echo "FAIL netdb: libc build: $(grep -m1 -E 'error|Error' "$tmp/make.log")"; exit 1
fi
mkdir -p "$tmp/root/etc"
cat >"$tmp/root/etc/hosts" <<'H'
# a comment line
127.0.0.1 localhost
10.0.0.5	alpha.example.org   alpha   # trailing comment
10.0.0.6 beta
fd00::5 alpha.example.org alpha
not-an-address gamma
H
cat >"$tmp/root/etc/services" <<'S'
http		80/tcp		www		# WorldWideWeb HTTP
domain		53/tcp
domain		53/udp
echo		7/udp
S
cat >"$tmp/want" <<'W'
alpha www: 0
  10.0.0.5 80 type 1 proto 6 canon alpha.example.org
  fd00::5 80 type 1 proto 6 canon -
ALPHA.example.org domain: 0
  10.0.0.5 53 type 1 proto 6 canon -
  10.0.0.5 53 type 2 proto 17 canon -
beta echo: -8
beta echo: 0
  10.0.0.6 7 type 2 proto 17 canon -
alpha NULL: 0
  fd00::5 0 type 2 proto 17 canon -
beta 80: 0
  ::ffff:10.0.0.6 80 type 1 proto 6 canon -
beta 80: -2
alpha 80: 0
  fd00::5 80 type 1 proto 6 canon -
alpha 80: 0
  ::ffff:10.0.0.5 80 type 1 proto 6 canon -
  fd00::5 80 type 1 proto 6 canon -
gamma 80: -2
alpha nosuch: -8
alpha www: -2
gni 10.0.0.5 53 0x10: 0 alpha.example.org domain
gni 10.0.0.5 80 0x4: 0 alpha http
gni 10.9.9.9 9999 0: 0 10.9.9.9 9999
gni 10.9.9.9 9999 0x8: -2  
gni 10.0.0.5 80 0: -12  
W
for x in 128 64 32; do
    if ! "$ZL_BIN/zl-cc" -m$x -O1 -o "$tmp/p$x" tests/libc/netdb_files.c >"$tmp/err" 2>&1; then
        echo "FAIL netdb rv$x: build: $(head -1 "$tmp/err")"; continue
    fi
    "$ZL_BIN/zl-run" -L "$tmp/root" "$tmp/p$x" >"$tmp/out$x" 2>&1
    if cmp -s "$tmp/want" "$tmp/out$x"; then echo "PASS netdb rv$x"
    else echo "FAIL netdb rv$x: $(diff "$tmp/want" "$tmp/out$x" | head -4 | tr '\n' ' ')"; fi
done
