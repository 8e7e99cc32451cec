#!/usr/bin/env bash
# zl-port: build a C package with its own build system at -m64 and -m128 with zl-cc,
# run its test suite under zl-run and write a report (docs/ports.md).
# Installed by the Makefile as $(BUILD)/bin/zl-port; zl-cc, zl-ar, zl-ranlib and zl-run
# are taken from the directory this script is installed in.
set -u
set -o pipefail

me=zl-port
version=@ZL_VERSION@    # from src/common/version.h when the Makefile installs the script
die() { echo "$me: $*" >&2; exit 2; }

usage() {
    cat <<'EOF'
Usage: zl-port [options] PACKAGE
       zl-port --classify LOG64|- LOG128 STATUS64 STATUS128
PACKAGE is a source directory, a source tarball (.tar, .tar.gz, .tgz, .tar.bz2, .tar.xz),
or a Debian source package name (fetched with `apt-get source --download-only`).
  -m64 | -m128         build and test at this width only (default: both, -m64 first)
  -o DIR               output directory (default ./zl-port-out/NAME); it appears only
                       when the run is complete; an older one is replaced
  --name NAME          package name (default: from the tarball or directory name)
  --recipes DIR        recipe directory (default: the project's ports/)
  --no-recipe          ignore ports/NAME
  --timeout SECONDS    bound on each test suite (default 600) and 4x on each build
  -j N                 parallel make jobs (default 2)
  --keep               keep the build trees (the scratch directory is printed)
  --help, --version
The report is DIR/report.md; logs are DIR/m64 and DIR/m128 (build.log, test.log),
zl-audit's findings on the unpatched sources DIR/audit.txt.
Exit status: 0 every requested width built and passed its tests, 1 some did not,
2 bad usage or input.
EOF
}

self=$(readlink -f "$0")
bindir=$(dirname "$self")

# ---------------------------------------------------------------------------------------
# Classifier: a first classification of one failure from the logs of both widths.
#   classify LOG64 LOG128 STATUS64 STATUS128
# STATUSn: ok | fail | timeout | skip (not run); STATUS64 = base classifies a failure of the
# -m64 build itself (LOG128 is then its log: no width to compare with).  Prints one line:
#   toolchain: REASON [at FILE:LINE]
#   64-bit assumption: REASON [at FILE:LINE]
#   unclassified: REASON [at FILE:LINE]     (STATUS64 skip: nothing to compare with)
#   none
# Rules (first match wins), on the -m128 log:
#   - a message of the toolchain itself (zl-cc/zl-as/zl-ld internal or unsupported errors,
#     zl-run's unimplemented system calls or illegal instructions) -> toolchain;
#   - the same step failed at -m64 too -> toolchain (not a width difference);
#   - a compile-time width check (#error / static assertion / negative array size) or a
#     runtime failure at -m128 only -> 64-bit assumption, located at the first FILE:LINE
#     the log names (a compiler diagnostic, an assert(), a test's failure line).
classify_loc() {  # first source location named in a log
    grep -aoE '[A-Za-z0-9_./+-]+\.(c|h|cc|cpp|lua|test):[0-9]+' "$1" 2>/dev/null | head -1
}
classify_crash() {  # zl-run's line about a guest that died, if any
    # (anywhere in a line: a test's own output may precede it without a newline)
    grep -a -m1 -oE 'zl-run: .*(segmentation fault|bus error|misaligned|killed|aborted|signal|illegal).*' "$1" 2>/dev/null
}
classify() {
    local log64=$1 log128=$2 st64=$3 st128=$4 loc msg
    if [ "$st128" = ok ] || [ "$st128" = skip ]; then echo none; return; fi
    [ -f "$log128" ] || log128=/dev/null
    msg=$(grep -a -m1 -E 'zl-(cc|as|ld): (internal|fatal error: internal|error: unrecognized)|not (yet )?(implemented|supported)|unsupported|undefined (reference|symbol)|zl-run: .*(unimplemented|not implemented|unknown system call|illegal instruction)' "$log128")
    loc=$(printf '%s\n' "$msg" | classify_loc -)
    if [ -n "$msg" ]; then
        echo "toolchain: $(echo "${msg:0:160}" | sed 's/^ *//')${loc:+ at $loc}"; return
    fi
    loc=$(classify_loc "$log128")
    if [ "$st64" = base ]; then
        echo "toolchain: fails at -m64 (no width difference; or the package's own bug)${loc:+ at $loc}"; return
    fi
    if [ "$st64" = skip ]; then
        echo "unclassified: no -m64 result to compare with${loc:+ at $loc}"; return
    fi
    if [ "$st128" = timeout ]; then
        if [ "$st64" = timeout ]; then echo "toolchain: times out at -m64 too"
        else echo "64-bit assumption: times out at -m128 only${loc:+ at $loc}"; fi
        return
    fi
    if [ "$st64" = fail ] || [ "$st64" = timeout ]; then
        echo "toolchain: fails at -m64 too${loc:+ at $loc}"; return
    fi
    msg=$(classify_crash "$log128")
    [ -n "$msg" ] || msg=$(grep -a -m1 -E '#error|static assert|_Static_assert|negative (size|array)|error:|[Aa]ssert|FAIL' "$log128")
    [ -n "$msg" ] || msg="fails at -m128 only"
    loc=$(printf '%s\n' "$msg" | classify_loc -)
    [ -n "$loc" ] || loc=$(classify_loc "$log128")
    echo "64-bit assumption: $(echo "${msg:0:160}" | sed 's/^ *//')${loc:+ at $loc}"
}

# Names of the failed tests in a test log (CTest's list, Automake's FAIL/ERROR lines), one a
# line; none when the suite's format is not known.
failed_tests() {
    LC_ALL=C sed -n '/^The following tests FAILED:/,/^[^[:space:]]/p' "$1" 2>/dev/null |
        sed -nE 's/^[[:space:]]+[0-9]+ - (.*) \([^)]*\)$/\1/p'
    grep -aE '^(FAIL|ERROR): ' "$1" 2>/dev/null | sed -E 's/^[A-Z]+: ([^ ]+).*/\1/'
    return 0
}
# The output of one test in a CTest log (--output-on-failure), else the whole log.
test_output() {  # $1 = log, $2 = test name
    if grep -qE "Test +#[0-9]+: $2 " "$1"; then
        awk -v n="$2" '
            $0 ~ "Test +#[0-9]+: " n " " { on = 1; print; next }
            on && /^ *Start +[0-9]+:|^ *[0-9]+\/[0-9]+ Test|^The following tests|^[0-9]+% tests passed/ { on = 0 }
            on { print }' "$1"
    else
        cat "$1"
    fi
}

if [ "${1:-}" = --classify ]; then
    [ $# -eq 5 ] || { usage >&2; exit 2; }
    classify "$2" "$3" "$4" "$5"; exit 0
fi

# ---------------------------------------------------------------------------------------
widths=(64 128); out=; name=; recipes=; use_recipe=1; limit=600; jobs=2; pkg=; keep=0
while [ $# -gt 0 ]; do
    case $1 in
        -m64|-m128) widths=("${1#-m}") ;;
        -o) [ $# -ge 2 ] || die "-o needs a directory"; out=$2; shift ;;
        --name) [ $# -ge 2 ] || die "--name needs a value"; name=$2; shift ;;
        --recipes) [ $# -ge 2 ] || die "--recipes needs a directory"; recipes=$2; shift ;;
        --no-recipe) use_recipe=0 ;;
        --keep) keep=1 ;;
        --timeout) [ $# -ge 2 ] || die "--timeout needs seconds"; limit=$2; shift ;;
        -j) [ $# -ge 2 ] || die "-j needs a number"; jobs=$2; shift ;;
        -j*) jobs=${1#-j} ;;
        --help|-h) usage; exit 0 ;;
        --version) echo "zl-port (ZettaLinux) $version — builds and tests a C package at LP64 and LP128"; exit 0 ;;
        -*) die "unknown option '$1' (zl-port --help)" ;;
        *) [ -z "$pkg" ] || die "one package at a time ('$pkg' and '$1')"; pkg=$1 ;;
    esac
    shift
