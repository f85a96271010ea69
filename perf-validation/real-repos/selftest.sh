#!/usr/bin/env bash
# Checks trial.sh on four small repositories it writes under a temporary folder (issues 40, 52), run at the same time:
#   breaks: a JP0001 site whose fix the repository's own build check rejects (a policy target, as a repository might
#           forbid static fields): the trial must report the rebuild FAILED, the sites after "unknown", and exit non-zero.
#   clean:  JP0001 fixed; a JP0005 fix that moves a JP0002 site (one site, not created again), which the JP0002 pass
#           then fixes; a test project's site left as a suggestion; the analyzers' share of the compile measured; the
#           per-site outcomes (sites.tsv, --record) and the lost-fix comparison: a record that claims the test
#           project's site fixed must be reported under LOST FIXES.
#   rewrites: a build that changes a tracked file: the trial must stop.
#   refs and units (selftest_table.sh): a library outside the target fixed and built on both its frameworks, tests
#           compared by name, another analyzer's AD0001 left out, "Unable to fix" told per pass and site.
# Each trial packs a version of its own: afterwards both packages are still in the NuGet packages folder, and no build
# met a missing package file (NETSDK1064, CS2001), which is what deleting a shared package folder did.
#   bash perf-validation/real-repos/selftest.sh
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d /tmp/jsonperf-trial-selftest-XXXXXX)"
# The two trial packages are this run's own versions: removing them afterwards touches nothing anyone else uses.
packages="${NUGET_PACKAGES:-$HOME/.nuget/packages}/jsonperf.analyzers"
[ "${KEEP:-0}" = 1 ] || trap 'for o in "$work"/out-*; do v="$(sed -n "s/^package //p" "$o/run.txt" 2>/dev/null)"; [ -n "$v" ] && rm -rf "${packages:?}/$v"; done; rm -rf "$work"' EXIT
failures=0
check() {  # $1: what; rest: a command that must succeed
  local what="$1"; shift
  if "$@" >/dev/null 2>&1; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}

repo() {  # $1: folder: a new git repository ignoring bin/ and obj/
  mkdir -p "$1" && git -C "$1" init -q && git -C "$1" config user.email t@t && git -C "$1" config user.name t
  printf 'bin/\nobj/\n' > "$1/.gitignore"
}
commit() { git -C "$1" add -A && git -C "$1" commit -qm init; }

# ---------------------------------------------------------------- breaks
repo "$work/breaks"
mkdir -p "$work/breaks/App"
cat > "$work/breaks/App/App.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
  </PropertyGroup>
  <!-- The repository's own rule, which the JP0001 and JP0002 fixes break: no static options, no context. -->
  <PropertyGroup>
    <_Source>$([System.IO.File]::ReadAllText('$(MSBuildProjectDirectory)/Program.cs'))</_Source>
  </PropertyGroup>
  <Target Name="RepositoryPolicy" BeforeTargets="CoreCompile">
    <Error Condition="$(_Source.Contains('static readonly JsonSerializerOptions')) or $(_Source.Contains('JsonSerializerContext'))"
           Text="policy: this repository keeps no static JsonSerializerOptions and no JsonSerializerContext" />
  </Target>
</Project>
XML
cat > "$work/breaks/App/Program.cs" <<'CS'
using System;
using System.Text.Json;

public static class Program
{
    public static void Main()
    {
        for (var i = 0; i < 2; i++)
        {
            Console.WriteLine(Write(new Point(i, 2)));
        }
    }

    private static string Write(Point point)
    {
        var options = new JsonSerializerOptions { WriteIndented = true };
        return JsonSerializer.Serialize(point, options);
    }
}

public record Point(int X, int Y);
CS
commit "$work/breaks"

# ---------------------------------------------------------------- clean
repo "$work/clean"
mkdir -p "$work/clean/App" "$work/clean/App.Tests"
# A package no registry has, and NoWarn set without $(NoWarn): what the --before-targets file below mends.
cat > "$work/clean/App/App.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <NoWarn>CS1591</NoWarn>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="JsonPerf.SelfTest.NotInAnyRegistry" Version="1.0.0" />
  </ItemGroup>
</Project>
XML
cat > "$work/before.targets" <<'XML'
<Project>
  <PropertyGroup>
    <NoWarn>$(NoWarn);NU1603;NU1605</NoWarn>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Remove="JsonPerf.SelfTest.NotInAnyRegistry" />
  </ItemGroup>
</Project>
XML
cat > "$work/clean/App/Program.cs" <<'CS'
using System;
using System.Text;
using System.Text.Json;

public static class Program
{
    public static void Main()
    {
        for (var i = 0; i < 2; i++)
        {
            Console.WriteLine(Write(new Point(i, 2)));
            Console.WriteLine(Bytes(new Point(i, 3)).Length);
        }
    }

    private static string Write(Point point)
    {
        var options = new JsonSerializerOptions { WriteIndented = true };
        return JsonSerializer.Serialize(point, options);
    }

