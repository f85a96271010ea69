#!/usr/bin/env python3
"""Tests by name for trial.sh: the outcome of every test in the TRX files of a run, and the tests whose outcome
changed between the run before the fixes and the run after.

  trial_tests.py names TRX_DIR CHECKOUT OUT_TSV     one line per test: outcome, test assembly, test name
  trial_tests.py compare BEFORE_TSV AFTER_TSV OUT   the tests whose outcome changed (OUT), a summary line (stdout)

A test is known by its test assembly (the path of the test DLL below the checkout, which names the project and the
target framework) and its name as the runner reports it (a theory's cases by their arguments). A name reported more
than once (the same case in two runs of one assembly) keeps its worst outcome: failed, then not run, then passed.
Counts can agree while names differ (one test starts failing as another starts passing): only names tell.
"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

sys.dont_write_bytecode = True
RANK = {"failed": 3, "timeout": 3, "aborted": 3, "error": 3, "notexecuted": 2, "inconclusive": 2, "passed": 1}


def outcome_of(text):
    o = (text or "").strip().lower()
    if o in ("passed", "completed", "passedbutrunaborted", "warning"):
        return "passed"
    if o in ("notexecuted", "skipped", "inconclusive", "pending", "notrunnable", "disconnected"):
        return "skipped"
    return "failed"


def names(trx_dir, checkout, out_tsv):
    root = checkout.rstrip("/") + "/"
    tests = {}
    for trx in sorted(glob.glob(os.path.join(trx_dir, "**", "*.trx"), recursive=True)):
        try:
            tree = ET.parse(trx)
        except (ET.ParseError, OSError):
            continue
        ns = {"t": re.match(r"\{(.*)\}", tree.getroot().tag).group(1)} if tree.getroot().tag.startswith("{") else {}
        p = "t:" if ns else ""
        storage = {}
        for unit in tree.getroot().iterfind(f".//{p}TestDefinitions/{p}UnitTest", ns):
            path = (unit.get("storage") or "").replace("\\", "/")
            # VSTest writes the path lower-cased on some hosts: compare the checkout's path the same way.
            inside = path.lower().startswith(root.lower())
            storage[unit.get("id")] = (path[len(root):] if inside else os.path.basename(path)).lower()
        for result in tree.getroot().iterfind(f".//{p}Results//{p}UnitTestResult", ns):
            if result.find(f"{p}InnerResults", ns) is not None:
                continue  # a data-driven parent: its inner results are the tests
            key = (storage.get(result.get("testId"), "?"), result.get("testName", "?").replace("\t", " "))
            outcome = outcome_of(result.get("outcome"))
            if key not in tests or RANK.get(outcome, 3) > RANK.get(tests[key], 3):
                tests[key] = outcome
    with open(out_tsv, "w", encoding="utf-8") as f:
        for (assembly, name), outcome in sorted(tests.items()):
            f.write(f"{outcome}\t{assembly}\t{name}\n")
    counts = {o: sum(v == o for v in tests.values()) for o in ("passed", "failed", "skipped")}
    print(f"{len(tests)} tests by name: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")


def load(path):
    tests = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 3:
                    tests[(parts[1], parts[2])] = parts[0]
    except OSError:
        pass
    return tests


def compare(before_tsv, after_tsv, out):
    before, after = load(before_tsv), load(after_tsv)
    changed = []
    for key in sorted(set(before) | set(after)):
        b, a = before.get(key, "absent"), after.get(key, "absent")
        if b != a:
            changed.append(f"{b} -> {a}\t{key[0]}\t{key[1]}")
    with open(out, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in changed))
    if not before and not after:
        print("no test names recorded (no TRX file)")
        return
    same = sum(1 for k in set(before) & set(after) if before[k] == after[k] == "passed")
    print(f"{len(before)} tests before, {len(after)} after; {same} passed in both; "
          f"{len(changed)} changed outcome" + (":" if changed else ""))
    for line in changed[:20]:
        what, assembly, name = line.split("\t")
        print(f"  {what}: {name} ({assembly})")
    if len(changed) > 20:
        print(f"  ... {len(changed) - 20} more in {out}")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "names":
        names(*args)
    elif command == "compare":
        compare(*args)
    else:
        sys.exit(f"unknown command {command}")
