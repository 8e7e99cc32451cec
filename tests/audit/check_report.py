#!/usr/bin/env python3
"""Structure checks of zl-audit's JSON and SARIF 2.1.0 output (used by audit_test.sh).

The SARIF checks follow the parts of the SARIF 2.1.0 schema (OASIS, sarif-schema-2.1.0.json)
that the output uses, plus what GitHub code scanning requires of an upload: version "2.1.0",
runs[].tool.driver.name, results with ruleId, message.text and a physicalLocation with an
artifactLocation.uri and region.startLine >= 1; ruleIndex must point at the rule of that id.
Usage: check_report.py json|sarif FILE  -> prints "ok N" or the first problem, exit 1.
"""
import json
import sys


def fail(msg):
    print("invalid: " + msg)
    sys.exit(1)


def need(obj, key, typ, where):
    if not isinstance(obj, dict) or key not in obj:
        fail("%s: missing '%s'" % (where, key))
    if not isinstance(obj[key], typ):
        fail("%s.%s: expected %s" % (where, key, typ.__name__ if isinstance(typ, type) else typ))
    return obj[key]


def pos_int(v, where):
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        fail(where + ": expected an integer >= 1")
    return v


def check_json(doc):
    need(doc, "tool", str, "$")
    need(doc, "version", int, "$")
    fs = need(doc, "findings", list, "$")
    for i, f in enumerate(fs):
        w = "findings[%d]" % i
        for k in ("file", "rule", "message", "fix"):
            need(f, k, str, w)
        pos_int(need(f, "line", int, w), w + ".line")
        pos_int(need(f, "column", int, w), w + ".column")
    s = need(doc, "summary", dict, "$")
    for k in ("files", "files_with_findings", "findings", "suppressed", "unreadable"):
        need(s, k, int, "summary")
    if s["findings"] != len(fs):
        fail("summary.findings != number of findings")
    by_rule = need(s, "by_rule", dict, "summary")
    if sum(by_rule.values()) != len(fs):
        fail("summary.by_rule does not add up")
    by_dir = need(s, "by_directory", dict, "summary")
    if sum(by_dir.values()) != len(fs):
        fail("summary.by_directory does not add up")
    need(doc, "errors", list, "$")
    return len(fs)


FIXES = [0]


def check_sarif(doc):
    if need(doc, "version", str, "$") != "2.1.0":
        fail("version must be 2.1.0")
    need(doc, "$schema", str, "$")
    runs = need(doc, "runs", list, "$")
    if len(runs) != 1:
        fail("expected one run")
    run = runs[0]
    drv = need(need(run, "tool", dict, "runs[0]"), "driver", dict, "tool")
    need(drv, "name", str, "driver")
    rules = need(drv, "rules", list, "driver")
    ids = []
    for i, r in enumerate(rules):
        w = "rules[%d]" % i
        ids.append(need(r, "id", str, w))
        need(need(r, "shortDescription", dict, w), "text", str, w + ".shortDescription")
        need(need(r, "fullDescription", dict, w), "text", str, w + ".fullDescription")
        need(need(r, "help", dict, w), "text", str, w + ".help")
        lvl = need(need(r, "defaultConfiguration", dict, w), "level", str, w)
        if lvl not in ("none", "note", "warning", "error"):
            fail(w + ": bad level")
    if len(set(ids)) != len(ids):
        fail("duplicate rule ids")
    if run.get("columnKind") not in (None, "utf16CodeUnits", "unicodeCodePoints"):
        fail("bad columnKind")
    res = need(run, "results", list, "runs[0]")
    for i, r in enumerate(res):
        w = "results[%d]" % i
        rid = need(r, "ruleId", str, w)
        if rid not in ids:
            fail(w + ": ruleId not among the rules")
        if "ruleIndex" in r and (not isinstance(r["ruleIndex"], int) or ids[r["ruleIndex"]] != rid):
            fail(w + ": ruleIndex does not match ruleId")
        if r.get("level", "warning") not in ("none", "note", "warning", "error"):
            fail(w + ": bad level")
        need(need(r, "message", dict, w), "text", str, w + ".message")
        locs = need(r, "locations", list, w)
        if not locs:
            fail(w + ": no location")
        pl = need(locs[0], "physicalLocation", dict, w + ".locations[0]")
        al = need(pl, "artifactLocation", dict, w + ".physicalLocation")
        uri = need(al, "uri", str, w + ".artifactLocation")
        if " " in uri or "\\" in uri:
            fail(w + ": uri not encoded: " + uri)
        if "uriBaseId" in al and al["uriBaseId"] not in run.get("originalUriBaseIds", {}):
            fail(w + ": unknown uriBaseId")
        reg = need(pl, "region", dict, w + ".physicalLocation")
        pos_int(need(reg, "startLine", int, w + ".region"), w + ".startLine")
        if "startColumn" in reg:
            pos_int(reg["startColumn"], w + ".startColumn")
        for j, fx in enumerate(r.get("fixes", [])):
            fw = "%s.fixes[%d]" % (w, j)
            if "description" in fx:
                need(fx["description"], "text", str, fw + ".description")
            chg = need(fx, "artifactChanges", list, fw)
            if not chg:
                fail(fw + ": artifactChanges must not be empty")
            for c in chg:
                need(need(c, "artifactLocation", dict, fw), "uri", str, fw + ".artifactLocation")
                reps = need(c, "replacements", list, fw)
                if not reps:
                    fail(fw + ": replacements must not be empty")
                for rp in reps:
                    dr = need(rp, "deletedRegion", dict, fw + ".replacement")
                    sl = pos_int(need(dr, "startLine", int, fw), fw + ".startLine")
                    pos_int(need(dr, "startColumn", int, fw), fw + ".startColumn")
                    el = pos_int(need(dr, "endLine", int, fw), fw + ".endLine")
                    pos_int(need(dr, "endColumn", int, fw), fw + ".endColumn")
                    if el < sl or (el == sl and dr["endColumn"] < dr["startColumn"]):
                        fail(fw + ": deletedRegion ends before it starts")
                    need(need(rp, "insertedContent", dict, fw), "text", str, fw + ".insertedContent")
            FIXES[0] += 1
        fp = r.get("partialFingerprints", {})
        if not isinstance(fp, dict) or not all(isinstance(v, str) for v in fp.values()):
            fail(w + ": partialFingerprints must map to strings")
    inv = need(run, "invocations", list, "runs[0]")
    for i, x in enumerate(inv):
        need(x, "executionSuccessful", bool, "invocations[%d]" % i)
    return len(res)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except ValueError as e:
        fail("not JSON: %s" % e)
    n = check_json(doc) if kind == "json" else check_sarif(doc)
    print("ok %d" % n)
    if kind == "sarif":
        print("fixes %d" % FIXES[0])


main()
