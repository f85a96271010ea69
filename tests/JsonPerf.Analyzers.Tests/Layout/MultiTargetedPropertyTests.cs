using System.Diagnostics;
using System.IO;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// The package's targets tell the analyzers whether a project has several target frameworks (JsonPerfMultiTargeted):
/// TargetFrameworks itself would reach them cut at its first ';', which starts a comment in the generated editorconfig.
/// </summary>
public class MultiTargetedPropertyTests
{
    [Theory]
    [InlineData("net8.0;net10.0", "true")]
    [InlineData(" netstandard2.0 ; net8.0 ", "true")]
    [InlineData("net8.0;", "")]
    [InlineData("", "")]
    public void The_targets_set_JsonPerfMultiTargeted_only_for_two_or_more_targets(string targetFrameworks, string expected)
    {
        var directory = Directory.CreateTempSubdirectory("jsonperf-targets-").FullName;
        try
        {
            var targets = Path.Combine(RuleCatalogTests.RepositoryRoot, "src", "JsonPerf.Package", "build", "JsonPerf.Analyzers.targets");
            var project = Path.Combine(directory, "p.proj");
            File.WriteAllText(project, $"""
                <Project>
                  <PropertyGroup><TargetFrameworks>{targetFrameworks}</TargetFrameworks></PropertyGroup>
                  <Import Project="{targets}" />
                </Project>
                """);
            var start = new ProcessStartInfo("dotnet", $"msbuild \"{project}\" -getProperty:JsonPerfMultiTargeted -nologo")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
                WorkingDirectory = directory,
            };
            using var process = Process.Start(start)!;
            var output = process.StandardOutput.ReadToEnd();
            Assert.True(process.WaitForExit(120_000), "dotnet msbuild did not finish");
            Assert.True(process.ExitCode == 0, output + process.StandardError.ReadToEnd());
            Assert.Equal(expected, output.Trim());
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