    private static byte[] Bytes(Point point) => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(point));
}

public record Point(int X, int Y);
CS
cat > "$work/clean/App.Tests/App.Tests.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <IsTestProject>true</IsTestProject>
  </PropertyGroup>
</Project>
XML
cat > "$work/clean/App.Tests/Checks.cs" <<'CS'
using System.Text.Json;

public static class Checks
{
    public static string Write(int[] values)
    {
        var options = new JsonSerializerOptions { WriteIndented = true };
        return JsonSerializer.Serialize(values, options);
    }
}
CS
(cd "$work/clean" && dotnet new sln -n Clean >/dev/null && dotnet sln add App/App.csproj App.Tests/App.Tests.csproj >/dev/null)
commit "$work/clean"

# ---------------------------------------------------------------- rewrites: a build that changes a tracked file
repo "$work/rewrites"
mkdir -p "$work/rewrites/Lib"
cat > "$work/rewrites/Lib/Lib.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
  </PropertyGroup>
  <!-- As a repository that formats its code in its own build would. -->
  <Target Name="StampVersion" BeforeTargets="CoreCompile">
    <WriteLinesToFile File="$(MSBuildProjectDirectory)/Version.txt" Lines="built" Overwrite="true" />
  </Target>
</Project>
XML
echo "not built" > "$work/rewrites/Lib/Version.txt"
printf 'public static class Lib { }\n' > "$work/rewrites/Lib/Lib.cs"
commit "$work/rewrites"

# ---------------------------------------------------------------- refs: a library outside the target, tests by name
. "$here/selftest_table.sh"
write_refs "$work/refs"

# ---------------------------------------------------------------- the trials, all at once
start=$SECONDS
bash "$here/trial.sh" --target App/App.csproj --no-tests --out "$work/out-breaks" "$work/breaks" > "$work/breaks.log" 2>&1 &
pid_breaks=$!
bash "$here/trial.sh" --target Lib/Lib.csproj --no-tests --out "$work/out-rewrites" "$work/rewrites" > "$work/rewrites.log" 2>&1 &
pid_rewrites=$!
bash "$here/trial.sh" --target App/App.csproj --test-target App.Tests/App.Tests.csproj --test-timeout 300 --out "$work/out-refs" \
  "$work/refs" > "$work/refs.log" 2>&1 &
pid_refs=$!
clean_target="$(cd "$work/clean" && ls -1 *.sln *.slnx 2>/dev/null | head -1)"
bash "$here/trial.sh" --target "$clean_target" --no-tests --before-targets "$work/before.targets" --budget App/App.csproj --budget-runs 1 --out "$work/out-clean" \
  --record "$work/recorded-clean.tsv" \
  "$work/clean" > "$work/clean.log" 2>&1
rc_clean=$?
wait "$pid_breaks"; rc_breaks=$?
wait "$pid_rewrites"; rc_rewrites=$?
wait "$pid_refs"; rc_refs=$?
echo "four trials at once: $((SECONDS - start)) s"

table_breaks="$work/out-breaks/table.md"; table_clean="$work/out-clean/table.md"
check "breaks: the trial exits non-zero" test "$rc_breaks" != 0
check "breaks: the rebuild is reported FAILED" grep -q '^- build after: FAILED' "$table_breaks"
check "breaks: the sites after are unknown, never fixed" grep -q '^| JP0001 | 1 (1 + 0) | unknown | unknown | unknown | unknown |$' "$table_breaks"
check "breaks: a pass whose build failed says its sites are unknown" grep -q 'warn (.*sites after it: unknown' "$table_breaks"
check "breaks: the failure is the repository's own policy" grep -q 'policy: this repository keeps no static JsonSerializerOptions and no JsonSerializerContext' "$work/out-breaks/errors-after.txt"
check "clean: the trial exits 0" test "$rc_clean" = 0
check "clean: --before-targets removed the package the registry lacks, in every step" \
  bash -c "! grep -q 'NotInAnyRegistry' '$work/out-clean'/logs/*.log"
check "clean: JP0001 fixed in the app, left as a suggestion in the test project" grep -q '^| JP0001 | 2 (1 + 1) | 1 | 0 | 1 | 1 |$' "$table_clean"
check "clean: JP0005 fixed" grep -q '^| JP0005 | 1 (1 + 0) | 1 | 0 | 0 | 0 |$' "$table_clean"
# Per site: the JP0002 site whose message the JP0005 fix rewrote (it moved to another overload) is one site, not one
# fixed and one created (the table counted it so when it matched sites by message).
check "clean: per site, the JP0002 site the JP0005 fix moved is not created again, and the JP0002 pass fixed both" \
  bash -c "grep -qE '^ *- warn .*per site: fixed JP0001 1, JP0005 1$' '$table_clean' && grep -qE '^ *- jp0002 .*per site: fixed JP0002 2$' '$table_clean' \
  && grep -q '^| JP0002 | 2 (2 + 0) | 2 | 0 | 0 | 0 |$' '$table_clean'"
