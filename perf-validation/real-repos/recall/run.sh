#!/usr/bin/env bash
# Recall as an expert reads: builds a checkout with JsonPerf.Analyzers packed from this clone, every JsonPerf rule
# (JP0001..JP0011) raised to a warning, and compares the diagnostics with the costs an expert listed by hand
# (recall/<repo>.md): which listed costs a diagnostic finds, which diagnostics are on the list, judged, or new.
#
#   bash perf-validation/real-repos/recall/run.sh [--out DIR] LIST CHECKOUT [LIST CHECKOUT ...]
#
# LIST is a recall/<repo>.md; CHECKOUT a git checkout of that repository (at the list's commit: another commit is
# compared all the same, with a warning, but the line ranges are the list's). The checkout is not changed: the package
# comes in through CustomAfterDirectoryBuildTargets, the list's package removals and NuGet's NU1603/NU1605 through
# CustomBeforeMicrosoftCommonTargets, and restore reads a NuGet.config of this run (the user's sources and the feed)
# through RestoreConfigFile. Output: OUT/<repo>/table.md (and sites.tsv, the SARIF logs, build.log); OUT/summary.md.
# RECALL_FEED=DIR RECALL_VERSION=V reuse a package packed before (no pack).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
out="${RECALL_OUT:-/tmp/jsonperf-recall}"
die() { echo "recall: $*" >&2; exit 2; }
log() { echo "[recall $(date +%H:%M:%S)] $*"; }

