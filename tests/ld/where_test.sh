#!/usr/bin/env bash
# zl-ld names where an undefined reference is as GNU ld does: "OBJ: in function `main':"
# on its own line, then the source line from the object's line tables (zl-cc -g), or the
# source file (its STT_FILE symbol) with the section offset; at rv128, rv64 and rv32, and
# for an object whose .debug_line is broken (no line, no crash).
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'int foo(void);\nint main(void)\n{\n    return foo();\n}\n' > "$tmp/u.c"
for x in 128 64 32; do
    "$ZL_BIN/zl-cc" -m$x -g -o "$tmp/u" "$tmp/u.c" 2> "$tmp/g.err"; rc=$?
    if [ $rc = 1 ] && grep -q "^zl-ld: error: .*: in function \`main':\$" "$tmp/g.err" &&
       grep -qx "$tmp/u.c:4: undefined reference to \`foo'" "$tmp/g.err"; then
        echo "PASS ld_where_line@$x"
    else echo "FAIL ld_where_line@$x: $(tr '\n' '|' < "$tmp/g.err")"; fi
    "$ZL_BIN/zl-cc" -m$x -o "$tmp/u" "$tmp/u.c" 2> "$tmp/n.err"
    if grep -qE "^$tmp/u.c:\(\.text\+0x[0-9a-f]+\): undefined reference to \`foo'\$" "$tmp/n.err"; then
        echo "PASS ld_where_file@$x"
    else echo "FAIL ld_where_file@$x: $(tr '\n' '|' < "$tmp/n.err")"; fi
done
# a broken line table: the message falls back, zl-ld neither crashes nor hangs
"$ZL_BIN/zl-cc" -m64 -g -c -o "$tmp/u.o" "$tmp/u.c"
python3 - "$tmp/u.o" <<'PY'
import sys
p = sys.argv[1]; b = bytearray(open(p, 'rb').read())
i = b.find(b'u.c\x00')           # the file table: break the header around it
for k in range(max(0, i - 40), i):
    b[k] = 0xff
open(p, 'wb').write(bytes(b))
PY
timeout 20 "$ZL_BIN/zl-ld" -o "$tmp/u" "$tmp/u.o" 2> "$tmp/b.err"; rc=$?
if [ $rc = 1 ] && grep -q "undefined reference to \`foo'" "$tmp/b.err"; then echo "PASS ld_where_broken_dwarf"
else echo "FAIL ld_where_broken_dwarf: status $rc $(head -c 200 "$tmp/b.err")"; fi
