#!/usr/bin/env bash
# Packs JsonPerf.Analyzers and builds this sample from the .nupkg, as a user would, then checks what users
# rely on: JP0001 is a build warning, .editorconfig severity 'none' silences it, -warnaserror fails the build,
# and `dotnet format analyzers` applies the fix so that the program prints the same output with no warnings.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$root/artifacts/consumer"
rm -rf "$work" "$root/artifacts/consumer-packages/jsonperf.analyzers"
mkdir -p "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }
# Distinct warnings of one rule (the build prints each twice: as it happens and in the summary).
jp_warnings() { grep -oE "[^ ]+\([0-9]+,[0-9]+\): warning ${2:-JP0001}" "$1" | sort -u | wc -l; }
check_clean_load() { ! grep -qE 'CS8032|CS9057|AD0001' "$1" || fail "analyzer load or crash warning in $1"; }

version="$(dotnet msbuild "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -getProperty:Version)"
echo "== pack JsonPerf.Analyzers $version"
dotnet pack "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -c Release -o "$root/artifacts/packages" -v:q -nologo >/dev/null
ls "$root/artifacts/packages/JsonPerf.Analyzers.$version.nupkg" >/dev/null

build() { dotnet build "$1" --no-incremental -nologo -p:JsonPerfVersion="$version" "${@:2}"; }

echo "== build the sample from the package"
build "$here/PackageConsumer.csproj" > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "sample build failed"; }
grep -E 'warning JP[0-9]+' "$work/build.log" | sort -u
check_clean_load "$work/build.log"
count="$(jp_warnings "$work/build.log")"
[ "$count" -eq 2 ] || fail "expected 2 JP0001 warnings, got $count"
count="$(jp_warnings "$work/build.log" JP0004)"
[ "$count" -eq 1 ] || fail "expected 1 JP0004 warning, got $count"
echo "ok: 2 JP0001 warnings, 1 JP0004 warning"

echo "== .editorconfig: dotnet_diagnostic.JP0001.severity = none"
trap 'rm -f "$here/.editorconfig"' EXIT
printf 'root = true\n\n[*.cs]\ndotnet_diagnostic.JP0001.severity = none\n' > "$here/.editorconfig"
build "$here/PackageConsumer.csproj" > "$work/none.log" 2>&1 || { cat "$work/none.log"; fail "build with severity none failed"; }
rm -f "$here/.editorconfig"
[ "$(jp_warnings "$work/none.log")" -eq 0 ] || fail "JP0001 still reported with severity none"
echo "ok: no JP0001 with severity none"

echo "== -warnaserror"
if build "$here/PackageConsumer.csproj" -warnaserror > "$work/strict.log" 2>&1; then fail "-warnaserror build succeeded"; fi
grep -q 'error JP0001' "$work/strict.log" || fail "-warnaserror failed, but not on JP0001"
check_clean_load "$work/strict.log"
echo "ok: -warnaserror fails on JP0001"

