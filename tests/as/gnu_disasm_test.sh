#!/usr/bin/env bash
# zl-as reads what GNU objdump writes: random 32-bit words and every 16-bit word (a fixed
# seed), disassembled by riscv64-linux-gnu-objdump (-M priv-spec=1.12 too, so the newer
# CSR names appear) at rv64 and rv32; the lines GNU as itself assembles are assembled by
# both and must give the same bytes.  Covers CSR names and HINT spellings (c.slli64).
set -u
. tests/lib/need.sh
need_pkg riscv64-linux-gnu-as binutils-riscv64-linux-gnu ||
    { echo "FAIL gnu_disasm: riscv64-linux-gnu binutils cannot be installed"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import random, struct, sys
d = sys.argv[1]
r = random.Random(20261205)
with open(d + "/w32.bin", "wb") as f:
    for _ in range(6000):
        f.write(struct.pack("<I", r.getrandbits(32) | 3))
with open(d + "/w16.bin", "wb") as f:
    for w in range(0x10000):
        if w & 3 != 3:
            f.write(struct.pack("<H", w))
PY
for x in 64 32; do
    for spec in 1.11 1.12; do
        id=gnu_disasm@rv$x/priv-$spec
        a="-march=rv${x}gc -mpriv-spec=$spec"
        : > "$tmp/in.s"
        for w in w32 w16; do
            # instruction lines only: "addr: bytes <tab> mnemonic operands"
            riscv64-linux-gnu-objdump -D -b binary -m riscv:rv$x -M priv-spec=$spec "$tmp/$w.bin" 2>/dev/null |
                awk -F'\t' '/^ *[0-9a-f]+:\t/ && NF >= 3 && $3 !~ /^\.|unimp|\(bad\)/ {
                    l = $3; if (NF > 3) l = l " " $4; sub(/ *#.*/, "", l); print l }' >> "$tmp/in.s"
        done
        # keep what GNU as accepts, one line at a time (a rejected line drops out alone)
        riscv64-linux-gnu-as $a -mno-relax -o "$tmp/g.o" "$tmp/in.s" 2> "$tmp/gerr"
        grep -oE '^[^:]+:[0-9]+: Error' "$tmp/gerr" | sed 's/.*:\([0-9]*\): Error/\1/' | sort -un > "$tmp/bad"
        awk 'NR == FNR { bad[$1] = 1; next } !(FNR in bad)' "$tmp/bad" "$tmp/in.s" > "$tmp/ok.s"
        n=$(wc -l < "$tmp/ok.s")
        riscv64-linux-gnu-as $a -mno-relax -o "$tmp/g.o" "$tmp/ok.s" 2>/dev/null
        if ! "$ZL_BIN/zl-as" $a -mno-relax -o "$tmp/z.o" "$tmp/ok.s" 2> "$tmp/zerr"; then
            echo "FAIL $id: zl-as rejects $(grep -c Error "$tmp/zerr") of $n lines: $(grep -m3 Error "$tmp/zerr" | sed 's/.*Error: //' | tr '\n' ';')"
            continue
        fi
        riscv64-linux-gnu-objcopy -O binary -j .text "$tmp/g.o" "$tmp/g.bin"
        riscv64-linux-gnu-objcopy -O binary -j .text "$tmp/z.o" "$tmp/z.bin"
        if [ "$n" -gt 10000 ] && cmp -s "$tmp/g.bin" "$tmp/z.bin"; then echo "PASS $id ($n lines)"
        else echo "FAIL $id: $n lines, bytes differ: $(cmp "$tmp/g.bin" "$tmp/z.bin" 2>&1 | head -n1)"; fi
    done
done
