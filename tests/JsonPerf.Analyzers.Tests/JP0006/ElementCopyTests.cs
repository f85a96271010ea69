using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConvertWithoutTextAnalyzer,
    JsonPerf.CodeFixes.ConvertWithoutTextFixer>;

namespace JsonPerf.Analyzers.Tests.JP0006;

/// <summary>
/// An element copied into a new element, node or document through its text (<c>JsonNode.Parse(element.GetRawText())</c>,
/// met per request in real SDKs): <c>element.Clone()</c> and <c>JsonSerializer.SerializeToNode(element, Ctx.Default.JsonElement)</c>
/// (a context of the project that registers JsonElement; never the reflection overload) give the same JSON; a document
/// is reported without a fix (its raw text would change).
/// </summary>
public class ElementCopyTests
{
    private const string Header = """
        using System.Text.Json;
        using System.Text.Json.Nodes;

        """;

    private const string CopyContext = """

        [System.Text.Json.Serialization.JsonSerializable(typeof(JsonElement))]
        internal partial class CopyContext : System.Text.Json.Serialization.JsonSerializerContext
        {
        }
        """;

    [Fact]
    public Task An_element_copy_is_fixed_with_clone()
        => Verify.VerifyFixAsync(Header + """
            public class C
            {
                public object M(JsonElement element) => {|JP0006:JsonElement.Parse(/* copy */ element.GetRawText())|};
            }
            """, Header + """
            public class C
            {
                public object M(JsonElement element) => /* copy */ element.Clone();
            }
            """);

