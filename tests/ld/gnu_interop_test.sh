#!/usr/bin/env bash
# zl-ld with objects made by the GNU RISC-V toolchain (script test, PASS/FAIL/SKIP lines).
#
# Every program is linked twice, by riscv64-linux-gnu-ld (the reference) and by zl-ld, and
# both are run; the transcripts (stdout and exit status) must be identical:
#   guest_rv64 / guest_rv32   tests/lib/guest self-test (rv64gc lp64d, rv32gc ilp32d)
#   prog_rv64 / prog_rv32     tests/ld/src/prog.c + an archive (rv64gc, rv32imac ilp32)
#   *_gc                      the same with --gc-sections (unused code must be gone)
#   pie_rv64 / pie_rv32       static PIE (-pie) with the self-relocating start_pie.S
#   glibc_*                   glibc static programs: crt1.o crti.o crtbeginT.o ... libc.a
#                             (TLS in all models, constructors, __start_/__stop_, COMMON,
#                             GOT, -fPIE objects, --gc-sections)
# Programs run under zl-run when it runs the GNU-linked reference correctly, else under
# qemu-riscv64/qemu-riscv32 (a "# ... ran under" line says which).  Also: GNU readelf -a
# reads every zl-ld output without a warning; -Map, -e, -u, --defsym, thin and index-less
# archives; undefined symbols and class mixing are errors that name the symbol / files.
# Budget: about 15 s on one core.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
BIN=${ZL_BIN:-$ROOT/$BUILD/bin}
. tests/lib/need.sh

if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "SKIP gnu_interop: riscv64-linux-gnu-gcc is not installed and cannot be installed"
    exit 0
fi
if ! need_pkg riscv64-linux-gnu-readelf binutils-riscv64-linux-gnu; then
    echo "SKIP gnu_interop: binutils-riscv64-linux-gnu is not installed"
    exit 0
fi
need_pkg qemu-riscv64 qemu-user >/dev/null 2>&1
LD=$BIN/zl-ld
if [ ! -x "$LD" ]; then
    make -s BUILD="$BUILD" "$BUILD/bin/zl-ld" >/dev/null 2>&1
fi
if [ ! -x "$LD" ]; then
    echo "FAIL gnu_interop: cannot build $LD"
    exit 1
fi

CC=riscv64-linux-gnu-gcc
GLD=riscv64-linux-gnu-ld
RE=riscv64-linux-gnu-readelf
G=tests/lib/guest
S=tests/ld/src
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# run_with RUNNER EXE ARGS... -> $tmp/out.txt holds stdout, then "exit N"
run_with() {
    local r=$1 exe=$2
    shift 2
    ZL_GUEST_TEST=1 timeout $((20 * ${ZL_TIME_SCALE:-1})) $r "$exe" "$@" >"$tmp/out.txt" 2>/dev/null
    echo "exit $?" >>"$tmp/out.txt"
}

qemu_for() { [ "$1" = rv32 ] && echo qemu-riscv32 || echo qemu-riscv64; }

# compare NAME CLASS REF MINE ARGS...: the transcript of REF (run under qemu, or under
# zl-run when qemu is missing) is the expected one; MINE runs under zl-run if zl-run
# reproduces REF's transcript, else under qemu.  Transcripts and runner choices are
# cached per reference program, so programs sharing a reference cost one run each.
declare -A EXPECT RUNNER
NEXP=0
compare() {
    local name=$1 class=$2 ref=$3 mine=$4
    shift 4
    local key="$ref $*" q
    q=$(qemu_for "$class")
    if [ -z "${EXPECT[$key]:-}" ]; then
        NEXP=$((NEXP + 1))
        local exp="$tmp/exp.$NEXP"
        if command -v "$q" >/dev/null 2>&1; then
            run_with "$q" "$ref" "$@"
            RUNNER[$key]=$q
        elif [ -x "$BIN/zl-run" ]; then
            run_with "$BIN/zl-run" "$ref" "$@"
            RUNNER[$key]=$BIN/zl-run
        else
            echo "SKIP $name: neither $q nor zl-run is available"
            return
        fi
        cp "$tmp/out.txt" "$exp"
        EXPECT[$key]=$exp
        if [ -x "$BIN/zl-run" ] && [ "${RUNNER[$key]}" != "$BIN/zl-run" ]; then
            run_with "$BIN/zl-run" "$ref" "$@"
            cmp -s "$tmp/out.txt" "$exp" && RUNNER[$key]=$BIN/zl-run
        fi
    fi
    local runner=${RUNNER[$key]}
    echo "# $name ran under $(basename "$runner")"
    run_with "$runner" "$mine" "$@"
    if cmp -s "$tmp/out.txt" "${EXPECT[$key]}"; then
        pass "$name"
    else
        fail "$name" "output differs from the GNU ld build: $(diff "${EXPECT[$key]}" "$tmp/out.txt" | head -4 | tr '\n' '|')"
    fi
}

