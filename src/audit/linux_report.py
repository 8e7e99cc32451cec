#!/usr/bin/env python3
"""Writes docs/audit-linux.md from zl-audit's JSON report of the Linux tree.

usage: linux_report.py [--tu] REPORT.json OLD.md FILES BYTES SECONDS TREE_PARENT CPU LOAD > NEW.md

Everything is regenerated except the hand-checked sample between the markers
"<!-- sample begin -->" and "<!-- sample end -->" of OLD.md, which is kept as is; rows
whose finding is no longer reported are marked and no longer counted.  Without a sample
in OLD.md a new one is drawn (2 per rule, the rest in proportion to the counts; size and
seed from the environment, AUDIT_SAMPLE_SIZE (60) and AUDIT_SAMPLE_SEED (20261203)) with
every verdict "unchecked", to be judged by hand: open the file, read the code, write TP
or FP and the reason.  The precision lines are computed from the verdicts: the plain
ratio of the sample, and the estimate for all findings, which weights each rule's
precision in the sample by the rule's share of the findings (the sample over-represents
rare rules by design).

A second token-mode sample, between "<!-- rule sample begin -->" and "<!-- rule sample
end -->", is kept the same way; drawn anew (seed AUDIT_RULE_SAMPLE_SEED, 20261208) it takes
up to AUDIT_RULE_SAMPLE_PER_RULE (8) findings of each rule that the first sample judged
fewer than AUDIT_RULE_SAMPLE_BELOW (5) of, none of them in the first sample.

With --tu the report is of a TU-mode run (`make audit-linux AUDIT_LINUX_MODE=tu`; FILES is
the number of compile commands) and only the section between "<!-- tu begin -->" and
"<!-- tu end -->" of OLD.md is rewritten (appended when missing); everything else is kept
as is.  Its sample, between "<!-- tu sample begin -->" and "<!-- tu sample end -->", is
kept like the other one; drawn anew it takes up to AUDIT_TU_SAMPLE_PER_RULE (20) of the
findings only TU mode made ("mode": "tu") of each rule.  A second, held-out sample between
"<!-- tu heldout begin -->" and "<!-- tu heldout end -->" is kept the same way; drawn anew
(seed AUDIT_HELDOUT_SEED, 20261206) it takes up to AUDIT_TU_HELDOUT_PER_RULE (10) `[tu]`
findings of each rule that are not in the first sample, so that rules changed after judging
the first one are measured on findings that did not guide the change.  A third sample,
between "<!-- tu heldout2 begin -->" and "<!-- tu heldout2 end -->" (seed
AUDIT_HELDOUT2_SEED, 20261207; up to AUDIT_TU_HELDOUT2_PER_RULE (15) per rule), is drawn
the same way from the findings neither earlier sample holds, to measure the rules after
the changes the held-out sample led to.  A token run keeps the TU section as it is.

A third token-mode sample, between "<!-- precision sample begin -->" and "<!-- precision
sample end -->", is kept the same way and never drawn: the fresh per-rule draws judged when
the rules below 90% were fixed or made opt-in (docs/audit.md 4).  AUDIT_OPTIN_RULES (comma-
separated ids, from zl-audit --list-rules) marks the opt-in rules in the per-rule table.
"""
import collections
import json
import os
import random
import re
import sys

BEGIN, END = "<!-- sample begin -->", "<!-- sample end -->"
RBEGIN, REND = "<!-- rule sample begin -->", "<!-- rule sample end -->"
TU_BEGIN, TU_END = "<!-- tu begin -->", "<!-- tu end -->"
TU_SBEGIN, TU_SEND = "<!-- tu sample begin -->", "<!-- tu sample end -->"
TU_HBEGIN, TU_HEND = "<!-- tu heldout begin -->", "<!-- tu heldout end -->"
TU_H2BEGIN, TU_H2END = "<!-- tu heldout2 begin -->", "<!-- tu heldout2 end -->"
PBEGIN, PEND = "<!-- precision sample begin -->", "<!-- precision sample end -->"
PREFIX = "linux-source-6.1/"
ROW = r"\| (\d+) \| `([^`]+):(\d+):(\d+)` \| `([a-z0-9-]+)` \|"


