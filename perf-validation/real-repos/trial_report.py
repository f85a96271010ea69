#!/usr/bin/env python3
"""The measuring half of trial.sh: sites from SARIF logs, what each `dotnet format` pass fixed and created, the
analyzer share of the compile from -p:ReportAnalyzer=true logs, and the table.

  trial_report.py sites SARIF_DIR CHECKOUT OUT_TSV
  trial_report.py budget OUT_MD LOAD LOG...
  trial_report.py table OUT_DIR
"""
import glob
import json
import os
import re
import statistics
import sys
from collections import Counter

sys.dont_write_bytecode = True

RULES = ["JP0001", "JP0002", "JP0003", "JP0004", "JP0005", "JP0006", "JP0007", "JP0008", "AD0001"]
TEST_PATH = re.compile(r"(^|/)tests?/|[./]tests?[./]|tests?\.csproj$|(^|/)test[^/]*/", re.I)
SAMPLE_PATH = re.compile(r"(^|/)(samples?|examples?|demos?|docs|benchmarks?|perf|playground|sandbox)/"
                         r"|samples?\.csproj$|benchmarks?\.csproj$", re.I)


def read(path, default=""):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        return default


# ------------------------------------------------------------------ sites
def sites(sarif_dir, checkout, out_tsv):
    """One line per site, deduplicated over target frameworks:
    rule, kind (shipped/test/sample), file:line:col, frameworks, level (warning/note), message."""
    root = checkout.rstrip("/") + "/"
    found = {}
    for sarif in sorted(glob.glob(os.path.join(sarif_dir, "*.sarif"))):
        meta = read(sarif[: -len(".sarif")] + ".meta").split("|")
        project, tfm, is_test = (meta + ["", "", ""])[:3]
        rel = project[len(root):] if project.startswith(root) else project
        kind = "test" if is_test == "true" or TEST_PATH.search(rel) else "sample" if SAMPLE_PATH.search(rel) else "shipped"
        try:
            with open(sarif, encoding="utf-8-sig") as f:
                log = json.load(f)
        except (OSError, ValueError):
            continue
        for run in log.get("runs", []):
            for result in run.get("results") or []:
                rule = result.get("ruleId", "")
                message = re.sub(r"[\t\n]", " ", result.get("message", {}).get("text", ""))
                if not jsonperf_own(rule, message) or result.get("suppressions"):
                    continue
                location = (result.get("locations") or [{}])[0].get("physicalLocation", {})
                uri = location.get("artifactLocation", {}).get("uri", "?")
                uri = re.sub(r"^file://", "", uri)
                uri = uri[len(root):] if uri.startswith(root) else uri
                region = location.get("region", {})
                site = f"{uri}:{region.get('startLine', 0)}:{region.get('startColumn', 0)}"
                level = result.get("level", "warning")  # SARIF's default level is warning
                key = (rule, site)
                if key in found:
                    entry = found[key]
                    if tfm not in entry["tfms"]:
                        entry["tfms"].append(tfm)
                    if level != "note":
                        entry["level"] = level
                else:
                    found[key] = {"kind": kind, "tfms": [tfm], "level": level, "message": message}
    with open(out_tsv, "w", encoding="utf-8") as f:
        for (rule, site), e in sorted(found.items()):
            f.write("\t".join([rule, e["kind"], site, ",".join(e["tfms"]), e["level"], e["message"]]) + "\n")


def jsonperf_own(rule, message):
    """JsonPerf's rules, and AD0001 only where a JsonPerf analyzer threw (another analyzer's AD0001 is not ours)."""
    if re.fullmatch(r"JP[0-9]{4}", rule):
        return True
    return rule == "AD0001" and re.search(r"'JsonPerf\.", message) is not None