# readelf_clean NAME FILE: GNU readelf -a must not complain
readelf_clean() {
    local err
    err=$($RE -a -W "$2" 2>&1 >/dev/null)
    if [ -n "$err" ]; then
        fail "$1" "readelf -a complains: $(echo "$err" | head -2 | tr '\n' '|')"
    else
        pass "$1"
    fi
}

link_ok() {  # NAME CMD... : the link must succeed
    local name=$1
    shift
    if ! "$@" >"$tmp/link.log" 2>&1; then
        fail "$name" "link failed: $(head -3 "$tmp/link.log" | tr '\n' '|')"
        return 1
    fi
    return 0
}

# ------------------------------------------------------------------ guest self-test
for class in rv64 rv32; do
    if [ $class = rv64 ]; then M="-march=rv64gc -mabi=lp64d"; E=elf64lriscv
    else M="-march=rv32gc -mabi=ilp32d"; E=elf32lriscv; fi
    d=$tmp/guest_$class
    mkdir -p "$d"
    ok=1
    for f in $G/start.S $G/guest.c $G/selftest.c; do
        $CC -O2 -ffreestanding -fno-pie $M -I$G -c "$f" -o "$d/$(basename "$f").o" || ok=0
    done
    [ $ok = 1 ] || { fail "guest_$class" "cross compilation failed"; continue; }
    objs="$d/start.S.o $d/guest.c.o $d/selftest.c.o"
    $GLD -m $E -z separate-code $objs -o "$d/ref" || { fail "guest_$class" "GNU ld failed"; continue; }
    link_ok "guest_$class" "$LD" $objs -o "$d/mine" || continue
    compare "guest_$class" $class "$d/ref" "$d/mine" one "" "three four"
    readelf_clean "guest_${class}_readelf_clean" "$d/mine"
done

