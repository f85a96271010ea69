#!/usr/bin/env bash
# What the lightbulb costs in an editor (issue 41): perf-validation/Lightbulb opens the cost tool's synthetic ~2,000-file
# project through MSBuildWorkspace, as Visual Studio, Rider and VS Code (C# Dev Kit) open a project, with every rule
# made a warning, plus a small native-AOT minimal API app for JP0008 (the only kind of project it reports in), and
# times the fixes as an editor calls them: the list at a site warm and after an edit, an action's preview and apply,
# and (a process each, at three sites per rule) the first list of a process. Projects are written to a temporary folder, never committed.
# RULES=JP0001,... limits the rules measured (default: all).
# Usage: [FILES=2000] [SITES=12] [FIRST=0|1] [FIXALL=0|1] [RULES=...] bash perf-validation/lightbulb.sh [OUT.tsv]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The table goes to OUT, else to standard output (through a descriptor: `> /dev/stdout` would truncate a log file that
# standard output is redirected to, such as CI's).
if [ -n "${1:-}" ]; then exec 3>"$1"; else exec 3>&1; fi
export RULES="${RULES:-JP0001,JP0002,JP0003,JP0004,JP0005,JP0006,JP0007,JP0008}"
work="$(mktemp -d /tmp/jsonperf-lightbulb-XXXXXX)"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

dotnet build "$root/perf-validation/Lightbulb" -c Release -v:q -nologo >/dev/null
dotnet build "$root/perf-validation/AnalyzerCost" -c Release -v:q -nologo >/dev/null
dotnet "$root/perf-validation/AnalyzerCost/bin/Release/net10.0/AnalyzerCost.dll" generate "$work/Synthetic" "${FILES:-2000}" 1 0.1.0 >&2
# The analyzers and fixes come from this repository's build (the tool's references), not from a package; the
# package's build targets are imported as the package imports them (severity presets, compiler-visible properties).
targets="<Import Project=\"$root/src/JsonPerf.Package/build/JsonPerf.Analyzers.targets\" />"
sed -i '/JsonPerf.Analyzers/d' "$work/Synthetic/Synthetic.csproj"
sed -i "s|^</Project>|  $targets\n</Project>|" "$work/Synthetic/Synthetic.csproj"
printf '\n# Every rule a warning, as the issue measured them.\n' >> "$work/Synthetic/.editorconfig"
for r in JP0001 JP0002 JP0003 JP0004 JP0005 JP0006 JP0007 JP0008; do
  echo "dotnet_diagnostic.$r.severity = warning" >> "$work/Synthetic/.editorconfig"
done

# JP0008: a native-AOT minimal API app (the AOT template's shape) with endpoints whose types the context lacks.
mkdir -p "$work/Endpoints"
cat > "$work/Endpoints/Endpoints.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <PublishAot>true</PublishAot>
  </PropertyGroup>
</Project>
XML
sed -i "s|^</Project>|  $targets\n</Project>|" "$work/Endpoints/Endpoints.csproj"
{
  echo 'using System.Text.Json.Serialization;'
  echo 'var builder = WebApplication.CreateSlimBuilder(args);'
  echo 'builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default));'
  echo 'var app = builder.Build();'
  echo 'app.MapGet("/todos", () => new Todo[0]);'
  for i in $(seq 1 40); do echo "app.MapGet(\"/r$i\", () => new Reply$i(\"x\"));"; done
  echo 'app.Run();'
  echo 'public record Todo(int Id, string Title);'
  for i in $(seq 1 40); do echo "public record Reply$i(string Value);"; done
  echo '[JsonSerializable(typeof(Todo[]))]'
  echo 'internal partial class AppJsonSerializerContext : JsonSerializerContext { }'
} > "$work/Endpoints/Program.cs"
for p in Synthetic Endpoints; do dotnet restore "$work/$p" -v:q -nologo >/dev/null; done

tool=(dotnet "$root/perf-validation/Lightbulb/bin/Release/net10.0/Lightbulb.dll")
projects="$work/Synthetic/Synthetic.csproj,$work/Endpoints/Endpoints.csproj"
{
  echo "# load $(cut -d' ' -f1-3 /proc/loadavg) at the start; $(nproc) cores; $(dotnet --version)"
  printf 'rule\tmeasure\tcount\tp50_ms\tp95_ms\tmax_ms\n'
  "${tool[@]}" measure "$projects" "${SITES:-12}" | tee "$work/measure.tsv" | grep -v '^site'
  # The first list of a process, at the first, the middle and the slowest (after an edit) sampled site of each rule
  # with a fix (a process each).
  if [ "${FIRST:-1}" = 1 ]; then
    for r in $(grep '^site' "$work/measure.tsv" | cut -f2 | sort -u); do
      grep "^site	$r	" "$work/measure.tsv" > "$work/sites.tsv"
      n="$(wc -l < "$work/sites.tsv")"
      { sed -n "1p;$(( (n + 1) / 2 ))p" "$work/sites.tsv"; sort -t$'\t' -k5,5 -g "$work/sites.tsv" | tail -1; } | sort -u \
        | while IFS=$'\t' read -r _ rule path ordinal _; do
            "${tool[@]}" first "$projects" "$rule" "$path" "$ordinal" < /dev/null
          done
    done
  fi
  # Fix All in project scope, a process per rule: its time and the sites it leaves (none may still offer a fix).
  if [ "${FIXALL:-1}" = 1 ]; then
    for r in ${RULES//,/ }; do
      "${tool[@]}" fixall "$projects" "$r" < /dev/null || { echo "$r: Fix All left sites that still offer a fix" >&2; echo "$r" >> "$work/failed"; }
    done
  fi
  echo "# load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
} >&3
# A site sampled but not found again, an action that changed nothing, or Fix All leaving a site that still offers a fix.
[ ! -s "$work/failed" ] || { echo "lightbulb.sh: failed for $(sort -u "$work/failed" | tr '\n' ' ')" >&2; exit 1; }