pairs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) [ $# -ge 2 ] || die "LIST and CHECKOUT go in pairs (--help)"; pairs+=("$1" "$2"); shift 2 ;;
  esac
done
[ ${#pairs[@]} -gt 0 ] || die "no LIST CHECKOUT given (--help)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# ---------------------------------------------------------------- pack (a version of its own, as trial.sh does)
if [ -n "${RECALL_FEED:-}" ]; then
  feed="$RECALL_FEED"; version="${RECALL_VERSION:?RECALL_VERSION goes with RECALL_FEED}"
else
  feed="$out/feed"; mkdir -p "$feed"; rm -f "$feed"/*.nupkg
  base_version="$(dotnet msbuild "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -getProperty:Version)"
  version="$base_version-recall.$(date +%Y%m%d%H%M%S).$$"
  log "pack JsonPerf.Analyzers $version"
  ( flock 9; dotnet pack "$root/src/JsonPerf.Package" -c Release -o "$feed" -p:Version="$version" -v:q -nologo 9>&- ) \
    9>"${TMPDIR:-/tmp}/jsonperf-trial-pack.lock" > "$out/pack.log" 2>&1 || { tail -20 "$out/pack.log"; die "pack failed"; }
fi
[ -f "$feed/JsonPerf.Analyzers.$version.nupkg" ] || die "no JsonPerf.Analyzers.$version.nupkg in $feed"
jsonperf_commit="$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- src || echo '+changes')"

# ---------------------------------------------------------------- restore: the user's sources and the feed
user_cfg="${NUGET_USER_CONFIG:-$HOME/.nuget/NuGet/NuGet.Config}"
[ -f "$user_cfg" ] || user_cfg="$HOME/.nuget/NuGet/NuGet.config"
[ -f "$user_cfg" ] || die "no user NuGet.Config to take the package sources from (NUGET_USER_CONFIG)"
python3 - "$user_cfg" "$feed" "$out/NuGet.config" <<'EOF'
import sys, xml.etree.ElementTree as ET
tree = ET.parse(sys.argv[1]); cfg = tree.getroot()
sources = cfg.find("packageSources")
if sources is None:
    sources = ET.SubElement(cfg, "packageSources")
ET.SubElement(sources, "add", key="jsonperf-recall", value=sys.argv[2])
mapping = cfg.find("packageSourceMapping")
if mapping is not None:  # a mapped config: the feed serves the package
    ET.SubElement(ET.SubElement(mapping, "packageSource", key="jsonperf-recall"), "package", pattern="JsonPerf.Analyzers")
tree.write(sys.argv[3], encoding="utf-8", xml_declaration=True)
EOF

# ---------------------------------------------------------------- every rule a warning
{
  echo "is_global = true"
  echo "global_level = 100"
  for n in 01 02 03 04 05 06 07 08 09 10 11; do echo "dotnet_diagnostic.JP00$n.severity = warning"; done
} > "$out/jsonperf-recall.globalconfig"

summary="$out/summary.md"
echo "JsonPerf.Analyzers $version (commit $jsonperf_commit), $(date -u +%F)" > "$summary"
status=0
for ((i = 0; i < ${#pairs[@]}; i += 2)); do
  list="$(cd "$(dirname "${pairs[i]}")" && pwd)/$(basename "${pairs[i]}")"
  checkout="$(cd "${pairs[i+1]}" 2>/dev/null && pwd)" || die "no checkout ${pairs[i+1]}"
  [ -f "$list" ] || die "no list $list"
  name="$(basename "$list" .md)"
  dir="$out/$name"; rm -rf "$dir"; mkdir -p "$dir/sarif"
  field() { sed -n "s/^- $1: *//p" "$list" | head -1; }
  commit="$(field commit)"; projects="$(field projects)"; removals="$(field remove-packages)"; props="$(field properties)"
  head="$(git -C "$checkout" rev-parse HEAD 2>/dev/null)"
  [ "$head" = "$commit" ] || echo "WARNING: $checkout is at ${head:-no commit}, the list at $commit: line ranges may not match"
  [ -n "$projects" ] || die "$list names no projects"

  # Before the project's own targets: the list's package removals, and the next served version accepted.
  {
    echo '<Project>'
    echo '  <PropertyGroup>'
    echo '    <NoWarn>$(NoWarn);NU1603;NU1605</NoWarn>'
    echo '    <WarningsNotAsErrors>$(WarningsNotAsErrors);NU1603;NU1605</WarningsNotAsErrors>'
    echo '  </PropertyGroup>'
    echo '  <ItemGroup>'
    for p in $removals; do echo "    <PackageReference Remove=\"$p\" />"; done
    echo '  </ItemGroup>'
    echo '</Project>'
  } > "$dir/before.targets"
  # After Directory.Build.targets: the package (with or without central package management), the severities, the
  # rules kept as warnings under TreatWarningsAsErrors, a SARIF log and a .meta line per project and framework.
  cat > "$dir/after.targets" <<EOF
<Project>
  <PropertyGroup>
    <_JsonPerfRecall Condition="'\$(MSBuildProjectExtension)' == '.csproj' and '\$(UsingMicrosoftNETSdk)' == 'true'">true</_JsonPerfRecall>
  </PropertyGroup>
  <ItemGroup Condition="'\$(_JsonPerfRecall)' == 'true' and '\$(ManagePackageVersionsCentrally)' == 'true'">
    <PackageReference Include="JsonPerf.Analyzers" VersionOverride="$version" PrivateAssets="all" />
  </ItemGroup>
  <ItemGroup Condition="'\$(_JsonPerfRecall)' == 'true' and '\$(ManagePackageVersionsCentrally)' != 'true'">
    <PackageReference Include="JsonPerf.Analyzers" Version="$version" PrivateAssets="all" />
  </ItemGroup>
  <ItemGroup Condition="'\$(_JsonPerfRecall)' == 'true'">
    <EditorConfigFiles Include="$out/jsonperf-recall.globalconfig" />
  </ItemGroup>
  <PropertyGroup Condition="'\$(_JsonPerfRecall)' == 'true'">
    <WarningsNotAsErrors>\$(WarningsNotAsErrors);JP0001;JP0002;JP0003;JP0004;JP0005;JP0006;JP0007;JP0008;JP0009;JP0010;JP0011;AD0001</WarningsNotAsErrors>
    <_JsonPerfRecallLog>$dir/sarif/\$(MSBuildProjectName).\$([MSBuild]::StableStringHash('\$(MSBuildProjectFullPath)')).\$(TargetFramework)</_JsonPerfRecallLog>
    <ErrorLog>\$(_JsonPerfRecallLog).sarif,version=2.1</ErrorLog>
  </PropertyGroup>
  <Target Name="_JsonPerfRecallMeta" BeforeTargets="CoreCompile" Condition="'\$(_JsonPerfRecallLog)' != ''">
    <WriteLinesToFile File="\$(_JsonPerfRecallLog).meta" Overwrite="true"
                      Lines="\$(MSBuildProjectFullPath)|\$(TargetFramework)|\$(IsTestProject)|\$(IsPackable)|\$(OutputType)" />
  </Target>
</Project>
EOF
  args=(-nologo -v:m "-p:RestoreConfigFile=$out/NuGet.config" -p:UseSharedCompilation=false)
  for p in $props; do args+=("-p:$p"); done
  build() {  # $1: project, then more dotnet build arguments
    ( cd "$checkout" && CustomBeforeMicrosoftCommonTargets="$dir/before.targets" \
        CustomBeforeMicrosoftCommonCrossTargetingTargets="$dir/before.targets" \
        CustomAfterDirectoryBuildTargets="$dir/after.targets" \
        dotnet build "$@" "${args[@]}" ) >> "$dir/build.log" 2>&1
  }
  log "$name: build ${projects// /, } with the package"
  # The first project is rebuilt; the next ones build incrementally (a project already compiled as a reference keeps
  # its SARIF log), and are rebuilt only if they wrote none (nothing compiled them under this package yet).
  rc=0; first=1
  for proj in $projects; do
    if [ "$first" = 1 ]; then build "$proj" --no-incremental || rc=1; first=0; continue; fi
    build "$proj" || rc=1
    pname="$(basename "$proj" .csproj)"
    ls "$dir/sarif/$pname".*.sarif > /dev/null 2>&1 || build "$proj" --no-incremental || rc=1
  done
  grep -qE 'CS8032|CS9057' "$dir/build.log" && echo "WARNING: $name: the analyzers did not load (CS8032/CS9057)"
  if [ "$rc" != 0 ]; then
    grep -E ': error ' "$dir/build.log" | sort -u | head -20
    echo "$name: BUILD FAILED (see $dir/build.log)" | tee -a "$summary"; status=1; continue
  fi
  ls "$dir/sarif"/*.sarif > /dev/null 2>&1 || { echo "$name: no SARIF log written" | tee -a "$summary"; status=1; continue; }
  python3 "$here/recall.py" "$list" "$checkout" "$dir" "$version ($jsonperf_commit)" || status=1
  cat "$dir/table.md"
  sed -n '/^recall/,/^crashes/p' "$dir/table.md" | sed "s/^/$name: /" >> "$summary"
done
echo; cat "$summary"
exit "$status"
