using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// <c>dotnet format analyzers --diagnostics ...</c> as it runs: the ids the first analysis reported, one after the other
/// in an order of its own (a hash set's), each analysed again on the code the ids before it changed, then fixed with
/// Fix All in solution scope.
/// </summary>
public static class FormatRun
{
    public static async Task<Solution> RunAsync(Solution solution, IReadOnlyList<string> order, DiagnosticAnalyzer analyzer, CodeFixProvider[] fixers)
    {
        var reported = new HashSet<string>();
        foreach (var project in solution.Projects)
        {
            reported.UnionWith((await FixRunner.GetDiagnosticsAsync(project, analyzer)).Select(d => d.Id));
        }

        foreach (var id in order.Where(reported.Contains))
        {
            var fixer = fixers.Single(f => f.FixableDiagnosticIds.Contains(id));
            foreach (var projectId in solution.ProjectIds)
            {
                var project = solution.GetProject(projectId)!;
                var diagnostics = (await FixRunner.GetDiagnosticsAsync(project, analyzer)).Where(d => d.Id == id).ToList();
                if (diagnostics.Count == 0)
                {
                    continue;
                }

                var document = project.GetDocument(diagnostics[0].Location.SourceTree)!;
                solution = await FixRunner.ApplyFixAllAsync(document, analyzer, fixer, FixAllScope.Solution, diagnostics.ToImmutableArray());
            }
        }

        return solution;
    }

    /// <summary>The texts of every document, by path.</summary>
    public static async Task<string> TextsAsync(Solution solution)
    {
        var texts = new List<string>();
        foreach (var document in solution.Projects.SelectMany(p => p.Documents).OrderBy(d => d.FilePath, System.StringComparer.Ordinal))
        {
            texts.Add("// " + document.FilePath + "\n" + (await document.GetTextAsync()).ToString());
        }

        return string.Join("\n", texts);
    }

    /// <summary>
    /// Every rotation of <paramref name="ids"/> and of their reverse: each pair of rules comes in both orders, with
    /// every rule first and last once.
    /// </summary>
    public static IEnumerable<string[]> Orders(params string[] ids)
        => new[] { ids, ids.Reverse().ToArray() }.SelectMany(list => list.Select((_, i) => list.Skip(i).Concat(list.Take(i)).ToArray()));
}