# ------------------------------------------------------------------ budget
ROW = re.compile(r"^\s*(?P<time><?[0-9.]+)\s+<?[0-9]+\s+(?P<name>\S.*?)\s*$")
TOTAL = re.compile(r"Total analyzer execution time: (?P<time>[0-9.]+) seconds")
CSC = re.compile(r"^\s*(?P<ms>[0-9]+) ms\s+Csc\s+(?P<calls>[0-9]+) calls", re.M)


def seconds(text):
    return 0.0 if text.startswith("<") else float(text)


def budget_of(log_text):
    """Csc's time and the analyzers' times of one Rebuild log (detailed verbosity, PerformanceSummary)."""
    csc = CSC.search(log_text)
    total = TOTAL.search(log_text)
    times = {"jsonperf": None, "netanalyzers": None, "ca1869": None, "floor": None}
    for line in log_text.splitlines():
        m = ROW.match(line)
        if not m:
            continue
        name, t = m.group("name"), seconds(m.group("time"))
        if name.startswith("JsonPerf.Analyzers, Version="):
            times["jsonperf"] = (times["jsonperf"] or 0) + t
        elif re.match(r"Microsoft\.CodeAnalysis\.(CSharp\.)?NetAnalyzers, Version=", name):
            times["netanalyzers"] = (times["netanalyzers"] or 0) + t
        elif name.startswith("JsonPerf.FloorProbe, Version="):
            times["floor"] = (times["floor"] or 0) + t
        elif name.endswith("(CA1869)"):
            times["ca1869"] = (times["ca1869"] or 0) + t
    return {"csc": int(csc.group("ms")) / 1000 if csc else None, "calls": int(csc.group("calls")) if csc else 0,
            "server": "server processed compilation" in log_text,
            "total": float(total.group("time")) if total else None, **times}


def budget(out_md, load, logs):
    runs = [budget_of(read(log)) for log in logs]

    def median(key):
        values = [r[key] for r in runs if r[key] is not None]
        return statistics.median(values) if len(values) == len(runs) and values else None

    csc = median("csc")
    served = sum(r["server"] for r in runs)
    compiler = ("compiler server (VBCSCompiler)" if served == len(runs) else "a new csc process per Rebuild" if served == 0
                else f"compiler server in {served} of {len(runs)} Rebuilds, a new csc process in the others")
    lines = [f"| Rebuilds | {len(runs)} (median; load average before: {load}) |",
             f"| compiler | {compiler} |",
             f"| compile (Csc task) | {fmt(csc)} |"]
    for key, label in (("total", "all analyzers"), ("jsonperf", "JsonPerf.Analyzers"),
                       ("netanalyzers", "NetAnalyzers"), ("ca1869", "CA1869"),
                       ("floor", "floor probe (empty callbacks where JsonPerf has its own)")):
        value = median(key)
        if key == "floor" and value is None:
            continue
        share = "" if value is None or not csc else f" (<{0.001 / csc * 100:.2f}%)" if value < 0.0005 else f" ({value / csc * 100:.2f}%)"
        lines.append(f"| {label} | {fmt(value) if value is not None else 'not in the log'}{share} |")
    jp = median("jsonperf")
    verdict = "unknown" if jp is None or not csc else "within" if jp / csc <= 0.01 else "OVER"
    lines.append(f"| budget (JsonPerf at most 1% of the compile) | {verdict} |")
    if any(r["calls"] != 1 for r in runs):
        lines.append("| note | a log did not hold exactly one Csc call: read the times with care |")
    with open(out_md, "w", encoding="utf-8") as f:
        f.write("| measure | value |\n|---|---|\n" + "\n".join(lines) + "\n")
    print("\n".join(lines))


def fmt(value):
    return "?" if value is None else "<0.001 s" if value < 0.0005 else f"{value:.3f} s"


# ------------------------------------------------------------------ table
NO_REASON = re.compile(r"^(no reason given|see 'When the fix is not offered'.*)?$")


