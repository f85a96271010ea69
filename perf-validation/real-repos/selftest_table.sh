# Part of selftest.sh (sourced): the trial's table as issue 52 asked for it. Uses selftest.sh's work, here, repo,
# commit and check.
#   refs:  an application (--target App/App.csproj) whose library Lib, multi-targeted (net10.0, net8.0), is outside the
#          target: Lib's sites must be fixed (by a `dotnet format` run of its own) and Lib built on both frameworks
#          after the fixes; a test project whose two tests trade outcomes when the fixes land (the counts before and
#          after agree, 3 passed and 1 failed): the tests must be compared by name; and a test that fails if the
#          trial's package is still in the checkout when the tests after run (they run without it, as before).
#   units: hand-written trial outputs for what a small repository cannot show on demand: another analyzer's AD0001
#          (not JsonPerf's: no row), and dotnet format's "Unable to fix" lines, printed once per project and target
#          framework, told per pass and per site.

write_refs() {  # $1: folder
  local r="$1"
  repo "$r"
  printf 'TestResults/\n' >> "$r/.gitignore"
  mkdir -p "$r/Lib" "$r/App" "$r/App.Tests"
  cat > "$r/Lib/Lib.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFrameworks>net10.0;net8.0</TargetFrameworks>
    <Nullable>enable</Nullable>
  </PropertyGroup>
</Project>
XML
  cat > "$r/Lib/Store.cs" <<'CS'
using System.Text.Json;

public static class Store
{
    public static string Save(int[] values)
    {
        var options = new JsonSerializerOptions { WriteIndented = true };
        return JsonSerializer.Serialize(values, options);
    }

    public static int Count(string json)
    {
        var document = JsonDocument.Parse(json);
        return document.RootElement.GetArrayLength();
    }
}
CS
  cat > "$r/App/App.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
  </PropertyGroup>
  <ItemGroup>
    <ProjectReference Include="../Lib/Lib.csproj" />
  </ItemGroup>
</Project>
XML
  cat > "$r/App/Program.cs" <<'CS'
using System;
using System.Text.Json;

public static class Program
{
    public static void Main()
    {
        Console.WriteLine(Store.Count(Store.Save(new[] { 1, 2 })));
        Console.WriteLine(Write(new[] { 3 }));
    }

    public static string Write(int[] values)
    {
        var options = new JsonSerializerOptions { WriteIndented = true };
        return JsonSerializer.Serialize(values, options);
    }
}
CS
  cat > "$r/App.Tests/App.Tests.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <IsPackable>false</IsPackable>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Microsoft.NET.Test.Sdk" Version="18.0.1" />
    <PackageReference Include="xunit" Version="2.9.3" />
    <PackageReference Include="xunit.runner.visualstudio" Version="3.1.5" />
  </ItemGroup>
  <ItemGroup>
    <ProjectReference Include="../App/App.csproj" />
  </ItemGroup>
</Project>
XML
  # Tests that pin the code's shape, one each way: the fixes (a JsonSerializerContext for Program.Write) turn one from
  # passing to failing and the other from failing to passing.
  cat > "$r/App.Tests/ShapeTests.cs" <<'CS'
using System.Linq;
using System.Text.Json.Serialization;
using Xunit;

public class ShapeTests
{
    private static bool HasContext() =>
        typeof(Program).Assembly.GetTypes().Any(t => typeof(JsonSerializerContext).IsAssignableFrom(t));

    [Fact]
    public void Serializes_by_reflection() => Assert.False(HasContext());

    [Fact]
    public void Serializes_with_a_context() => Assert.True(HasContext());

    [Fact]
    public void Writes_indented() => Assert.Contains("\n", Program.Write(new[] { 1 }));

    // As a test that evaluates the repository's own project files would: the tests after the fixes run without the
    // trial's package, as the tests before did (its Directory.Build.targets is gone by then).
    [Fact]
    public void Runs_without_the_trials_package()
    {
        var folder = new System.IO.DirectoryInfo(System.AppContext.BaseDirectory);
        while (folder != null && !System.IO.Directory.Exists(System.IO.Path.Combine(folder.FullName, ".git")))
            folder = folder.Parent;
        Assert.NotNull(folder);
        Assert.False(System.IO.File.Exists(System.IO.Path.Combine(folder!.FullName, "Directory.Build.targets")));
    }
}
CS
  commit "$r"
}

