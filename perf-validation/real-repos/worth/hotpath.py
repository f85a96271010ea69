#!/usr/bin/env python3
"""Reads the measured path in both trees: the methods a worth benchmark runs must have the per-call work the fixes
remove in the before tree, and must not have it in the after tree.

  hotpath.py HOTPATH_TSV BEFORE_TREE AFTER_TREE

HOTPATH_TSV, one check a line (tab-separated; # starts a comment):
  file  member  pattern  before  after  what
file: relative to the tree; member: Type.Method() as trial_sites.py names a member (every overload of the name), or *
for the whole file; pattern: code text, matched with any whitespace between its characters; before, after: present
(at least once), absent, or any; what: what the check stands for. Exit 1, naming the member, when a check fails.
"""
import os
import re
import sys
from collections import Counter

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from cs_members import enclosing_member  # noqa: E402


def flexible(pattern):
    """A regex for the pattern's text with any whitespace between its characters."""
    return re.compile(r"\s*".join(re.escape(c) for c in pattern if not c.isspace()))


def occurrences(text, pattern):
    """How many times the pattern occurs, per enclosing member (and '*' for the file)."""
    counts = Counter()
    for m in flexible(pattern).finditer(text):
        counts[enclosing_member(text, m.start())] += 1
        counts["*"] += 1
    return counts


def count(tree, file, member, pattern):
    try:
        with open(os.path.join(tree, file), encoding="utf-8-sig") as f:
            return occurrences(f.read(), pattern)[member]
    except OSError:
        return None


def main(config, before, after):
    failures, checks = 0, 0
    for line in open(config, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        file, member, pattern, expect_before, expect_after, what = line.split("\t")[:6]
        where = f"{'the file' if member == '*' else member} in {file}"
        counts = {}
        for side, tree, expect in (("before", before, expect_before), ("after", after, expect_after)):
            n = counts[side] = count(tree, file, member, pattern)
            if expect == "any":
                continue
            checks += 1
            if n is None:
                print(f"HOT PATH CHECK FAILED: {side}: no {file} in {tree}")
            elif (n > 0) == (expect == "present"):
                continue
            elif side == "after":
                print(f"HOT PATH NOT FIXED: after: {where} still has {n} x `{pattern}`: {what}; the fixes did not "
                      f"change the measured path (the trial's sites.tsv says why)")
            else:
                print(f"HOT PATH CHECK FAILED: before: {where} has {n} x `{pattern}`, expected {expect} ({what}): "
                      f"the benchmark no longer measures what it says")
            failures += 1
        print(f"hot path: {where}: `{pattern}` before {counts['before']}, after {counts['after']} ({what})")
    print(f"hot path: {checks - failures} of {checks} checks hold ({config})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