def kept_sample(old, begin, end, fs):
    """The sample rows between begin and end of old, rows no longer among the findings fs
    marked (and rows among them again unmarked), the computed lines dropped; None when old
    has no such sample."""
    if begin not in old or end not in old:
        return None
    live = {(f["file"], f["line"], f["column"], f["rule"]) for f in fs}
    body = old[old.index(begin) + len(begin):old.index(end)]
    rows = []
    for line in body.splitlines():
        m = re.match(ROW, line)
        if m:
            key = (m.group(2), int(m.group(3)), int(m.group(4)), m.group(5))
            # marked anew on each run: a finding reported again loses the mark
            line = line.replace(" (no longer reported) |", " |")
            if key not in live:
                line = line.rstrip(" |") + " (no longer reported) |"
        rows.append(line)
    body = "\n".join(rows)
    body = re.sub(r"\n\*\*Precision[^\n]*", "", body)
    return re.sub(r"\n(Estimated over all findings|Per rule|Both samples)[^\n]*", "", body)


def seeded():
    return random.Random(int(os.environ.get("AUDIT_SAMPLE_SEED", "20261203")))


def sample_rows(pick, parent):
    """Table rows for the findings pick, each with its source line and "unchecked"."""
    pick.sort(key=lambda f: (f["rule"], f["file"], f["line"]))
    lines = ["", "| # | finding | rule | code | verdict | why |", "|---:|---|---|---|---|---|"]
    for i, f in enumerate(pick, 1):
        try:
            src = open(os.path.join(parent, PREFIX, f["file"]), encoding="utf-8",
                       errors="replace").read().splitlines()[f["line"] - 1].strip()
        except (OSError, IndexError):
            src = "?"
        src = src.replace("|", "\\|").replace("`", "'")
        if len(src) > 90:
            src = src[:87] + "..."
        lines.append("| %d | `%s:%d:%d` | `%s` | `%s` | unchecked | |" % (
            i, f["file"], f["line"], f["column"], f["rule"], src))
    return "\n".join(lines) + "\n"


def verdicts_of(body):
    """(TP/FP counts per rule, number of rows) of a sample body."""
    verdicts = collections.defaultdict(collections.Counter)
    nrows = 0
    for line in body.splitlines():
        m = re.match(r"\| \d+ \| `[^`]+` \| `([a-z0-9-]+)` \|.*\| (TP|FP) \|", line)
        if m and "no longer reported" not in line:
            verdicts[m.group(1)][m.group(2)] += 1
        if re.match(r"\| \d+ \|", line):
            nrows += 1
    return verdicts, nrows


def per_rule_line(verdicts, rules):
    return "Per rule (TP/judged): " + ", ".join(
        "`%s` %d/%d" % (r, verdicts[r]["TP"], verdicts[r]["TP"] + verdicts[r]["FP"])
        for r in rules if verdicts[r]["TP"] + verdicts[r]["FP"]) + "."


def load_findings(rep_path):
    rep = json.load(open(rep_path, encoding="utf-8"))
    fs = rep["findings"]
    for f in fs:
        if f["file"].startswith(PREFIX):
            f["file"] = f["file"][len(PREFIX):]
        elif "/" + PREFIX in f["file"]:  # TU mode: absolute paths from compile commands
            f["file"] = f["file"].split("/" + PREFIX, 1)[1]
    return rep, fs


def judged_block(w, begin, end, body, verdicts, rules, precision, extra=None):
    """A sample between its markers, with its precision lines when rows are judged:
    precision(tp, judged, percent) gives the first, extra(w) may add more."""
    w(begin)
    w(body.strip("\n"))
    w("")
    tp = sum(c["TP"] for c in verdicts.values())
    fp = sum(c["FP"] for c in verdicts.values())
    if tp + fp:
        w(precision(tp, tp + fp, 100.0 * tp / (tp + fp)))
        w("")
        w(per_rule_line(verdicts, rules))
        if extra:
            extra(w)
    w(end)


