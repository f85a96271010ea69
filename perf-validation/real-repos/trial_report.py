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
                if not re.fullmatch(r"JP[0-9]{4}|AD0001", rule) or result.get("suppressions"):
                    continue
                location = (result.get("locations") or [{}])[0].get("physicalLocation", {})
                uri = location.get("artifactLocation", {}).get("uri", "?")
                uri = re.sub(r"^file://", "", uri)
                uri = uri[len(root):] if uri.startswith(root) else uri
                region = location.get("region", {})
                site = f"{uri}:{region.get('startLine', 0)}:{region.get('startColumn', 0)}"
                level = result.get("level", "warning")  # SARIF's default level is warning
                message = re.sub(r"[\t\n]", " ", result.get("message", {}).get("text", ""))
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


def load_sites(path):
    rows = []
    for line in read(path).splitlines():
        parts = line.split("\t")
        if len(parts) >= 6:
            rule, kind, site, tfms, level, message = parts[:6]
            rows.append({"rule": rule, "kind": kind, "file": site.rsplit(":", 2)[0], "site": site,
                         "tfms": tfms, "level": level, "message": message})
    return rows


def identity(row):
    # Lines move when a fix edits the file above a site, so a site is known by its rule, file and message; sites that
    # share all three are counted, not told apart.
    return (row["rule"], row["file"], row["message"])


def delta(before, after):
    """Per rule: how many sites disappeared (fixed) and appeared (created) between two site lists."""
    b, a = Counter(map(identity, before)), Counter(map(identity, after))
    fixed, created = Counter(), Counter()
    for key, n in (b - a).items():
        fixed[key[0]] += n
    for key, n in (a - b).items():
        created[key[0]] += n
    return fixed, created


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
def table(out):
    run = read(os.path.join(out, "run.txt")).splitlines()
    head = run[0].split() if run else ["?", "?"]
    before = load_sites(os.path.join(out, "sites-before.tsv"))
    build_after = read(os.path.join(out, "build-after.txt"), "not run")
    after_known = build_after.startswith("ok")
    after = load_sites(os.path.join(out, "sites-after.tsv")) if after_known else None

    # passes.txt: name, rules, files changed, files added, exit code, sites file after the pass (or "unknown")
    passes = [line.split("\t") for line in read(os.path.join(out, "passes.txt")).splitlines() if line]
    fixed_total, created_total, pass_lines = Counter(), Counter(), []
    previous, pending = before, []
    for name, rules, changed, added, code, sites_file in passes:
        if code == "skipped":
            pass_lines.append(f"{name} ({rules}): not run (the pass before it changed no file)")
            continue
        text = f"{name} ({rules}): exit {code}, {changed} files changed ({added} new)"
        current = None if sites_file == "unknown" else load_sites(os.path.join(out, sites_file))
        if current is None:
            pending.append(name)
            pass_lines.append(text + "; sites after it: unknown (the build after it failed)")
            continue
        fixed, created = delta(previous, current)
        fixed_total += fixed
        created_total += created
        label = " + ".join(pending + [name])
        parts = [f"fixed {describe(fixed)}" if fixed else "fixed none",
                 *([f"created {describe(created)}"] if created else [])]
        pass_lines.append(text + "; " + "; ".join(parts) + (f" (counted over {label})" if pending else ""))
        previous, pending = current, []

    lines = [f"# {head[0]} {head[1] if len(head) > 1 else ''} ({' '.join(head[2:])})", ""]
    if not before and (after is None or not after):
        lines.append(f"0 sites: no JsonPerf rule reported anything ({count_logs(out)} SARIF logs read).")
    else:
        lines += ["| rule | sites before (shipped + test/sample) | fixed | created by a fix | left | "
                  "left as suggestions in test projects |", "|---|---|---|---|---|---|"]
        for rule in RULES:
            b = [r for r in before if r["rule"] == rule]
            a = None if after is None else [r for r in after if r["rule"] == rule]
            if not b and not a and not created_total[rule]:
                continue
            shipped = sum(r["kind"] == "shipped" for r in b)
            if a is None:
                cells = ["unknown"] * 4
            else:
                suggestions = sum(r["kind"] == "test" and r["level"] == "note" and rule not in ("JP0002", "JP0008")
                                  for r in a)
                cells = [str(fixed_total[rule]), str(created_total[rule]), str(len(a)), str(suggestions)]
            lines.append(f"| {rule} | {len(b)} ({shipped} + {len(b) - shipped}) | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("- passes of `dotnet format analyzers`:")
    lines += [f"  - {p}" for p in pass_lines]
    unable = read(os.path.join(out, "format-unable.txt"))
    if unable:
        lines.append(f"- dotnet format could not fix ({len(unable.splitlines())} lines, {out}/format-unable.txt):")
        lines += [f"  - {u}" for u in unable.splitlines()[:5]]
    lines.append(f"- build after: {build_after}" + ("" if after_known else "; sites after: unknown"))
    lines.append(f"- tests before: {read(os.path.join(out, 'tests-before.txt'), 'not run')}")
    lines.append(f"- tests after: {read(os.path.join(out, 'tests-after.txt'), 'not run')}")
    lines.append(f"- fixes: {read(os.path.join(out, 'files-changed.txt'), '0')} files changed ({out}/fixes.diff)")
    per_site = read(os.path.join(out, "sites-summary.txt")).splitlines()
    if per_site:
        lines.append(f"- {per_site[0]} (a site whose message a fix of another site rewrote counted once)")
    budget_md = read(os.path.join(out, "budget.md"))
    if budget_md:
        lines += ["", f"Analyzer time in the compile of {read(os.path.join(out, 'budget-target.txt'))}:", "", budget_md]
    with open(os.path.join(out, "table.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


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
