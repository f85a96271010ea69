#!/usr/bin/env python3
"""The lightbulb's table for docs/performance.md from lightbulb.sh outputs: one run, or a run before and after a change.

    python3 perf-validation/lightbulb_table.py AFTER.tsv [BEFORE.tsv]

Per rule: the list's median (p95) warm and after an edit, their ratio, the slowest first list of a process, the
apply's median (p95), and Fix All in project scope (time, sites left). With BEFORE, each cell reads "before -> after".
"""
import sys
from collections import defaultdict


def read(path):
    rows = defaultdict(dict)
    first = defaultdict(list)
    notes = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            notes.append(line[1:].strip())
            continue
        cells = line.rstrip("\n").split("\t")
        if len(cells) < 4 or cells[0] in ("rule", "site"):
            continue
        rule, measure = cells[0], cells[1]
        if measure == "first-list":
            first[rule].append(float(cells[3]))
        elif measure in ("list-warm", "list-after-edit", "apply") and cells[3]:
            rows[rule][measure] = (float(cells[3]), float(cells[4]))
        elif measure == "fix-all":
            rows[rule]["fix-all"] = (cells[3], cells[4].replace(" left", ""))
        elif measure.startswith("first-apply"):
            rows["process"]["first-apply"] = float(cells[3])
    for rule, values in first.items():
        rows[rule]["first"] = max(values)
    return rows, notes


def ms(value):
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def cell(measure, rows):
    value = rows.get(measure)
    if value is None:
        return "-"
    if measure in ("list-warm", "list-after-edit", "apply"):
        return f"{ms(value[0])} ({ms(value[1])})"
    if measure == "first":
        return ms(value)
    if measure == "fix-all":
        return f"{value[0]}, {value[1]} left"
    return str(value)


def ratio(rows):
    warm, edited = rows.get("list-warm"), rows.get("list-after-edit")
    if not warm or not edited:
        return "-"
    # Below 0.1 ms the clock reads 0.0: the ratio of two such medians says nothing.
    return "both < 0.2 ms" if edited[0] < 0.2 else f"{edited[0] / max(warm[0], 0.1):.0f}x"


def main():
    after, after_notes = read(sys.argv[1])
    before, before_notes = read(sys.argv[2]) if len(sys.argv) > 2 else ({}, [])
    measures = ["list-warm", "list-after-edit", "ratio", "first", "apply", "fix-all"]
    print("| rule | list, warm: ms median (p95) | list after an edit | after / warm | first list of a process (slowest of 3 sites) | preview + apply | Fix All, project |")
    print("|---|---|---|---|---|---|---|")
    for rule in sorted(r for r in after if r.startswith("JP")):
        cells = []
        for measure in measures:
            new = ratio(after[rule]) if measure == "ratio" else cell(measure, after[rule])
            if before:
                old = ratio(before.get(rule, {})) if measure == "ratio" else cell(measure, before.get(rule, {}))
                new = f"{old} -> {new}" if old != new else new
            cells.append(new)
        print(f"| {rule} | " + " | ".join(cells) + " |")
    if "first-apply" in after.get("process", {}):
        first = f"{ms(before['process']['first-apply'])} -> " if before.get("process", {}).get("first-apply") else ""
        print(f"\nFirst apply of the process (the workspace's own formatting compiled just in time): {first}{ms(after['process']['first-apply'])} ms.")
    for label, notes in (("Before", before_notes), ("After", after_notes)):
        if notes:
            print(f"{label}: " + "; ".join(notes) + ".")


if __name__ == "__main__":
    main()
