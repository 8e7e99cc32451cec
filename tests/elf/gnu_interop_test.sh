#!/usr/bin/env bash
# ELF interoperability with the GNU RISC-V toolchain (script test, PASS/FAIL/SKIP lines).
#
#  1. Reading: objects, static executables and a shared library made by
#     riscv64-linux-gnu-gcc/as/ld (ELF64 and ELF32) are dumped by the src/elf reader
#     (build/tests/elf/elf_tool_test dump) and compared line by line with the same facts
#     extracted from `riscv64-linux-gnu-readelf -W` (header, program headers, section
#     headers, symbols, relocations, dynamic tags): every number and every name
#     (SHT_/PT_/STT_/STB_/STV_/DT_/R_RISCV_ names) must agree.
#  2. Writing: ELF32/ELF64 files made by the src/elf writer pass `readelf -a -W` without
#     any warning or error, and readelf reads back what the writer meant (same comparison).
#  3. Linking: GNU ld links objects made by the writer; the relocated instructions and
#     data are checked (elf_tool_test check-ld).
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
. tests/lib/need.sh

if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "SKIP gnu_interop: riscv64-linux-gnu-gcc is not installed and cannot be installed"
    exit 0
fi
for t in readelf ld as; do
    if ! command -v riscv64-linux-gnu-$t >/dev/null 2>&1; then
        echo "SKIP gnu_interop: riscv64-linux-gnu-$t missing (binutils-riscv64-linux-gnu)"
        exit 0
    fi
done

TOOL=$BUILD/tests/elf/elf_tool_test
if [ ! -x "$TOOL" ]; then
    make -s "$TOOL" >/dev/null 2>&1
fi
if [ ! -x "$TOOL" ]; then
    echo "FAIL gnu_interop: cannot build $TOOL"
    exit 1
fi

