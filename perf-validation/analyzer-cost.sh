#!/usr/bin/env bash
# Build-time cost of the analyzers on a synthetic ~2,000-file project (written to a temporary folder, never
# committed): Rebuilds with the packed JsonPerf.Analyzers and CA1869 as a warning (-p:ReportAnalyzer=true,
# detailed log) alternating with Rebuilds with RunAnalyzers=false for scale; the report gives medians.
# SERVER=1 (the default) builds as `dotnet build` does by default, through the compiler server (VBCSCompiler), which
# keeps analyzer assemblies loaded and JIT-compiled from one build to the next; the server is shut down at the end.
# SERVER=0 runs a new csc process per build (what UseSharedCompilation=false in the environment does), so every
# analyzer pays its JIT compilation in every build.
# CLEAN=1 writes every site as its fix; FEW=1 puts JSON code in 1 file of 100 (the fixed cost of a project with few sites);
# METADATA=1 writes a trimmed/AOT library whose every serializer call already passes generated metadata, with 4 sites.
# ALONE=1 (the default) adds, per run, a build with JsonPerf's rules off and one with CA1869 off (which goes first
# alternates from run to run): the budget compares each alone (in one build with both, the compiler's per-file work
# for a file both report in is charged to whichever reports there first). ALONE=0 skips them.
# FLOOR=1 adds perf-validation/FloorProbe to the measured builds: an analyzer with empty callbacks where JsonPerf's
# hosted rules have theirs (every invocation and object creation), whose time is the floor of any analyzer that looks
# at every call; the report gives its share beside JsonPerf's. Off by default: the budget's builds stay as users build.
# Usage: [RUNS=3] [FLOOR=1] [ALONE=0|1] [SERVER=0|1] [CLEAN=1] [FEW=1] [METADATA=1] [JP0002=warning] [JP0003=warning] [EXTRA_CONFIG="dotnet_diagnostic.JP0005.severity = none"] [BUILD_ARGS="-p:IsAotCompatible=true"] [KEEP_LOG=file] bash perf-validation/analyzer-cost.sh [files] [seed]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/perf-validation/local-feed.sh"
files="${1:-2000}"
seed="${2:-1}"
work="$(mktemp -d /tmp/jsonperf-cost-XXXXXX)"
if [ "${SERVER:-1}" = 1 ]; then
  server_args="-p:UseSharedCompilation=true"
  trap 'dotnet build-server shutdown --vbcscompiler >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
else
  server_args="-p:UseSharedCompilation=false"
  trap 'rm -rf "$work"' EXIT
fi

version="$(dotnet msbuild "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -getProperty:Version)"
dotnet pack "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -c Release -o "$root/artifacts/packages" -v:q -nologo >/dev/null
tool=(dotnet run -c Release --project "$root/perf-validation/AnalyzerCost" --)
"${tool[@]}" generate "$work/project" "$files" "$seed" "$version"
# JP0002 is Info by default, so command-line builds skip it; JP0002=warning measures it as a trimmed/AOT project sees it.
if [ -n "${JP0002:-}" ]; then printf "\ndotnet_diagnostic.JP0002.severity = %s\n" "$JP0002" >> "$work/project/.editorconfig"; fi
# JP0003 is hidden by default, so builds skip it too; JP0003=warning measures it as a project that turns it on sees it.
if [ -n "${JP0003:-}" ]; then printf "\ndotnet_diagnostic.JP0003.severity = %s\n" "$JP0003" >> "$work/project/.editorconfig"; fi
# EXTRA_CONFIG: more .editorconfig lines for an experiment (for example a rule turned off to isolate the others).
if [ -n "${EXTRA_CONFIG:-}" ]; then printf "\n%b\n" "$EXTRA_CONFIG" >> "$work/project/.editorconfig"; fi
if [ "${FLOOR:-0}" = 1 ]; then
  dotnet build "$root/perf-validation/FloorProbe/FloorProbe.csproj" -c Release -o "$work/floor" -v:q -nologo >/dev/null
  printf '<Project>\n  <ItemGroup>\n    <Analyzer Include="%s" />\n  </ItemGroup>\n</Project>\n' "$work/floor/JsonPerf.FloorProbe.dll" > "$work/project/Directory.Build.targets"
fi
local_feed_config "$work/project" "$work/packages"
dotnet restore "$work/project" -v:q >/dev/null
dotnet build "$work/project" --no-restore -t:Rebuild -c Release -nologo -v:q $server_args ${BUILD_ARGS:-} >/dev/null  # warm the build server

cp "$work/project/.editorconfig" "$work/base.editorconfig"
jp_off="$(printf 'dotnet_diagnostic.%s.severity = none\n' JP0001 JP0002 JP0003 JP0004 JP0005 JP0006 JP0007 JP0008 JP0009 JP0010 JP0011 JPS0001)"
alone_build() {  # $1: lines appended to the project's .editorconfig, $2: log
  { cat "$work/base.editorconfig"; printf "\n%s\n" "$1"; } > "$work/project/.editorconfig"
  dotnet build "$work/project" --no-restore -t:Rebuild -c Release -nologo -v:d -p:ReportAnalyzer=true $server_args ${BUILD_ARGS:-} > "$2" 2>&1
  cp "$work/base.editorconfig" "$work/project/.editorconfig"
}

# Several measured Rebuilds (RUNS, default 3): per-analyzer times on 2 cores vary by tens of milliseconds between runs.
runs="${RUNS:-3}"
with=() without=() logs=() ca_only=() jp_only=()
for i in $(seq 1 "$runs"); do
  start=$(date +%s.%N)
  dotnet build "$work/project" --no-restore -t:Rebuild -c Release -nologo -v:d -p:ReportAnalyzer=true $server_args ${BUILD_ARGS:-} > "$work/build$i.log" 2>&1
  with+=("$(echo "$(date +%s.%N) - $start" | bc)")
  logs+=("$work/build$i.log")
  start=$(date +%s.%N)
  dotnet build "$work/project" --no-restore -t:Rebuild -c Release -nologo -v:q -p:RunAnalyzers=false $server_args ${BUILD_ARGS:-} > /dev/null 2>&1
  without+=("$(echo "$(date +%s.%N) - $start" | bc)")
  if [ "${ALONE:-1}" = 1 ]; then
    # The two in turn, first one then the other (odd runs CA1869 first, even runs JsonPerf first): a build follows
    # another build's garbage and the server's state, which should not always fall on the same side.
    if [ $((i % 2)) = 1 ]; then
      alone_build "$jp_off" "$work/ca-only$i.log"
      alone_build "dotnet_diagnostic.CA1869.severity = none" "$work/jp-only$i.log"
    else
      alone_build "dotnet_diagnostic.CA1869.severity = none" "$work/jp-only$i.log"
      alone_build "$jp_off" "$work/ca-only$i.log"
    fi
    ca_only+=("$work/ca-only$i.log"); jp_only+=("$work/jp-only$i.log")
  fi
done

join() { local IFS=,; echo "$*"; }
echo "Compiler server: $([ "${SERVER:-1}" = 1 ] && echo "on (the SDK's default)" || echo "off (a new csc process per build)")"
"${tool[@]}" report "$(join "${with[@]}")" "$(join "${without[@]}")" "${logs[@]}"
if [ "${ALONE:-1}" = 1 ]; then
  echo
  "${tool[@]}" report-alone "$(join "${ca_only[@]}")" "$(join "${jp_only[@]}")"
fi
if [ -n "${KEEP_LOG:-}" ]; then cp "$work/build1.log" "$KEEP_LOG"; fi
