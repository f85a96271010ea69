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

# ---- CA1869 beside JP0001: the suppressor JPS0001 (issue 11) ------------------------------------------------
echo "== CA1869 as a warning: JP0001 at the shared sites, CA1869 suppressed there by JPS0001"
# file(line,col) of each distinct warning of one id
sites() { { grep -oE "[^ ]+\([0-9]+,[0-9]+\): warning $2" "$1" || true; } | sed -E "s/: warning $2\$//" | sort -u; }
printf 'root = true\n\n[*.cs]\ndotnet_diagnostic.CA1869.severity = warning\n' > "$here/.editorconfig"
build "$here/PackageConsumer.csproj" > "$work/ca1869.log" 2>&1 || { rm -f "$here/.editorconfig"; cat "$work/ca1869.log"; fail "build with CA1869 as a warning failed"; }
printf 'root = true\n\n[*.cs]\ndotnet_diagnostic.CA1869.severity = warning\ndotnet_diagnostic.JPS0001.severity = none\n' > "$here/.editorconfig"
build "$here/PackageConsumer.csproj" > "$work/ca1869-kept.log" 2>&1 || { rm -f "$here/.editorconfig"; cat "$work/ca1869-kept.log"; fail "build with JPS0001 off failed"; }
rm -f "$here/.editorconfig"
check_clean_load "$work/ca1869.log"
jp="$(sites "$work/ca1869.log" JP0001)"
ca="$(sites "$work/ca1869.log" CA1869)"
ca_kept="$(sites "$work/ca1869-kept.log" CA1869)"
shared="$(comm -12 <(echo "$jp") <(echo "$ca_kept") | sed '/^$/d')"
[ -n "$shared" ] || fail "CA1869 (with JPS0001 off) and JP0001 share no site: the check proves nothing"
[ -z "$(comm -12 <(echo "$jp") <(echo "$ca") | sed '/^$/d')" ] || fail "CA1869 and JP0001 both reported at: $(comm -12 <(echo "$jp") <(echo "$ca"))"
[ "$(comm -23 <(echo "$ca_kept") <(echo "$shared") | sed '/^$/d')" = "$(echo "$ca" | sed '/^$/d')" ] || fail "CA1869 sites JP0001 does not report were suppressed too"
echo "ok: $(echo "$shared" | wc -l) shared site(s): JP0001 shown, CA1869 suppressed (and shown with JPS0001 off); $(echo "$ca" | sed '/^$/d' | wc -l) other CA1869 site(s) kept"
# ---- end CA1869 beside JP0001 ---------------------------------------------------------------------------------

echo "PackageConsumer: all checks passed"
