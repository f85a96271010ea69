#!/usr/bin/env bash
# The package end to end, run by CI (.ci/run); the README's main job is the shorter demo/run.sh.
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
jp_warnings() { { grep -oE "[^ ]+\([0-9]+,[0-9]+\): warning ${2:-JP0001}" "$1" || true; } | sort -u | wc -l; }
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

# ---- JP0005 (UTF-16 detours): one warning, fixed by dotnet format; same output after the fix ----
echo "== JP0005: dotnet format analyzers serializes to UTF-8 directly"
count="$(jp_warnings "$work/build.log" JP0005)"
[ "$count" -eq 1 ] || fail "expected 1 JP0005 warning, got $count"
dotnet format analyzers "$copy/PackageConsumer.csproj" --diagnostics JP0005 --severity warn --no-restore
grep -q 'JsonSerializer.SerializeToUtf8Bytes(order, s_orderInfo)' "$copy/Program.cs" || fail "JP0005's fix was not applied"
build "$copy/PackageConsumer.csproj" > "$work/utf8.log" 2>&1 || { cat "$work/utf8.log"; fail "the sample does not build after JP0005's fix"; }
[ "$(jp_warnings "$work/utf8.log" JP0005)" -eq 0 ] || fail "JP0005 left after dotnet format"
after="$(dotnet run --project "$copy/PackageConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
[ "$before" = "$after" ] || fail "output changed after JP0005's fix"
echo "ok: 1 JP0005 warning, fixed by dotnet format, the output (UTF-8 bytes in hex) is unchanged"
# ---- end JP0005 ----