done
[ -n "$pkg" ] || { usage >&2; exit 2; }
case $limit in ''|*[!0-9]*) die "--timeout: '$limit' is not a number of seconds" ;; esac
case $jobs in ''|*[!0-9]*) die "-j: '$jobs' is not a number" ;; esac
for t in zl-cc zl-ar zl-ranlib zl-run; do
    [ -x "$bindir/$t" ] || die "$bindir/$t not found (build the toolchain first)"
done
if [ -z "$recipes" ]; then
    for d in "$bindir/../../ports" "$bindir/../share/zl/ports"; do
        [ -d "$d" ] && { recipes=$(readlink -f "$d"); break; }
    done
fi

# ---------------------------------------------------------------------------------------
# Everything is made in a scratch directory and renamed to the output at the end, so an
# interrupted or failed run leaves no half-written output.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/zl-port.XXXXXX") || die "cannot make a scratch directory"
cleanup() {
    if [ "$keep" = 1 ]; then echo "$me: build trees kept in $scratch" >&2; else rm -rf "$scratch"; fi
}
trap cleanup EXIT
trap 'echo "$me: interrupted" >&2; exit 130' INT TERM HUP

is_tarball() { tar -tf "$1" >/dev/null 2>&1; }

# The package: directory, tarball, or Debian source package -> $scratch/src.tar (a copy
# that each width unpacks afresh).
src_desc=
if [ -d "$pkg" ]; then
    [ -n "$name" ] || name=$(basename "$(readlink -f "$pkg")")
    tar -C "$pkg" -cf "$scratch/src.tar" . || die "$pkg: cannot read the directory"
    src_desc="directory $(readlink -f "$pkg")"