check "clean: files are files (the warn pass changed one file)" grep -qE '^  - warn \(.*\): exit 0, 1 files changed \(0 new\)' "$table_clean"
check "clean: the budget table has JsonPerf's share" grep -qE '^\| JsonPerf.Analyzers \| <?[0-9.]+ s \(<?[0-9.]+%\) \|$' "$table_clean"
check "clean: the budget ran through the compiler server" grep -qE '^\| compiler \| compiler server \(VBCSCompiler\) \|$' "$table_clean"
check "clean: the rebuild is ok" grep -q '^- build after: ok, 0 errors, 0 new warnings' "$table_clean"
check "clean: the test project's suggestion, left by design, is not listed as left with no reason" \
  bash -c "! grep -q '^- left with no reason' '$table_clean'"
check "rewrites: a baseline build that changes a tracked file stops the trial, naming the file" \
  bash -c "test $rc_rewrites != 0 && grep -q 'the baseline build changed tracked files' '$work/rewrites.log' && grep -q 'Lib/Version.txt' '$work/rewrites.log'"
# Per site: the member around each site, what became of it, and the lost-fix comparison against a record.
sites_clean="$work/out-clean/sites.tsv"
check "clean: per site, JP0001 in Program.Write fixed" grep -qP '^JP0001\tshipped\tApp/Program.cs\tProgram.Write\(\)\tfixed\twarn\t' "$sites_clean"
check "clean: per site, JP0005 in Program.Bytes fixed" grep -qP '^JP0005\tshipped\tApp/Program.cs\tProgram.Bytes\(\)\tfixed\t' "$sites_clean"
check "clean: per site, the JP0002 site the JP0005 fix reworded is one site, fixed by the JP0002 pass" grep -qP '^JP0002\tshipped\tApp/Program.cs\tProgram.Bytes\(\)\tfixed\tjp0002\t' "$sites_clean"
check "clean: per site, the test project's JP0001 left" grep -qP '^JP0001\ttest\tApp.Tests/Checks.cs\tChecks.Write\(\)\tleft\t' "$sites_clean"
check "clean: --record wrote the outcomes without the messages" bash -c "grep -qP '^JP0001\ttest\tApp.Tests/Checks.cs\tChecks.Write\(\)\tleft\t' '$work/recorded-clean.tsv' && ! grep -q 'JsonSerializerOptions created' '$work/recorded-clean.tsv'"
python3 "$here/trial_sites.py" compare "$work/recorded-clean.tsv" "$sites_clean" > "$work/compare-same.txt"; rc_same=$?
check "compare: the run against its own record loses no fix" bash -c "test $rc_same = 0 && grep -q '^no lost fixes' '$work/compare-same.txt'"
# A record that claims the test project's site fixed (as a package that fixed it would have recorded it).
sed -E 's/^(JP0001\ttest\tApp.Tests\/Checks.cs\tChecks.Write\(\)\t)left\t([^\t]*)\t.*/\1fixed\t\2\t/' "$work/recorded-clean.tsv" > "$work/recorded-claims.tsv"
python3 "$here/trial_sites.py" compare "$work/recorded-claims.tsv" "$sites_clean" > "$work/compare-lost.txt"; rc_lost=$?
check "compare: a recorded fix the run leaves is named under LOST FIXES, exit 1" bash -c "test $rc_lost = 1 \
  && grep -q '^  LOST FIX: JP0001 App.Tests/Checks.cs Checks.Write() (recorded fixed; now left' '$work/compare-lost.txt' \
  && grep -q '^LOST FIXES: 1 site' '$work/compare-lost.txt'"
# A repository with no site says so, rather than printing an empty table.
mkdir -p "$work/out-none" && echo "none 0123abc target=None.sln config=Debug" > "$work/out-none/run.txt"
: > "$work/out-none/sites-before.tsv"; : > "$work/out-none/sites-after.tsv"; echo "ok, 0 errors, 0 new warnings" > "$work/out-none/build-after.txt"
python3 "$here/trial_report.py" table "$work/out-none" >/dev/null
check "none: a repository with no site prints 0 sites" grep -q '^0 sites: no JsonPerf rule reported anything' "$work/out-none/table.md"
check_refs "$rc_refs"
unit_checks
for out in out-breaks out-clean out-refs; do
  v="$(sed -n 's/^package //p' "$work/$out/run.txt")"
  check "$out: its package $v is still in the packages folder" test -d "$packages/$v"
  check "$out: no build met a missing package file" bash -c "! grep -qE 'NETSDK1064|error CS2001' '$work/$out'/logs/*.log"
done
if [ "$failures" -gt 0 ]; then
  for f in breaks clean refs; do echo "---- $f"; tail -40 "$work/$f.log"; done
  cat "$work"/compare-*.txt 2>/dev/null
  echo "selftest: $failures checks FAILED"; exit 1
fi
echo "selftest: every check passed"
