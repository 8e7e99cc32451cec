#!/usr/bin/env bash
# One author for Linux's numbers: zl-run takes every named constant from the generated
# zl_abi.h (ZL_<NAME>, from abi/flags.abi), so none may be defined by hand in src/run —
# neither as an enum member nor as a macro under the ZL_ prefix — and no Linux name may
# stand beside a bare number in a comment (`0x10000000 /* SA_RESTART */`).
set -u
fail=0
# (lines of string literals, such as the ZL_RUN_* variables in zl-run's help, are text)
hits=$(grep -nE '\bZL_[A-Z][A-Z0-9_]*[[:space:]]*=[[:space:]]*[-(0-9]|#[[:space:]]*define[[:space:]]+ZL_[A-Z][A-Z0-9_]*[[:space:]]+[-(0-9]' src/run/*.c src/run/*.h |
       grep -vE '^[^:]+:[0-9]+:[[:space:]]*"')
if [ -n "$hits" ]; then
    echo "FAIL run_constants_by_hand: define these in abi/flags.abi instead"
    echo "$hits" | sed 's/^/# /'
    fail=1
fi
names=$(awk '/^[ \t]*#/||/^[ \t]*$/{next} $1=="flags"||$1=="enum"{k=$1;next} $1=="end"{next}
             k=="flags"&&$1=="bit"{print $3;next} k=="flags"&&$1=="field"{print $4;next} k=="enum"{print $2}' abi/flags.abi |
        sort -u | paste -sd'|')
commented=$(grep -nE "(0x[0-9a-fA-F]+|[0-9]+)[u]?[[:space:]]*/\*[[:space:]]*($names)[[:space:]]*\*/" src/run/*.c src/run/*.h)
if [ -n "$commented" ]; then
    echo "FAIL run_constants_commented: use ZL_<NAME> from zl_abi.h"
    echo "$commented" | sed 's/^/# /'
    fail=1
fi
[ $fail -eq 0 ] && echo "PASS run_constants_generated"
# the check itself sees a hand-typed constant
if printf 'enum { ZL_SA_RESTART = 0x10000000 };\n' | grep -qE '\bZL_[A-Z][A-Z0-9_]*[[:space:]]*=[[:space:]]*[-(0-9]'; then
    echo "PASS run_constants_check_not_vacuous"
else
    echo "FAIL run_constants_check_not_vacuous"
fi

# The dispatch table is generated (ZL_SYS_HANDLERS of zl_abi.h): every handler zl-run
# defines must be one the spec names, and must be the one linked into zl-run (a strong
# "T" symbol), not the generated weak -ENOSYS default (docs/abigen.md, "How to add a
# system call").
defined=$(nm "$BUILD/lib/libzl-run.a" | awk '$2 == "T" && $3 ~ /^sys_/ { sub(/^sys_/, "", $3); print $3 }' | sort -u)
spec=$(sed -n '/^#define ZL_SYS_HANDLERS(X)/,/^[^ ]/p' "$BUILD/gen/run/zl_abi.h" |
       grep -oE 'X\([a-z0-9_]+\)' | sed 's/X(//; s/)//' | sort -u)
strong=$(nm "$ZL_BIN/zl-run" | awk '$2 == "T" && $3 ~ /^sys_/ { sub(/^sys_/, "", $3); print $3 }' | sort -u)
unknown=$(comm -23 <(echo "$defined") <(echo "$spec"))
weak=$(comm -23 <(echo "$defined") <(echo "$strong"))
if [ -z "$defined" ] || [ -z "$spec" ]; then
    echo "FAIL run_handlers_linked: no handler found (defined $(echo "$defined" | wc -w), spec $(echo "$spec" | wc -w))"
elif [ -n "$unknown$weak" ]; then
    echo "FAIL run_handlers_linked: not in abi/syscalls.abi: $(echo $unknown); not linked: $(echo $weak)"
else
    echo "PASS run_handlers_linked ($(echo "$defined" | wc -l) handlers)"
fi
# a handler the spec names and zl-run does not define answers ENOSYS
enosys=$(comm -13 <(echo "$defined") <(echo "$spec") | head -n 1)
if [ -n "$enosys" ] && nm "$ZL_BIN/zl-run" | grep -qE " [wW] sys_$enosys\$"; then
    echo "PASS run_handlers_enosys_default (sys_$enosys)"
else
    echo "FAIL run_handlers_enosys_default: no weak default for '$enosys'"
fi