elif [ -f "$pkg" ]; then
    is_tarball "$pkg" || die "$pkg: not a tar archive (or a compressed one tar cannot read)"
    [ -n "$name" ] || name=$(basename "$pkg" | sed -E 's/(\.orig)?\.(tar(\.[a-z0-9]+)?|tgz)$//; s/_[0-9][^_]*$//')
    mkdir "$scratch/u" && tar -C "$scratch/u" -xf "$pkg" || die "$pkg: cannot unpack"
    # a tarball of one top directory is that directory
    set -- "$scratch"/u/* "$scratch"/u/.[!.]*
    top="$scratch/u"
    [ $# -ge 1 ] && [ -d "$1" ] && { [ $# -eq 1 ] || [ ! -e "$2" ]; } && top=$1
    tar -C "$top" -cf "$scratch/src.tar" . && rm -rf "$scratch/u"
    src_desc="tarball $(readlink -f "$pkg")"
elif [[ $pkg =~ ^[a-z0-9][a-z0-9.+-]+$ ]]; then
    command -v apt-get >/dev/null || die "$pkg: no such file, and no apt-get for a Debian source package"
    mkdir "$scratch/deb"
    if ! (cd "$scratch/deb" && apt-get source --download-only "$pkg") >"$scratch/apt.log" 2>&1; then
        die "$pkg: no such file or directory, and 'apt-get source' failed ($(tail -1 "$scratch/apt.log"); is there a deb-src line?)"
    fi
    orig=$(ls "$scratch"/deb/*.orig.tar.* 2>/dev/null | grep -v '\.asc$' | head -1)
    [ -n "$orig" ] || orig=$(ls "$scratch"/deb/*.tar.* | head -1)
    [ -n "$name" ] || name=$pkg
    mkdir "$scratch/u" && tar -C "$scratch/u" -xf "$orig" || die "$orig: cannot unpack"
    top=$(find "$scratch/u" -mindepth 1 -maxdepth 1 -type d | head -1)
    tar -C "${top:-$scratch/u}" -cf "$scratch/src.tar" . && rm -rf "$scratch/u"
    src_desc="Debian source package $pkg ($(basename "$orig"))"
else
    die "$pkg: no such file or directory"
fi
[ -n "$out" ] || out=zl-port-out/$name
case $name in ''|*/*) die "bad package name '$name' (use --name)" ;; esac

