#!/usr/bin/env python3
"""The worth table from BenchmarkDotNet's full JSON export (*-report-full.json), one row per benchmark:

  worth_table.py RESULTS_DIR LABEL META_FILE > worth.md

Time ratio = mean before / mean after (higher = the fixes help). Each mean comes with its 99.9% confidence interval
(BenchmarkDotNet's, over every measured iteration of the job's launches); where the two sides' intervals overlap the
difference is within the run's noise and the ratio reads "~1 (not distinguishable)". Otherwise the ratio is followed by
the range the intervals allow (lower before / upper after .. upper before / lower after). Alloc ratio = bytes allocated
per call before / after.
"""
import glob
import json
import os
import re
import sys


def job_of(benchmark):
    job = benchmark.get("Job") or {}
    if isinstance(job, dict) and job.get("Id"):
        return job["Id"]
    m = re.search(r": ([A-Za-z]+)\(", benchmark.get("DisplayInfo", ""))
    return m.group(1) if m else "?"


def time(ns, unit_of=None):
    """ns in µs from 10 µs up (unit_of: write ns in the unit that number would get)."""
    scale = unit_of if unit_of is not None else ns
    if scale >= 1e4:
        return f"{ns / 1e3:,.0f} µs" if scale >= 1e6 else f"{ns / 1e3:,.1f} µs"
    return f"{ns:,.0f} ns"


def size(b):
    return "?" if b is None else f"{b / 1024:,.2f} KB"


def ratio(x):
    return f"{x:,.0f}" if x >= 10 else f"{x:.2f}"


def main(results, label, meta):
    rows = {}
    for path in sorted(glob.glob(os.path.join(results, "*-report-full.json"))):
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
        for b in report.get("Benchmarks", []):
            title = (b.get("MethodTitle") or b.get("Method") or "?").strip("'")
            stats = b.get("Statistics") or {}
            ci = stats.get("ConfidenceInterval") or {}
            rows.setdefault(title, {})[job_of(b)] = {
                "mean": stats.get("Mean"), "lower": ci.get("Lower"), "upper": ci.get("Upper"), "n": stats.get("N"),
                "level": ci.get("Level"), "alloc": (b.get("Memory") or {}).get("BytesAllocatedPerOperation")}
    load = {}
    for line in open(meta, encoding="utf-8"):
        key, _, value = line.strip().partition(" ")
        load[key] = value
    out = [f"{label}: load average (1, 5, 15 min) {load.get('load-before', '?')} before the run, "
           f"{load.get('load-after', '?')} after; {load.get('machine', '')}", "",
           "| Call | Mean before (± 99.9% CI) | Mean after (± 99.9% CI) | Time ratio before/after | "
           "Allocated before | Allocated after | Alloc ratio |",
           "|---|--:|--:|--:|--:|--:|--:|"]
    missing = 0
    for title, sides in rows.items():
        b, a = sides.get("before"), sides.get("after")
        if not b or not a or b["mean"] is None or a["mean"] is None:
            out.append(f"| {title} | {'?' if not b else time(b['mean'])} | {'?' if not a else time(a['mean'])} | "
                       f"no result on one side | | | |")
            missing += 1
            continue
        overlap = b["lower"] <= a["upper"] and a["lower"] <= b["upper"]
        if overlap:
            tr = "~1 (not distinguishable)"
        else:
            tr = (f"{ratio(b['mean'] / a['mean'])}× ({ratio(b['lower'] / a['upper'])}–{ratio(b['upper'] / a['lower'])})")
        alloc = "?" if not b["alloc"] or not a["alloc"] else ratio(b["alloc"] / a["alloc"])
        out.append(f"| {title} | {time(b['mean'])} ± {time((b['upper'] - b['lower']) / 2, b['mean'])} | "
                   f"{time(a['mean'])} ± {time((a['upper'] - a['lower']) / 2, a['mean'])} | {tr} | {size(b['alloc'])} | "
                   f"{size(a['alloc'])} | {alloc} |")
    if not rows:
        out.append("| no *-report-full.json in " + results + " | | | | | | |")
    n = {s["n"] for sides in rows.values() for s in sides.values() if s.get("n")}
    out += ["", f"Measured iterations per side: {', '.join(map(str, sorted(n))) or '?'}; "
            "ratio range from the two 99.9% confidence intervals."]
    print("\n".join(out))
    return 1 if missing or not rows else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