CC=riscv64-linux-gnu-gcc
RE=riscv64-linux-gnu-readelf
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The dump format of elf_tool_test, produced from GNU readelf's output.
gnu_dump() {
    local f=$1
    LC_ALL=C $RE -hW "$f" | awk '
        function h(x) { sub(/^0x/, "", x); sub(/^0+/, "", x); return x == "" ? "0" : tolower(x) }
        /^  Class:/ { cls = $2 }
        /^  Type:/ { type = $2 }
        /^  Machine:/ { m = ($2 == "RISC-V") ? 243 : $2 }
        /^  Flags:/ { fl = $2; sub(/,$/, "", fl) }
        /^  Entry point address:/ { e = $4 }
        /^  Number of program headers:/ { ph = $5 }
        /^  Number of section headers:/ { sh = $5 }
        /^  Section header string table index:/ { ss = $6 }
        END { printf "H %s %s %s %s %s %s %s %s\n", cls, type, m, h(fl), h(e), ph, sh, ss }'
    LC_ALL=C $RE -lW "$f" | awk '
        function h(x) { sub(/^0x/, "", x); sub(/^0+/, "", x); return x == "" ? "0" : tolower(x) }
        /^  [A-Za-z_+0-9]+ +0x[0-9a-f]+ / {
            t = $1; if (t == "RISCV_ATTRIBUT") t = "RISCV_ATTRIBUTES"
            fl = ""; for (i = 7; i < NF; i++) fl = fl $i
            printf "P %s %s %s %s %s %s %s %s\n", t, h($2), h($3), h($4), h($5), h($6), fl, h($NF)
        }'
    LC_ALL=C $RE -SW "$f" | awk '
        function h(x) { sub(/^0x/, "", x); sub(/^0+/, "", x); return x == "" ? "0" : tolower(x) }
        /^ *\[ *[0-9]+\] / {
            s = $0; sub(/^ *\[ */, "", s); idx = s; sub(/\].*/, "", idx); sub(/^[0-9]+\] +/, "", s)
            if (idx == 0) next
            n = split(s, a, " ")
            if (n == 10) { fl = a[7]; lk = a[8]; inf = a[9]; al = a[10] }
            else { fl = "-"; lk = a[7]; inf = a[8]; al = a[9] }
            printf "S %d %s %s %s %s %s %s %s %d %d %x\n", idx, a[1], a[2], h(a[3]), h(a[4]), h(a[5]), h(a[6]), fl, lk, inf, al
        }'
    LC_ALL=C $RE -sW "$f" | awk '
        function h(x) { sub(/^0x/, "", x); sub(/^0+/, "", x); return x == "" ? "0" : tolower(x) }
        function dec(x,   i, v, c) {
            if (x !~ /^0x/) return x
            v = 0; x = tolower(substr(x, 3))
            for (i = 1; i <= length(x); i++) v = v * 16 + index("0123456789abcdef", substr(x, i, 1)) - 1
            return sprintf("%d", v)
        }
        /^Symbol table / { t = $3; gsub(/\047/, "", t); next }
        /^ *[0-9]+: / {
            line = $0
            sub(/^ *[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ /, "", line)
            idx = $1; sub(/:/, "", idx)
            printf "Y %s %s %s %s %s %s %s %s %s\n", t, idx, h($2), dec($3), $4, $5, $6, $7, line
        }'
    LC_ALL=C $RE -rW "$f" | awk '
        function h(x) { sub(/^0x/, "", x); sub(/^0+/, "", x); return x == "" ? "0" : tolower(x) }
        /^Relocation section / { s = $3; gsub(/\047/, "", s); k = 0; next }
        / Offset .* Info / { rela = ($0 ~ /Addend/); next }
        /^[0-9a-f]+ +[0-9a-f]+ +[^ ]/ {
            if (!rela) add = "0"
            else if (NF == 4) add = $4
            else add = ($(NF - 1) == "-" ? "-" : "") $NF
            neg = (add ~ /^-/); sub(/^-/, "", add)
            printf "R %s %d %s %s %s %s%s\n", s, k++, h($1), h($2), $3, neg ? "-" : "", h(add)
        }'
    LC_ALL=C $RE -dW "$f" | awk '
        function h(x) { sub(/^0x/, "", x); sub(/^0+/, "", x); return x == "" ? "0" : tolower(x) }
        /^ 0x[0-9a-f]+ \(/ { n = $2; gsub(/[()]/, "", n); printf "D %s %s\n", h($1), n }'
}

our_dump() {
    "$TOOL" dump "$1" | sed -E 's/^D [^ ]+ /D /'
}

# compare NAME FILE: our reader vs GNU readelf on FILE
compare() {
    local name=$1 f=$2
    if ! "$TOOL" dump "$f" >"$tmp/ours.raw" 2>&1; then
        echo "FAIL $name: src/elf rejects it: $(head -n1 "$tmp/ours.raw")"
        return
    fi
    our_dump "$f" | LC_ALL=C sort >"$tmp/ours"
    gnu_dump "$f" | LC_ALL=C sort >"$tmp/gnu"
    if ! cmp -s "$tmp/ours" "$tmp/gnu"; then
        local d
        d=$(diff "$tmp/gnu" "$tmp/ours" | grep '^[<>]' | head -n 4 | tr '\n' '|')
        echo "FAIL $name: differs from readelf (< readelf, > ours): $d"
        return
    fi
    local n
    n=$(wc -l <"$tmp/ours")
    if [ "$n" -lt 5 ]; then
        echo "FAIL $name: dump suspiciously short ($n lines)"
        return
    fi
    echo "PASS $name"
}

# ---------------------------------------------------------------------------------
# 1. Files made by the GNU toolchain
cat >"$tmp/t.c" <<'EOF'
static int counter;
int table[4] = { 1, 2, 3, 4 };
const char *msg = "hello";
__thread int tls_var = 3;
long long big[100];
extern int ext(int);
int f(int a) { counter += a; return ext(a) + table[a & 3] + tls_var + (int)big[a]; }
void _start(void) { for (;;) f(1); }
int ext(int x) { return x * 2; }
EOF
cat >"$tmp/r.S" <<'EOF'
        .option norelax
        .text
        .globl  start2
start2:
        lui     a0, %hi(var)
        addi    a0, a0, %lo(var)
        sw      a0, %lo(var)(a0)
1:      auipc   a1, %pcrel_hi(var)
        lw      a1, %pcrel_lo(1b)(a1)
2:      auipc   a2, %got_pcrel_hi(ext_sym)
        ld      a2, %pcrel_lo(2b)(a2)
        lui     a3, %tprel_hi(tvar)
        add     a3, a3, tp, %tprel_add(tvar)
        addi    a3, a3, %tprel_lo(tvar)
        beq     a0, a1, start2
        jal     start2
        call    ext_sym
        .option rvc
        c.beqz  a0, start2
        c.j     start2
        .option relax
        .align  3
        .cfi_startproc
5:      call    ext_sym
        addi    sp, sp, -16
        .cfi_def_cfa_offset 16
        call    ext_sym
        .cfi_def_cfa_offset 0
        ret
        .cfi_endproc
6:
        .data
        .byte   6b - 5b
        .half   6b - 5b
        .word   6b - 5b
        .quad   6b - 5b
var:    .word   0
        .byte   3f - 4f
        .half   3f - 4f
        .word   3f - 4f
        .quad   3f - 4f
        .quad   ext_sym + 16
        .word   ext_sym - 8
4:      .byte   0
3:      .byte   0
        .section .tdata,"awT",@progbits
tvar:   .word   1
EOF
gnu_ok=1
$CC -O2 -g -c "$tmp/t.c" -o "$tmp/t64.o" 2>"$tmp/cc.err" || gnu_ok=0
$CC -O2 -g -march=rv32imac -mabi=ilp32 -c "$tmp/t.c" -o "$tmp/t32.o" 2>>"$tmp/cc.err" || gnu_ok=0
$CC -O2 -static -nostdlib "$tmp/t.c" -o "$tmp/t64.exe" 2>>"$tmp/cc.err" || gnu_ok=0
$CC -O2 -static -nostdlib -march=rv32imac -mabi=ilp32 "$tmp/t.c" -o "$tmp/t32.exe" 2>>"$tmp/cc.err" || gnu_ok=0
$CC -O2 -fPIC -shared -nostdlib "$tmp/t.c" -o "$tmp/t64.so" 2>>"$tmp/cc.err" || gnu_ok=0
$CC -c "$tmp/r.S" -o "$tmp/r64.o" 2>>"$tmp/cc.err" || gnu_ok=0
if [ "$gnu_ok" -ne 1 ]; then
    echo "FAIL gnu_build: the GNU toolchain failed: $(head -n 2 "$tmp/cc.err" | tr '\n' ' ')"
else
    compare read_gcc_obj_elf64 "$tmp/t64.o"
    compare read_gcc_obj_elf32 "$tmp/t32.o"
    compare read_gcc_static_exe_elf64 "$tmp/t64.exe"
    compare read_gcc_static_exe_elf32 "$tmp/t32.exe"
    compare read_gcc_shared_lib_elf64 "$tmp/t64.so"
    compare read_gas_relocs_elf64 "$tmp/r64.o"
fi

# ---------------------------------------------------------------------------------
# 2. Files made by the writer, read by GNU readelf
for cls in 32 64; do
    for kind in rel relrel exec ldobj; do
        name=write_${kind}_elf$cls
        f=$tmp/w$cls$kind
        if ! "$TOOL" write $cls $kind "$f" 2>"$tmp/w.err"; then
            echo "FAIL $name: writer failed: $(head -n1 "$tmp/w.err")"
            continue
        fi
        LC_ALL=C $RE -a -W "$f" >"$tmp/re.out" 2>"$tmp/re.err"
        rc=$?
        if [ $rc -ne 0 ] || [ -s "$tmp/re.err" ] || grep -qiE 'warning|error' "$tmp/re.out"; then
            msg=$(cat "$tmp/re.err" "$tmp/re.out" | grep -iE 'warning|error' | head -n 2 | tr '\n' ' ')
            echo "FAIL $name: readelf -a complains (rc $rc): $msg"
            continue
        fi
        echo "PASS ${name}_readelf_clean"
        compare "${name}_readelf_agrees" "$f"
    done
done

# ---------------------------------------------------------------------------------
# 3. GNU ld links writer-made objects; check the relocated result
for cls in 32 64; do
    name=gnu_ld_links_writer_obj_elf$cls
    emu=elf64lriscv
    [ $cls = 32 ] && emu=elf32lriscv
    if ! "$TOOL" write $cls ldobj "$tmp/l$cls.o" 2>"$tmp/w.err"; then
        echo "FAIL $name: writer failed: $(head -n1 "$tmp/w.err")"
        continue
    fi
    if ! riscv64-linux-gnu-ld -m $emu -o "$tmp/l$cls" "$tmp/l$cls.o" 2>"$tmp/ld.err"; then
        echo "FAIL $name: ld failed: $(head -n 2 "$tmp/ld.err" | tr '\n' ' ')"
        continue
    fi
    if [ -s "$tmp/ld.err" ]; then
        echo "FAIL $name: ld warned: $(head -n 2 "$tmp/ld.err" | tr '\n' ' ')"
        continue
    fi
    out=$("$TOOL" check-ld "$tmp/l$cls" 2>&1)
    if [ "$out" = ok ]; then
        echo "PASS $name"
    else
        echo "FAIL $name: $(echo "$out" | tr '\n' ' ')"
    fi
done
exit 0