# The recipe: ports/NAME/recipe (a shell fragment setting the PORT_* variables below) and
# ports/NAME/*.patch (applied with patch -p1, in name order).
PORT_SYSTEM=        # make | configure | cmake (default: guessed from the files)
PORT_CFLAGS=        # added to CFLAGS
PORT_MAKE_ARGS=     # arguments of the build's make
PORT_CONFIGURE=     # configure command (default ./configure [--host=... when autoconf])
PORT_CMAKE_ARGS=    # cmake -D... arguments
PORT_TEST=          # test command, run in the build tree (default by build system)
PORT_EXTRA=         # more tarballs unpacked into the tree (relative to the recipe dir or absolute)
PORT_PASS_RE=; PORT_FAIL_RE=   # grep -E patterns counting passed/failed tests in test.log
recipe_desc=none; patches=()
rdir=
if [ "$use_recipe" = 1 ] && [ -n "$recipes" ] && [ -d "$recipes/$name" ]; then
    rdir=$recipes/$name
    if [ -f "$rdir/recipe" ]; then
        # shellcheck disable=SC1091
        . "$rdir/recipe" || die "$rdir/recipe: error in the recipe"
    fi
    for p in "$rdir"/*.patch; do [ -f "$p" ] && patches+=("$p"); done
    recipe_desc="$(basename "$recipes")/$name (${#patches[@]} patch(es)${patches:+: $(for p in "${patches[@]}"; do printf '%s ' "$(basename "$p")"; done | sed 's/ $//')})"
fi

# Executing target programs: binfmt_misc when zl-run's entries are registered (zl-run
# --binfmt --install; zl-port never changes that system-wide setting itself), otherwise
# the fallback: the compiler wrapper replaces each linked executable by a script that
# runs it under zl-run.
binfmt=wrapper
if [ -r /proc/sys/fs/binfmt_misc/zl-riscv128 ] && grep -q '^enabled' /proc/sys/fs/binfmt_misc/zl-riscv128 &&
   grep -q "^interpreter $bindir/zl-run" /proc/sys/fs/binfmt_misc/zl-riscv128; then
    binfmt=binfmt_misc
fi

# tools/ of one width: cc (zl-cc -mX, plus the fallback), ar, ranlib, config.site and a
# CMake toolchain file.
make_tools() {  # $1 = width, $2 = directory
    local x=$1 d=$2
    mkdir -p "$d"
    cat >"$d/cc" <<EOF
#!/bin/sh
# zl-port: zl-cc -m$x; a linked executable becomes a script running it under zl-run
# -rdynamic (CMake adds it to every Linux link) asks for a dynamic symbol table, which a
# static executable does not have: dropped (zl-cc refuses it)
for a in "\$@"; do
    shift; [ "\$a" = -rdynamic ] || set -- "\$@" "\$a"
done
"$bindir/zl-cc" -m$x "\$@" || exit
[ "$binfmt" = wrapper ] || exit 0
o=a.out; link=1; prev=
for a in "\$@"; do
    case \$prev in -o) o=\$a ;; esac
    case \$a in -c|-S|-E|-M|-MM|-r|-shared) link=0 ;; -o?*) o=\${a#-o} ;; esac
    prev=\$a
done
[ \$link = 1 ] && [ -f "\$o" ] || exit 0
# ELF, RISC-V (e_machine 243), ET_EXEC or ET_DYN
case \$(od -An -tx1 -N20 "\$o" | tr -d ' \n') in
    7f454c46????????????????????????0?00f300) ;;
    *) exit 0 ;;
esac
mv -f "\$o" "\$o.zlx" || exit
printf '#!/bin/sh\nexec "%s" -0 "\$0" "\$(dirname "\$0")/%s" "\$@"\n' "$bindir/zl-run" "\${o##*/}.zlx" >"\$o" &&
chmod +x "\$o"
EOF
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$bindir/zl-ar" >"$d/ar"
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$bindir/zl-ranlib" >"$d/ranlib"
    chmod +x "$d/cc" "$d/ar" "$d/ranlib"
    # answers for configure checks that would have to run a target program
    cat >"$d/config.site" <<'EOF'