check_refs() {  # $1: the trial's exit code
  local o="$work/out-refs" t="$work/out-refs/table.md" s="$work/out-refs/sites.tsv"
  check "refs: the trial exits 0" test "$1" = 0
  check "refs: the library outside the target is named in the table" grep -q '^- projects outside the target whose sites are counted.*: Lib.csproj$' "$t"
  check "refs: the library's JP0001 fixed (its own dotnet format run)" grep -qP '^JP0001\tshipped\tLib/Store.cs\tStore.Save\(\)\tfixed\t' "$s"
  check "refs: the library's JP0007 fixed" grep -qP '^JP0007\tshipped\tLib/Store.cs\tStore.Count\(\)\tfixed\t' "$s"
  check "refs: the application's JP0001 fixed" grep -qP '^JP0001\tshipped\tApp/Program.cs\tProgram.Write\(\)\tfixed\t' "$s"
  check "refs: no site left" grep -q '^per site .*: 5 sites, 5 fixed, 0 created, 0 left$' "$o/sites-summary.txt"
  check "refs: the library built after the fixes on net8.0 and net10.0" \
    bash -c "ls '$o'/sarif-after/Lib.*.net8.0.meta && ls '$o'/sarif-after/Lib.*.net10.0.meta"
  check "refs: the library's frameworks are in its sites" grep -qP '^JP0007\tshipped\tLib/Store.cs:\d+:\d+\t(net10.0,net8.0|net8.0,net10.0)\t' "$o/sites-before.tsv"
  check "refs: the counts before and after agree" bash -c "grep -q '^3 passed, 1 failed, 0 skipped' '$o/tests-before.txt' && grep -q '^3 passed, 1 failed, 0 skipped' '$o/tests-after.txt'"
  check "refs: the tests are compared by name: 2 changed outcome" grep -q '^- tests by name: 4 tests before, 4 after; 2 passed in both; 2 changed outcome:$' "$t"
  check "refs: the test that started failing is named" grep -q '^  - passed -> failed: ShapeTests.Serializes_by_reflection (app.tests/bin/debug/net10.0/app.tests.dll)$' "$t"
  check "refs: the test that started passing is named" grep -q '^  - failed -> passed: ShapeTests.Serializes_with_a_context ' "$t"
}