def heldout_rows(fs, rules, samples, seed_var, seed, per_var, per, parent):
    """Up to $per_var `[tu]` findings of each rule drawn with seed $seed_var, none of them
    in the earlier samples' rows (so they did not guide the rules' changes)."""
    per = int(os.environ.get(per_var, per))
    rnd = random.Random(int(os.environ.get(seed_var, seed)))
    judged = set()
    for body in samples:
        judged |= set(re.findall(r"`([^`]+:\d+:\d+)` \| `([a-z0-9-]+)`", body))
    pick = []
    for r in rules:
        pool = [f for f in fs if f["rule"] == r and f.get("mode") == "tu" and
                ("%s:%d:%d" % (f["file"], f["line"], f["column"]), r) not in judged]
        pick += rnd.sample(pool, min(per, len(pool)))
    return sample_rows(pick, parent)


def tu_precision(label):
    return lambda tp, n, pct: "**Precision: %d of %d %s`[tu]` findings true (%.0f%%).**" % (
        tp, n, label, pct)


def rule_sample_rows(fs, rules, body, verdicts, parent):
    """Up to AUDIT_RULE_SAMPLE_PER_RULE (8) findings of each rule with fewer than
    AUDIT_RULE_SAMPLE_BELOW (5) rows judged in the sample body, none of them in it, drawn
    with seed AUDIT_RULE_SAMPLE_SEED (20261208)."""
    per = int(os.environ.get("AUDIT_RULE_SAMPLE_PER_RULE", "8"))
    below = int(os.environ.get("AUDIT_RULE_SAMPLE_BELOW", "5"))
    rnd = random.Random(int(os.environ.get("AUDIT_RULE_SAMPLE_SEED", "20261208")))
    judged = set(re.findall(r"`([^`]+:\d+:\d+)` \| `([a-z0-9-]+)`", body))
    pick = []
    for r in rules:
        if verdicts[r]["TP"] + verdicts[r]["FP"] >= below:
            continue
        pool = [f for f in fs if f["rule"] == r and
                ("%s:%d:%d" % (f["file"], f["line"], f["column"]), r) not in judged]
        pick += rnd.sample(pool, min(per, len(pool)))
    return sample_rows(pick, parent)


