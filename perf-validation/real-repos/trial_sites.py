#!/usr/bin/env python3
"""Per-site outcomes of a trial (trial.sh), records of them, and the comparison that names lost fixes.

  trial_sites.py outcomes OUT CHECKOUT        OUT/sites.tsv: one line per site, what became of it
  trial_sites.py record SITES_TSV FILE NOTE   a record of those outcomes (recorded/<repo>.tsv): no code, no message text
  trial_sites.py compare RECORDED SITES_TSV   every site fixed in the record and not fixed now, under LOST FIXES (exit 1)
  trial_sites.py counts SITES_TSV             "N sites, N fixed, N created, N left"

A site is known by its rule, file, the member that encloses it (Type.Member, read from the checkout's files as they were
when the site was reported: trees.txt) and its message without line numbers and without the "(no fix:
...)" note, which a site gains when its fix is withheld. Sites that share all of these are counted, not told apart.
"""
import hashlib
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# The note: "(no fix: ...)", or "(no automatic fix here: ...)" as messages said it before they were shortened.
NOTE = re.compile(r"\s*\(no (?:automatic )?fix(?: here)?: (?P<reason>.*)\)\s*$")
FIXED = ("fixed", "created, fixed")
SITES_HEAD = "rule\tkind\tfile\tmember\toutcome\tpasses\tkey\treason\tmessage\tlevel\tframeworks"
RECORD_HEAD = "rule\tkind\tfile\tmember\toutcome\tkey\treason"


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


from cs_members import enclosing_member  # noqa: E402 (beside this file)


class Files:
    """The checkout's files as a git tree holds them (or as they are, without a tree)."""

    def __init__(self, checkout):
        self.checkout, self.cache = checkout, {}

    def text(self, tree, path):
        key = (tree, path)
        if key not in self.cache:
            if tree:
                r = subprocess.run(["git", "-C", self.checkout, "cat-file", "blob", f"{tree}:{path}"],
                                   capture_output=True)
                self.cache[key] = r.stdout.decode("utf-8-sig", "replace") if r.returncode == 0 else None
            else:
                self.cache[key] = read(os.path.join(self.checkout, path)) or None
        return self.cache[key]

    def member(self, tree, path, line, col):
        text = self.text(tree, path)
        if text is None:
            return "?"
        lines = text.split("\n")
        offset = sum(len(x) + 1 for x in lines[:max(line - 1, 0)]) + max(col - 1, 0)
        return enclosing_member(text, offset)


# ------------------------------------------------------------------ outcomes
def main_text(message):
    """The message without line numbers and without the note saying why no fix is offered."""
    message = NOTE.sub("", message)
    return re.sub(r"\b[Ll]ine \d+|\(\d+,\d+\)|:\d+:\d+", "", message).strip()


def load(path, files, tree):
    rows = []
    for line in read(path).splitlines():
        parts = line.split("\t")
        if len(parts) < 6:
            continue
        rule, kind, site, tfms, level, message = parts[:6]
        file, ln, col = site.rsplit(":", 2)
        note = NOTE.search(message)
        rows.append({"rule": rule, "kind": kind, "file": file, "member": files.member(tree, file, int(ln), int(col)),
                     "main": main_text(message), "reason": note.group("reason") if note else "", "message": message,
                     "level": level, "tfms": tfms})
    return rows


def key_of(row):
    return hashlib.sha1(f"{row['rule']}|{row['file']}|{row['main']}".encode()).hexdigest()[:10]