    [Fact]
    public async Task A_node_copy_takes_the_metadata_of_the_projects_context()
    {
        var source = Header + """
            public class C
            {
                public object M(JsonDocument doc) => JsonNode.Parse(/* copy */ doc.RootElement.GetProperty("x").GetRawText());
            }
            """ + CopyContext;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConvertWithoutTextAnalyzer()), d => d.Id == Rules.ConvertWithoutTextId);
        Assert.Equal("global::CopyContext", diagnostic.Properties[DiagnosticProperties.Context]);
        Assert.DoesNotContain("(no fix: ", diagnostic.GetMessage(), System.StringComparison.Ordinal);

        var after = (await FixRunner.ApplyFirstFixAsync(solution.GetDocument(id)!, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer()))!;
        var text = (await after.GetDocument(id)!.GetTextAsync()).ToString();
        Unwrap.AssertContains("=> /* copy */ JsonSerializer.SerializeToNode(doc.RootElement.GetProperty(\"x\"), CopyContext.Default.JsonElement);", text);
        await SourceGeneration.CompileAsync(after.GetDocument(id)!.Project);
    }

    [Theory]
    [InlineData("")]
    [InlineData("[System.Text.Json.Serialization.JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]")]
    [InlineData("[System.Text.Json.Serialization.JsonSourceGenerationOptions(PropertyNameCaseInsensitive = true)]")]
    [InlineData("[System.Text.Json.Serialization.JsonSourceGenerationOptions(MaxDepth = 8)]")]
    public async Task Without_a_context_that_registers_JsonElement_on_neutral_options_the_node_copy_is_not_fixed(string options)
    {
        // SerializeToNode(element) needs reflection metadata that JsonNode.Parse did not (an AOT app loading the library
        // throws), and a context whose options match names case-insensitively or limit depth makes another node.
        var context = options.Length == 0 ? "" : "\n" + options + CopyContext;
        var source = Header + "public class C { public JsonNode M(JsonElement e) => JsonNode.Parse(e.GetRawText()); }" + context;
        var (solution, document) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, new ConvertWithoutTextAnalyzer()), d => d.Id == Rules.ConvertWithoutTextId);
        Assert.False(diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind));
        Assert.EndsWith(Rules.NoFixElementToNodeWithoutMetadata, diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.Null(await FixRunner.ApplyFirstFixAsync(solution.GetDocument(document)!, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer()));
    }

    [Fact]
    public async Task A_context_under_if_or_out_of_reach_is_not_used()
    {
        var source = Header + """
            public class C { public JsonNode M(JsonElement e) => JsonNode.Parse(e.GetRawText()); }
            #if NEVER
            [System.Text.Json.Serialization.JsonSerializable(typeof(JsonElement))]
            internal partial class A : System.Text.Json.Serialization.JsonSerializerContext { }
            #endif
            public class Outer
            {
                [System.Text.Json.Serialization.JsonSerializable(typeof(JsonElement))]
                private partial class B : System.Text.Json.Serialization.JsonSerializerContext { }
            }
            """;
        var (solution, document) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostic = Assert.Single(await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, new ConvertWithoutTextAnalyzer()), d => d.Id == Rules.ConvertWithoutTextId);
        Assert.False(diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind));
    }

    [Fact]
    public async Task A_document_copy_and_copies_with_parse_options_are_reported_without_a_fix()
    {
        var source = Header + """
            public class C
            {
                public object M(JsonElement element)
                {
                    var c = JsonDocument.Parse(element.GetRawText());
                    var d = JsonNode.Parse(element.GetRawText(), new JsonNodeOptions { PropertyNameCaseInsensitive = true });
                    var e = JsonElement.Parse(element.GetRawText(), new JsonDocumentOptions { MaxDepth = 8 });
                    return (c, d, e);
                }
            }
            """;
        var (solution, document) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, new ConvertWithoutTextAnalyzer())).Where(d => d.Id == Rules.ConvertWithoutTextId).ToList();
        Assert.Equal(3, diagnostics.Count);
        Assert.All(diagnostics, d => Assert.False(d.Properties.ContainsKey(DiagnosticProperties.FixKind)));
        Assert.EndsWith(Rules.NoFixForDocumentText, diagnostics.OrderBy(d => d.Location.SourceSpan.Start).First().GetMessage(), System.StringComparison.Ordinal);
    }

    [Fact]
    public Task Text_that_is_not_an_elements_raw_text_is_not_reported()
        => Verify.VerifyAnalyzerAsync(Header + """
            public class C
            {
                public object M(JsonElement element, JsonNode node, string text)
                {
                    var a = JsonNode.Parse(text);
                    var b = JsonNode.Parse(element.ToString());
                    var c = JsonElement.Parse(node.ToJsonString());
                    var d = JsonNode.Parse(element.GetString());
                    return (a, b, c, d);
                }
            }
            """);

    [Fact]
    public async Task In_a_reflection_free_project_and_beside_a_reflection_free_target_the_node_copy_is_fixed_with_metadata()
    {
        // A real library: IsAotCompatible only where the target is not netstandard2.0. The fix adds no reflection, so
        // neither the project's own properties nor a reflection-free sibling target withhold it.
        var source = Header + "public class C { public JsonNode M(JsonElement e) => JsonNode.Parse(e.GetRawText()); }" + CopyContext;
        var (solution, document) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        solution = solution.WithDocumentFilePath(document, "/src/C.cs");
        var netstandard = solution.GetDocument(document)!.Project;
        solution = JP0002.FixTests.WithBuildProperty(solution, netstandard.Id, "JsonSerializerIsReflectionEnabledByDefault", "false");
        var net8 = ProjectId.CreateNewId();
        solution = solution.AddProject(ProjectInfo.Create(net8, VersionStamp.Default, "Lib(net8.0)", "Lib", LanguageNames.CSharp,
                compilationOptions: netstandard.CompilationOptions, parseOptions: netstandard.ParseOptions, metadataReferences: netstandard.MetadataReferences))
            .AddDocument(DocumentId.CreateNewId(net8), "C.cs", source, filePath: "/src/C.cs");
        solution = JP0002.FixTests.WithBuildProperty(solution, net8, "IsAotCompatible", "true");

        var after = (await FixRunner.ApplyFirstFixAsync(solution.GetDocument(document)!, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer()))!;
        var text = (await after.GetDocument(document)!.GetTextAsync()).ToString();
        Unwrap.AssertContains("JsonSerializer.SerializeToNode(e, CopyContext.Default.JsonElement)", text);
    }

    private const string Program = """
        using System;
        using System.Text.Json;
        using System.Text.Json.Nodes;
        using System.Text.Json.Serialization;

        [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
        [JsonSerializable(typeof(JsonElement))]
        internal partial class CopyContext : JsonSerializerContext
        {
        }

        public static class Program
        {
            private static void Try(string label, Func<string> f)
            {
                try { Console.WriteLine(label + ": " + f()); }
                catch (Exception e) { Console.WriteLine(label + ": " + e.GetType().FullName); }
            }

            public static void Main()
            {
                Console.WriteLine("marker");
                var texts = new[]
                {
                    "{ \"a\" : 1 , \"b\":[1,2 , 3], \"c\":\"\\u00e9\\/x\\\"q\", \"d\": 1E+2, \"e\": 1.0, \"f\": 12345678901234567890123, \"g\": \"Ünal 東京 <b>&'\" , \"a\": 2}",
                    "[ true , null , \"x\" ]",
                    "\"just \\u0041 string\"",
                    "  42  ",
                    "null",
                };
                for (var round = 0; round < 2; round++)
                {
                    foreach (var text in texts)
                    {
                        JsonElement element;
                        JsonNode node;
                        using (var source = JsonDocument.Parse(text))
                        {
                            var root = source.RootElement;
                            element = JsonElement.Parse(root.GetRawText());
                            node = JsonNode.Parse(root.GetRawText());
                        }

                        // The source document is disposed: the copies stand alone.
                        Console.WriteLine(element.ValueKind + " " + element.GetRawText());
                        Console.WriteLine(node is null ? "null node" : node.GetType().Name + " " + node.ToJsonString() + " " + node.GetPath());
                        if (node is JsonObject obj) { Try("object b", () => obj["b"]!.ToJsonString()); Try("object A", () => (obj["A"] is null).ToString()); }
                        if (node is JsonArray array) { Console.WriteLine(array.Count + " " + array[2]!.GetValue<string>()); }
                        if (node is JsonValue value) { Console.WriteLine(value.GetValueKind() + " " + value.ToJsonString()); }
                    }

                    using (var lenient = JsonDocument.Parse("{ \"a\": [1, 2,], /* c */ \"b\": 1 }", new JsonDocumentOptions { AllowTrailingCommas = true, CommentHandling = JsonCommentHandling.Skip }))
                    {
                        var root = lenient.RootElement;
                        Try("lenient b", () => JsonNode.Parse(root.GetProperty("b").GetRawText())!.ToJsonString());
                        Try("lenient element b", () => JsonElement.Parse(root.GetProperty("b").GetRawText()).GetRawText());
                    }

                    Try("default element", () => JsonElement.Parse(default(JsonElement).GetRawText()).GetRawText());
                    Try("default node", () => JsonNode.Parse(default(JsonElement).GetRawText())!.ToJsonString());
                }
            }
        }
        """;

    [Fact]
    public async Task Fix_all_prints_the_same_bytes_before_and_after_and_with_reflection_off()
    {
        var fixedProgram = await FixRunner.ApplyFixAllAsync(Program, new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Contains("element = root.Clone();", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("node = JsonSerializer.SerializeToNode(root, CopyContext.Default.JsonElement);", fixedProgram, System.StringComparison.Ordinal);
        Unwrap.AssertContains("JsonSerializer.SerializeToNode(root.GetProperty(\"b\"), CopyContext.Default.JsonElement)", fixedProgram);
        Assert.Contains("default(JsonElement).Clone()", fixedProgram, System.StringComparison.Ordinal);
        Assert.DoesNotContain("SerializeToNode(root)", fixedProgram, System.StringComparison.Ordinal);

        // Through the harness: it also runs both with reflection off, where the fixed program must print the same.
        var (before, after) = ProgramRunner.RunBeforeAndAfter(await CompileAsync(Program), await CompileAsync(fixedProgram));
        var output = Encoding.UTF8.GetString(before);
        Assert.StartsWith("marker", output, System.StringComparison.Ordinal);
        Assert.Contains("JsonObject {\"a\":1,\"b\":[1,2,3]", output, System.StringComparison.Ordinal);
        Assert.Contains("default element: System.InvalidOperationException", output, System.StringComparison.Ordinal);
        Assert.Equal(output, Encoding.UTF8.GetString(after));
        Assert.Equal(before, after);

        // What an AOT app that loads the code runs: the original (DOM only) and the fix (generated metadata) still agree.
        Assert.Equal(before, ProgramRunner.Run(await CompileAsync(fixedProgram), reflectionOff: true));
    }

    private static async Task<Compilation> CompileAsync(string source)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10);
        return await SourceGeneration.CompileAsync(solution.GetDocument(id)!.Project);
    }
}