def tu_section(rep, fs, old, nfiles, secs, parent, cpu, load):
    """The TU-mode section of docs/audit-linux.md, markers included."""
    rules = list(rep["summary"]["by_rule"])
    modes = collections.defaultdict(collections.Counter)
    for f in fs:
        modes[f["rule"]][f.get("mode", "token")] += 1
    body = kept_sample(old, TU_SBEGIN, TU_SEND, fs)
    if body is None:
        per = int(os.environ.get("AUDIT_TU_SAMPLE_PER_RULE", "20"))
        rnd = seeded()
        pick = []
        for r in rules:
            pool = [f for f in fs if f["rule"] == r and f.get("mode") == "tu"]
            pick += rnd.sample(pool, min(per, len(pool)))
        body = sample_rows(pick, parent)
    verdicts, nrows = verdicts_of(body)
    held = kept_sample(old, TU_HBEGIN, TU_HEND, fs)
    if held is None:
        held = heldout_rows(fs, rules, [body], "AUDIT_HELDOUT_SEED", "20261206",
                            "AUDIT_TU_HELDOUT_PER_RULE", "10", parent)
    hverdicts, hrows = verdicts_of(held)
    held2 = kept_sample(old, TU_H2BEGIN, TU_H2END, fs)
    if held2 is None:
        held2 = heldout_rows(fs, rules, [body, held], "AUDIT_HELDOUT2_SEED", "20261207",
                             "AUDIT_TU_HELDOUT2_PER_RULE", "15", parent)
    h2verdicts, h2rows = verdicts_of(held2)
    ntu = sum(c["tu"] for c in modes.values())
    out = []
    w = out.append
    w(TU_BEGIN)
    w("## TU mode")
    w("")
    w("Generated by `make audit-linux AUDIT_LINUX_MODE=tu` (a long run, not part of `make "
      "check`): zl-audit `--compile-commands` over the files the configuration builds, each "
      "preprocessed with its kbuild command line (audit.md 3, \"TU mode\"; 7). A token-mode "
      "run of `make audit-linux` keeps this section; a TU run rewrites it and keeps its "
      "sample.")
    w("")
    w("| | |")
    w("|---|---|")
    w("| compile commands | %s files |" % nfiles)
    w("| run | %s s wall, %s s CPU (user + sys), `-j2`, load average %s when it started |"
      % (secs, cpu, load))
    w("| findings | %d in %d files: %d `[token]`, %d `[tu]` (found only with the translation "
      "unit's declarations) |" % (len(fs), rep["summary"]["files_with_findings"],
                                  len(fs) - ntu, ntu))
    w("| files with errors | %d (preprocessing errors or unreadable; their token findings "
      "and the typed ones up to the error are in the counts) |" % len(rep.get("errors", [])))
    w("")
    w("| rule | `[token]` | `[tu]` |")
    w("|---|---:|---:|")
    for r in rules:
        if modes[r]:
            w("| `%s` | %d | %d |" % (r, modes[r]["token"], modes[r]["tu"]))
    w("")
    w("### Hand-checked `[tu]` findings")
    w("")
    w("%d of the `[tu]` findings, up to %s per rule drawn at random (fixed seed; all of a "
      "rule's when it has fewer), judged with the criterion of the sample above by reading "
      "the code and the declarations the finding relies on. The `[token]` findings of this "
      "run are the token mode's, measured above." % (
          nrows, os.environ.get("AUDIT_TU_SAMPLE_PER_RULE", "20")))
    w("")
    judged_block(w, TU_SBEGIN, TU_SEND, body, verdicts, rules, tu_precision(""))
    w("")
    w("### Held-out `[tu]` findings")
    w("")
    w("%d further `[tu]` findings, up to %s per rule drawn at random with another seed from "
      "those the sample above does not hold, judged the same way by a reviewer who had not "
      "changed the rules. The precision as judged, before the changes its false positives "
      "led to, is in audit.md (section 7); rows those changes removed are marked no longer "
      "reported and the line below counts the rest."
      % (hrows, os.environ.get("AUDIT_TU_HELDOUT_PER_RULE", "10")))
    w("")
    judged_block(w, TU_HBEGIN, TU_HEND, held, hverdicts, rules, tu_precision("held-out "))
    w("")
    w("### Second held-out `[tu]` findings")
    w("")
    w("%d further `[tu]` findings, up to %s per rule drawn at random with a third seed from "
      "those neither sample above holds, after the changes the first held-out sample led "
      "to, and judged the same way by a reviewer who had neither changed the rules nor "
      "judged the other samples: the precision of the rules as they are, on findings that "
      "guided no change." % (h2rows, os.environ.get("AUDIT_TU_HELDOUT2_PER_RULE", "15")))
    w("")
    judged_block(w, TU_H2BEGIN, TU_H2END, held2, h2verdicts, rules,
                 tu_precision("second held-out "))
    w(TU_END)
    return "\n".join(out)