def match(old, new):
    """Pairs (old index, new index) of the same site: same rule, file and main text, the same member first."""
    groups = defaultdict(lambda: ([], []))
    for i, r in enumerate(old):
        groups[(r["rule"], r["file"], r["main"])][0].append(i)
    for j, r in enumerate(new):
        groups[(r["rule"], r["file"], r["main"])][1].append(j)
    pairs = []
    for olds, news in groups.values():
        news = list(news)
        rest = []
        for i in olds:
            same = next((j for j in news if new[j]["member"] == old[i]["member"]), None)
            if same is None:
                rest.append(i)
            else:
                news.remove(same)
                pairs.append((i, same))
        pairs += list(zip(rest, news))
    # A site whose message a fix of another site changed (options whose encoder JP0004 hoisted no longer rebuild the
    # metadata, only look it up) is still the same site: same rule, file and member.
    used_old, used_new = {i for i, _ in pairs}, {j for _, j in pairs}
    free_new = [j for j in range(len(new)) if j not in used_new]
    for i, r in enumerate(old):
        if i in used_old:
            continue
        j = next((j for j in free_new if (new[j]["rule"], new[j]["file"], new[j]["member"]) == (r["rule"], r["file"], r["member"])), None)
        if j is not None:
            free_new.remove(j)
            pairs.append((i, j))
    return pairs


def outcomes(out, checkout):
    files = Files(checkout)
    trees = dict(line.split("\t") for line in read(os.path.join(out, "trees.txt")).splitlines() if "\t" in line)
    before = load(os.path.join(out, "sites-before.tsv"), files, trees.get("before") or "HEAD")
    tracked = [dict(r, created=None, fixed=None, reported=r) for r in before]
    current, pending = list(range(len(tracked))), []
    for line in read(os.path.join(out, "passes.txt")).splitlines():
        name, _rules, _changed, _added, code, sites_file = line.split("\t")[:6]
        if code == "skipped":
            continue
        if sites_file == "unknown":
            pending.append(name)
            continue
        label = "+".join(pending + [name])
        pending = []
        rows = load(os.path.join(out, sites_file), files, trees.get(name))
        pairs = match([tracked[t]["reported"] for t in current], rows)
        seen_old, seen_new = {i for i, _ in pairs}, {j for _, j in pairs}
        for i, t in enumerate(current):
            if i not in seen_old:
                tracked[t]["fixed"] = label
        nxt = []
        for i, j in pairs:
            tracked[current[i]]["reported"] = rows[j]
            nxt.append(current[i])
        for j, r in enumerate(rows):
            if j not in seen_new:
                tracked.append(dict(r, created=label, fixed=None, reported=r))
                nxt.append(len(tracked) - 1)
        current = nxt
    after_known = read(os.path.join(out, "build-after.txt")).startswith("ok") and not pending
    lines = []
    for t in tracked:
        if t["fixed"]:
            outcome = "created, fixed" if t["created"] else "fixed"
        elif not after_known:
            outcome = "created, unknown" if t["created"] else "unknown"
        else:
            outcome = "created, left" if t["created"] else "left"
        passes = "->".join(p for p in (t["created"], t["fixed"]) if p)
        left = t["reported"]
        reason = left["reason"] if outcome.endswith("left") else ""
        if outcome.endswith("left") and not reason:
            reason = "no reason given"
        lines.append([t["rule"], t["kind"], t["file"], t["member"], outcome, passes, key_of(t), reason, t["main"],
                      left["level"], left["tfms"]])
    lines.sort(key=lambda r: (r[2], r[3], r[0], r[6], r[4]))
    with open(os.path.join(out, "sites.tsv"), "w", encoding="utf-8") as f:
        f.write(SITES_HEAD + "\n" + "".join("\t".join(r) + "\n" for r in lines))
    print(f"per site ({out}/sites.tsv): {counts_of(lines)}")
    for r in lines:
        if not r[4].endswith("fixed"):
            print(f"  {r[4]}: {r[0]} {r[2]} {r[3]} ({r[1]}): {r[7] or '-'}")