unit_checks() {
  local u="$work/units"
  mkdir -p "$u/sarif" "$u/out" "$u/checkout"
  # Another analyzer's AD0001 and JsonPerf's own, in one SARIF log.
  echo "$u/checkout/App/App.csproj|net10.0|false|true|Exe" > "$u/sarif/App.1.net10.0.meta"
  cat > "$u/sarif/App.1.net10.0.sarif" <<JSON
{"version": "2.1.0", "runs": [{"results": [
 {"ruleId": "AD0001", "level": "warning", "message": {"text": "Analyzer 'Other.Analyzers.ThrowingAnalyzer' threw an exception of type 'System.InvalidOperationException' with message 'boom'."}},
 {"ruleId": "AD0001", "level": "warning", "message": {"text": "Analyzer 'JsonPerf.Analyzers.JsonPerfAnalyzer' threw an exception of type 'System.NullReferenceException' with message 'x'."}},
 {"ruleId": "JP0001", "level": "warning", "message": {"text": "JsonSerializerOptions created per call"},
  "locations": [{"physicalLocation": {"artifactLocation": {"uri": "file://$u/checkout/App/Program.cs"}, "region": {"startLine": 3, "startColumn": 5}}}]}
]}]}
JSON
  python3 "$here/trial_report.py" sites "$u/sarif" "$u/checkout" "$u/sites.tsv"
  check "units: another analyzer's AD0001 is not a JsonPerf site" bash -c "! grep -q 'Other.Analyzers' '$u/sites.tsv'"
  check "units: JsonPerf's own AD0001 and JP0001 are" bash -c "grep -q \"^AD0001.*'JsonPerf.Analyzers.JsonPerfAnalyzer'\" '$u/sites.tsv' && grep -q '^JP0001' '$u/sites.tsv'"
  # dotnet format printed "Unable to fix JP0007" three times in the warn pass (one site, three target frameworks) and
  # fixed the site; the jp0002 pass printed "Unable to fix JP0002" for a site it left with no reason.
  mkdir -p "$u/out/logs"
  for i in 1 2 3; do echo "  Unable to fix JP0007. Code fix JsonDocumentDisposeFixer didn't return a Fix All action."; done > "$u/out/logs/format-warn.log"
  echo "  Unable to fix JP0002. Code fix GeneratedMetadataFixer didn't return a Fix All action." > "$u/out/logs/format-jp0002.log"
  (out="$u/out"; . "$here/trial_steps.sh"; unable_of warn; unable_of jp0002) > "$u/out/format-unable.txt"
  check "units: the Unable lines are told per pass and rule, with the times printed" \
    grep -qP '^warn\tJP0007\t3\tJsonDocumentDisposeFixer$' "$u/out/format-unable.txt"
  echo "units 0123abc target=App/App.csproj config=Debug" > "$u/out/run.txt"
  printf 'warn\tJP0001 JP0004 JP0005 JP0006 JP0007\t1\t0\t0\tsites-pass-warn.tsv\nwarn-again\tJP0001 JP0004 JP0005 JP0006 JP0007\t0\t0\tskipped\tsites-pass-warn.tsv\njp0002\tJP0002\t1\t0\t0\tsites-pass-jp0002.tsv\njp0008\tJP0008\t0\t0\t0\tsites-after.tsv\n' > "$u/out/passes.txt"
  {
    printf 'rule\tkind\tfile\tmember\toutcome\tpasses\tkey\treason\tmessage\tlevel\tframeworks\n'
    printf 'JP0007\tshipped\tLib/Store.cs\tStore.Count()\tfixed\twarn\tk1\t\tJsonDocument not disposed\twarning\tnet10.0,net8.0,netstandard2.0\n'
    printf 'JP0002\tshipped\tLib/Store.cs\tStore.Save()\tfixed\tjp0002\tk2\t\treflection\tnote\tnet10.0\n'
    printf 'JP0002\tshipped\tLib/Store.cs\tStore.Load()\tleft\t\tk3\tno reason given\treflection\tnote\tnet10.0\n'
    printf 'JP0002\tshipped\tApp/Program.cs\tProgram.Main()\tcreated, fixed\twarn->jp0002\tk4\t\treflection\tnote\tnet10.0\n'
    printf 'JP0006\tshipped\tLib/Store.cs\tStore.Copy()\tleft\t\tk5\tsee '"'"'When the fix is not offered'"'"' on the rule'"'"'s page\tstring detour\twarning\tnet10.0\n'
  } > "$u/out/sites.tsv"
  echo "ok, 0 errors, 0 new warnings" > "$u/out/build-after.txt"
  python3 "$here/trial_report.py" table "$u/out" > /dev/null
  check "units: a fixed site's three Unable lines are one site, fixed, and name the pass" grep -qF \
    '  - warn: Unable to fix JP0007 (JsonDocumentDisposeFixer; printed 3x, once per project and target framework); 1 JP0007 site(s) before this pass, 1 fixed by it, 0 left' "$u/out/table.md"
  check "units: a site the pass left is named with its reason" bash -c "grep -qF '  - jp0002: Unable to fix JP0002 (GeneratedMetadataFixer; printed 1x, once per project and target framework); 3 JP0002 site(s) before this pass, 2 fixed by it, 1 left:' '$u/out/table.md' \
    && grep -qF '    - Lib/Store.cs Store.Load() (shipped): no reason given' '$u/out/table.md'"
  check "units: the table counts per site (2 before, 2 fixed, 1 created, 1 left)" grep -qF '| JP0002 | 2 (2 + 0) | 2 | 1 | 1 | 0 |' "$u/out/table.md"
  check "units: per pass, per site" grep -qF '  - warn (JP0001 JP0004 JP0005 JP0006 JP0007): exit 0, 1 files changed (0 new); per site: fixed JP0007 1; created JP0002 1' "$u/out/table.md"
  check "units: a site left with no reason is listed" grep -qF '  - JP0002 Lib/Store.cs Store.Load() (shipped): no reason given' "$u/out/table.md"
  check "units: a site whose message only points at the rule's page counts as left with no reason" \
    grep -qF "  - JP0006 Lib/Store.cs Store.Copy() (shipped): see 'When the fix is not offered' on the rule's page" "$u/out/table.md"
}
