#!/usr/bin/env bash
# What JsonPerf's fixes are worth in a real repository: `bash run.sh OllamaSharp` (or Anthropic.SDK, betalgo-openai) [BenchmarkDotNet args].
# Clones <Repo>/commit.txt of the mirror named in <Repo>/mirror.txt twice under $WORTH_TMP (default /tmp/worth-run):
# before = the commit as is, after = the commit with the package's fixes, made by the real-repository trial
# (../trial.sh on <Repo>/target.txt, no tests; the repository's code is never kept in this one). One BenchmarkDotNet
# run then builds the benchmark against each (two jobs, MSBuild /p:WorthCheckout=...) and prints them side by side,
# Ratio = after / before. No network: the benchmarks' HttpClient has an in-memory handler with canned answers.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$1"; shift
dir="$here/$repo"
root="${WORTH_TMP:-/tmp/worth-run}/$repo"
mirror="${WORTH_MIRROR:-/work/.mirror/$(cat "$dir/mirror.txt")/repo}"
commit="$(cat "$dir/commit.txt")"
# Where the local registry lacks a repository's pinned versions, registry.targets moves them to the nearest served.
before_targets=()
if [ -f "$dir/registry.targets" ]; then
  before_targets=(--before-targets "$dir/registry.targets")
fi
for side in before after; do
  if [ ! -d "$root/$side" ]; then
    git clone -q "$mirror" "$root/$side"
    git -C "$root/$side" checkout -q "$commit"
    if [ "$side" = after ]; then
      # The fixes of the package packed from this clone; the trial exits non-zero when the fixed code does not build.
      bash "$here/../trial.sh" --no-tests "${before_targets[@]}" --target "$(cat "$dir/target.txt")" \
        --out "$root/trial" "$root/after" > "$root/trial.log" 2>&1 || { tail -30 "$root/trial.log"; exit 1; }
      echo "fixes: $(cat "$root/trial/files-changed.txt") files changed ($root/trial/fixes.diff)"
    fi
  fi
done
if [ -f "$dir/registry.targets" ]; then
  export CustomBeforeMicrosoftCommonTargets="$dir/registry.targets"
  export CustomBeforeMicrosoftCommonCrossTargetingTargets="$dir/registry.targets"
fi
# Each side's sanity check (GlobalSetup) writes what it sent and got here; both must be the same.
export WORTH_SANITY="$root/sanity"
rm -rf "$WORTH_SANITY"; mkdir -p "$WORTH_SANITY"
cd "$dir"
echo "load: $(uptime)"
dotnet run -c Release -p:WorthCheckout="$root/before" -- "$root/before" "$root/after" --artifacts "$root/BenchmarkDotNet.Artifacts" "$@"
echo "load: $(uptime)"
ls "$WORTH_SANITY"/*.before >/dev/null 2>&1 || { echo "sanity: no side wrote its file (a GlobalSetup failed: see the log above)"; exit 1; }
for f in "$WORTH_SANITY"/*.before; do
  [ -f "${f%.before}.after" ] || { echo "sanity: the after side wrote no $(basename "${f%.before}") file (its GlobalSetup failed: see the log above)"; exit 1; }
  cmp -s "$f" "${f%.before}.after" || { echo "sanity: $(basename "${f%.before}") differs between before and after"; exit 1; }
done
echo "sanity: before and after sent and received the same ($(ls "$WORTH_SANITY" | wc -l) files)"
