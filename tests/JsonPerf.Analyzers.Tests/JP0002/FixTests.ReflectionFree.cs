using JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// Projects where the package raises JP0002 to a warning (trimmed, AOT, reflection off): the fix never introduces
/// reflection there. It reads the same MSBuild properties the package's targets test, as build_property.* global
/// options (the targets make them compiler-visible; tests/PackageConsumer/run.sh checks that end to end).
/// </summary>
public partial class FixTests
{
    internal const string ReflectionFreeProgram = """
        using System;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Unicode;

        public class Order
        {
            public int Id { get; set; }
            public string CustomerName { get; set; }
        }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_encoded = new JsonSerializerOptions
            {
                Encoder = JavaScriptEncoder.Create(UnicodeRanges.All)
            };

            private static readonly JsonSerializerOptions s_indented = new JsonSerializerOptions { WriteIndented = true };

            public static void Main()
            {
                var order = new Order { Id = 7, CustomerName = "山本太郎 <b>&" };
                Console.WriteLine(JsonSerializer.Serialize(order, s_encoded));
                Console.WriteLine(JsonSerializer.Serialize(order, s_indented));
                Console.WriteLine(JsonSerializer.Deserialize<Order>("{\"Id\":3}").Id);
            }
        }

        """;

    [Theory]
    [InlineData("PublishAot", "true")]
    [InlineData("IsAotCompatible", "true")]
    [InlineData("PublishTrimmed", "true")]
    [InlineData("IsTrimmable", "True")]
    [InlineData("JsonSerializerIsReflectionEnabledByDefault", "false")]
    public async Task In_a_reflection_free_project_the_fix_adds_no_reflection_and_builds_a_context_on_options_it_cannot_mirror(string property, string value)
    {
        var (solution, id) = CreateProject(ReflectionFreeProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = WithBuildProperty(solution, id.ProjectId, property, value);
        var before = solution.GetProject(id.ProjectId)!;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;
        var program = await TextAsync(after, "Program.cs");

        Assert.DoesNotContain("TypeInfoResolver", program, System.StringComparison.Ordinal);
        // The encoder has no generation option: a context instance built on the options (their only resolver), and the
        // call takes its metadata.
        AssertContains("""
                private static readonly JsonSerializerOptions s_encoded = new JsonSerializerOptions
                {
                    Encoder = JavaScriptEncoder.Create(UnicodeRanges.All)
                };
                private static readonly AppJsonContext s_encodedContext = new(s_encoded);
            """, program);
        AssertContains("JsonSerializer.Serialize(order, s_encodedContext.Order)", program);
        // Mirrored options and the default options: the calls take the metadata overloads, trim- and AOT-safe.
        AssertContains("JsonSerializer.Serialize(order, IndentedJsonContext.Default.Order)", program);
        Assert.DoesNotContain("s_indented", program, System.StringComparison.Ordinal);
        Assert.EndsWith("}\n", program.ReplaceLineEndings("\n"), System.StringComparison.Ordinal);
        AssertContains("JsonSerializer.Deserialize<Order>(\"{\\\"Id\\\":3}\", AppJsonContext.Default.Order)", program);
        Assert.Empty(await CallsRequiringReflectionAsync(after));
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    internal const string ContextInstanceProgram = """
        using System;
        using System.Collections.Generic;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Unicode;

        public class Order
        {
            public int Id { get; set; }
            public string CustomerName { get; set; }
            public Status Status { get; set; }
        }

        public enum Status { Pending, Shipped }

        internal static class Codec
        {
            internal static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web)
            {
                Encoder = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.Cyrillic),
                Converters = { new JsonStringEnumConverter() },
                WriteIndented = true,
            };
        }

        public static class Program
        {
            public static void Main()
            {
                var order = new Order { Id = 7, CustomerName = "Иван 山本 <b>", Status = Status.Shipped };
                Console.WriteLine(JsonSerializer.Serialize(order, Codec.Options));
                Console.WriteLine(JsonSerializer.Serialize(new List<Order> { order }, Codec.Options));
                Console.WriteLine(JsonSerializer.Deserialize<Dictionary<string, Status>>("{\"a\":\"shipped\"}", Codec.Options)["a"]);
                Console.WriteLine(JsonSerializer.Serialize(order, typeof(Order), Codec.Options));
            }
        }

        """;

    [Fact]
    public async Task One_fix_registers_every_type_used_with_the_options_so_calls_not_fixed_yet_keep_working()
    {
        var (solution, id) = CreateProject(ContextInstanceProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = WithBuildProperty(solution, id.ProjectId, "PublishAot", "true");
        var before = solution.GetProject(id.ProjectId)!;
        var after = (await FixRunner.ApplyFirstFixAsync(solution.GetDocument(id)!, Analyzer, Fixer))!.GetProject(id.ProjectId)!;
        var program = await TextAsync(after, "Program.cs");

        AssertContains("internal static readonly AppJsonContext OptionsContext = new(Options);", program);
        AssertContains("JsonSerializer.Serialize(order, Codec.OptionsContext.Order)", program);
        AssertContains("JsonSerializer.Serialize(new List<Order> { order }, Codec.Options)", program);
        AssertContains("""
            [JsonSerializable(typeof(Order))]
            [JsonSerializable(typeof(List<Order>))]
            [JsonSerializable(typeof(Dictionary<string, Status>))]
            internal partial class AppJsonContext
            """, program);
        await AssertSameOutputAsync(before, after);

        // Fix All: every call takes the context instance's metadata, one field, no reflection left.
        var all = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;
        var fixedProgram = await TextAsync(all, "Program.cs");
        AssertContains("JsonSerializer.Serialize(order, typeof(Order), Codec.OptionsContext)", fixedProgram);
        AssertContains("JsonSerializer.Deserialize<Dictionary<string, Status>>(\"{\\\"a\\\":\\\"shipped\\\"}\", Codec.OptionsContext.DictionaryStringStatus)", fixedProgram);
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(fixedProgram, "OptionsContext = new"));
        Assert.Empty(await CallsRequiringReflectionAsync(all));
        Assert.Empty(await JP0002Async(all));
        await AssertSameOutputAsync(before, all);
    }

    [Theory]
    // A type only known at run time, a use that is not a serializer call, options other assemblies can reach.
    [InlineData("JsonSerializer.Serialize((object)order, order.GetType(), Codec.Options)", "internal")]
    [InlineData("new JsonSerializerOptions(Codec.Options).WriteIndented", "internal")]
    [InlineData("0", "public")]
    public async Task In_a_reflection_free_project_offers_no_fix_when_not_every_use_of_the_options_is_known(string use, string accessibility)
    {
        // Public options: the message says there is no fix. Internal ones: the fix reads every reference in the project.
        using var gap = accessibility == "internal" ? FixGuarantees.KnownGap("internal static options in a trimmed/AOT project used otherwise elsewhere in the project: the fix reads every reference, the analyzer does not") : null;
        var source = ContextInstanceProgram
            .Replace("internal static readonly JsonSerializerOptions Options", accessibility + " static readonly JsonSerializerOptions Options", System.StringComparison.Ordinal)
            .Replace("internal static class Codec", "public static class Codec", System.StringComparison.Ordinal)
            .Replace("Console.WriteLine(JsonSerializer.Serialize(order, typeof(Order), Codec.Options));", "Console.WriteLine(" + use + ");", System.StringComparison.Ordinal);
        var (solution, id) = CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = WithBuildProperty(solution, id.ProjectId, "IsAotCompatible", "true");
        var after = await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer);
        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(order, Codec.Options)", program);
        Assert.DoesNotContain("OptionsContext", program, System.StringComparison.Ordinal);
        Assert.DoesNotContain("TypeInfoResolver", program, System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task Outside_reflection_free_projects_the_same_options_are_bound_with_reflection_behind_the_context()
    {
        var (before, after) = await FixAllAsync(ReflectionFreeProgram);
        var program = await TextAsync(after, "Program.cs");
        // The comma goes after the last setting, not on a line of its own; the file keeps its final newline.
        AssertContains("""
                private static readonly JsonSerializerOptions s_encoded = new JsonSerializerOptions
                {
                    Encoder = JavaScriptEncoder.Create(UnicodeRanges.All),
                    TypeInfoResolver = JsonTypeInfoResolver.Combine(AppJsonContext.Default, new DefaultJsonTypeInfoResolver())
                };
            """, program);
        Assert.EndsWith("}\n", program.ReplaceLineEndings("\n"), System.StringComparison.Ordinal);
        Assert.DoesNotContain("\n\n\n", program.ReplaceLineEndings("\n"), System.StringComparison.Ordinal);
        // s_indented (private) is used by nothing once its call takes IndentedJsonContext's metadata: removed.
        Assert.DoesNotContain("s_indented", program, System.StringComparison.Ordinal);
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Theory]
    [InlineData("PublishAot", "false")]
    [InlineData("JsonSerializerIsReflectionEnabledByDefault", "true")]
    public async Task Properties_set_the_other_way_do_not_count(string property, string value)
    {
        var (solution, id) = CreateProject(ReflectionFreeProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = WithBuildProperty(solution, id.ProjectId, property, value);
        var after = await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer);
        AssertContains("new DefaultJsonTypeInfoResolver()", await TextAsync(after, "Program.cs"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("namespace App;\n\n")]
    public async Task A_context_scaffolded_at_the_end_of_the_file_keeps_its_final_newline(string prefix)
    {
        var source = prefix + "using System;\nusing System.Text.Json;\n\npublic class Point { public int X { get; set; } }\n\n"
            + "public static class Program\n{\n    public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 1 }));\n}\n";
        var (before, after) = await FixAllAsync(source);
        var program = (await TextAsync(after, "Program.cs")).ReplaceLineEndings("\n");
        Assert.EndsWith("internal partial class AppJsonContext : JsonSerializerContext\n{\n}\n", program, System.StringComparison.Ordinal);
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Where_another_target_of_the_project_is_reflection_free_the_fix_adds_no_reflection()
    {
        // IsAotCompatible set only where the target is not netstandard2.0: the fix runs in the netstandard2.0 project,
        // its code lands in the file the AOT target compiles too.
        var (solution, id) = CreateProject(ReflectionFreeProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = solution.WithDocumentFilePath(id, "/src/Program.cs");
        var project = solution.GetProject(id.ProjectId)!;
        var aot = ProjectId.CreateNewId();
        solution = solution.AddProject(ProjectInfo.Create(aot, VersionStamp.Default, "Program(net8.0)", "Program", LanguageNames.CSharp,
                compilationOptions: project.CompilationOptions, parseOptions: project.ParseOptions, metadataReferences: project.MetadataReferences))
            .AddDocument(DocumentId.CreateNewId(aot), "Program.cs", ReflectionFreeProgram, filePath: "/src/Program.cs");
        solution = WithBuildProperty(solution, aot, "IsAotCompatible", "true");
        // Every target runs the source generator, as in a build: the fix is made in both and must write the same text.
        solution = SourceGeneration.WithGenerator(solution.GetProject(aot)!).Solution;

        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer, Microsoft.CodeAnalysis.CodeFixes.FixAllScope.Project)).GetProject(id.ProjectId)!;
        var program = await TextAsync(after, "Program.cs");
        // No reflection behind a context: the options it cannot mirror get a context instance built on them (the
        // reflection-free path, chosen because the AOT target compiles the same file), the others take generated metadata.
        Assert.DoesNotContain("TypeInfoResolver", program, System.StringComparison.Ordinal);
        AssertContains("private static readonly AppJsonContext s_encodedContext = new(s_encoded);", program);
        AssertContains("JsonSerializer.Serialize(order, s_encodedContext.Order)", program);
        AssertContains("JsonSerializer.Serialize(order, IndentedJsonContext.Default.Order)", program);

        // Alone, the same project binds the options' resolver with reflection behind the context.
        var alone = (await FixRunner.ApplyFixAllAsync(solution.RemoveProject(aot).GetDocument(id)!, Analyzer, Fixer, Microsoft.CodeAnalysis.CodeFixes.FixAllScope.Project)).GetProject(id.ProjectId)!;
        Assert.Contains("TypeInfoResolver", await TextAsync(alone, "Program.cs"), System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task Each_context_instance_is_declared_after_the_options_it_is_built_on()
    {
        // Two options fields no context attribute can express (an encoder): Fix All builds a context instance on each.
        // Static fields are initialized in textual order, so a context declared above its options would be built on null
        // (the default options): the second field's camel case and encoder would be lost.
        const string source = """
            using System;
            using System.Text.Encodings.Web;
            using System.Text.Json;
            using System.Text.Unicode;

            public class Order
            {
                public int Id { get; set; }
                public string Customer { get; set; }
            }

            public static class Program
            {
                private static readonly JsonSerializerOptions s_a = new() { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };
                private static readonly JsonSerializerOptions s_b = new() { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

                public static void Main()
                {
                    var order = new Order { Id = 1, Customer = "Ada 山本" };
                    Console.WriteLine(JsonSerializer.Serialize(order, s_a));
                    Console.WriteLine(JsonSerializer.Serialize(order, s_b));
                }
            }

            """;
        var (solution, id) = CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10);
        solution = WithBuildProperty(solution, id.ProjectId, "IsAotCompatible", "true");
        var before = solution.GetProject(id.ProjectId)!;
        var after = (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer)).GetProject(id.ProjectId)!;
        var program = await TextAsync(after, "Program.cs");

        Assert.True(program.IndexOf("s_aContext = new(s_a)", System.StringComparison.Ordinal) > program.IndexOf("JsonSerializerOptions s_a =", System.StringComparison.Ordinal), program);
        Assert.True(program.IndexOf("s_bContext = new(s_b)", System.StringComparison.Ordinal) > program.IndexOf("JsonSerializerOptions s_b =", System.StringComparison.Ordinal), program);
        Assert.Empty(await CallsRequiringReflectionAsync(after));
        await AssertSameOutputAsync(before, after);
    }

    /// <summary>What the generated MSBuild editorconfig holds for a compiler-visible property.</summary>
    internal static Solution WithBuildProperty(Solution solution, ProjectId project, string property, string value)
        => solution.AddAnalyzerConfigDocument(
            DocumentId.CreateNewId(project), "Program.GeneratedMSBuildEditorConfig.editorconfig",
            SourceText.From($"is_global = true\nbuild_property.{property} = {value}\n"), filePath: "/src/obj/Program.GeneratedMSBuildEditorConfig.editorconfig");

    /// <summary>
    /// Members the written code calls or creates that carry [RequiresUnreferencedCode] or [RequiresDynamicCode]: what the
    /// trim and AOT analyzers report as IL2026 and IL3050 (the generated code is left out: it is the framework's).
    /// </summary>
    private static async Task<string[]> CallsRequiringReflectionAsync(Project project)
    {
        var compilation = await SourceGeneration.CompileAsync(project);
        var found = new SortedSet<string>(System.StringComparer.Ordinal);
        foreach (var tree in compilation.SyntaxTrees.Where(t => project.Documents.Any(d => d.FilePath == t.FilePath)))
        {
            var model = compilation.GetSemanticModel(tree);
            foreach (var node in (await tree.GetRootAsync()).DescendantNodes())
            {
                var target = model.GetOperation(node) switch
                {
                    IInvocationOperation invocation => (ISymbol)invocation.TargetMethod,
                    IObjectCreationOperation creation => creation.Constructor,
                    IPropertyReferenceOperation property => property.Property.GetMethod,
                    _ => null,
                };
                if (target is not null && target.GetAttributes().Any(a => a.AttributeClass?.Name is "RequiresUnreferencedCodeAttribute" or "RequiresDynamicCodeAttribute"))
                {
                    found.Add(target.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat.WithMemberOptions(SymbolDisplayMemberOptions.IncludeContainingType | SymbolDisplayMemberOptions.IncludeParameters)));
                }
            }
        }

        return found.ToArray();
    }
}
