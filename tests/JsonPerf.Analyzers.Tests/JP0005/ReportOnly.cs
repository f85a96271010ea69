using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>The JP0005 (and AD0001) diagnostics of a net10.0 library, for the shapes reported without a fix.</summary>
internal static class ReportOnly
{
    /// <summary>Compiles <paramref name="source"/> without an error unless <paramref name="allowErrors"/>, and runs the analyzer on it.</summary>
    public static async Task<List<Diagnostic>> DiagnosticsAsync(string source, bool allowErrors)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var project = solution.GetDocument(id)!.Project;
        if (!allowErrors)
        {
            var errors = (await project.GetCompilationAsync())!.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            Assert.True(errors.Count == 0, string.Join("\n", errors));
        }

        return (await FixRunner.GetDiagnosticsAsync(project, new Utf16DetourAnalyzer())).Where(d => d.Id is "JP0005" or "AD0001").ToList();
    }
}
