#!/usr/bin/env bash
# #warning is GCC's -Wcpp: zl-cc names the option in the
# message and honours -Wno-cpp, -Werror, -Werror=cpp, -Wno-error=cpp and -w as gcc 12
# does.  The diagnostic lines (file:line:col: kind: text [-Wname]) and the exit status
# of each option set are compared with gcc's on tests/cpp/wcpp/warn.c.
set -u
. tests/lib/need.sh
ZL_BIN=${ZL_BIN:-$(pwd)/build/bin}
if ! need_pkg gcc gcc; then
    echo "FAIL wcpp_setup: gcc could not be installed"; exit 1
fi
T=$(mktemp -d /tmp/zl-wcpp-XXXXXX)
trap 'rm -rf "$T"' EXIT
cp tests/cpp/wcpp/warn.c "$T/warn.c"
cd "$T" || exit 1
for opts in "" "-Wno-cpp" "-Werror" "-Werror=cpp" "-Werror -Wno-error=cpp" "-w" "-Wall -Wextra"; do
    # shellcheck disable=SC2086
    gcc $opts -c warn.c -o g.o 2>g.err; gs=$?
    # shellcheck disable=SC2086
    "$ZL_BIN/zl-cc" $opts -c warn.c -o z.o 2>z.err; zs=$?
    grep -E '^warn\.c:[0-9]+:[0-9]+: (warning|error):' g.err >g.lines
    grep -E '^warn\.c:[0-9]+:[0-9]+: (warning|error):' z.err >z.lines
    id="wcpp/${opts:-default}"
    if [ $gs -ne $zs ]; then
        echo "FAIL $id: exit status $zs, gcc $gs"
    elif ! cmp -s g.lines z.lines; then
        echo "FAIL $id: diagnostics differ from gcc's"
        diff g.lines z.lines | head -6 | sed 's/^/# /'
    else
        echo "PASS $id"
    fi
done
