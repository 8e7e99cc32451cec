# Checks of a tool's failures and output file, shared by the tests/*/badinput_test.sh scripts (sourced;
# bash).  Each prints one PASS/FAIL line; the command runs in the current directory.

# of_status_ok RC: the tool exited 1 of its own accord (no signal, no crash)
of_status_ok() { [ "$1" -eq 1 ]; }

# of_rejected NAME OUT PATTERN CMD...: CMD fails with status 1 (within 20 s x ZL_TIME_SCALE,
# no signal), an error line matches PATTERN (grep) and nothing named OUT is left
of_rejected() {
    local name=$1 out=$2 pat=$3
    shift 3
    rm -f "$out"
    timeout $((20 * ${ZL_TIME_SCALE:-1})) "$@" 2>err
    local rc=$?
    if ! of_status_ok $rc; then
        echo "FAIL $name: exit status $rc (want 1): $(head -c 300 err | tr '\n' ' ')"
    elif ! grep -q "$pat" err; then
        echo "FAIL $name: no error matching '$pat': $(head -c 300 err | tr '\n' ' ')"
    elif [ -e "$out" ]; then
        echo "FAIL $name: $out was written"
    else
        echo "PASS $name"
    fi
}

# of_same_file NAME INPUT ORIGINAL MESSAGE CMD...: CMD (whose output is INPUT under some
# name) is refused with MESSAGE and INPUT is still a copy of ORIGINAL
of_same_file() {
    local name=$1 input=$2 orig=$3 msg=$4
    shift 4
    "$@" 2>err
    local rc=$?
    if of_status_ok $rc && grep -q "$msg" err && cmp -s "$input" "$orig"; then
        echo "PASS $name"
    else
        echo "FAIL $name: status $rc, input $(cmp -s "$input" "$orig" && echo kept || echo CHANGED): $(head -1 err)"
    fi
}

# of_full_disk NAME MESSAGE CMD...: CMD writing to /dev/full says MESSAGE, status 1
of_full_disk() {
    local name=$1 msg=$2
    shift 2
    "$@" 2>err
    local rc=$?
    if of_status_ok $rc && grep -q "$msg" err; then echo "PASS $name"; else echo "FAIL $name: status $rc: $(head -1 err)"; fi
}

# of_fsize NAME KB OUT MESSAGE CMD...: with a file size limit of KB KiB (SIGXFSZ ignored, so
# write fails with EFBIG) CMD says MESSAGE, exits 1 and leaves nothing named OUT or OUT.*
of_fsize() {
    local name=$1 kb=$2 out=$3 msg=$4
    shift 4
    (trap '' XFSZ; ulimit -f "$kb"; "$@" 2>err; echo $? >rc)
    local rc left
    rc=$(cat rc)
    left=$(ls -a | grep -F "$out" | tr '\n' ' ')
    if of_status_ok "$rc" && grep -q "$msg" err && [ -z "$left" ]; then
        echo "PASS $name"
    else
        echo "FAIL $name: status $rc, left: $left: $(head -1 err)"
    fi
}

# of_devnull NAME CMD...: CMD writing to /dev/null succeeds and /dev/null stays a device
of_devnull() {
    local name=$1
    shift
    if "$@" 2>err && [ -c /dev/null ]; then echo "PASS $name"; else echo "FAIL $name: $(head -1 err)"; fi
}