echo "== dotnet format analyzers applies the fix"
copy="$work/formatted"
mkdir -p "$copy"
cp "$here"/*.cs "$here"/*.csproj "$here"/*.props "$copy/"
sed "s#../../artifacts#$root/artifacts#" "$here/NuGet.config" > "$copy/NuGet.config"
sed -i "s#\$(MSBuildThisFileDirectory)../../artifacts#$root/artifacts#" "$copy/PackageConsumer.csproj"
before="$(dotnet run --project "$here/PackageConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
dotnet restore "$copy/PackageConsumer.csproj" -p:JsonPerfVersion="$version" -v:q >/dev/null
dotnet format analyzers "$copy/PackageConsumer.csproj" --diagnostics JP0004 JP0001 --severity warn --no-restore
build "$copy/PackageConsumer.csproj" > "$work/formatted.log" 2>&1 || { cat "$work/formatted.log"; fail "formatted sample does not build"; }
[ "$(jp_warnings "$work/formatted.log")" -eq 0 ] || fail "JP0001 left after dotnet format"
[ "$(jp_warnings "$work/formatted.log" JP0004)" -eq 0 ] || fail "JP0004 left after dotnet format"
after="$(dotnet run --project "$copy/PackageConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
[ -n "$before" ] && [ "$before" = "$after" ] || fail "output changed after the fix"
diff -u "$here/Program.cs" "$copy/Program.cs" || true
echo "ok: dotnet format fixed every JP0001 and JP0004, the output is unchanged"

echo "== JP0002: a warning in trimmed/AOT projects (the package's targets add a global config)"
[ "$(jp_warnings "$work/build.log" JP0002)" -eq 0 ] || fail "JP0002 is a warning by default"
for property in JsonSerializerIsReflectionEnabledByDefault=false IsAotCompatible=true; do
  build "$here/PackageConsumer.csproj" -p:$property > "$work/trimmed.log" 2>&1 || { cat "$work/trimmed.log"; fail "build with $property failed"; }
  check_clean_load "$work/trimmed.log"
  count="$(jp_warnings "$work/trimmed.log" JP0002)"
  [ "$count" -eq 4 ] || fail "expected 4 JP0002 warnings with $property, got $count"
done
echo "ok: JP0002 is info by default and a warning (4 sites) with JsonSerializerIsReflectionEnabledByDefault=false or IsAotCompatible=true"

echo "== dotnet format analyzers applies JP0002's fix: a source-generated context"
dotnet format analyzers "$copy/PackageConsumer.csproj" --diagnostics JP0002 --severity info --no-restore
grep -q 'class PackageConsumerJsonContext : JsonSerializerContext' "$copy/Program.cs" || fail "no context was scaffolded"
grep -q 'JsonSerializable(typeof(Order))' "$copy/Program.cs" || fail "the context does not register Order"
if grep -q '<Compile' "$copy/PackageConsumer.csproj"; then fail "dotnet format added a Compile item to the project"; fi
build "$copy/PackageConsumer.csproj" > "$work/generated.log" 2>&1 || { cat "$work/generated.log"; fail "the sample does not build with the scaffolded context"; }
grep -q 'JsonContext.Default.Order)' "$copy/Program.cs" || fail "Api.Plain does not use the context"
after="$(dotnet run --project "$copy/PackageConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
[ "$before" = "$after" ] || fail "output changed after JP0002's fix"
echo "ok: dotnet format scaffolded a context that generates, the output is unchanged"

# ---- JP0002 in an AOT-compatible project (issue 14): the fix adds no trim/AOT warning --------------------------------
# tests/PackageConsumerAot: IsAotCompatible=true, so the SDK's trim and AOT analyzers report IL2026/IL3050 on the
# reflection-based calls and JP0002 is a warning. After `dotnet format analyzers --diagnostics JP0002`, the project
# builds with -warnaserror: no IL2026, IL3050 or JP0002 left, and the program prints the same.
echo "== JP0002 in an AOT-compatible project: dotnet format, then -warnaserror"
aot_src="$root/tests/PackageConsumerAot"
aot="$work/aot"
mkdir -p "$aot"
cp "$aot_src"/*.cs "$aot_src"/*.csproj "$aot_src"/*.props "$aot/"
sed "s#../../artifacts#$root/artifacts#" "$aot_src/NuGet.config" > "$aot/NuGet.config"
sed -i "s#\$(MSBuildThisFileDirectory)../../artifacts#$root/artifacts#" "$aot/AotConsumer.csproj"
build "$aot/AotConsumer.csproj" > "$work/aot-before.log" 2>&1 || { cat "$work/aot-before.log"; fail "the AOT sample does not build"; }
check_clean_load "$work/aot-before.log"
count="$(jp_warnings "$work/aot-before.log" JP0002)"
[ "$count" -eq 8 ] || fail "expected 8 JP0002 warnings in the AOT sample, got $count"
count="$(jp_warnings "$work/aot-before.log" 'IL(2026|3050)')"
[ "$count" -gt 0 ] || fail "expected IL2026/IL3050 warnings in the AOT sample before the fix"
aot_before="$(dotnet run --project "$aot/AotConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
dotnet format analyzers "$aot/AotConsumer.csproj" --diagnostics JP0002 --severity info --no-restore
if grep -q 'DefaultJsonTypeInfoResolver' "$aot/Program.cs"; then fail "the fix brought reflection into the AOT sample"; fi
grep -q 's_encodedContext = new(s_encoded)' "$aot/Program.cs" || fail "the encoder's options did not get a context instance"
build "$aot/AotConsumer.csproj" -warnaserror > "$work/aot-after.log" 2>&1 || { cat "$work/aot-after.log"; diff -u "$aot_src/Program.cs" "$aot/Program.cs" || true; fail "the fixed AOT sample does not build with -warnaserror"; }
for id in IL2026 IL3050 JP0002; do
  grep -qE "(warning|error) $id" "$work/aot-after.log" && fail "$id left in the fixed AOT sample"
done
aot_after="$(dotnet run --project "$aot/AotConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
[ -n "$aot_before" ] && [ "$aot_before" = "$aot_after" ] || fail "the AOT sample's output changed after JP0002's fix"
diff -u "$aot_src/Program.cs" "$aot/Program.cs" || true
echo "ok: the AOT sample builds with -warnaserror after dotnet format (no IL2026/IL3050/JP0002), same output"
# ---- end of: JP0002 in an AOT-compatible project ---------------------------------------------------------------------

echo "PackageConsumer: all checks passed"