def load_table(path):
    rows = []
    for line in read(path).splitlines():
        if not line or line.startswith("#") or line.startswith("rule\t"):
            continue
        p = line.split("\t")
        if path.endswith("sites.tsv") or len(p) >= 9:
            rows.append({"rule": p[0], "kind": p[1], "file": p[2], "member": p[3], "outcome": p[4], "passes": p[5],
                         "key": p[6], "reason": p[7], "level": p[9] if len(p) > 9 else "",
                         "tfms": p[10] if len(p) > 10 else ""})
        else:
            rows.append({"rule": p[0], "kind": p[1], "file": p[2], "member": p[3], "outcome": p[4], "key": p[5],
                         "reason": p[6] if len(p) > 6 else ""})
    return rows


def counts_of(rows):
    n = Counter(r[4] if isinstance(r, list) else r["outcome"] for r in rows)
    created = n["created, fixed"] + n["created, left"] + n["created, unknown"]
    unknown = n["unknown"] + n["created, unknown"]
    return (f"{sum(n.values()) - created} sites, {n['fixed'] + n['created, fixed']} fixed, {created} created, "
            f"{n['left'] + n['created, left']} left" + (f", {unknown} unknown" if unknown else ""))


def record(sites_tsv, path, note):
    rows = load_table(sites_tsv)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# per-site outcomes of JsonPerf's real-repository trial: {note}\n")
        f.write(f"# {counts_of(rows)}; key: a hash of rule, file and message (without line numbers)\n")
        f.write(RECORD_HEAD + "\n")
        for r in rows:
            f.write("\t".join([r["rule"], r["kind"], r["file"], r["member"], r["outcome"], r["key"], r["reason"]]) + "\n")


def compare(recorded_path, sites_tsv):
    recorded, now = load_table(recorded_path), load_table(sites_tsv)
    # The same site: the same key and member first, then the same rule, file and member (a message worded anew).
    unmatched_now = list(range(len(now)))
    pairs = {}
    for same in (lambda a, b: a["key"] == b["key"] and a["member"] == b["member"],
                 lambda a, b: a["key"] == b["key"],
                 lambda a, b: (a["rule"], a["file"], a["member"]) == (b["rule"], b["file"], b["member"])):
        for i, r in enumerate(recorded):
            if i in pairs:
                continue
            j = next((j for j in unmatched_now if same(r, now[j])), None)
            if j is not None:
                pairs[i] = j
                unmatched_now.remove(j)
    lost, gained = [], []
    for i, r in enumerate(recorded):
        n = now[pairs[i]] if i in pairs else None
        if r["outcome"] in FIXED and (n is None or n["outcome"] not in FIXED):
            lost.append((r, n))
        elif r["outcome"] not in FIXED and n is not None and n["outcome"] in FIXED:
            gained.append(r)
    head = [l.split(": ", 1)[-1] for l in read(recorded_path).splitlines() if l.startswith("# per-site")]
    print(f"recorded: {recorded_path} ({head[0] if head else 'no note'})")
    print(f"  recorded: {counts_of(recorded)}; this run: {counts_of(now)}")
    for r in gained:
        print(f"  newly fixed: {r['rule']} {r['file']} {r['member']} (recorded: {r['outcome']}, {r['reason'] or '-'})")
    for j in unmatched_now:
        if now[j]["outcome"] not in FIXED:
            print(f"  not in the record: {now[j]['rule']} {now[j]['file']} {now[j]['member']}: {now[j]['outcome']} ({now[j]['reason'] or '-'})")
    for r, n in lost:
        what = "not reported" if n is None else f"{n['outcome']}: {n['reason'] or 'no reason given'}"
        print(f"  LOST FIX: {r['rule']} {r['file']} {r['member']} (recorded {r['outcome']}; now {what})")
    if lost:
        print(f"LOST FIXES: {len(lost)} site(s) fixed in the record are not fixed now")
        return 1
    print(f"no lost fixes ({sum(r['outcome'] in FIXED for r in recorded)} recorded fixes all fixed now)")
    return 0


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "outcomes":
        outcomes(*args)
    elif command == "record":
        record(*args)
    elif command == "compare":
        sys.exit(compare(*args))
    elif command == "counts":
        print(counts_of(load_table(args[0])))
    else:
        sys.exit(f"unknown command {command}")