ac_cv_func_malloc_0_nonnull=yes
ac_cv_func_realloc_0_nonnull=yes
ac_cv_func_mmap_fixed_mapped=yes
ac_cv_c_bigendian=no
EOF
    cat >"$d/toolchain.cmake" <<EOF
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv$x)
set(CMAKE_C_COMPILER "$d/cc")
set(CMAKE_AR "$d/ar")
set(CMAKE_RANLIB "$d/ranlib")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(BUILD_SHARED_LIBS OFF CACHE BOOL "zl-cc links statically")
# CMake's checks read their answers (check_type_size's INFO:size strings) from the file
# they build: a library, never an executable the fallback would replace by a script
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
EOF
}

# run a step bounded in time: $1 = seconds, $2 = log, rest = command (in the current dir);
# sets step_status (ok | fail | timeout) and step_secs
run_step() {
    local secs=$1 log=$2 t0=$SECONDS rc; shift 2
    timeout -k 10 "$secs" bash -c "$*" >>"$log" 2>&1 </dev/null; rc=$?
    step_secs=$((SECONDS - t0))
    case $rc in 0) step_status=ok ;; 124|137) step_status=timeout; echo "$me: timed out after $secs s" >>"$log" ;; *) step_status=fail ;; esac
}

# counts of passed and failed tests in a test log: the recipe's patterns, CTest's summary,
# Automake's, or the suite as one test
count_tests() {  # $1 = log, $2 = status -> "passed failed"
    local log=$1.count st=$2 p f
    grep -av "^$me: " "$1" >"$log"   # not the command line zl-port wrote (logs may hold binary bytes)
    if [ -n "$PORT_PASS_RE" ]; then
        p=$(grep -acE "$PORT_PASS_RE" "$log"); f=0
        [ -z "$PORT_FAIL_RE" ] || f=$(grep -acE "$PORT_FAIL_RE" "$log")
    elif grep -aqE '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log"; then
        set -- $(grep -aoE '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -1 | sed -E 's/.*, ([0-9]+) tests? failed out of ([0-9]+)/\1 \2/')
        f=$1; p=$(($2 - $1))
    elif grep -aqE '^# PASS: +[0-9]+' "$log"; then
        p=$(grep -aE '^# PASS: +[0-9]+' "$log" | awk '{s += $3} END {print s}')
        f=$(grep -aE '^# (FAIL|ERROR|XPASS): +[0-9]+' "$log" | awk '{s += $3} END {print s + 0}')
    elif [ "$st" = ok ]; then p=1; f=0
    else p=0; f=1
    fi
    [ "$st" = ok ] || [ "$f" -gt 0 ] || f=1
    rm -f "$log"
    echo "$p $f"
}

guess_system() {
    if [ -n "$PORT_SYSTEM" ]; then echo "$PORT_SYSTEM"
    elif [ -x configure ]; then echo configure
    elif [ -f CMakeLists.txt ]; then echo cmake
    elif [ -f Makefile ] || [ -f makefile ] || [ -f GNUmakefile ]; then echo make
    else echo none
    fi
}

# one width: unpack, patch, build, test
declare -A bst bsecs tst tsecs tpass tfail system
port_width() {
    local x=$1 w="$scratch/m$1" t="$scratch/m$1/tools" cflags
    mkdir -p "$w/src"; make_tools "$x" "$t"
    local blog="$w/build.log" tlog="$w/test.log"
    : >"$blog"; : >"$tlog"
    bst[$x]=fail; bsecs[$x]=0; tst[$x]=skip; tsecs[$x]=0; tpass[$x]=0; tfail[$x]=0
    cd "$w/src" || return
    tar -xf "$scratch/src.tar"
    local e p
    for e in $PORT_EXTRA; do
        case $e in /*) ;; *) e=$rdir/$e ;; esac
        tar -xf "$e" >>"$blog" 2>&1 || { echo "$me: cannot unpack $e" >>"$blog"; return; }
    done
    for p in "${patches[@]}"; do
        echo "$me: applying $(basename "$p")" >>"$blog"
        patch -p1 --no-backup-if-mismatch <"$p" >>"$blog" 2>&1 || { echo "$me: $(basename "$p") does not apply" >>"$blog"; return; }
    done
    cflags="-O2 $PORT_CFLAGS"
    export CC="$t/cc" AR="$t/ar" RANLIB="$t/ranlib" CFLAGS="$cflags" CONFIG_SITE="$t/config.site"
    local mk="make -j$jobs CC='$t/cc' AR='$t/ar' RANLIB='$t/ranlib' CFLAGS='$cflags' $PORT_MAKE_ARGS"
    system[$x]=$(guess_system)
    local cmd host=riscv64-unknown-linux-gnu
    case ${system[$x]} in
        make) cmd=$mk; [ -n "$PORT_TEST" ] || PORT_TEST="make test" ;;
        configure)
            cmd=$PORT_CONFIGURE
            if [ -z "$cmd" ]; then
                cmd=./configure
                # autoconf: a cross build for the target (config.sub knows riscv64, not
                # riscv128: -m128 says riscv64 too and zl-cc's macros tell the width)
                grep -q 'Generated by GNU Autoconf' configure &&
                    cmd="./configure --host=$host --build=$(uname -m)-pc-linux-gnu --disable-shared"
            fi
            cmd="$cmd && $mk"
            [ -n "$PORT_TEST" ] || PORT_TEST="make check" ;;
        cmake)
            cmd="mkdir -p zl-build && cd zl-build && cmake -DCMAKE_TOOLCHAIN_FILE='$t/toolchain.cmake' -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS='$cflags' $PORT_CMAKE_ARGS .. && make -j$jobs"
            [ -n "$PORT_TEST" ] || PORT_TEST="cd zl-build && ctest --output-on-failure -j$jobs" ;;
        *) echo "$me: no build system found (no configure, CMakeLists.txt or Makefile; a recipe can set PORT_SYSTEM)" >>"$blog"; return ;;
    esac
    echo "$me: -m$x build: $cmd" >>"$blog"
    run_step $((limit * 4)) "$blog" "$cmd"
    bst[$x]=$step_status; bsecs[$x]=$step_secs
    [ "${bst[$x]}" = ok ] || return
    echo "$me: -m$x tests: $PORT_TEST" | tr '\n' ' ' >>"$tlog"; echo >>"$tlog"
    run_step "$limit" "$tlog" "$PORT_TEST"
    tst[$x]=$step_status; tsecs[$x]=$step_secs
    read -r "tpass[$x]" "tfail[$x]" < <(count_tests "$tlog" "${tst[$x]}")
}

# zl-audit on the package's sources as they come, before the recipe's patches: its
# findings (audit.txt), and which of the recipe's confirmed 64-bit assumptions it reports.
# A patch names each assumption it fixes in its explanation, one a line:
#   Assumption: FILE:LINE or FILE:FIRST-LAST     (FILE relative to the package)
# and zl-audit reports it when it has a finding in FILE within those lines.  Directories
# give zl-audit their *.c and *.h files; the C templates a build generates sources from
# (*.c.in, *.h.in: SQLite's sqlite3.h and shell.c) are named one by one.  Every rule runs
# (--rules=all), the opt-in ones too: a port wants each place to look at, and recall is
# what this measures.
audit_n=-; audit_rules=; audit_found=0; audit_known=0; audit_lines=()
audit_sources() {
    local a="$bindir/zl-audit" d="$scratch/audit" p f l1 l2 hit
    [ -x "$a" ] || { audit_n="not run ($a not found)"; return; }
    mkdir -p "$d" && tar -C "$d" -xf "$scratch/src.tar" || { audit_n="not run (cannot unpack)"; return; }
    (cd "$d" && { echo .; find . -type f \( -name '*.c.in' -o -name '*.h.in' \) -printf '%P\n'; } |
        tr '\n' '\0' | xargs -0 "$a" -q --rules=all -j "$jobs") >"$scratch/audit.txt" 2>"$scratch/audit.err"
    audit_n=$(grep -c ': warning: ' "$scratch/audit.txt")
    [ ! -s "$scratch/audit.err" ] || audit_n="$audit_n (zl-audit errors: $(head -1 "$scratch/audit.err"))"
    audit_rules=$(grep -oE '\[[a-z0-9-]+\]$' "$scratch/audit.txt" | tr -d '[]' | sort | uniq -c |
        sort -rn | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1}')
    for p in "${patches[@]}"; do
        while read -r f; do
            l1=${f##*:}; f=${f%:*}; l2=${l1#*-}; l1=${l1%-*}
            hit=$(awk -v f="$f" -v a="$l1" -v b="$l2" -F: '
                $1 == f && $2 + 0 >= a + 0 && $2 + 0 <= b + 0 && / warning: / {
                    r = $0; sub(/.*\[/, "", r); sub(/\]$/, "", r); print r " at " $1 ":" $2; exit }' "$scratch/audit.txt")
            audit_known=$((audit_known + 1))
            if [ -n "$hit" ]; then
                audit_found=$((audit_found + 1))
                audit_lines+=("$f:$l1$([ "$l1" = "$l2" ] || echo "-$l2") ($(basename "$p")): reported, $hit")
            else
                audit_lines+=("$f:$l1$([ "$l1" = "$l2" ] || echo "-$l2") ($(basename "$p")): not reported")
            fi
        done < <(sed -n '/^--- /q; s/^Assumption: *\([^ ]*:[0-9][0-9-]*\) *$/\1/p' "$p")
    done
}
audit_sources

here=$(pwd)
for x in "${widths[@]}"; do
    echo "$me: $name: -m$x ..." >&2
    ( port_width "$x"; declare -p bst bsecs tst tsecs tpass tfail system >"$scratch/m$x.state" )
    . "$scratch/m$x.state"
    echo "$me: $name: -m$x build ${bst[$x]} (${bsecs[$x]} s), tests ${tst[$x]} (${tpass[$x]} passed, ${tfail[$x]} failed, ${tsecs[$x]} s)" >&2
done
cd "$here" || exit 2

# ---------------------------------------------------------------------------------------
rep="$scratch/report.md"
{
    echo "# zl-port: $name"
    echo
    echo "- source: $src_desc"
    echo "- recipe: $recipe_desc"
    echo "- build system: ${system[${widths[-1]}]:-none}"
    echo "- target programs run by: $( [ $binfmt = wrapper ] && echo "zl-run through wrapper scripts (binfmt_misc not registered)" || echo "binfmt_misc (zl-run)")"
    echo "- test time limit: $limit s"
    echo
    echo "| width | build | build s | tests | passed | failed | test s |"
    echo "|---|---|---|---|---|---|---|"
    for x in "${widths[@]}"; do
        echo "| -m$x | ${bst[$x]} | ${bsecs[$x]} | ${tst[$x]} | ${tpass[$x]} | ${tfail[$x]} | ${tsecs[$x]} |"
    done
    echo
    echo "## Findings"
    echo
    n=0
    l64=/dev/null; b64=skip; t64=skip
    if [ -n "${bst[64]:-}" ]; then l64="$scratch/m64/build.log"; b64=${bst[64]}; t64=${tst[64]}; fi
    for x in "${widths[@]}"; do
        if [ "${bst[$x]}" != ok ]; then
            c=$(classify "$l64" "$scratch/m$x/build.log" "$([ "$x" = 64 ] && echo base || echo "$b64")" "${bst[$x]}")
            echo "- -m$x build (${bst[$x]}): $c"; n=$((n + 1))
        elif [ "${tst[$x]}" != ok ]; then
            # one finding per failed test when the log names them, else one for the suite
            names=$(failed_tests "$scratch/m$x/test.log")
            if [ -z "$names" ] || [ "${tst[$x]}" = timeout ]; then
                c=$(classify "$scratch/m64/test.log" "$scratch/m$x/test.log" "$([ "$x" = 64 ] && echo base || echo "$t64")" "${tst[$x]}")
                echo "- -m$x tests (${tst[$x]}): $c"; n=$((n + 1))
                continue
            fi
            while IFS= read -r t; do
                test_output "$scratch/m$x/test.log" "$t" >"$scratch/t128.log"
                if [ "$x" = 64 ]; then s64=base
                elif [ "$t64" != ok ] && [ "$t64" != fail ]; then s64=$t64
                elif failed_tests "$scratch/m64/test.log" | grep -xF "$t" >/dev/null; then s64=fail
                else s64=ok; fi
                [ "$s64" = fail ] && test_output "$scratch/m64/test.log" "$t" >"$scratch/t64.log" || : >"$scratch/t64.log"
                echo "- -m$x test $t: $(classify "$scratch/t64.log" "$scratch/t128.log" "$s64" fail)"
                n=$((n + 1))
            done <<<"$names"
        fi
    done
    [ $n -gt 0 ] || echo "none"
    echo
    echo "## zl-audit"
    echo
    echo "On the sources before the recipe's patches (audit.txt)."
    echo
    echo "- zl-audit findings: $audit_n${audit_rules:+ ($audit_rules)}; confirmed 64-bit assumptions reported: $audit_found/$audit_known"
    for l in "${audit_lines[@]}"; do echo "  - $l"; done
    echo
    echo "Logs: m64/ and m128/ (build.log, test.log) next to this report."
} | sed "s|$scratch/m[0-9]*/src/||g" >"$rep"

# results into place: the output directory appears complete or not at all
mkdir -p "$scratch/out"
mv "$rep" "$scratch/out/report.md"
[ ! -f "$scratch/audit.txt" ] || mv "$scratch/audit.txt" "$scratch/out/audit.txt"
for x in "${widths[@]}"; do
    mkdir -p "$scratch/out/m$x"
    cp "$scratch/m$x/build.log" "$scratch/m$x/test.log" "$scratch/out/m$x/"
done
mkdir -p "$(dirname "$out")" || die "cannot make $(dirname "$out")"
rm -rf "$out.old.$$"
[ ! -e "$out" ] || mv "$out" "$out.old.$$" || die "cannot replace $out"
if ! mv "$scratch/out" "$out" 2>/dev/null && ! cp -R "$scratch/out" "$out"; then
    [ ! -e "$out.old.$$" ] || mv "$out.old.$$" "$out"
    die "cannot write $out"
fi
rm -rf "$out.old.$$"
echo "$me: report: $out/report.md" >&2
rc=0
for x in "${widths[@]}"; do [ "${bst[$x]}" = ok ] && [ "${tst[$x]}" = ok ] || rc=1; done
exit $rc