# ---- A minimal API: one dotnet format run fixes the options of a top-level handler, their encoder with them ----
echo "== minimal API: one dotnet format run hoists the handler's options (JP0001) with their encoder (which JP0004 leaves to it)"
api="$work/minimal-api"
mkdir -p "$api"
cp "$root/tests/PackageConsumerMinimalApi/"*.cs "$root/tests/PackageConsumerMinimalApi/"*.csproj "$here"/*.props "$api/"
sed "s#../../artifacts#$root/artifacts#" "$here/NuGet.config" > "$api/NuGet.config"
apibuild() { dotnet build "$api/MinimalApi.csproj" --no-incremental -nologo -p:JsonPerfVersion="$version" -p:RestorePackagesPath="$root/artifacts/consumer-packages" "$@"; }
apibuild > "$work/api.log" 2>&1 || { cat "$work/api.log"; fail "the minimal API does not build"; }
check_clean_load "$work/api.log"
[ "$(jp_warnings "$work/api.log")" -eq 1 ] && [ "$(jp_warnings "$work/api.log" JP0004)" -eq 0 ] || { grep -E 'warning (JP|CA)' "$work/api.log" | sort -u; fail "expected 1 JP0001 warning (and no JP0004: the encoder moves with the options) in the minimal API"; }
before_api="$(dotnet run --no-build --project "$api/MinimalApi.csproj" 2>/dev/null)"
dotnet format analyzers "$api/MinimalApi.csproj" --diagnostics JP0001 JP0004 --severity warn --no-restore > "$work/api-format.log" 2>&1 || { cat "$work/api-format.log"; fail "dotnet format failed on the minimal API"; }
if grep -q "Fix All action" "$work/api-format.log"; then cat "$work/api-format.log"; fail "dotnet format left a site unfixed"; fi
apibuild > "$work/api-fixed.log" 2>&1 || { cat "$work/api-fixed.log"; fail "the minimal API does not build after dotnet format"; }
[ "$(jp_warnings "$work/api-fixed.log")" -eq 0 ] && [ "$(jp_warnings "$work/api-fixed.log" JP0004)" -eq 0 ] || fail "JP0001 or JP0004 left after one dotnet format run"
after_api="$(dotnet run --no-build --project "$api/MinimalApi.csproj" 2>/dev/null)"
[ -n "$before_api" ] && [ "$before_api" = "$after_api" ] || fail "the minimal API's responses changed after the fix"
[ "$(tail -c 1 "$api/Program.cs" | od -An -c | tr -d ' ')" = '\n' ] || fail "the fix dropped the final newline of Program.cs"
diff -u "$root/tests/PackageConsumerMinimalApi/Program.cs" "$api/Program.cs" || true
echo "ok: one dotnet format run fixed the handler's options with their encoder; HTTP responses on 127.0.0.1 unchanged"
# ---- end minimal API ----

# ---- A test project: every rule a suggestion and JP0002 off, warnings again with JsonPerfSuggestionsOnly=false ----
echo "== test project: suggestions in the IDE and the SARIF log, no build warnings"
tests_copy="$work/test-project"
mkdir -p "$tests_copy"
cp "$root/tests/PackageConsumerTests/"*.cs "$root/tests/PackageConsumerTests/"*.csproj "$here"/*.props "$tests_copy/"
sed "s#../../artifacts#$root/artifacts#" "$here/NuGet.config" > "$tests_copy/NuGet.config"
testbuild() { dotnet build "$tests_copy/PackageConsumerTests.csproj" --no-incremental -nologo -p:JsonPerfVersion="$version" -p:RestorePackagesPath="$root/artifacts/consumer-packages" "$@"; }
# Distinct results per rule and SARIF level in a SARIF 2.1 log, as "JP0001:note:1 JP0002:note:5 ...".
sarif_levels() {
  python3 -c 'import json,sys,collections
results = [r for run in json.load(open(sys.argv[1]))["runs"] for r in run.get("results", []) if r["ruleId"].startswith("JP")]
seen = {(r["ruleId"], r.get("level", "warning"), json.dumps(r["locations"])) for r in results}
counts = collections.Counter((rule, level) for rule, level, _ in seen)
print(" ".join(f"{rule}:{level}:{n}" for (rule, level), n in sorted(counts.items())))' "$1"
}
testbuild -p:ErrorLog="$work/tests.sarif%2Cversion=2.1" > "$work/tests.log" 2>&1 || { cat "$work/tests.log"; fail "the test project does not build"; }
check_clean_load "$work/tests.log"
if grep -qE 'warning JP[0-9]+' "$work/tests.log"; then grep -E 'warning JP' "$work/tests.log" | sort -u; fail "JsonPerf warnings in a test project"; fi
levels="$(sarif_levels "$work/tests.sarif")"
[[ "$levels" =~ ^JP0001:note:2\ JP0004:note:1\ JP0006:note:1\ JP0007:note:1\ JP0009:note:1$ ]] || fail "test project SARIF: expected JP0001 twice, JP0004/6/7/9 once as notes (suggestions) and no JP0002 (off in test projects); got '$levels'"
echo "ok: test project: 0 JsonPerf warnings; SARIF has $levels (no JP0002)"
testbuild -p:JsonPerfSuggestionsOnly=false -p:ErrorLog="$work/tests-restored.sarif%2Cversion=2.1" > "$work/tests-restored.log" 2>&1 || { cat "$work/tests-restored.log"; fail "the test project does not build with JsonPerfSuggestionsOnly=false"; }
for expected in JP0001:2 JP0004:1 JP0006:1 JP0007:1; do
  [ "$(jp_warnings "$work/tests-restored.log" "${expected%:*}")" -eq "${expected#*:}" ] || { grep -E 'warning JP' "$work/tests-restored.log" | sort -u; fail "JsonPerfSuggestionsOnly=false: expected ${expected#*:} ${expected%:*} warnings"; }
done
[[ "$(sarif_levels "$work/tests-restored.sarif")" =~ JP0002:note:[1-9] ]] || fail "JsonPerfSuggestionsOnly=false: JP0002 (Info) is not back in the test project's SARIF"
echo "ok: JsonPerfSuggestionsOnly=false gives the test project its warnings back (JP0001, JP0004, JP0006, JP0007) and JP0002 at Info"
testbuild -p:JsonPerfSuggestionsOnly=true -p:ErrorLog="$work/tests-suggestions.sarif%2Cversion=2.1" > "$work/tests-suggestions.log" 2>&1 || { cat "$work/tests-suggestions.log"; fail "the test project does not build with JsonPerfSuggestionsOnly=true"; }
levels="$(sarif_levels "$work/tests-suggestions.sarif")"
[[ "$levels" =~ ^JP0001:note:2\ JP0002:note:[1-9][0-9]*\ JP0004:note:1\ JP0006:note:1\ JP0007:note:1\ JP0009:note:1$ ]] || fail "JsonPerfSuggestionsOnly=true in a test project: expected every rule as a note, JP0002 included; got '$levels'"
echo "ok: JsonPerfSuggestionsOnly=true in a test project: every rule a suggestion, JP0002 included ($levels)"
# ---- end test project ----

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
grep -q 'class AppJsonContext : JsonSerializerContext' "$copy/Program.cs" || fail "no context was scaffolded"
grep -q 'JsonSerializable(typeof(Order))' "$copy/Program.cs" || fail "the context does not register Order"
if grep -q '<Compile' "$copy/PackageConsumer.csproj"; then fail "dotnet format added a Compile item to the project"; fi
build "$copy/PackageConsumer.csproj" > "$work/generated.log" 2>&1 || { cat "$work/generated.log"; fail "the sample does not build with the scaffolded context"; }
grep -q 'JsonContext.Default.Order)' "$copy/Program.cs" || fail "Api.Plain does not use the context"
after="$(dotnet run --project "$copy/PackageConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
[ "$before" = "$after" ] || fail "output changed after JP0002's fix"
echo "ok: dotnet format scaffolded a context that generates, the output is unchanged"

# ---- Install as the README says, presets, JP0002's AOT opt-out -------------------------------------
# Runs the commands of README.md's install:pack block in this repository and those of its install:use block in a new
# console app outside the repository (solution and project folder in one), as written, with one substitution: the
# feed folder ~/jsonperf-feed becomes a temporary folder. NUGET_PACKAGES points at a private folder too, so the
# package just packed is the one restored. The app then carries the sample's code plus one JP0003 site.
echo "== README install: its install:pack and install:use blocks, as written"
readme_block() {
  sed -n "/^<!-- $1 -->\$/,/^<!-- \/$1 -->\$/p" "$root/README.md" | sed -e '/^<!--/d' -e '/^```/d' -e '/^#/d' -e '/^[[:space:]]*$/d'
}
readme_tmp="$(mktemp -d /tmp/jsonperf-readme-XXXXXX)"
trap 'rm -f "$here/.editorconfig"; rm -rf "$readme_tmp"' EXIT
feed="$readme_tmp/feed"
pack_commands="$(readme_block install:pack | sed "s#~/jsonperf-feed#$feed#g")"
use_commands="$(readme_block install:use | sed "s#~/jsonperf-feed#$feed#g")"
[ -n "$pack_commands" ] && [ -n "$use_commands" ] || fail "README has no install:pack or install:use block"
grep -q "dotnet pack" <<< "$pack_commands" && grep -q "dotnet add package JsonPerf.Analyzers --version $version\$" <<< "$use_commands" \
  || fail "README's install blocks do not pack, or do not add JsonPerf.Analyzers $version"
export NUGET_PACKAGES="$readme_tmp/packages"
(cd "$root" && bash -euo pipefail -c "$pack_commands") > "$work/readme-pack.log" 2>&1 || { cat "$work/readme-pack.log"; fail "README's install:pack block failed"; }
app="$readme_tmp/app"
dotnet new console -o "$app" -n ReadmeApp > "$work/readme-new.log" 2>&1 || { cat "$work/readme-new.log"; fail "dotnet new console failed"; }
(cd "$app" && bash -euo pipefail -c "$use_commands") > "$work/readme-use.log" 2>&1 || { cat "$work/readme-use.log"; fail "README's install:use block failed"; }
grep -qE '<PackageReference Include="JsonPerf.Analyzers" Version="'"$version"'"' "$app/ReadmeApp.csproj" || fail "no PackageReference after the README's commands"
grep -q '<PrivateAssets>all</PrivateAssets>' "$app/ReadmeApp.csproj" || fail "dotnet add package did not make the reference private (README says it does)"
cp "$here/Program.cs" "$app/Program.cs"
cat > "$app/CaseInsensitive.cs" <<'CS'
using System.Text.Json;

// JP0003 (hidden by default): case-insensitive matching without a naming policy.
public static class Reader
{
    public static readonly JsonSerializerOptions Options = new() { PropertyNameCaseInsensitive = true };
}
CS
app_build() { dotnet build "$app/ReadmeApp.csproj" --no-incremental -nologo "$@"; }
# Expected distinct warnings per rule: JP0001 JP0002 JP0003 JP0004, from a build log.
expect_warnings() {
  local log="$1" label="$2" expected="$3" id got=""
  for id in JP0001 JP0002 JP0003 JP0004; do got="$got $(jp_warnings "$log" "$id" || true)"; done
  [ "${got# }" = "$expected" ] || { grep -E 'warning JP' "$log" | sort -u; fail "$label: expected JP0001-JP0004 warnings '$expected', got '${got# }'"; }
  echo "ok: $label: JP0001-JP0004 warnings $expected"
}
app_build > "$work/readme-build.log" 2>&1 || { cat "$work/readme-build.log"; fail "the README's app does not build"; }
check_clean_load "$work/readme-build.log"
expect_warnings "$work/readme-build.log" "installed as the README says" "2 0 0 1"

echo "== presets: JsonPerfAnalysisMode and JsonPerfRaiseJP0002InAot"
preset() {  # label, expected, build arguments
  local label="$1" expected="$2"; shift 2
  app_build "$@" > "$work/preset.log" 2>&1 || { cat "$work/preset.log"; fail "build failed: $label"; }
  check_clean_load "$work/preset.log"
  expect_warnings "$work/preset.log" "$label" "$expected"
}
preset "JsonPerfAnalysisMode=Default" "2 0 0 1" -p:JsonPerfAnalysisMode=Default
preset "JsonPerfAnalysisMode=All" "2 4 1 1" -p:JsonPerfAnalysisMode=All
preset "JsonPerfAnalysisMode=None" "0 0 0 0" -p:JsonPerfAnalysisMode=None
preset "IsAotCompatible=true" "2 4 0 1" -p:IsAotCompatible=true
preset "IsAotCompatible=true, JsonPerfRaiseJP0002InAot=false" "2 0 0 1" -p:IsAotCompatible=true -p:JsonPerfRaiseJP0002InAot=false
preset "JsonPerfAnalysisMode=None, IsAotCompatible=true" "0 0 0 0" -p:JsonPerfAnalysisMode=None -p:IsAotCompatible=true
preset "IsTestProject=true" "0 0 0 0" -p:IsTestProject=true
preset "IsTestProject=true, JsonPerfSuggestionsOnly=false" "2 0 0 1" -p:IsTestProject=true -p:JsonPerfSuggestionsOnly=false
preset "JsonPerfSuggestionsOnly=true (a sample)" "0 0 0 0" -p:JsonPerfSuggestionsOnly=true
preset "JsonPerfAnalysisMode=All, IsTestProject=true" "0 0 0 0" -p:JsonPerfAnalysisMode=All -p:IsTestProject=true
# The project's own severities win over every preset: .editorconfig sections, and a .globalconfig (level 100).
printf 'root = true\n\n[*.cs]\ndotnet_diagnostic.JP0002.severity = none\ndotnet_diagnostic.JP0004.severity = none\n' > "$app/.editorconfig"
preset "JsonPerfAnalysisMode=All, .editorconfig JP0002 and JP0004 none" "2 0 1 0" -p:JsonPerfAnalysisMode=All
preset "IsAotCompatible=true, .editorconfig JP0002 none" "2 0 0 0" -p:IsAotCompatible=true
printf 'root = true\n\n[*.cs]\ndotnet_diagnostic.JP0001.severity = warning\ndotnet_diagnostic.JP0003.severity = warning\n' > "$app/.editorconfig"
preset "JsonPerfAnalysisMode=None, .editorconfig JP0001 and JP0003 warning" "2 0 1 0" -p:JsonPerfAnalysisMode=None
preset "IsTestProject=true, .editorconfig JP0001 and JP0003 warning" "2 0 1 0" -p:IsTestProject=true
rm "$app/.editorconfig"
printf 'is_global = true\n\ndotnet_diagnostic.JP0003.severity = none\ndotnet_diagnostic.JP0001.severity = suggestion\n' > "$app/.globalconfig"
preset "JsonPerfAnalysisMode=All, .globalconfig JP0003 none, JP0001 suggestion" "0 4 0 1" -p:JsonPerfAnalysisMode=All
rm "$app/.globalconfig"
if app_build -p:JsonPerfAnalysisMode=Strict > "$work/preset.log" 2>&1; then fail "JsonPerfAnalysisMode=Strict built"; fi
grep -q 'error JSONPERF001' "$work/preset.log" || { cat "$work/preset.log"; fail "JsonPerfAnalysisMode=Strict failed, but not with JSONPERF001"; }
echo "ok: an unknown JsonPerfAnalysisMode fails the build with JSONPERF001"
echo "== package metadata: addresses, license, icon, readme, release notes"
nupkg="$root/artifacts/packages/JsonPerf.Analyzers.$version.nupkg"
repository="$(dotnet msbuild "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -getProperty:JsonPerfRepositoryUrl)"
nuspec="$(unzip -p "$nupkg" JsonPerf.Analyzers.nuspec)"
for expected in "<projectUrl>$repository</projectUrl>" "<repository type=\"git\" url=\"$repository\"" \
    '<license type="expression">MIT</license>' '<icon>icon.png</icon>' '<readme>README.md</readme>' \
    "<releaseNotes>Changes in $version: $repository/blob/v$version/CHANGELOG.md"; do
  grep -qF "$expected" <<< "$nuspec" || fail "the nuspec lacks $expected"
done
# The listing goes through a variable: with pipefail, `unzip | grep -q` fails when grep stops reading early.
listing="$(unzip -l "$nupkg")"
for file in LICENSE icon.png README.md CHANGELOG.md; do
  grep -qE " $file\$" <<< "$listing" || fail "$file is not in the package"
done
grep -qE "^## \\[?${version//./\\.}\\]?( |$)" "$root/CHANGELOG.md" || fail "CHANGELOG.md has no section for $version"
echo "ok: project and repository URL $repository, MIT license file, icon, readme, CHANGELOG.md for $version"
unset NUGET_PACKAGES
# ---- end of the install checks --------------------------------------------------------------------------------------
# ---- JP0002 in an AOT-compatible project: the fix adds no trim/AOT warning --------------------------------
# tests/PackageConsumerAot: IsAotCompatible=true, so the SDK's trim and AOT analyzers report IL2026/IL3050 on the
# reflection-based calls and JP0002 is a warning. After `dotnet format analyzers --diagnostics JP0002`, the project
# builds with -warnaserror: no IL2026, IL3050 or JP0002 left, and the program prints the same (also its
# System.Net.Http.Json calls, answered in process, and ASP.NET Core's Results.Json and WriteAsJsonAsync without options,
# answered by Kestrel on 127.0.0.1). Then the fixed program is published as a native AOT binary, which prints the same
# as the program before the fix.
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
[ "$count" -eq 13 ] || fail "expected 13 JP0002 warnings in the AOT sample, got $count"
count="$(jp_warnings "$work/aot-before.log" 'IL(2026|3050)')"
[ "$count" -gt 0 ] || fail "expected IL2026/IL3050 warnings in the AOT sample before the fix"
aot_before="$(dotnet run --project "$aot/AotConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
dotnet format analyzers "$aot/AotConsumer.csproj" --diagnostics JP0002 --severity info --no-restore
if grep -q 'DefaultJsonTypeInfoResolver' "$aot/Program.cs"; then fail "the fix brought reflection into the AOT sample"; fi
grep -q 's_encodedContext = new(s_encoded)' "$aot/Program.cs" || fail "the encoder's options did not get a context instance"
grep -q 'PostAsJsonAsync("orders", order, [A-Za-z]*JsonContext.Default.Order)' "$aot/Program.cs" || fail "the HttpClient call did not get a context's metadata"
grep -q 'Results.Json(receipt, ApiJsonContext.Http.Receipt)' "$aot/Program.cs" || fail "Results.Json did not get the configured context's metadata"
grep -q 'WriteAsJsonAsync(order, ApiJsonContext.Http.Order)' "$aot/Program.cs" || fail "WriteAsJsonAsync did not get the configured context's metadata"
build "$aot/AotConsumer.csproj" -warnaserror > "$work/aot-after.log" 2>&1 || { cat "$work/aot-after.log"; diff -u "$aot_src/Program.cs" "$aot/Program.cs" || true; fail "the fixed AOT sample does not build with -warnaserror"; }
for id in IL2026 IL3050 JP0002; do
  grep -qE "(warning|error) $id" "$work/aot-after.log" && fail "$id left in the fixed AOT sample"
done
aot_after="$(dotnet run --project "$aot/AotConsumer.csproj" -p:JsonPerfVersion="$version" 2>/dev/null)"
[ -n "$aot_before" ] && [ "$aot_before" = "$aot_after" ] || fail "the AOT sample's output changed after JP0002's fix"
echo "$aot_after" | grep -q '^receipt 200 \[application/json; charset=utf-8\] {"orderId":1' || fail "the AOT sample's Kestrel round trip did not answer"
dotnet publish "$aot/AotConsumer.csproj" -c Release -r linux-x64 -p:PublishAot=true -p:JsonPerfVersion="$version" -o "$work/aot-native" -nologo > "$work/aot-publish.log" 2>&1 || { cat "$work/aot-publish.log"; fail "the fixed AOT sample does not publish as native AOT"; }
grep -qE "warning (IL|JP)[0-9]+" "$work/aot-publish.log" && { grep -E "warning (IL|JP)[0-9]+" "$work/aot-publish.log"; fail "warnings publishing the fixed AOT sample as native AOT"; }
aot_native="$("$work/aot-native/AotConsumer")"
[ "$aot_before" = "$aot_native" ] || { diff <(echo "$aot_before") <(echo "$aot_native") || true; fail "the native AOT binary prints other output than the sample before the fix"; }
diff -u "$aot_src/Program.cs" "$aot/Program.cs" || true
echo "ok: the AOT sample builds with -warnaserror after dotnet format (no IL2026/IL3050/JP0002), same output, also as a native AOT binary"
# ---- end of: JP0002 in an AOT-compatible project ---------------------------------------------------------------------
# ---- CA1869 beside JP0001: the suppressor JPS0001 ------------------------------------------------
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
