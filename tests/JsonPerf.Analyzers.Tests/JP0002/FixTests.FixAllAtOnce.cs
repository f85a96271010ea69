using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// Fix All at project scale: a project's sites are planned on one compilation and applied together, so the
/// source generator runs a bounded number of times however many sites there are (one site at a time it ran several
/// times per site, over every type registered so far); the result is what the sites fixed one by one would give.
/// </summary>
public partial class FixTests
{
    [Fact]
    public async Task Fix_all_over_many_documents_runs_the_source_generator_a_bounded_number_of_times()
    {
        const int Services = 24;
        var (solution, id) = ManyServices(Services);
        var service = solution.GetProject(id.ProjectId)!.Documents.Single(d => d.Name == "Service0.cs").Id;
        var counter = new CompilationCounter();
        solution = solution.GetProject(id.ProjectId)!.AddAnalyzerReference(counter).Solution;
        var before = solution.GetProject(id.ProjectId)!;
        Assert.Equal(Services * 2, (await JP0002Async(solution)).Length);

        var runsBefore = counter.Runs;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(service)!, Analyzer, Fixer, FixAllScope.Project)).GetProject(id.ProjectId)!;
        var runs = counter.Runs - runsBefore;

        // Each site once at a time took at least one compilation of its own (48 here); at once: planning, the contexts,
        // the unused options, the clean-up.
        Assert.True(runs <= 10, $"The source generator ran on {runs} compilations for {Services * 2} sites.");
        Assert.Empty(await JP0002Async(after.Solution));

        // One context per generation options, every type registered once, in the order of the sites.
        var texts = await Task.WhenAll(after.Documents.Select(async d => (await d.GetTextAsync()).ToString()));
        var all = string.Join("\n", texts);
        Assert.Equal(2, CountOf(all, ": JsonSerializerContext"));
        Assert.Equal(1, CountOf(all, "[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]"));
        Assert.Single(texts, t => t.Contains("class AppJsonContext", System.StringComparison.Ordinal));
        for (var i = 0; i < Services; i++)
        {
            Assert.Equal(2, CountOf(all, $"[JsonSerializable(typeof(Model{i}))]"));
            AssertContains($"JsonSerializer.Serialize(Model{i}.Sample(), AppJsonContext.Default.Model{i})", texts.Single(t => t.Contains($"class Service{i}\n", System.StringComparison.Ordinal) || t.Contains($"class Service{i}\r\n", System.StringComparison.Ordinal)));
        }

        // The camelCase fields nothing uses any more are gone.
        Assert.DoesNotContain("s_camel", all, System.StringComparison.Ordinal);
        await AssertSameOutputAsync(before.RemoveAnalyzerReference(counter), after.RemoveAnalyzerReference(counter));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Fix_all_binds_shared_static_options_once_and_registers_every_type_used_with_them(bool aot)
    {
        // Options no context attribute expresses (an enum converter), shared by every service: the context becomes their
        // resolver once, with every type the services serialize registered on it, and the calls stay as they are; in a
        // trimmed/AOT project (no reflection behind a context) a context instance is built on them once, and every call
        // takes its metadata.
        var (solution, id) = CreateProject("""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            namespace App
            {
                public enum Level { Low, High }
                public static class Json
                {
                    internal static readonly JsonSerializerOptions Options = new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } };
                }

                public static class Program
                {
                    public static void Main()
                    {
                        Console.WriteLine(A.Write());
                        Console.WriteLine(B.Write());
                        Console.WriteLine(C.Write());
                    }
                }
            }
            """, OutputKind.ConsoleApplication, TestReferences.Net10);
        foreach (var name in new[] { "A", "B", "C" })
        {
            solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), name + ".cs", $$"""
                using System.Text.Json;

                namespace App
                {
                    public class {{name}}Item { public Level Level { get; set; } = Level.High; public string Name { get; set; } = "{{name}}"; }
                    public static class {{name}}
                    {
                        public static string Write() => JsonSerializer.Serialize(new {{name}}Item(), Json.Options) + JsonSerializer.Serialize(new {{name}}Item());
                    }
                }
                """, filePath: $"/src/{name}.cs");
        }

        if (aot)
        {
            solution = WithBuildProperty(solution, id.ProjectId, "IsAotCompatible", "true");
        }

        var before = solution.GetProject(id.ProjectId)!;
        var start = before.Documents.Single(d => d.Name == "A.cs");
        var after = (await FixRunner.ApplyFixAllAsync(start, Analyzer, Fixer, FixAllScope.Project)).GetProject(id.ProjectId)!;

        var all = string.Join("\n", await Task.WhenAll(after.Documents.Select(async d => (await d.GetTextAsync()).ToString())));
        Assert.Equal(aot ? 0 : 1, CountOf(all, "TypeInfoResolver = JsonTypeInfoResolver.Combine(AppJsonContext.Default, new DefaultJsonTypeInfoResolver())"));
        if (aot)
        {
            AssertContains("internal static readonly JsonSerializerOptions Options = new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } };\n        internal static readonly AppJsonContext OptionsContext = new(Options);", all);
        }

        Assert.Equal(1, CountOf(all, ": JsonSerializerContext"));
        foreach (var name in new[] { "A", "B", "C" })
        {
            Assert.Equal(1, CountOf(all, $"[JsonSerializable(typeof({name}Item))]"));
            var options = aot ? $"Json.OptionsContext.{name}Item" : "Json.Options";
            AssertContains($"JsonSerializer.Serialize(new {name}Item(), {options}) + JsonSerializer.Serialize(new {name}Item(), AppJsonContext.Default.{name}Item)", await TextAsync(after, name + ".cs"));
        }

        Assert.Empty(await JP0002Async(after.Solution));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Fix_all_gives_a_second_type_of_the_same_name_its_namespace()
    {
        // Shop.Order and Billing.Order in two documents: the first takes the generator's name, the second (planned
        // against the same context) would take it too, so it is fixed after the first, under its namespace's name.
        var (solution, id) = CreateProject("""
            using System;
            using System.Text.Json;

            namespace Shop
            {
                public class Order { public int Id { get; set; } }
                public static class Program
                {
                    public static void Main()
                    {
                        Console.WriteLine(JsonSerializer.Serialize(new Order { Id = 1 }));
                        Console.WriteLine(Billing.Invoices.Write());
                    }
                }
            }
            """, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), "Billing.cs", """
            using System.Text.Json;

            namespace Billing
            {
                public class Order { public string Number { get; set; } }
                public static class Invoices
                {
                    public static string Write() => JsonSerializer.Serialize(new Order { Number = "B-7" });
                }
            }
            """, filePath: "/src/Billing.cs");
        var before = solution.GetProject(id.ProjectId)!;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer, FixAllScope.Project)).GetProject(id.ProjectId)!;

        Assert.Empty(await JP0002Async(after.Solution));
        AssertContains("JsonSerializer.Serialize(new Order { Id = 1 }, AppJsonContext.Default.Order)", await TextAsync(after, "Program.cs"));
        AssertContains("JsonSerializer.Serialize(new Order { Number = \"B-7\" }, Shop.AppJsonContext.Default.BillingOrder)", await TextAsync(after, "Billing.cs"));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Fix_all_in_solution_scope_fixes_each_project_with_a_context_of_its_own()
    {
        var (solution, id) = ManyServices(3);
        var second = ProjectId.CreateNewId();
        var first = solution.GetProject(id.ProjectId)!;
        solution = solution.AddProject(ProjectInfo.Create(second, VersionStamp.Default, "Other", "Other", LanguageNames.CSharp,
                compilationOptions: first.CompilationOptions, parseOptions: first.ParseOptions, metadataReferences: first.MetadataReferences))
            .AddDocument(DocumentId.CreateNewId(second), "Other.cs", """
                using System;
                using System.Text.Json;

                namespace Other
                {
                    public class Point { public int X { get; set; } }
                    public static class Program
                    {
                        public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 3 }));
                    }
                }
                """, filePath: "/other/Other.cs");
        solution = SourceGeneration.WithGenerator(solution.GetProject(second)!).Solution;

        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetProject(id.ProjectId)!, Analyzer)).AddRange(await FixRunner.GetDiagnosticsAsync(solution.GetProject(second)!, Analyzer));
        var service = solution.GetProject(id.ProjectId)!.Documents.Single(d => d.Name == "Service0.cs").Id;
        var after = await FixRunner.ApplyFixAllAsync(solution.GetDocument(service)!, Analyzer, Fixer, FixAllScope.Solution, diagnostics);

        foreach (var project in new[] { id.ProjectId, second })
        {
            var fixedProject = after.GetProject(project)!;
            Assert.Empty((await FixRunner.GetDiagnosticsAsync(fixedProject, Analyzer)).Where(d => d.Id == "JP0002"));
            var texts = await Task.WhenAll(fixedProject.Documents.Select(async d => (await d.GetTextAsync()).ToString()));
            Assert.Single(texts, t => t.Contains("class AppJsonContext", System.StringComparison.Ordinal));
            await AssertSameOutputAsync(solution.GetProject(project)!, fixedProject);
        }
    }

    [Fact]
    public async Task Under_dotnet_format_a_new_context_goes_where_most_calls_name_it_without_qualifying_it()
    {
        // Found on anthropic-sdk-csharp: the first calling file was in another library's namespace
        // (Microsoft.Extensions.AI), and 1,769 calls named the context through it. The context goes into a calling file
        // of the namespace that holds the most calls, itself or under it (the library's root), and the call whose `)` is
        // on a line of its own keeps its layout.
        var (solution, id) = FixRunner.CreateProject("""
            using System;
            using System.Text.Json;

            namespace Vendor.Extensions
            {
                public static class Bridge
                {
                    public static string Write(Lib.Models.Item item) => JsonSerializer.Serialize(item);
                }
            }
            """, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10, workspaceKind: WorkspaceKind.MSBuild);
        solution = SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!).Solution
            .WithDocumentName(id, "Bridge.cs").WithDocumentFilePath(id, "/src/Bridge.cs")
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Client.cs", """
                using System.Text.Json;

                namespace Lib
                {
                    public static class Client
                    {
                        public static string Send(Models.Item item) => JsonSerializer.Serialize(
                            item
                        );
                    }
                }
                """, filePath: "/src/Client.cs")
            .AddDocument(DocumentId.CreateNewId(id.ProjectId), "Item.cs", """
                using System.Text.Json;

                namespace Lib.Models
                {
                    public class Item { public string Name { get; set; } = "a"; }
                    public class Box { public Item Item { get; set; } = new Item(); }
                    public static class Boxes
                    {
                        public static string Write(Box box) => JsonSerializer.Serialize(box);
                        public static Box Read(string json) => JsonSerializer.Deserialize<Box>(json);
                    }
                }
                """, filePath: "/src/Item.cs");
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer, FixAllScope.Project)).GetProject(id.ProjectId)!;

        Assert.Equal(solution.GetProject(id.ProjectId)!.Documents.Count(), after.Documents.Count());
        AssertContains("    internal partial class ProgramJsonContext : JsonSerializerContext", await TextAsync(after, "Client.cs"));
        AssertContains("JsonSerializer.Serialize(\n            item, ProgramJsonContext.Default.Item\n        );", await TextAsync(after, "Client.cs"));
        AssertContains("JsonSerializer.Serialize(box, ProgramJsonContext.Default.Box)", await TextAsync(after, "Item.cs"));
        AssertContains("JsonSerializer.Deserialize<Box>(json, ProgramJsonContext.Default.Box)", await TextAsync(after, "Item.cs"));
        AssertContains("JsonSerializer.Serialize(item, Lib.ProgramJsonContext.Default.Item)", await TextAsync(after, "Bridge.cs"));
        Assert.Empty(await JP0002Async(after.Solution));
        await SourceGeneration.CompileAsync(after);
    }

    /// <summary>
    /// A console project of <paramref name="services"/> documents, each a model and a service that serializes it with
    /// the default options and through a private static camelCase field; Main prints every result.
    /// </summary>
    private static (Solution Solution, DocumentId Program) ManyServices(int services)
    {
        var main = new StringBuilder("using System;\n\nnamespace App\n{\n    public static class Program\n    {\n        public static void Main()\n        {\n");
        for (var i = 0; i < services; i++)
        {
            main.Append($"            Console.WriteLine(Service{i}.Plain());\n            Console.WriteLine(Service{i}.Camel());\n");
        }

        main.Append("        }\n    }\n}\n");
        var (solution, id) = CreateProject(main.ToString(), OutputKind.ConsoleApplication, TestReferences.Net10);
        for (var i = 0; i < services; i++)
        {
            solution = solution.AddDocument(DocumentId.CreateNewId(id.ProjectId), $"Service{i}.cs", $$"""
                using System.Text.Json;

                namespace App
                {
                    public class Model{{i}}
                    {
                        public int OrderId { get; set; }
                        public string CustomerName { get; set; }
                        public static Model{{i}} Sample() => new Model{{i}} { OrderId = {{i}}, CustomerName = "Ada <{{i}}>" };
                    }

                    public static class Service{{i}}
                    {
                        private static readonly JsonSerializerOptions s_camel{{i}} = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

                        public static string Plain() => JsonSerializer.Serialize(Model{{i}}.Sample());

                        public static string Camel() => JsonSerializer.Serialize(Model{{i}}.Sample(), s_camel{{i}});
                    }
                }
                """, filePath: $"/src/Service{i}.cs");
        }

        return (solution, id);
    }

    private static int CountOf(string text, string value)
    {
        var count = 0;
        for (var at = text.IndexOf(value, System.StringComparison.Ordinal); at >= 0; at = text.IndexOf(value, at + value.Length, System.StringComparison.Ordinal))
        {
            count++;
        }

        return count;
    }

    /// <summary>A source generator that counts the compilations it runs on (the System.Text.Json generator runs on each one too).</summary>
    private sealed class CompilationCounter : AnalyzerReference
    {
        private readonly ImmutableArray<ISourceGenerator> _generators;
        private int _runs;

        public CompilationCounter() => _generators = ImmutableArray.Create(new Generator(this).AsSourceGenerator());

        public int Runs => Volatile.Read(ref _runs);

        public override string FullPath => "/counter/CompilationCounter.dll";
        public override object Id => this;
        public override string Display => "CompilationCounter";

        public override ImmutableArray<DiagnosticAnalyzer> GetAnalyzersForAllLanguages() => ImmutableArray<DiagnosticAnalyzer>.Empty;
        public override ImmutableArray<DiagnosticAnalyzer> GetAnalyzers(string language) => ImmutableArray<DiagnosticAnalyzer>.Empty;
        public override ImmutableArray<ISourceGenerator> GetGenerators(string language) => _generators;

        private sealed class Generator(CompilationCounter owner) : IIncrementalGenerator
        {
            public void Initialize(IncrementalGeneratorInitializationContext context)
                => context.RegisterSourceOutput(context.CompilationProvider, (_, _) => Interlocked.Increment(ref owner._runs));
        }
    }
}
