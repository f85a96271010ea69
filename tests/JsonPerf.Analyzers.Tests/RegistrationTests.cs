using System;
using System.IO;
using System.Linq;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests;

/// <summary>
/// One registration per rule (<see cref="RuleRegistry"/>): every rule the package declares is registered once, the
/// build's host analyzer and the exported analyzers are made from the registrations, and the presets agree with them.
/// RuleCatalogTests checks the rest against the same list (docs, both README tables, release tracking).
/// </summary>
public class RegistrationTests
{
    /// <summary>The tests that run every rule (the sweeps, the message lengths) take <see cref="AllRules"/>: it misses none.</summary>
    [Fact]
    public void The_tests_list_of_every_rule_has_each_registered_rule_with_its_fixer()
    {
        var listed = AllRules.Pairs.SelectMany(p => p.Analyzer.SupportedDiagnostics.Select(d => d.Id)).Distinct().OrderBy(id => id, StringComparer.Ordinal);
        Assert.Equal(RuleRegistry.All.Select(r => r.Id).OrderBy(id => id, StringComparer.Ordinal), listed);
        Assert.All(AllRules.Pairs.Where(p => p.Fixer is not null), p => Assert.Subset(p.Analyzer.SupportedDiagnostics.Select(d => d.Id).ToHashSet(), p.Fixer!.FixableDiagnosticIds.ToHashSet()));

        // A rule listed without a fixer has none in the package either: its diagnostics never claim one.
        var fixable = typeof(JsonPerf.CodeFixes.JsonFixer).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(JsonPerf.CodeFixes.JsonFixer).IsAssignableFrom(t))
            .SelectMany(t => ((JsonPerf.CodeFixes.JsonFixer)Activator.CreateInstance(t)!).FixableDiagnosticIds)
            .ToHashSet();
        Assert.All(AllRules.Pairs.Where(p => p.Fixer is null), p => Assert.DoesNotContain(p.Analyzer.SupportedDiagnostics[0].Id, fixable));
    }

    [Fact]
    public void Every_rule_id_declared_has_one_registration()
    {
        var declared = typeof(Rules).GetFields(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static)
            .Where(f => f.FieldType == typeof(DiagnosticDescriptor))
            .Select(f => ((DiagnosticDescriptor)f.GetValue(null)!).Id)
            .Distinct()
            .OrderBy(id => id, StringComparer.Ordinal);
        var registered = RuleRegistry.All.Select(r => r.Id).ToList();

        Assert.Equal(registered.Distinct().Count(), registered.Count);
        Assert.Equal(declared, registered.OrderBy(id => id, StringComparer.Ordinal));
        var registrations = typeof(Rules).GetFields(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static | System.Reflection.BindingFlags.NonPublic)
            .Where(f => f.FieldType == typeof(RuleRegistration))
            .Select(f => (RuleRegistration)f.GetValue(null)!);
        Assert.All(registrations, r => Assert.Contains(r, RuleRegistry.All));
    }

    [Fact]
    public void Each_registration_makes_the_analyzer_of_its_rule_and_every_rule_analyzer_is_registered()
    {
        foreach (var rule in RuleRegistry.All)
        {
            var analyzer = rule.CreateAnalyzer();
            Assert.Contains(rule.Descriptor, analyzer.SupportedDiagnostics);
            Assert.All(analyzer.SupportedDiagnostics, d => Assert.Equal(rule.Id, d.Id));
        }

        var ruleAnalyzers = typeof(Rules).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(JsonAnalyzer).IsAssignableFrom(t) && t != typeof(JsonPerfAnalyzer))
            .OrderBy(t => t.Name, StringComparer.Ordinal);
        Assert.Equal(ruleAnalyzers, RuleRegistry.All.Select(r => r.CreateAnalyzer().GetType()).OrderBy(t => t.Name, StringComparer.Ordinal));
    }

    [Fact]
    public void Warning_rules_are_hosted_in_the_build_and_the_others_are_exported_on_their_own()
    {
        Assert.Equal(
            RuleRegistry.All.Where(r => r.Hosted).Select(r => r.CreateAnalyzer().GetType()),
            new JsonPerfAnalyzer().Rules.Select(a => a.GetType()));
        foreach (var rule in RuleRegistry.All)
        {
            var exported = rule.CreateAnalyzer().GetType().GetCustomAttributes(typeof(DiagnosticAnalyzerAttribute), inherit: false).Any();
            Assert.True(exported != rule.Hosted, $"{rule.Id}: hosted rules are not exported alone (they would run twice); the others are.");
        }
    }

    [Fact]
    public void The_trimmed_app_preset_raises_the_rules_registered_for_it()
    {
        var settings = File.ReadAllLines(Path.Combine(RepoRoot(), "src", "JsonPerf.Package", "build", "JsonPerf.Analyzers.TrimmedApp.globalconfig"))
            .Where(l => l.StartsWith("dotnet_diagnostic.", StringComparison.Ordinal))
            .OrderBy(l => l, StringComparer.Ordinal);
        Assert.Equal(RuleRegistry.All.Where(r => r.RaisedInTrimmedApps).Select(r => $"dotnet_diagnostic.{r.Id}.severity = warning").OrderBy(l => l, StringComparer.Ordinal), settings);
    }

    private static string RepoRoot() => RuleCatalogTests.RepositoryRoot;
}