def main():
    args = sys.argv[1:]
    tu = args[:1] == ["--tu"]
    if tu:
        args = args[1:]
    rep_path, old_path, nfiles, nbytes, secs, parent, cpu, load = args[:8]
    rep, fs = load_findings(rep_path)
    old = open(old_path, encoding="utf-8").read() if os.path.exists(old_path) else ""
    old_tu = old[old.index(TU_BEGIN):old.index(TU_END) + len(TU_END)] \
        if TU_BEGIN in old and TU_END in old else ""
    if tu:
        sec = tu_section(rep, fs, old, nfiles, secs, parent, cpu, load)
        text = old.replace(old_tu, sec) if old_tu else old.rstrip("\n") + "\n\n" + sec
        sys.stdout.write(text.rstrip("\n") + "\n")
        return
    prefix = PREFIX
    by_rule = collections.Counter(f["rule"] for f in fs)
    files_by_rule = collections.defaultdict(set)
    for f in fs:
        files_by_rule[f["rule"]].add(f["file"])
    rules = [r for r in rep["summary"]["by_rule"]]
    top = lambda p: p.split("/", 1)[0] if "/" in p else "."
    second = lambda p: "/".join(p.split("/")[:2])
    matrix = collections.defaultdict(collections.Counter)
    for f in fs:
        matrix[top(f["file"])][f["rule"]] += 1
    version = "6.1"
    try:
        mk = open(os.path.join(parent, prefix, "Makefile"), encoding="utf-8").read(400)
        v = dict(re.findall(r"^(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)", mk, re.M))
        version = "%s.%s.%s" % (v["VERSION"], v["PATCHLEVEL"], v["SUBLEVEL"])
    except (OSError, KeyError):
        pass

    out = []
    w = out.append
    w("# zl-audit on Linux %s (Debian linux-source-6.1)" % version)
    w("")
    w("Generated by `make audit-linux` (src/audit/audit-linux.sh, src/audit/linux_report.py) "
      "from zl-audit's JSON report. Everything above the hand-checked sample is regenerated "
      "on each run; the sample and its verdicts are kept. Rules and their rationale: "
      "[audit.md](audit.md).")
    w("")
    w("| | |")
    w("|---|---|")
    w("| tree | `linux-source-6.1` %s, %s `.c`/`.h` files, %.2f GB |" % (version, nfiles, int(nbytes) / 1e9))
    w("| audited | %d files (BPF programs, which are built for the 64-bit BPF target, excluded) |"
      % rep["summary"]["files"])
    w("| run | %s s wall, %s s CPU (user + sys), `-j2`, warm page cache, on the project's shared "
      "2-core machine at load average %s when it started (see audit.md 4 for quiet-machine "
      "numbers) |" % (secs, cpu, load))
    w("| findings | %d in %d files (%d suppressed inline) |" % (
        len(fs), rep["summary"]["files_with_findings"], rep["summary"]["suppressed"]))
    w("")
    w("## Findings per rule")
    w("")
    w("| rule | findings | files |")
    w("|---|---:|---:|")
    optin = set(filter(None, os.environ.get("AUDIT_OPTIN_RULES", "").split(",")))
    for r in rules:
        w("| `%s`%s | %d | %d |" % (r, " (opt-in)" if r in optin else "", by_rule[r],
                                   len(files_by_rule[r])))
    w("| **total** | **%d** | **%d** |" % (len(fs), rep["summary"]["files_with_findings"]))
    w("")
    w("## Findings per subsystem and rule")
    w("")
    w("Top-level directories of the tree, by number of findings.")
    w("")
    short = {r: r for r in rules}
    w("| directory | total | " + " | ".join("`%s`" % short[r] for r in rules) + " |")
    w("|---|---:|" + "---:|" * len(rules))
    for d, c in sorted(matrix.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        w("| %s | %d | " % (d, sum(c.values())) + " | ".join(str(c[r]) if c[r] else "" for r in rules) + " |")
    w("")
    for d in ("arch", "drivers", "fs", "include"):
        sub = collections.Counter(second(f["file"]) for f in fs if top(f["file"]) == d)
        if not sub:
            continue
        w("Within `%s/` (first 15): " % d + ", ".join("%s %d" % (k, n) for k, n in sub.most_common(15)) + ".")
        w("")
    w("## The 20 hottest files")
    w("")
    w("| # | file | findings | rules |")
    w("|---:|---|---:|---|")
    per_file = collections.defaultdict(collections.Counter)
    for f in fs:
        per_file[f["file"]][f["rule"]] += 1
    hot = sorted(per_file.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))[:20]
    for i, (p, c) in enumerate(hot, 1):
        w("| %d | `%s` | %d | %s |" % (i, p, sum(c.values()), ", ".join("%s %d" % kv for kv in c.most_common())))
    w("")

    # the sample
    body = kept_sample(old, BEGIN, END, fs)
    if body is None:
        nsample = int(os.environ.get("AUDIT_SAMPLE_SIZE", "60"))
        rnd = seeded()
        pick = []
        pool = collections.defaultdict(list)
        for f in fs:
            pool[f["rule"]].append(f)
        for r in rules:
            pick += rnd.sample(pool[r], min(2, len(pool[r])))
        rest = [f for f in fs if f not in pick]
        pick += rnd.sample(rest, max(0, nsample - len(pick)))
        body = sample_rows(pick, parent)
    verdicts, nrows = verdicts_of(body)
    tp = sum(c["TP"] for c in verdicts.values())
    fp = sum(c["FP"] for c in verdicts.values())
    w("## Hand-checked sample")
    w("")
    w("%d findings drawn at random (2 per rule, the rest in proportion to the counts; fixed "
      "seed) and judged by opening the file and reading the code. **TP**: as written, the code "
      "would misbehave, build a wrong layout or value, or take a 32-bit/wrong branch under "
      "LP128 — it has to change. **FP**: the rule misread the code, or the code is correct "
      "under LP128 as it is (a value that always fits, an optimisation-only branch, a "
      "register image)." % nrows)
    w("")
    w(BEGIN)
    w(body.strip("\n"))
    w("")
    if tp + fp:
        w("**Precision: %d of %d true positives (%.0f%%) in the sample.**" % (tp, tp + fp, 100.0 * tp / (tp + fp)))
        # stratified estimate: each rule's sample precision weighted by its findings
        num = den = 0
        for r, c in verdicts.items():
            if c["TP"] + c["FP"]:
                num += by_rule[r] * c["TP"] / (c["TP"] + c["FP"])
                den += by_rule[r]
        if den:
            w("")
            w("Estimated over all findings (each rule's sample precision weighted by its share "
              "of the %d findings it covers): **%.1f%%**." % (den, 100.0 * num / den))
        w("")
        w(per_rule_line(verdicts, rules))
    w(END)
    # rules the sample judged too few of, measured with more of their own findings
    rbody = kept_sample(old, RBEGIN, REND, fs)
    if rbody is None:
        rbody = rule_sample_rows(fs, rules, body, verdicts, parent)
    rverdicts, rrows = verdicts_of(rbody)
    w("")
    w("## Per-rule sample")
    w("")
    w("%d further findings, up to %s per rule of each rule the sample above judged fewer than "
      "%s of, drawn at random with another seed from the findings it does not hold, and "
      "judged with the same criterion by reviewers who had not changed the rules: the rare "
      "rules' precision on more than two findings." % (
          rrows, os.environ.get("AUDIT_RULE_SAMPLE_PER_RULE", "8"),
          os.environ.get("AUDIT_RULE_SAMPLE_BELOW", "5")))
    w("")
    def together(w):
        both = collections.defaultdict(collections.Counter)
        for v in (verdicts, rverdicts):
            for r, c in v.items():
                both[r].update(c)
        line = per_rule_line(both, rules)
        w("")
        w("Both samples together, " + line[0].lower() + line[1:])
    judged_block(w, RBEGIN, REND, rbody, rverdicts, rules,
                 lambda tp, n, pct: "**Precision: %d of %d true positives (%.0f%%) in the "
                 "per-rule sample.**" % (tp, n, pct), together)
    # the fresh draws of the 90% work: kept, never drawn
    pbody = kept_sample(old, PBEGIN, PEND, fs)
    if pbody is not None:
        pverdicts, prows = verdicts_of(pbody)
        w("")
        w("## Per-rule precision sample (2026-12-06)")
        w("")
        w("%d findings of the rules that the samples above left below 90%% and of "
          "`width-no-branch`, the narrow form of `width-test` added then, drawn after "
          "their changes with seed 20261206 (10 per rule, every one of a rule with fewer; "
          "`width-test` 20, the second 10 drawn with the same seed from the findings a "
          "restriction tried and dropped left; `width-no-branch` 20 of its 27 findings, drawn "
          "when the rule was added; section 4 of audit.md) and judged by reading the source: true if the code "
          "assumes that long or pointers are 64 bits, so that it would break or mislead "
          "under LP128 (for `width-no-branch`: if an LP128 build gets an error, no "
          "definition or wrong code)." % prows)
        w("")
        judged_block(w, PBEGIN, PEND, pbody, pverdicts, rules,
                     lambda tp, n, pct: "**Precision: %d of %d true positives (%.0f%%) in "
                     "this sample.**" % (tp, n, pct))
    if old_tu:
        w("")
        w(old_tu)
    print("\n".join(out))


main()
