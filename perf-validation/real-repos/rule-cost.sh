#!/usr/bin/env bash
# Which of JsonPerf's hosted rules costs what in a real project's compile: Rebuilds of one project (one target, its
# references already built) with -p:ReportAnalyzer=true, with all rules on, each rule off, each rule alone, and all
# off, through a global config. Run after trial.sh on the same checkout (its package, still in the NuGet packages
# folder, and its targets file are reused; NoWarn NU1603/NU1605 for registries that lack exact versions).
#   bash perf-validation/real-repos/rule-cost.sh CHECKOUT TRIAL_OUT PROJECT TFM [RUNS]
# Prints, per variant, JsonPerf's analyzer time in each Rebuild after a warm-up one. The Rebuilds go through the
# compiler server (-p:UseSharedCompilation=true, as `dotnet build` by default); COMPILER=process runs a new csc per
# Rebuild instead (what UseSharedCompilation=false in the environment does; see trial.sh --budget-compiler).
set -uo pipefail
[ $# -ge 4 ] || { sed -n '2,9p' "${BASH_SOURCE[0]}" | cut -c3-; exit 2; }
checkout="$1"; trial_out="$(cd "$2" && pwd)"; project="$3"; tfm="$4"; runs="${5:-3}"
rules=(JP0001 JP0004 JP0005 JP0006 JP0007)
case "${COMPILER:-server}" in server) shared=true ;; process) shared=false ;; *) echo "COMPILER is server or process"; exit 2 ;; esac
work="$(mktemp -d /tmp/jsonperf-rule-cost-XXXXXX)"
trap 'rm -rf "$work"' EXIT
cat > "$work/off.targets" <<EOF
<Project>
  <PropertyGroup><NoWarn>\$(NoWarn);NU1603;NU1605</NoWarn></PropertyGroup>
  <ItemGroup><EditorConfigFiles Include="$work/off.globalconfig" /></ItemGroup>
</Project>
EOF
export CustomAfterDirectoryBuildTargets="$trial_out/jsonperf-trial.targets"
export CustomBeforeMicrosoftCommonTargets="$work/off.targets" CustomBeforeMicrosoftCommonCrossTargetingTargets="$work/off.targets"
cd "$checkout" || exit 2
echo "is_global = true" > "$work/off.globalconfig"
dotnet restore "$project" -v:q >/dev/null 2>&1 || { echo "restore failed (run trial.sh on this checkout first)"; exit 1; }
dotnet build "$project" -f "$tfm" --no-restore -v:q -nologo >/dev/null 2>&1 || { echo "build failed"; exit 1; }

variant() {  # $1: name; rest: rules off
  local name="$1"; shift
  { echo "is_global = true"; for r in "$@"; do echo "dotnet_diagnostic.$r.severity = none"; done; } > "$work/off.globalconfig"
  local times="" i
  for i in $(seq 0 "$runs"); do
    dotnet build "$project" -f "$tfm" --no-restore -t:Rebuild -p:BuildProjectReferences=false -p:ReportAnalyzer=true -p:UseSharedCompilation=$shared \
      -v:d -nologo > "$work/build.log" 2>&1 || { echo "$name: the Rebuild failed"; return; }
    grep -q "$work/off.globalconfig" "$work/build.log" || { echo "$name: the global config did not reach the compiler"; return; }
    [ "$i" -gt 0 ] && times="$times $(grep -m1 'JsonPerf.Analyzers, Version' "$work/build.log" | awk '{print $1}')"
  done
  printf '%-22s%s\n' "$name:" "${times:- not in the log}"
}

echo "JsonPerf's analyzer time (s) per Rebuild of $project ($tfm), compiler: ${COMPILER:-server}; load $(cut -d' ' -f1-3 /proc/loadavg)"
variant "all on"
for r in "${rules[@]}"; do variant "$r off" "$r"; done
for r in "${rules[@]}"; do variant "only $r on" $(printf '%s\n' "${rules[@]}" | grep -v "^$r$"); done
variant "all off" "${rules[@]}"
