#!/bin/sh
# Generate zlibc's constant headers from the ABI spec (abi/flags.abi), so that the constants
# of these sets and the error numbers are not copied by hand (the kernel values some headers
# still write by hand are listed in docs/libc.md, "Missing"): for every "flags NAME" /
# "enum NAME" set, write OUT/bits/abi_NAME.h with one "#define ENTRY VALUE" per entry
# ("bit V N", "field M V N", "V N").  The values are the asm-generic ones, identical at
# every XLEN.
# Usage: gen-abiconst.sh abi/flags.abi OUTDIR
set -eu
spec=$1
out=$2
mkdir -p "$out/bits"
awk -v out="$out/bits" '
function flush() { if (file != "") { print "#endif" > file; close(file); file = "" } }
/^[ \t]*#/ || /^[ \t]*$/ { next }
$1 == "flags" || $1 == "enum" {
    flush(); kind = $1; set = $2; file = out "/abi_" set ".h"
    g = "ZL_BITS_ABI_" toupper(set) "_H"
    print "/* Generated from abi/flags.abi (" kind " " set ") by libc/gen-abiconst.sh -- do not edit. */" > file
    print "#ifndef " g > file
    print "#define " g > file
    next
}
$1 == "end" { flush(); next }
file != "" && kind == "flags" && $1 == "bit"   { printf "#define %s %s\n", $3, $2 > file; next }
file != "" && kind == "flags" && $1 == "field" { printf "#define %s %s\n", $4, $3 > file; next }
file != "" && kind == "enum"                   { printf "#define %s %s\n", $2, $1 > file; next }
END { flush() }
' "$spec"