# ------------------------------------------------------------------ prog.c + archive
for class in rv64 rv32; do
    if [ $class = rv64 ]; then M="-march=rv64gc -mabi=lp64d"; E=elf64lriscv
    else M="-march=rv32imac -mabi=ilp32"; E=elf32lriscv; fi
    d=$tmp/prog_$class
    mkdir -p "$d"
    CF="-O2 -ffreestanding -fno-pie -fcommon -ffunction-sections -fdata-sections $M"
    $CC $CF -I$G -c $G/start.S -o "$d/start.o" &&
        $CC $CF -c $S/prog.c -o "$d/prog.o" &&
        $CC $CF -c $S/lib.c -o "$d/lib.o" &&
        $CC $CF -c $S/other.c -o "$d/other.o" &&
        $CC -O2 -ffreestanding -fPIE $M -c $S/start_pie.S -o "$d/start_pie.o" &&
        $CC -O2 -ffreestanding -fPIE -fcommon $M -c $S/prog.c -o "$d/prog_pie.o" &&
        $CC -O2 -ffreestanding -fPIE $M -c $S/lib.c -o "$d/lib_pie.o" ||
        { fail "prog_$class" "cross compilation failed"; continue; }
    rm -f "$d/lib.a" "$d/libpie.a"
    ar rcs "$d/libt.a" "$d/lib.o" "$d/other.o"
    ar rcs "$d/libpie.a" "$d/lib_pie.o"
    $GLD -m $E -z separate-code "$d/start.o" "$d/prog.o" -L"$d" -lt -o "$d/ref" ||
        { fail "prog_$class" "GNU ld failed"; continue; }
    if link_ok "prog_$class" "$LD" "$d/start.o" "$d/prog.o" -L"$d" -lt -o "$d/mine" \
        -Map "$d/mine.map"; then
        compare "prog_$class" $class "$d/ref" "$d/mine" a b
        readelf_clean "prog_${class}_readelf_clean" "$d/mine"
        if $RE -sW "$d/mine" | grep -q other_member_marker; then
            fail "prog_${class}_archive_members" "an unreferenced archive member was linked"
        else
            pass "prog_${class}_archive_members"
        fi
        if grep -q "libt.a(lib.o)" "$d/mine.map" && grep -q "^Memory map" "$d/mine.map" &&
            grep -q "lib_value" "$d/mine.map"; then
            pass "prog_${class}_map"
        else
            fail "prog_${class}_map" "the -Map file lacks the archive member or the memory map"
        fi
    fi
    if link_ok "prog_${class}_gc" "$LD" --gc-sections "$d/start.o" "$d/prog.o" "$d/libt.a" \
        -o "$d/mine_gc"; then
        compare "prog_${class}_gc" $class "$d/ref" "$d/mine_gc" a b
        if $RE -sW "$d/mine_gc" | grep -q unused_function; then
            fail "prog_${class}_gc_removed" "--gc-sections kept unused_function"
        elif ! $RE -sW "$d/mine" | grep -q unused_function; then
            fail "prog_${class}_gc_removed" "unused_function missing without --gc-sections"
        else
            pass "prog_${class}_gc_removed"
        fi
    fi
    if link_ok "pie_$class" "$LD" -pie "$d/start_pie.o" "$d/prog_pie.o" "$d/libpie.a" \
        -o "$d/mine_pie"; then
        compare "pie_$class" $class "$d/ref" "$d/mine_pie" a b
        readelf_clean "pie_${class}_readelf_clean" "$d/mine_pie"
        if $RE -hdW "$d/mine_pie" | grep -q "DYN (Position-Independent" &&
            $RE -dW "$d/mine_pie" | grep -q "(RELACOUNT)"; then
            pass "pie_${class}_dynamic"
        else
            fail "pie_${class}_dynamic" "not an ET_DYN PIE with DT_RELACOUNT"
        fi
    fi
    # archive variants: thin, and without a symbol index
    ar rcT "$d/libthin.a" "$d/lib.o" "$d/other.o"
    ar rcS "$d/libnoidx.a" "$d/lib.o" "$d/other.o"
    for v in thin noidx; do
        if link_ok "archive_${v}_$class" "$LD" "$d/start.o" "$d/prog.o" -L"$d" -lt \
            -o "$d/mine_t" && link_ok "archive_${v}_$class" "$LD" "$d/start.o" "$d/prog.o" \
            "$d/lib$v.a" -o "$d/mine_$v"; then
            # the same members in another archive form: the same executable
            if cmp -s "$d/mine_t" "$d/mine_$v"; then
                pass "archive_${v}_$class"
            else
                fail "archive_${v}_$class" "output differs from the link with the indexed archive"
            fi
        fi
    done
done

# ------------------------------------------------------------------ debug information
d=$tmp/debug
mkdir -p "$d"
CF="-O2 -g -ffreestanding -fno-pie -fcommon -march=rv64gc -mabi=lp64d"
if $CC $CF -I$G -c $G/start.S -o "$d/start.o" && $CC $CF -c $S/prog.c -o "$d/prog.o" &&
    $CC $CF -c $S/lib.c -o "$d/lib.o" &&
    $GLD "$d/start.o" "$d/prog.o" "$d/lib.o" -o "$d/ref" &&
    link_ok debug_info "$LD" "$d/start.o" "$d/prog.o" "$d/lib.o" -o "$d/mine"; then
    bad=""
    for fn in main sw lib_value out_num; do
        for v in ref mine; do
            a=$($RE -sW "$d/$v" | awk -v n=$fn '$8==n{print $2}')
            eval "loc_$v=\$(riscv64-linux-gnu-addr2line -f -e \"\$d/\$v\" 0x\$a | tr '\n' ' ')"
        done
        # shellcheck disable=SC2154
        [ "$loc_ref" = "$loc_mine" ] || bad="$bad $fn($loc_mine vs $loc_ref)"
    done
    err=$($RE -wi -wl -wr -wo -wf "$d/mine" 2>&1 >/dev/null)
    if [ -z "$bad" ] && [ -z "$err" ]; then
        pass debug_info
    else
        fail debug_info "addr2line:$bad readelf: $(echo "$err" | head -2 | tr '\n' '|')"
    fi
else
    fail debug_info "cross compilation or GNU ld failed"
fi

