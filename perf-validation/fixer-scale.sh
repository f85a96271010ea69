#!/usr/bin/env bash
# Fix All at project scale (issue 29): `dotnet format analyzers` on the cost tool's generated project, JP0001's fixes
# first and then JP0002's (the order the README gives), each timed, with the sites before and after and how many of
# the sites left say why in their message ("(no fix: ...)"). One row per project size.
#
#   bash perf-validation/fixer-scale.sh [FILES...]     (default: 200 2000; seed 1, as analyzer-cost.sh)
#
# JP0002 is raised to a warning in the project's .editorconfig (as in a trimmed/AOT project). Not run by CI: the
# 2,000-file project takes many minutes. Prints a Markdown table; the projects are deleted at the end (KEEP=1 keeps them).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
. "$here/local-feed.sh"
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(200 2000)
work="$(mktemp -d /tmp/jsonperf-fixer-scale.XXXXXX)"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

version="$(dotnet msbuild "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -getProperty:Version)"
dotnet pack "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -c Release -o "$root/artifacts/packages" -v:q -nologo >/dev/null
dotnet build "$root/perf-validation/AnalyzerCost" -c Release -v:q -nologo >/dev/null

# Distinct "file(line,col): warning ID: message" lines of a Rebuild.
sites() { dotnet build "$1" --no-restore -t:Rebuild -c Release -nologo -v:q -p:UseSharedCompilation=false 2>&1 | { grep -E ": warning JP000[12]:" || true; } | sed 's/ \[[^]]*\]$//' | sort -u; }
count() { grep -c ": warning $1:" <<<"$2" || true; }
explained() { grep ": warning $1:" <<<"$2" | grep -cE "\(no (automatic )?fix( here)?: " || true; }
timed_format() {  # $1 project dir, $2 rule: prints seconds
  local start=$SECONDS
  dotnet format analyzers "$1/Synthetic.csproj" --no-restore --diagnostics "$2" --severity warn -v q >/dev/null 2>&1 || true
  echo $((SECONDS - start))
}

rows=()
for files in "${sizes[@]}"; do
  project="$work/p$files"
  dotnet "$root/perf-validation/AnalyzerCost/bin/Release/net10.0/AnalyzerCost.dll" generate "$project" "$files" 1 "$version" >/dev/null
  printf "\ndotnet_diagnostic.JP0002.severity = warning\n" >> "$project/.editorconfig"
  local_feed_config "$project" "$work/packages"
  dotnet restore "$project" -v:q >/dev/null
  before="$(sites "$project")"
  t1="$(timed_format "$project" JP0001)"
  middle="$(sites "$project")"
  t2="$(timed_format "$project" JP0002)"
  after="$(sites "$project")"
  errors="$(dotnet build "$project" --no-restore -c Release -nologo -v:q 2>&1 | grep -c ": error " || true)"
  rows+=("| $files | $(count JP0001 "$before") → $(count JP0001 "$middle") ($(explained JP0001 "$middle") say why) | ${t1} s | $(count JP0002 "$middle") → $(count JP0002 "$after") ($(explained JP0002 "$after") say why) | ${t2} s | $errors |")
done

echo
echo "dotnet format analyzers on the generated project (seed 1); $(dotnet --version) SDK, $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| Files | JP0001 sites: before → after | JP0001 Fix All | JP0002 sites: before → after | JP0002 Fix All | Build errors after |"
echo "|---:|---|---:|---|---:|---:|"
printf '%s\n' "${rows[@]}"
