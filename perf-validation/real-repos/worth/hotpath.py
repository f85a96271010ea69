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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from trial_sites import enclosing_member  # noqa: E402


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


def main(config, before, after):
    failures, checks = 0, 0
    for line in open(config, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        file, member, pattern, expect_before, expect_after, what = line.split("\t")[:6]
        for side, tree, expect in (("before", before, expect_before), ("after", after, expect_after)):
            if expect == "any":
                continue
            checks += 1
            path = os.path.join(tree, file)
            try:
                with open(path, encoding="utf-8-sig") as f:
                    text = f.read()
            except OSError:
                print(f"HOT PATH CHECK FAILED: {side}: no {file} in {tree}")
                failures += 1
                continue
            n = occurrences(text, pattern)[member]
            ok = n > 0 if expect == "present" else n == 0
            where = "the file" if member == "*" else member
            if ok:
                print(f"hot path ok: {side}: {where} in {file} has {n} x `{pattern}` ({what})")
            elif side == "after":
                print(f"HOT PATH NOT FIXED: after: {where} in {file} still has {n} x `{pattern}`: {what}; the fixes "
                      f"did not change the measured path (see the trial's sites.tsv for why)")
                failures += 1
            else:
                print(f"HOT PATH CHECK FAILED: {side}: {where} in {file} has {n} x `{pattern}`, expected {expect} "
                      f"({what}): the benchmark no longer measures what it says")
                failures += 1
    print(f"hot path: {checks - failures} of {checks} checks hold ({config})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