# ------------------------------------------------------------------ options and errors
d=$tmp/prog_rv64
if [ -f "$d/prog.o" ]; then
    # undefined symbol: named, exit status 1, no output file
    "$LD" "$d/start.o" "$d/prog.o" -o "$d/undef" >"$tmp/err.txt" 2>&1
    rc=$?
    if [ $rc -ne 0 ] && grep -q "undefined reference to \`lib_value'" "$tmp/err.txt" &&
        grep -q "in function \`main'" "$tmp/err.txt" && [ ! -e "$d/undef" ]; then
        pass undefined_reported
    else
        fail undefined_reported "rc=$rc: $(head -2 "$tmp/err.txt" | tr '\n' '|')"
    fi
    # class mixing: both files named
    "$LD" "$d/start.o" "$tmp/prog_rv32/prog.o" -o "$d/mix" >"$tmp/err.txt" 2>&1
    if grep -q "prog_rv32/prog.o: ELFCLASS32 object cannot be linked with ELFCLASS64 object .*start.o" "$tmp/err.txt"; then
        pass class_mixing_reported
    else
        fail class_mixing_reported "$(head -2 "$tmp/err.txt" | tr '\n' '|')"
    fi
    # -e, -u, --defsym
    if link_ok options_e_u_defsym "$LD" -e main -u other_member_marker \
        --defsym=alias_of_main=main --defsym=abs_sym=0x1234 \
        "$d/start.o" "$d/prog.o" "$d/libt.a" -o "$d/opts"; then
        main=$($RE -sW "$d/opts" | awk '$8=="main"{print $2}')
        alias=$($RE -sW "$d/opts" | awk '$8=="alias_of_main"{print $2}')
        abs=$($RE -sW "$d/opts" | awk '$8=="abs_sym"{print $2" "$7}')
        entry=$($RE -hW "$d/opts" | awk '/Entry point/{print $4}')
        if [ -n "$main" ] && [ "$alias" = "$main" ] && [ "$abs" = "0000000000001234 ABS" ] &&
            [ "$entry" = "0x$(echo "$main" | sed 's/^0*//')" ] &&
            $RE -sW "$d/opts" | grep -q other_member_marker; then
            pass options_e_u_defsym
        else
            fail options_e_u_defsym "main=$main alias=$alias abs=$abs entry=$entry"
        fi
    fi
    # not an object
    echo "INPUT(foo.o)" >"$tmp/script.ld"
    if ! "$LD" "$tmp/script.ld" -o "$tmp/x" >"$tmp/err.txt" 2>&1 &&
        grep -q "file format not recognized" "$tmp/err.txt"; then
        pass bad_input_reported
    else
        fail bad_input_reported "$(head -2 "$tmp/err.txt" | tr '\n' '|')"
    fi
fi

# ------------------------------------------------------------------ glibc (rv64)
SL=/usr/riscv64-linux-gnu/lib
GL=$(dirname "$($CC -print-libgcc-file-name)")
if [ ! -f "$SL/libc.a" ] || [ ! -f "$SL/crt1.o" ] || [ ! -f "$GL/crtbeginT.o" ]; then
    echo "SKIP glibc: no static glibc for riscv64 (libc6-dev-riscv64-cross)"
else
    d=$tmp/glibc
    mkdir -p "$d"
    cat >"$d/hello.c" <<'EOF'
#include <stdio.h>
int main(int argc, char **argv) { printf("hello %d %s\n", argc, argv[argc - 1]); return 7; }
EOF
    cat >"$d/feat.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
__thread int tls_le = 5;
__thread int tls_ie __attribute__((tls_model("initial-exec"))) = 6;
__thread int tls_gd __attribute__((tls_model("global-dynamic"))) = 7;
__thread char tls_bss[64];
int common_var;
extern int weak_missing __attribute__((weak));
static int order[8], norder;
__attribute__((constructor(200))) static void c200(void) { order[norder++] = 200; }
__attribute__((constructor(101))) static void c101(void) { order[norder++] = 101; }
__attribute__((constructor)) static void cdef(void) { order[norder++] = 999; }
static void pre(void) { order[norder++] = 1; }
__attribute__((section(".preinit_array"), used)) static void (*preinit)(void) = pre;
__attribute__((section("myset"), used)) static int set_a = 11;
__attribute__((section("myset"), used)) static int set_b = 22;
extern int __start_myset[], __stop_myset[];
const char *const table[] = { "zero", "one", "two", "three" };
int main(int argc, char **argv)
{
    (void)argv;
    printf("tls %d %d %d %d\n", tls_le, tls_ie, tls_gd, tls_bss[3]);
    tls_le++; tls_ie++; tls_gd++;
    printf("tls %d %d %d\n", tls_le, tls_ie, tls_gd);
    printf("common %d weak %d\n", common_var, &weak_missing == NULL);
    printf("order");
    for (int i = 0; i < norder; i++) printf(" %d", order[i]);
    printf("\nset %d %d\n", (int)(__stop_myset - __start_myset), __start_myset[0] + __start_myset[1]);
    printf("table %s\n", table[argc & 3]);
    char *p = malloc(100);
    snprintf(p, 100, "%.3f %s", 3.14159, table[1]);
    printf("fmt %s %zu\n", p, strlen(p));
    free(p);
    return 0;
}
EOF
    cat >"$d/unwind.c" <<'EOF'
