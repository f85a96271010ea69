#!/usr/bin/env python3
"""The comparison half of run.sh: the package's diagnostics (SARIF logs) against an expert's list of costs.

  recall.py LIST CHECKOUT DIR LABEL     DIR/sarif/*.sarif in; DIR/sites.tsv and DIR/table.md out

LIST (recall/<repo>.md) has tables whose rows start with an id (A01, T01, E01): id | file | member | lines | shape |
weight | runs | per call | an expert writes | partial. A diagnostic finds a listed cost when it is in that file and in
one of its line ranges ("22;186", "27-30;40"), or, for a row without lines, in that member (Type.Member(), as
cs_members.py names it). A row under a heading with "error path" is counted apart. `partial` names rules whose
diagnostic there names only part of the cost: such a hit alone is "partial", not "found".
A table under "## Diagnostics judged" (rule | file | member | verdict | why) gives the verdict (true, debatable,
false) of diagnostics that are on no row, matched by rule, file and member; any other is "not judged".
Recall = found / listed. Precision = (on the list + true + debatable) / shipped diagnostics; strict precision leaves
the debatable out. The list's `other-cost-rules` (a header line) name rules whose diagnostics are about a cost no
row lists: they never find a row, and are judged like any diagnostic off the list.
"""
import os
import re
import sys
from collections import OrderedDict, defaultdict

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from cs_members import enclosing_member  # noqa: E402
from trial_report import sites as sarif_sites  # noqa: E402

ROW = re.compile(r"^\|\s*(?P<id>[A-Z]\d{2,3})\s*\|")


def cells(line):
    c = [x.strip() for x in line.strip().strip("|").split("|")]
    return [x.strip("`") if i in (1, 2) else x for i, x in enumerate(c)]  # file and member may be in backticks


def parse_list(path):
    listed, judged, section = [], [], ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("## "):
                section = line[3:].strip().lower()
                continue
            if not line.startswith("|"):
                continue
            c = cells(line)
            if section.startswith("diagnostics judged"):
                if re.fullmatch(r"JP\d{4}|AD0001", c[0]) and len(c) >= 4:
                    judged.append({"rule": c[0], "file": c[1], "member": c[2], "verdict": c[3].lower(),
                                   "why": c[4] if len(c) > 4 else ""})
                continue
            if ROW.match(line) and len(c) >= 10:
                ranges = []
                for part in filter(None, (p.strip() for p in c[3].split(";"))):
                    a, _, b = part.partition("-")
                    ranges.append((int(a), int(b or a)))
                listed.append({"id": c[0], "file": c[1], "member": c[2], "ranges": ranges, "shape": c[4],
                               "weight": c[5], "error": "error path" in section,
                               "partial": set(re.findall(r"JP\d{4}", c[9])), "hits": []})
    return listed, judged


def header_field(path, name):
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(rf"^- {name}: *(.*)$", line)
            if m:
                return m.group(1).strip()
    return ""


class Members:
    def __init__(self, checkout):
        self.checkout, self.texts = checkout, {}

    def at(self, path, line, col):
        if path not in self.texts:
            try:
                with open(os.path.join(self.checkout, path), encoding="utf-8-sig") as f:
                    self.texts[path] = f.read()
            except OSError:
                self.texts[path] = None
        text = self.texts[path]
        if text is None:
            return "?"
        lines = text.split("\n")
        offset = sum(len(x) + 1 for x in lines[: max(line - 1, 0)]) + max(col - 1, 0)
        return enclosing_member(text, offset)


def pct(a, b):
    return f"{a}/{b} = {100 * a / b:.0f}%" if b else f"{a}/0"


