using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit.Abstractions;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// The borders of src/: a rule's code uses no other rule's code, and shared code (every folder that is not a rule's) uses
/// no rule's, except the one list of rules (RuleRegistry.cs); no file over 400 lines, no method over 80, and comments at
/// most 10 lines in 100. Read from the sources with the compiler, so a reference is a symbol, not a name.
/// </summary>
public class ArchitectureTests(ITestOutputHelper output)
{
    private const string Registry = "src/JsonPerf.Analyzers/RuleRegistry.cs";

    [Fact]
    public void No_rule_uses_another_rules_code_and_shared_code_uses_no_rules()
    {
        var violations = Violations(Compile(), RuleOf);
        Assert.True(violations.Count == 0, violations.Count + " references across a rule's border:\n" + string.Join("\n", violations.Take(40)));
    }

    [Fact]
    public void The_border_check_finds_a_reference_across_rules()
    {
        // A deliberate violation: a shared file and a JP0004 file naming JP0001's descriptor.
        var compilation = Compile()
            .AddSyntaxTrees(CSharpSyntaxTree.ParseText("namespace JsonPerf.Analyzers; internal static class Broken { public static object X => Rules.OptionsCreatedPerCall; }", path: Root("src/JsonPerf.Analyzers/Shared/Broken.cs")))
            .AddSyntaxTrees(CSharpSyntaxTree.ParseText("namespace JsonPerf.Analyzers; internal static class Broken4 { public static object X => Rules.OptionsCreatedPerCall; }", path: Root("src/JsonPerf.Analyzers/Rules/JP0004/Broken4.cs")));
        var violations = Violations(compilation, RuleOf);
        Assert.Contains(violations, v => v.StartsWith("src/JsonPerf.Analyzers/Shared/Broken.cs", StringComparison.Ordinal));
        Assert.Contains(violations, v => v.StartsWith("src/JsonPerf.Analyzers/Rules/JP0004/Broken4.cs", StringComparison.Ordinal));
    }

    [Fact]
    public void Files_methods_and_comments_stay_within_their_limits()
    {
        var compilation = Compile();
        var problems = new List<string>();
        var lines = 0;
        var comments = 0;
        foreach (var tree in compilation.SyntaxTrees)
        {
            var path = Relative(tree.FilePath);
            var text = tree.GetText();
            lines += text.Lines.Count;
            comments += text.Lines.Count(l => l.ToString().TrimStart().StartsWith("//", StringComparison.Ordinal));
            if (text.Lines.Count > 400)
            {
                problems.Add($"{path}: {text.Lines.Count} lines");
            }

            foreach (var member in tree.GetRoot().DescendantNodes().Where(n => n is BaseMethodDeclarationSyntax or AccessorDeclarationSyntax or LocalFunctionStatementSyntax))
            {
                var span = member.GetLocation().GetLineSpan();
                var length = span.EndLinePosition.Line - span.StartLinePosition.Line + 1;
                if (length > 80)
                {
                    problems.Add($"{path}:{span.StartLinePosition.Line + 1}: a method of {length} lines");
                }
            }
        }

        var density = 100.0 * comments / lines;
        output.WriteLine($"src: {compilation.SyntaxTrees.Count()} files, {lines} lines, {comments} comment lines ({density:0.0} per 100)");
        foreach (var rule in compilation.SyntaxTrees.GroupBy(t => RuleOf(t.FilePath)).Where(g => g.Key is not null).OrderBy(g => g.Key))
        {
            output.WriteLine($"{rule.Key}: {rule.Sum(t => t.GetText().Lines.Count)} lines");
        }

        Assert.True(problems.Count == 0, string.Join("\n", problems));
        Assert.True(density <= 10, $"comments are {density:0.0} lines in 100 of src/ (at most 10)");
    }

    /// <summary>Every reference from a file to a symbol declared only in another rule's folder, or from shared code to any rule's.</summary>
    internal static List<string> Violations(Compilation compilation, Func<string, string?> ruleOf)
    {
        var violations = new List<string>();
        foreach (var tree in compilation.SyntaxTrees)
        {
            var path = Relative(tree.FilePath);
            if (path == Registry)
            {
                continue;
            }

            var from = ruleOf(tree.FilePath);
            var model = compilation.GetSemanticModel(tree);
            foreach (var name in tree.GetRoot().DescendantNodes().OfType<SimpleNameSyntax>())
            {
                if (model.GetSymbolInfo(name).Symbol is not { } symbol)
                {
                    continue;
                }

                // A symbol declared in one folder (a partial class such as Rules has parts in many: its members are judged).
                var folders = symbol.OriginalDefinition.Locations.Where(l => l.IsInSource).Select(l => ruleOf(l.SourceTree!.FilePath) ?? "shared").Distinct().ToList();
                if (folders.Count != 1 || folders[0] == "shared" || folders[0] == from)
                {
                    continue;
                }

                violations.Add($"{path}:{name.GetLocation().GetLineSpan().StartLinePosition.Line + 1}: {(from ?? "shared code")} uses {symbol.ToDisplayString()} of {folders[0]}");
            }
        }

        return violations;
    }

    /// <summary>JP000N for a file under Rules/JP000N/ of either project, else null (shared).</summary>
    internal static string? RuleOf(string path)
    {
        var parts = Relative(path).Split('/');
        var rules = Array.IndexOf(parts, "Rules");
        return rules >= 0 && rules + 1 < parts.Length - 1 ? parts[rules + 1] : null;
    }

    private static Compilation Compile()
    {
        var files = new[] { "src/JsonPerf.Analyzers", "src/JsonPerf.CodeFixes" }
            .SelectMany(p => Directory.GetFiles(Root(p), "*.cs", SearchOption.AllDirectories))
            .Where(f => !f.Contains("/obj/", StringComparison.Ordinal) && !f.Contains("/bin/", StringComparison.Ordinal))
            .OrderBy(f => f, StringComparer.Ordinal);
        var trees = files.Select(f => CSharpSyntaxTree.ParseText(File.ReadAllText(f), new CSharpParseOptions(LanguageVersion.Latest), f));
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Concat(AppDomain.CurrentDomain.GetAssemblies().Where(a => !a.IsDynamic && a.Location.Length > 0 && a.GetName().Name!.StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal)).Select(a => a.Location))
            .Distinct(StringComparer.Ordinal)
            .Select(p => MetadataReference.CreateFromFile(p));
        return CSharpCompilation.Create("Src", trees, references, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
    }

    private static string Root(string relative) => Path.Combine(RuleCatalogTests.RepositoryRoot, relative);

    private static string Relative(string path) => Path.GetRelativePath(RuleCatalogTests.RepositoryRoot, path).Replace('\\', '/');
}