def load_per_site(path):
    """sites.tsv (trial_sites.py outcomes): one row per site, followed from pass to pass."""
    rows = []
    for line in read(path).splitlines()[1:]:
        p = line.split("\t")
        if len(p) >= 9:
            outcome, passes = p[4], p[5].split("->") if p[5] else []
            created = passes[0] if outcome.startswith("created") and passes else ""
            fixed = passes[-1] if outcome.endswith("fixed") and passes else ""
            rows.append({"rule": p[0], "kind": p[1], "file": p[2], "member": p[3], "outcome": outcome,
                         "created": created, "fixed": fixed, "reason": p[7], "level": p[9] if len(p) > 9 else ""})
    return rows


def last_pass(label):
    """A label is a pass, or passes counted together ("warn+warn-again") when a build between them failed."""
    return label.split("+")[-1] if label else ""


def table(out):
    run = read(os.path.join(out, "run.txt")).splitlines()
    head = run[0].split() if run else ["?", "?"]
    build_after = read(os.path.join(out, "build-after.txt"), "not run")
    after_known = build_after.startswith("ok")
    rows = load_per_site(os.path.join(out, "sites.tsv"))
    # passes.txt: name, rules, files changed, files added, exit code, sites file after the pass (or "unknown")
    passes = [line.split("\t") for line in read(os.path.join(out, "passes.txt")).splitlines() if line]
    order = {p[0]: i for i, p in enumerate(passes)}

    def when(label):
        return order.get(last_pass(label), -1)

    pass_lines = []
    for name, rules, changed, added, code, sites_file in passes:
        if code == "skipped":
            pass_lines.append(f"{name} ({rules}): not run (the pass before it changed no file)")
            continue
        text = f"{name} ({rules}): exit {code}, {changed} files changed ({added} new)"
        if sites_file == "unknown":
            pass_lines.append(text + "; sites after it: unknown (the build after it failed)")
            continue
        mine = [r for r in rows if last_pass(r["fixed"]) == name]
        made = [r for r in rows if last_pass(r["created"]) == name]
        together = {r["fixed"] for r in mine} | {r["created"] for r in made}
        parts = [f"fixed {describe(Counter(r['rule'] for r in mine))}" if mine else "fixed none",
                 *([f"created {describe(Counter(r['rule'] for r in made))}"] if made else [])]
        label = next((l for l in together if "+" in l), "")
        pass_lines.append(text + "; per site: " + "; ".join(parts)
                          + (f" (counted over {label.replace('+', ' + ')})" if label else ""))

    lines = [f"# {head[0]} {head[1] if len(head) > 1 else ''} ({' '.join(head[2:])})", ""]
    if not rows:
        lines.append(f"0 sites: no JsonPerf rule reported anything ({count_logs(out)} SARIF logs read).")
    else:
        lines += ["| rule | sites before (shipped + test/sample) | fixed | created by a fix | left | "
                  "left as suggestions in test projects |", "|---|---|---|---|---|---|"]
        for rule in RULES:
            mine = [r for r in rows if r["rule"] == rule]
            if not mine:
                continue
            before = [r for r in mine if not r["outcome"].startswith("created")]
            shipped = sum(r["kind"] == "shipped" for r in before)
            if not after_known:
                cells = ["unknown"] * 4
            else:
                left = [r for r in mine if r["outcome"].endswith("left")]
                suggestions = sum(r["kind"] == "test" and r["level"] == "note" and rule not in ("JP0002", "JP0008")
                                  for r in left)
                cells = [str(sum(r["outcome"].endswith("fixed") for r in mine)),
                         str(sum(r["outcome"].startswith("created") for r in mine)), str(len(left)), str(suggestions)]
            label = "AD0001 (a JsonPerf analyzer threw)" if rule == "AD0001" else rule
            lines.append(f"| {label} | {len(before)} ({shipped} + {len(before) - shipped}) | " + " | ".join(cells) + " |")
        lines += ["", "Counted per site (one site is one place in the code, whatever its target frameworks; a site "
                  "whose message a fix of another site rewrote stays one site); sites before - fixed + created = left."]
    lines.append("")
    lines.append("- passes of `dotnet format analyzers`:")
    lines += [f"  - {p}" for p in pass_lines]
    lines += unable_lines(out, rows, when, order)
    lines.append(f"- build after: {build_after}" + ("" if after_known else "; sites after: unknown"))
    extras = read(os.path.join(out, "extra-projects.txt")).splitlines()
    if extras:
        lines.append(f"- projects outside the target whose sites are counted, each fixed by a `dotnet format` run of "
                     f"its own and built on every target framework: {', '.join(os.path.basename(e) for e in extras)}")
    lines.append(f"- tests before: {read(os.path.join(out, 'tests-before.txt'), 'not run')}")
    lines.append(f"- tests after: {read(os.path.join(out, 'tests-after.txt'), 'not run')}")
    by_name = read(os.path.join(out, "tests-compare.txt"))
    if by_name:
        lines.append(f"- tests by name: {by_name.splitlines()[0]}")
        lines += [f"  - {l.strip()}" for l in by_name.splitlines()[1:]]
    lines.append(f"- fixes: {read(os.path.join(out, 'files-changed.txt'), '0')} files changed ({out}/fixes.diff)")
    # A test project's suggestion is left by design (its column above); any other site left should say why.
    # "see 'When the fix is not offered'" names a page, not this site's reason: it counts as none.
    silent = [r for r in rows if r["outcome"].endswith("left") and NO_REASON.match(r["reason"])
              and not (r["kind"] == "test" and r["level"] == "note")]
    if silent:
        lines.append(f"- left with no reason of their own in the message: {len(silent)}")
        lines += [f"  - {r['rule']} {r['file']} {r['member']} ({r['kind']}): {r['reason'] or 'no reason given'}"
                  for r in silent[:10]]
    budget_md = read(os.path.join(out, "budget.md"))
    if budget_md:
        lines += ["", f"Analyzer time in the compile of {read(os.path.join(out, 'budget-target.txt'))}:", "", budget_md]
    with open(os.path.join(out, "table.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def unable_lines(out, rows, when, order):
    """dotnet format's "Unable to fix RULE" lines (format-unable.txt: pass, rule, times printed, fix provider), told per
    pass and per site: dotnet format prints one per project and target framework whose first site of the rule got no
    fix, so the number printed counts neither sites nor sites left. What a pass left is read from the sites."""
    unable = [line.split("\t") for line in read(os.path.join(out, "format-unable.txt")).splitlines() if "\t" in line]
    if not unable:
        return []
    lines = ["- `Unable to fix` from dotnet format, per pass, with the sites of that rule the pass met and left:"]
    for name, rule, times, provider in unable:
        at = order.get(name, -1)
        met = [r for r in rows if r["rule"] == rule and when(r["created"]) < at
               and (not r["fixed"] or when(r["fixed"]) >= at)]
        left = [r for r in met if not r["fixed"] or when(r["fixed"]) > at]
        lines.append(f"  - {name}: Unable to fix {rule} ({provider}; printed {times}x, once per project and target "
                     f"framework); {len(met)} {rule} site(s) before this pass, {len(met) - len(left)} fixed by it, "
                     f"{len(left)} left" + (":" if left else ""))
        for r in left:
            after = "fixed by a later pass" if r["fixed"] else r["reason"] or "no reason given"
            lines.append(f"    - {r['file']} {r['member']} ({r['kind']}): {after}")
    return lines


def describe(counter):
    return ", ".join(f"{rule} {n}" for rule, n in sorted(counter.items()))


def count_logs(out):
    return len(glob.glob(os.path.join(out, "sarif-before", "*.sarif")))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "sites":
        sites(*args)
    elif command == "budget":
        budget(args[0], args[1], args[2:])
    elif command == "table":
        table(*args)
    else:
        sys.exit(f"unknown command {command}")