def main(list_path, checkout, out_dir, label):
    listed, judged = parse_list(list_path)
    tsv = os.path.join(out_dir, "sarif-sites.tsv")
    sarif_sites(os.path.join(out_dir, "sarif"), checkout, tsv)
    members = Members(checkout)
    diags, crashes, other_kinds = [], [], 0
    with open(tsv, encoding="utf-8") as f:
        for line in f:
            rule, kind, site, tfms, level, message = line.rstrip("\n").split("\t")
            path, ln, col = site.rsplit(":", 2)
            d = {"rule": rule, "kind": kind, "file": path, "line": int(ln), "col": int(col), "message": message,
                 "member": members.at(path, int(ln), int(col)), "status": "", "tfms": tfms}
            if rule == "AD0001":
                crashes.append(d)
            elif kind != "shipped":
                other_kinds += 1
            else:
                diags.append(d)
    other = set(header_field(list_path, "other-cost-rules").split())
    for d in diags:
        rows = [r for r in listed if d["rule"] not in other and r["file"] == d["file"] and (
            any(a <= d["line"] <= b for a, b in r["ranges"]) if r["ranges"] else r["member"] == d["member"])]
        for r in rows:
            r["hits"].append(d)
        if rows:
            d["status"] = "on the list: " + ", ".join(r["id"] + (" (partial)" if d["rule"] in r["partial"] else "")
                                                       for r in rows)
            d["verdict"] = "listed"
            continue
        j = next((j for j in judged if j["rule"] == d["rule"] and j["file"] == d["file"]
                  and j["member"] == d["member"]), None)
        d["verdict"] = j["verdict"] if j else "not judged"
        d["status"] = f"{d['verdict']}: {j['why']}" if j else "not judged"

    def outcome(r):
        full = sorted({h["rule"] for h in r["hits"] if h["rule"] not in r["partial"]})
        part = sorted({h["rule"] for h in r["hits"] if h["rule"] in r["partial"]})
        if full:
            return "found", ", ".join(full)
        return ("partial", ", ".join(part)) if part else ("missed", "")

    out = []
    repo, commit = header_field(list_path, "repository"), header_field(list_path, "commit")
    out.append(f"# {repo} ({commit[:7]}): recall with JsonPerf.Analyzers {label}\n")
    out.append("| id | shape | weight | path | outcome | by |")
    out.append("|---|---|---|---|---|---|")
    for r in listed:
        o, by = outcome(r)
        out.append(f"| {r['id']} | {r['shape']} | {r['weight']} | {'error' if r['error'] else 'success'} | {o} | {by} |")
    out.append("\n| shape | listed | found | partial | missed | by |")
    out.append("|---|---|---|---|---|---|")
    shapes = OrderedDict()
    for r in listed:
        if r["error"]:
            continue
        s = shapes.setdefault(r["shape"], defaultdict(int))
        o, by = outcome(r)
        s["listed"] += 1
        s[o] += 1
        for rule in filter(None, by.split(", ")):
            s["rule:" + rule] += 1
    for shape, s in shapes.items():
        rules = ", ".join(k[5:] for k in s if k.startswith("rule:"))
        out.append(f"| {shape} | {s['listed']} | {s['found']} | {s['partial']} | {s['missed']} | {rules or '–'} |")
    out.append("\n| rule | site | member | status | message |")
    out.append("|---|---|---|---|---|")
    for d in sorted(diags, key=lambda d: (d["file"], d["line"], d["rule"])):
        msg = d["message"] if len(d["message"]) <= 160 else d["message"][:157] + "..."
        out.append(f"| {d['rule']} | {d['file']}:{d['line']} | {d['member']} | {d['status']} | {msg.replace('|', '/')} |")
    ok = [r for r in listed if not r["error"]]
    err = [r for r in listed if r["error"]]
    found = sum(outcome(r)[0] == "found" for r in ok)
    partial = sum(outcome(r)[0] == "partial" for r in ok)
    verdicts = defaultdict(int)
    for d in diags:
        verdicts[d["verdict"]] += 1
    good = verdicts["listed"] + verdicts["true"]
    out.append("")
    out.append(f"recall (per-call costs, success path): {pct(found, len(ok))}; with the partial hits "
               f"{pct(found + partial, len(ok))}; error path: {pct(sum(outcome(r)[0] == 'found' for r in err), len(err))}")
    out.append(f"precision (shipped diagnostics on the list, true or debatable): {pct(good + verdicts['debatable'], len(diags))};"
               f" strict (on the list or true): {pct(good, len(diags))}")
    out.append(f"diagnostics: {len(diags)} shipped ({verdicts['listed']} on the list, {verdicts['true']} true, "
               f"{verdicts['debatable']} debatable, {verdicts['false']} false, {verdicts['not judged']} not judged); "
               f"{other_kinds} in test or sample code, not counted")
    out.append(f"crashes (AD0001 of a JsonPerf analyzer): {len(crashes)}")
    for d in crashes:
        out.append(f"- {d['file']}:{d['line']} {d['message'][:300]}")
    with open(os.path.join(out_dir, "table.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(out_dir, "sites.tsv"), "w", encoding="utf-8") as f:
        f.write("rule\tfile\tline\tmember\tstatus\tframeworks\tmessage\n")
        for d in diags + crashes:
            f.write("\t".join([d["rule"], d["file"], str(d["line"]), d["member"], d["status"] or "crash",
                               d["tfms"], d["message"]]) + "\n")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