#include <stdio.h>
#include <unwind.h>
static int frames;
static _Unwind_Reason_Code cb(struct _Unwind_Context *c, void *a) { (void)c; (void)a; frames++; return _URC_NO_REASON; }
__attribute__((noinline)) int deep(int n) { if (n) return deep(n - 1) + 1; return _Unwind_Backtrace(cb, 0); }
int main(void) { int r = deep(4); printf("unwind %d frames %d\n", r, frames); return 0; }
EOF
    glibc_link() {  # LINKER OUT OBJ EXTRA...
        local linker=$1 out=$2 obj=$3
        shift 3
        "$linker" -static "$@" -o "$out" "$SL/crt1.o" "$GL/crti.o" "$GL/crtbeginT.o" \
            -L"$GL" -L"$SL" "$obj" --start-group -lgcc -lgcc_eh -lc --end-group \
            "$GL/crtend.o" "$GL/crtn.o"
    }
    if $CC -O2 -c "$d/hello.c" -o "$d/hello.o" && $CC -O2 -fno-pie -fcommon -c "$d/feat.c" -o "$d/feat.o" &&
        $CC -O2 -fPIE -fcommon -c "$d/feat.c" -o "$d/feat_pie.o" &&
        $CC -O1 -fasynchronous-unwind-tables -c "$d/unwind.c" -o "$d/unwind.o"; then
        # the unwinder finds FDEs through PT_GNU_EH_FRAME (--eh-frame-hdr)
        if glibc_link $GLD "$d/unwind.ref" "$d/unwind.o" --eh-frame-hdr >/dev/null 2>&1 &&
            link_ok glibc_eh_frame_hdr glibc_link "$LD" "$d/unwind.mine" "$d/unwind.o" \
                --eh-frame-hdr --gc-sections; then
            compare glibc_eh_frame_hdr rv64 "$d/unwind.ref" "$d/unwind.mine"
            if $RE -lW "$d/unwind.mine" | grep -q GNU_EH_FRAME &&
                [ -z "$($RE -wf "$d/unwind.mine" 2>&1 >/dev/null)" ]; then
                pass glibc_eh_frame_hdr_segment
            else
                fail glibc_eh_frame_hdr_segment "no PT_GNU_EH_FRAME, or readelf -wf complains"
            fi
        fi
        # gcc drives zl-ld like GNU ld (collect2 finds "ld" in the -B directory): all of
        # gcc's linker flags (-plugin, --build-id, -hash-style, --as-needed, ...) accepted
        mkdir -p "$d/bin"
        ln -sf "$LD" "$d/bin/ld"
        if $CC -B"$d/bin/" -static -O2 "$d/hello.c" -o "$d/hello.gcc" 2>"$tmp/err.txt" &&
            $RE -lW "$d/hello.gcc" | grep -q "LOAD.* R E" &&
            [ "$($RE -lW "$d/hello.gcc" | grep -c LOAD)" = 3 ]; then
            glibc_link $GLD "$d/hello.ref" "$d/hello.o" >/dev/null 2>&1 &&
                compare gcc_drives_zl_ld rv64 "$d/hello.ref" "$d/hello.gcc" x y
            if $RE -nW "$d/hello.gcc" | grep -q "Build ID: [0-9a-f]\{40\}"; then
                pass gcc_build_id
            else
                fail gcc_build_id "no 20-byte build ID note"
            fi
        else
            fail gcc_drives_zl_ld "gcc -B with zl-ld as ld failed: $(head -2 "$tmp/err.txt" | tr '\n' '|')"
        fi
        for prog in hello feat feat_pie; do
            glibc_link $GLD "$d/$prog.ref" "$d/$prog.o" >/dev/null 2>&1 ||
                { fail "glibc_$prog" "GNU ld failed"; continue; }
            for gc in "" --gc-sections; do
                n=glibc_$prog${gc:+_gc}
                if link_ok "$n" glibc_link "$LD" "$d/$prog$gc.mine" "$d/$prog.o" $gc; then
                    compare "$n" rv64 "$d/$prog.ref" "$d/$prog$gc.mine" x y
                fi
            done
            readelf_clean "glibc_${prog}_readelf_clean" "$d/$prog.mine"
        done
    else
        fail glibc "cross compilation failed"
    fi
fi
