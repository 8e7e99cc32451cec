# Turn `zl-objdump -d -M no-aliases -j SECTION` output back into assembly that
# reassembles to the same bytes (tests/objdump/roundtrip_test.sh):
#  - every instruction keeps its mnemonic and operands; compressed ones are assembled
#    under `.option rvc', 32-bit ones under `.option norvc' so nothing is re-compressed;
#  - branch and jump targets become `. + offset';
#  - comments (" # …"), target names (" <…>") and labels are dropped; ".word" & co.
#    and zero runs ("...") become .Nbyte / .zero from the addresses.
# Variables: size = section size in bytes.
function hex(s,    i, c, v) {
    v = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) {
        c = index("0123456789abcdef", substr(s, i, 1))
        if (!c) break
        v = v * 16 + c - 1
    }
    return v
}
BEGIN { FS = "\t"; mode = ""; next_addr = 0; started = 0 }
/^Disassembly of section/ { started = 1; next }
!started { next }
/^ *[0-9a-f]+:\t/ {
    a = $1; gsub(/[ :]/, "", a); addr = hex(a)
    raw = $2; gsub(/ /, "", raw); len = length(raw) / 2
    if (addr > next_addr) printf "\t.zero %d\n", addr - next_addr
    next_addr = addr + len
    mn = $3; ops = $4
    sub(/ #.*$/, "", ops); sub(/ <[^>]*>$/, "", ops)
    if (mn ~ /^\./) {
        if (mode != "") { print "\t.option rvc"; mode = "" }
        printf "\t.%dbyte 0x%s\n", len, raw
        next
    }
    if (mn ~ /^(beq|bne|blt|bge|bltu|bgeu|jal|c\.j|c\.jal|c\.beqz|c\.bnez)$/) {
        n = split(ops, f, ",")
        off = hex(f[n]) - addr
        f[n] = (off < 0) ? ". - " (-off) : ". + " off
        ops = f[1]
        for (i = 2; i <= n; i++) ops = ops "," f[i]
    }
    want = (len == 2) ? "rvc" : "norvc"
    if (want != mode) { print "\t.option " want; mode = want }
    print "\t" mn (ops != "" ? " " ops : "")
}
END { if (size > next_addr) printf "\t.zero %d\n", size - next_addr }
