#!/usr/bin/env bash
# What JsonPerf's fixes are worth in a real repository:
#   bash perf-validation/real-repos/worth/run.sh <Repo> [--prepare-only] [BenchmarkDotNet args]
# <Repo>: Anthropic.SDK, OllamaSharp or betalgo-openai (a folder beside this file). WORTH_RECORD=1: write the trial's
# per-site outcomes to ../recorded/<Repo>.tsv instead of comparing with it. WORTH_TMP, WORTH_MIRROR: below.
# Clones <Repo>/commit.txt of the mirror named in <Repo>/mirror.txt twice under $WORTH_TMP (default /tmp/worth-run):
# before = the commit as is, after = the commit with the fixes of the package packed from this checkout, made by the
# real-repository trial (../trial.sh on <Repo>/target.txt, no tests; the repository's code is never kept in this one).
# An after tree is reused only when its stamp (after.stamp) names the same package source and repository commit, and
# its files are still what the trial left; otherwise it is made again. Then:
#   - hotpath.py reads the measured methods (<Repo>/hotpath.tsv) in both trees: the before tree must have the per-call
#     work the fixes remove, the after tree must not (it fails naming the method);
#   - one BenchmarkDotNet run builds the benchmark against each tree (two jobs, /p:WorthCheckout=...), and each side's
#     GlobalSetup writes every request body it sent and what it read: the two sides' files must be identical;
#   - worth_table.py turns BenchmarkDotNet's full JSON export into worth.md: Ratio = before / after, "~1 (not
#     distinguishable)" where the two sides' 99.9% confidence intervals overlap;
#   - worth-meta.txt beside it: JsonPerf's commit, the package version, the repository's commit, the machine, the load.
# No network: the benchmarks' HttpClient has an in-memory handler with canned answers.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jsonperf="$(cd "$here/../../.." && pwd)"
[ $# -ge 1 ] || { sed -n '2,4p' "${BASH_SOURCE[0]}" | cut -c3-; exit 2; }
repo="$1"; shift
prepare_only=0
if [ "${1:-}" = --prepare-only ]; then prepare_only=1; shift; fi
dir="$here/$repo"
[ -f "$dir/commit.txt" ] || { echo "no $dir/commit.txt: <Repo> is one of $(cd "$here" && ls -d */ | grep -v -e Shared -e out | tr -d / | tr '\n' ' ')" >&2; exit 2; }
root="${WORTH_TMP:-/tmp/worth-run}/$repo"
mirror="${WORTH_MIRROR:-/work/.mirror/$(cat "$dir/mirror.txt")/repo}"
commit="$(cat "$dir/commit.txt")"
target="$(cat "$dir/target.txt")"
mkdir -p "$root"
# Where the local registry lacks a repository's pinned versions, registry.targets moves them to the nearest served.
before_targets=()
if [ -f "$dir/registry.targets" ]; then
  before_targets=(--before-targets "$dir/registry.targets")
fi

# ---------------------------------------------------------------- which package made the after tree
# The package's identity: the content of what `dotnet pack src/JsonPerf.Package` reads (src/ and the build files at the
# root), committed or not. Two checkouts with the same identity pack the same analyzers and fixes.
package_paths=(src Directory.Build.props Directory.Packages.props)
jsonperf_commit="$(git -C "$jsonperf" rev-parse HEAD)"
[ -z "$(git -C "$jsonperf" status --porcelain)" ] || jsonperf_commit="$jsonperf_commit-dirty"
index="$(mktemp)"; rm -f "$index"
package_source="$(GIT_INDEX_FILE="$index" git -C "$jsonperf" read-tree HEAD \
  && GIT_INDEX_FILE="$index" git -C "$jsonperf" add -A -- "${package_paths[@]}" \
  && GIT_INDEX_FILE="$index" git -C "$jsonperf" ls-files -s -- "${package_paths[@]}" | git hash-object --stdin)"
rm -f "$index"
# The after tree's files (tracked and new, ignored ones such as bin/ and obj/ left out), as a git tree.
tree_of() {
  local i; i="$(mktemp)"; rm -f "$i"
  GIT_INDEX_FILE="$i" git -C "$1" add -A -- . ':(exclude)**/packages.lock.json' ':(exclude)packages.lock.json' \
    && GIT_INDEX_FILE="$i" git -C "$1" write-tree
  rm -f "$i"
}
stamp_value() { sed -n "s/^$1 //p" "$root/after.stamp" 2>/dev/null; }

# ---------------------------------------------------------------- the two trees
if [ -d "$root/before" ]; then
  [ "$(git -C "$root/before" rev-parse HEAD)" = "$commit" ] && [ -z "$(git -C "$root/before" status --porcelain --untracked-files=no)" ] \
    || { echo "before tree $root/before is not $commit as is: making it again"; rm -rf "$root/before"; }
fi
if [ ! -d "$root/before" ]; then
  git clone -q "$mirror" "$root/before"
  git -C "$root/before" checkout -q "$commit"
fi
why=""
if [ ! -d "$root/after" ]; then why="no after tree"
elif [ ! -f "$root/after.stamp" ]; then why="the after tree has no stamp (made by an earlier run.sh or by hand)"
elif [ "$(stamp_value package-source)" != "$package_source" ]; then
  why="the after tree was made by another package (JsonPerf $(stamp_value jsonperf-commit), package $(stamp_value package)); this checkout packs another"
elif [ "$(stamp_value repository)" != "$commit" ]; then why="the after tree is of another commit ($(stamp_value repository))"
elif [ "$(stamp_value registry)" != "$(cat "$dir/registry.targets" 2>/dev/null | git hash-object --stdin)" ]; then why="registry.targets changed"
elif [ "$(tree_of "$root/after")" != "$(stamp_value after-tree)" ]; then why="the after tree's files changed since the trial made it"
fi
if [ -n "$why" ]; then
  echo "after tree: $why: making it with the package packed from $jsonperf ($jsonperf_commit)"
  rm -rf "$root/after" "$root/trial" "$root/after.stamp"
  git clone -q "$mirror" "$root/after"
  git -C "$root/after" checkout -q "$commit"
  # The trial exits non-zero when the fixed code does not build.
  bash "$jsonperf/perf-validation/real-repos/trial.sh" --no-tests "${before_targets[@]}" --target "$target" \
    --out "$root/trial" "$root/after" > "$root/trial.log" 2>&1 || { tail -30 "$root/trial.log"; exit 1; }
  {
    echo "jsonperf-commit $jsonperf_commit"
    echo "package-source $package_source"
    echo "package $(sed -n 's/^package //p' "$root/trial/run.txt")"
    echo "repository $commit"
    echo "registry $(cat "$dir/registry.targets" 2>/dev/null | git hash-object --stdin)"
    echo "after-tree $(tree_of "$root/after")"
    echo "made $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } > "$root/after.stamp"
else
  echo "after tree: reused, made by JsonPerf $(stamp_value jsonperf-commit) (package $(stamp_value package), the same package source as this checkout)"
fi
echo "fixes: $(cat "$root/trial/files-changed.txt") files changed ($root/trial/fixes.diff); trial: $root/trial/table.md"
# Per-site outcomes of the trial, compared with the recorded ones (../recorded/<Repo>.tsv): lost fixes are named.
python3 "$jsonperf/perf-validation/real-repos/trial_sites.py" outcomes "$root/trial" "$root/after" > /dev/null
lost=0
if [ "${WORTH_RECORD:-0}" = 1 ]; then
  # Record this trial's per-site outcomes as the reference (commit the file with the change that makes them).
  python3 "$jsonperf/perf-validation/real-repos/trial_sites.py" record "$root/trial/sites.tsv" "$here/../recorded/$repo.tsv" \
    "$repo $commit (target $target), JsonPerf $(stamp_value jsonperf-commit | cut -c1-7), package $(stamp_value package)"
  echo "recorded: $here/../recorded/$repo.tsv ($(python3 "$jsonperf/perf-validation/real-repos/trial_sites.py" counts "$root/trial/sites.tsv"))"
elif [ -f "$here/../recorded/$repo.tsv" ]; then
  python3 "$jsonperf/perf-validation/real-repos/trial_sites.py" compare "$here/../recorded/$repo.tsv" "$root/trial/sites.tsv" \
    | tee "$root/lost-fixes.txt" || lost=1
fi

# ---------------------------------------------------------------- the measured path, read in both trees
python3 "$here/hotpath.py" "$dir/hotpath.tsv" "$root/before" "$root/after"
[ "$prepare_only" = 1 ] && exit 0

# ---------------------------------------------------------------- the benchmark
if [ -f "$dir/registry.targets" ]; then
  export CustomBeforeMicrosoftCommonTargets="$dir/registry.targets"
  export CustomBeforeMicrosoftCommonCrossTargetingTargets="$dir/registry.targets"
fi
# Each side's sanity check (GlobalSetup) writes what it sent and got here; both must be the same.
export WORTH_SANITY="$root/sanity"
rm -rf "$WORTH_SANITY" "$root/BenchmarkDotNet.Artifacts/results"; mkdir -p "$WORTH_SANITY" "$root/BenchmarkDotNet.Artifacts/results"
results="$root/BenchmarkDotNet.Artifacts/results"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "load before: $load_before"
cd "$dir"
dotnet run -c Release -p:WorthCheckout="$root/before" -- "$root/before" "$root/after" --artifacts "$root/BenchmarkDotNet.Artifacts" "$@"
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "load after: $load_after"
{
  echo "repository $repo $(cat "$dir/mirror.txt") $commit"
  echo "jsonperf-commit $jsonperf_commit (this run)"
  echo "after-tree made by JsonPerf $(stamp_value jsonperf-commit), package $(stamp_value package), $(stamp_value made)"
  echo "package-source $package_source"
  echo "fixes $(cat "$root/trial/files-changed.txt") files changed; trial sites: $(python3 "$jsonperf/perf-validation/real-repos/trial_sites.py" counts "$root/trial/sites.tsv")"
  [ -f "$root/lost-fixes.txt" ] && echo "recorded sites: $(tail -1 "$root/lost-fixes.txt")"
  echo "machine $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(free -g | awk '/^Mem:/ {print $2}') GiB, $(uname -sr)"
  echo "dotnet $(dotnet --version)"
  echo "load-before $load_before"
  echo "load-after $load_after"
} > "$results/worth-meta.txt"
ls "$WORTH_SANITY"/*.before >/dev/null 2>&1 || { echo "sanity: no side wrote its file (a GlobalSetup failed: see the log above)"; exit 1; }
for f in "$WORTH_SANITY"/*.before; do
  [ -f "${f%.before}.after" ] || { echo "sanity: the after side wrote no $(basename "${f%.before}") file (its GlobalSetup failed: see the log above)"; exit 1; }
  cmp -s "$f" "${f%.before}.after" || { echo "sanity: $(basename "${f%.before}") differs between before and after:"; diff "$f" "${f%.before}.after" | head -20; exit 1; }
done
echo "sanity: before and after sent and received the same ($(ls "$WORTH_SANITY" | wc -l) files: $(cat "$WORTH_SANITY"/*.before | grep -c '^request ') request bodies per side)"
table_rc=0
python3 "$here/worth_table.py" "$results" "$repo ($(echo "$commit" | cut -c1-7))" "$results/worth-meta.txt" > "$results/worth.md" || table_rc=1
echo; cat "$results/worth-meta.txt"; echo; cat "$results/worth.md"; echo; echo "($results/worth.md, worth-meta.txt)"
[ "$table_rc" = 0 ] || { echo "worth table: a benchmark has no result on one side (see the log above)"; exit 1; }
[ "$lost" = 0 ] || { echo "LOST FIXES against ../recorded/$repo.tsv (above, $root/lost-fixes.txt)"; exit 1; }
