#!/usr/bin/env bash
# What JsonPerf adds to a compile in a new compiler process (no compiler server: UseSharedCompilation=false, a CI job
# that builds once), measured as the build's own time rather than as the analyzer's reported share: the csc command
# line of one Rebuild (a budget log of trial.sh, detailed verbosity) is replayed in new processes, alternately with
# and without JsonPerf's /analyzer arguments, output to a temporary folder. Prints per variant the medians of wall
# time, CPU time (user + system) and JsonPerf's time as -p:ReportAnalyzer reports it, with the load average.
#   bash perf-validation/real-repos/cold-ab.sh PROJECT_DIR BUDGET_LOG [RUNS]
# PROJECT_DIR: the folder of the project the log compiled (csc's relative paths start there). ALT=FILE adds a third
# variant, "alt", with FILE in place of the log's JsonPerf.Analyzers.dll (another build of it, e.g. ReadyToRun).
set -uo pipefail
[ $# -ge 2 ] || { sed -n '2,8p' "${BASH_SOURCE[0]}" | cut -c3-; exit 2; }
project_dir="$(cd "$1" && pwd)"; log="$2"; runs="${3:-7}"
csc_dll="$(grep -m1 -oE '/[^ ]*/Roslyn/bincore/csc( |$)' "$log" | sed 's/ $//').dll"
[ -f "$csc_dll" ] || { echo "no csc command line in $log"; exit 1; }
work="$(mktemp -d /tmp/jsonperf-cold-ab-XXXXXX)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out" "$work/refout" "$work/doc"
# The command line as logged, its outputs moved (same file names: the assembly name comes from /out).
grep -m1 -E '^\s*/[^ ]*/Roslyn/bincore/csc ' "$log" | sed -E 's|^\s*/[^ ]*/Roslyn/bincore/csc ||' \
  | sed -E "s#/(out|refout|doc):([^ ]*/)?([^ /]+)( |$)#/\1:$work/\1/\3\4#g" > "$work/with.rsp"
grep -q 'JsonPerf.Analyzers.dll' "$work/with.rsp" || { echo "JsonPerf is not among the log's analyzers"; exit 1; }
sed -E 's#/analyzer:("[^"]*JsonPerf\.(Analyzers|CodeFixes)\.dll"|[^ ]*JsonPerf\.(Analyzers|CodeFixes)\.dll)##g' "$work/with.rsp" > "$work/without.rsp"
grep -q '/reportanalyzer' "$work/with.rsp" || { echo " /reportanalyzer" >> "$work/with.rsp"; }
variants=(with without)
if [ -n "${ALT:-}" ]; then
  [ -f "$ALT" ] || { echo "no $ALT"; exit 1; }
  sed -E "s#/analyzer:[^ ]*JsonPerf\.Analyzers\.dll#/analyzer:$ALT#" "$work/with.rsp" > "$work/alt.rsp"
  variants+=(alt)
fi

run() {  # $1: variant
  ( cd "$project_dir" && /usr/bin/time -f '%e %U %S' -o "$work/time" dotnet "$csc_dll" "@$work/$1.rsp" > "$work/$1.out" 2>&1 ) \
    || { echo "csc failed ($1):"; grep -m5 -E 'error' "$work/$1.out"; exit 1; }
  local wall user sys jp
  read -r wall user sys < <(tail -1 "$work/time")
  jp="$(grep -m1 'JsonPerf.Analyzers, Version' "$work/$1.out" | awk '{print $1}')"
  echo "$1 $wall $(echo "$user + $sys" | bc) ${jp:--}" >> "$work/times"
}

load="$(cut -d' ' -f1-3 /proc/loadavg)"
for v in "${variants[@]}"; do run "$v"; done   # warm the disk cache, not measured
: > "$work/times"
for i in $(seq 1 "$runs"); do  # the order turns each round
  for j in $(seq 0 $((${#variants[@]} - 1))); do run "${variants[$(((i + j) % ${#variants[@]}))]}"; done
done
echo "new csc process per compile, $runs runs each (load average before: $load; after: $(cut -d' ' -f1-3 /proc/loadavg))"
python3 - "$work/times" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def med(variant, col):
    values = [float(r[col].lstrip("<")) for r in rows if r[0] == variant and r[col] != "-"]
    return statistics.median(values) if values else None
wo = {c: med("without", c) for c in (1, 2)}
print("| variant | wall (s) | CPU (s) | JsonPerf reported (s) | wall − without | CPU − without |\n|---|---:|---:|---:|---:|---:|")
for variant, label in (("with", "with JsonPerf"), ("alt", "with the ALT build"), ("without", "without")):
    if not any(r[0] == variant for r in rows):
        continue
    m = {c: med(variant, c) for c in (1, 2, 3)}
    rep = f"{m[3]:.3f}" if m[3] is not None else "-"
    diff = f"{m[1] - wo[1]:+.2f} | {m[2] - wo[2]:+.2f}" if variant != "without" else "- | -"
    print(f"| {label} | {m[1]:.2f} | {m[2]:.2f} | {rep} | {diff} |")
PY
