#!/usr/bin/env python3
"""Turns the output of `make O=OBJ -n TARGETS` in a configured Linux tree into a JSON
compilation database for `zl-audit --compile-commands=` (TU mode).

usage: make -C SRC O=OBJ -n -k TARGETS | linux_ccdb.py OBJ [EXTRA_ARG...] > db.json

With -n, kbuild still recurses into every directory (recipes that run $(MAKE) are run)
and prints each object's recipe without running it: one line of shell commands joined by
';' (the "CC" echo, the compiler, objtool, fixdep).  Each compiler command that compiles
one .c file (`-c`, a source ending in .c) becomes one entry with the object directory as
`directory` (kbuild runs the compiler there; its -I paths are relative to it); host
programs (no -D__KERNEL__) are left out.  These are
the real per-file command lines, per-file CFLAGS included.  EXTRA_ARG... are appended to
every entry: GCC predefines the architecture's macros (__x86_64__), which zl-audit's
preprocessor does not, so they come from the command line as kbuild's CHECKFLAGS pass
them to sparse.  A source compiled twice (a file included in two objects' builds under
one name is rare, but kbuild prints a recipe once per object) keeps its first entry;
a source that does not exist (one the build generates) is left out.
"""
import json
import os
import shlex
import sys

COMPILERS = ("gcc", "cc", "clang")


def commands(line):
    """The ';'/'&&'-separated commands of one shell line, each a list of words; [] when
    the line does not tokenize (an unbalanced quote in a recipe we do not need)."""
    lx = shlex.shlex(line, posix=True, punctuation_chars=";&|")
    lx.whitespace_split = True
    out, cur = [], []
    try:
        for w in lx:
            if w and all(c in ";&|" for c in w):
                if cur:
                    out.append(cur)
                cur = []
            else:
                cur.append(w)
    except ValueError:
        return []
    if cur:
        out.append(cur)
    return out


def is_compile(words):
    # kernel objects only: host programs (scripts/, HOSTCC) run on the build machine and
    # are compiled without __KERNEL__
    if len(words) < 3 or "-c" not in words or "-D__KERNEL__" not in words:
        return False
    cc = os.path.basename(words[0])
    return (cc in COMPILERS or cc.endswith("-gcc") or cc.endswith("-clang")) and words[-1].endswith(".c")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: linux_ccdb.py OBJ [EXTRA_ARG...] < make-n-output > db.json")
    obj = os.path.abspath(sys.argv[1])
    extra = sys.argv[2:]
    seen, db, missing = set(), [], 0
    for line in sys.stdin:
        if "-c" not in line or ".c" not in line:
            continue
        for words in commands(line):
            if not is_compile(words):
                continue
            src = words[-1]
            full = os.path.normpath(os.path.join(obj, src))
            if full in seen:
                continue
            seen.add(full)
            # sources the build generates (vdso images, asn1 parsers) do not exist in a
            # tree that was only configured
            if not os.path.exists(full):
                missing += 1
                continue
            db.append({"directory": obj, "arguments": words[:-1] + extra + [src], "file": src})
    json.dump(db, sys.stdout, indent=1)
    sys.stdout.write("\n")
    print("linux_ccdb: %d files (%d generated sources missing, left out)" % (len(db), missing),
          file=sys.stderr)


main()
