using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Every shape CA1869's own tests report (dotnet/roslyn-analyzers, AvoidSingleUseOfLocalJsonSerializerOptionsTests),
/// written anew, run through the real CA1869 and JP0001: each CA1869 site is a JP0001 site, except the named
/// exceptions, where JP0001 deliberately stays silent.
/// </summary>
public class Ca1869ParityTests
{
    /// <summary>Why JP0001 leaves a CA1869 site alone.</summary>
    public const string RunsOncePerProcess = "runs once per process (the body of Main): hoisting gains nothing";
    public const string DeadStore = "dead store: the new options are overwritten before any use, nothing is created per call that reaches the serializer";

    public sealed record Case(string Name, string Source, OutputKind OutputKind, string? Exception)
    {
        public override string ToString() => Name;
    }

    public static TheoryData<string> CaseNames()
    {
        var data = new TheoryData<string>();
        foreach (var c in Corpus())
        {
            data.Add(c.Name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CaseNames))]
    public async Task Every_CA1869_site_is_a_JP0001_site_except_the_named_exceptions(string name)
    {
        var c = Corpus().Single(c => c.Name == name);
        var project = Ca1869SuppressorTests.Project(c.Source, c.OutputKind);
        var compilation = (await project.GetCompilationAsync())!;
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));

        var diagnostics = await NetAnalyzers.GetDiagnosticsWithSuppressedAsync(project, NetAnalyzers.Ca1869Analyzer, new JsonPerfAnalyzer());
        var ca1869 = diagnostics.Where(d => d.Id == "CA1869").Select(d => d.Location.SourceSpan).ToList();
        var jp0001 = diagnostics.Where(d => d.Id == "JP0001").Select(d => d.Location.SourceSpan).ToHashSet();

        // The case is a CA1869 shape for real, not a snippet CA1869 ignores.
        Assert.NotEmpty(ca1869);
        foreach (var span in ca1869)
        {
            var site = c.Source.Substring(span.Start, span.Length);
            if (c.Exception is null)
            {
                Assert.True(jp0001.Contains(span), $"{name}: CA1869 reports `{site}` at {span}, JP0001 does not");
            }
            else
            {
                Assert.False(jp0001.Contains(span), $"{name}: named an exception ({c.Exception}), but JP0001 reports `{site}`; drop the exception");
            }
        }
    }

    [Fact]
    public void The_corpus_covers_every_shape_and_names_its_exceptions()
    {
        var corpus = Corpus().ToList();
        Assert.Equal(corpus.Count, corpus.Select(c => c.Name).Distinct().Count());
        Assert.Equal(21, corpus.Count);
        Assert.Equal(
            new[] { "Main: configured local", "Main: options argument", "overwritten local" },
            corpus.Where(c => c.Exception is not null).Select(c => c.Name).OrderBy(n => n, StringComparer.Ordinal));
    }

    [Fact]
    public async Task Options_read_only_inside_a_lambda_are_a_JP0001_site_CA1869_leaves_alone()
    {
        // The shape of two of CA1869's negative tests (a local captured by a lambda), found per call in a real sample
        // server: CA1869 stays silent, JP0001 reports the creation.
        const string source = """
            using System.Collections.Generic;
            using System.Linq;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public enum Kind { Small, Large }

            public static class Writer
            {
                public static List<string> All(IEnumerable<Kind> items)
                {
                    var options = new JsonSerializerOptions { Converters = { new JsonStringEnumConverter<Kind>() } };
                    return items.Select(i => JsonSerializer.Serialize(i, options)).ToList();
                }
            }
            """;
        var project = Ca1869SuppressorTests.Project(source, OutputKind.DynamicallyLinkedLibrary);
        var diagnostics = await NetAnalyzers.GetDiagnosticsWithSuppressedAsync(project, NetAnalyzers.Ca1869Analyzer, new JsonPerfAnalyzer());

        Assert.DoesNotContain(diagnostics, d => d.Id == "CA1869");
        var site = Assert.Single(diagnostics, d => d.Id == "JP0001");
        Assert.StartsWith("new JsonSerializerOptions { Converters", source.Substring(site.Location.SourceSpan.Start, site.Location.SourceSpan.Length), StringComparison.Ordinal);
    }

    internal static IEnumerable<Case> Corpus()
    {
        // Code that runs once per process: CA1869 reports the body of Main, JP0001 does not.
        yield return new("Main: options argument", $$"""
            using System;
            using System.Text.Json;

            internal static class Program
            {
                private static void Main(string[] args)
                {
                    var text = JsonSerializer.Serialize(args, new JsonSerializerOptions { WriteIndented = true });
                    Console.WriteLine(text);
                }
            }
            """, OutputKind.ConsoleApplication, RunsOncePerProcess);

        yield return new("Main: configured local", $$"""
            using System;
            using System.Text.Json;

            internal static class Program
            {
                private static void Main(string[] args)
                {
                    var settings = new JsonSerializerOptions();
                    settings.WriteIndented = true;
                    Console.WriteLine(JsonSerializer.Serialize(args, settings));
                }
            }
            """, OutputKind.ConsoleApplication, RunsOncePerProcess);

        // The options expression straight as the argument, and through a local, in a generic method.
        var expressions = new (string Name, string Expression)[]
        {
            ("new()", "new JsonSerializerOptions()"),
            ("empty initializer", "new JsonSerializerOptions { }"),
            ("parenthesized", "(new JsonSerializerOptions())"),
            ("parenthesized twice", "((new JsonSerializerOptions()))"),
            ("conditional", "indent ? new JsonSerializerOptions() : null"),
            ("nested conditional", "indent ? null : compact ? null : new JsonSerializerOptions()"),
        };
        foreach (var (name, expression) in expressions)
        {
            yield return new("argument: " + name, Generic($"return JsonSerializer.Serialize(item, {expression});"), OutputKind.DynamicallyLinkedLibrary, null);
            yield return new("local: " + name, Generic($"""
                var settings = {expression};
                        return JsonSerializer.Serialize(item, settings);
                """), OutputKind.DynamicallyLinkedLibrary, null);
        }

        yield return new("declared, then assigned", Generic("""
            JsonSerializerOptions settings;
                    settings = new JsonSerializerOptions();
                    return JsonSerializer.Serialize(item, settings);
            """), OutputKind.DynamicallyLinkedLibrary, null);

        yield return new("discard read", Generic("""
            JsonSerializerOptions settings = new JsonSerializerOptions();
                    _ = settings;
                    return JsonSerializer.Serialize(item, settings);
            """), OutputKind.DynamicallyLinkedLibrary, null);

        yield return new("overwritten local", Generic("""
            JsonSerializerOptions settings = new JsonSerializerOptions();
                    settings = s_shared;
                    return JsonSerializer.Serialize(item, settings);
            """), OutputKind.DynamicallyLinkedLibrary, DeadStore);

        foreach (var passed in new[] { "first", "second" })
        {
            yield return new("chained assignment, passing the " + passed, Generic($"""
                JsonSerializerOptions first, second;
                        first = second = new JsonSerializerOptions();
                        return JsonSerializer.Serialize(item, {passed});
                """), OutputKind.DynamicallyLinkedLibrary, null);
        }

        yield return new("local in a lambda", $$"""
            using System;
            using System.Text.Json;

            public static class Writer
            {
                public static Func<string> Later<T>(T item)
                {
                    Func<string> write = () =>
                    {
                        var settings = new JsonSerializerOptions();
                        return JsonSerializer.Serialize(item, settings);
                    };
                    return write;
                }
            }
            """, OutputKind.DynamicallyLinkedLibrary, null);

        yield return new("local in a local function", $$"""
            using System.Text.Json;

            public static class Writer
            {
                public static string Write<T>(T item)
                {
                    return Inner();

                    string Inner()
                    {
                        var settings = new JsonSerializerOptions();
                        return JsonSerializer.Serialize(item, settings);
                    }
                }
            }
            """, OutputKind.DynamicallyLinkedLibrary, null);
    }

    /// <summary>A generic method with two flags and a shared options field around <paramref name="body"/>.</summary>
    private static string Generic(string body) => $$"""
        using System.Text.Json;

        public static class Writer
        {
            private static readonly JsonSerializerOptions s_shared = new JsonSerializerOptions();

            public static string Write<T>(T item, bool indent, bool compact)
            {
                {{body}}
            }
        }
        """;
}
