using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// ASP.NET Core's helpers without options (<c>Results.Json(value)</c>, <c>TypedResults.Json(value)</c>,
/// <c>response.WriteAsJsonAsync(value)</c>) in a trimmed/AOT app whose <c>ConfigureHttpJsonOptions</c> only puts one
/// context first in the chain: the fix passes that context's metadata on ASP.NET Core's default options, from a property
/// added to the context once. Proved by Kestrel on 127.0.0.1, run with reflection-based serialization off as the SDK
/// sets it for a trimmed or AOT app: status, content type and body of every response, each requested twice, are the
/// same before and after.
/// </summary>
public partial class FixTests
{
    internal const string AotWebApp = """
        using System;
        using System.Linq;
        using System.Net.Http;
        using System.Text.Json.Serialization;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Hosting;
        using Microsoft.AspNetCore.Http;
        using Microsoft.Extensions.DependencyInjection;
        using Microsoft.Extensions.Logging;

        public record Owner(string Name);
        public record Todo(int Id, string Title, Owner Owner, bool? Done);
        public sealed class Receipt { public int Number { get; set; } public string Note { get; set; } }

        public static class Program
        {
            public static async Task Main()
            {
                var builder = WebApplication.CreateSlimBuilder();
                builder.Logging.ClearProviders();
                builder.WebHost.UseUrls("http://127.0.0.1:0");
                builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default));
                var app = builder.Build();
                var todo = new Todo(1, "Ünal 東京 <b>&'", new Owner("Zoë"), null);
                Todo none = null;
                var todos = new[] { todo, todo with { Id = 2, Done = true } };
                app.MapGet("/results", () => Results.Json(todo));
                app.MapGet("/results-null", () => Results.Json(none));
                app.MapGet("/results-named", () => Results.Json(todos, // the list
                    contentType: "application/vnd.todos+json",
                    statusCode: 201));
                app.MapGet("/results-options-first", () => Results.Json(options: null, data: todo, statusCode: 203));
                app.MapGet("/typed", () => TypedResults.Json(new Receipt { Number = 7, Note = "<é>" }, statusCode: 202));
                app.MapGet("/write", (HttpContext c, CancellationToken token) => c.Response.WriteAsJsonAsync(todo));
                app.MapGet("/write-token", (HttpContext c, CancellationToken token) => c.Response.WriteAsJsonAsync(todos, token));
                app.MapGet("/write-status", (HttpContext c, CancellationToken token) => { c.Response.StatusCode = 418; return c.Response.WriteAsJsonAsync(todo, options: null, contentType: "text/json"); });
                app.MapGet("/write-static", (HttpContext c, CancellationToken token) => HttpResponseJsonExtensions.WriteAsJsonAsync(c.Response, todo));
                // A RequestDelegate: the request delegate generator (on in AOT apps) cannot see generated metadata here.
                app.MapGet("/write-delegate", (HttpContext c) => c.Response.WriteAsJsonAsync(todo));
                await app.StartAsync();
                using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
                foreach (var path in new[] { "results", "results-null", "results-named", "results-options-first", "typed", "write", "write-token", "write-status", "write-static", "write-delegate" })
                {
                    for (var i = 0; i < 2; i++)
                    {
                        using var response = await client.GetAsync(path);
                        var body = await response.Content.ReadAsByteArrayAsync();
                        Console.WriteLine($"{path} {(int)response.StatusCode} [{response.Content.Headers.ContentType}] {Convert.ToHexString(body)}");
                    }
                }

                await app.StopAsync();
            }
        }

        [JsonSerializable(typeof(Todo[]))]
        [JsonSerializable(typeof(Receipt))]
        internal partial class AppJsonSerializerContext : JsonSerializerContext
        {
        }

        """;

    private static Solution AotWebProject(string source, string property = "PublishAot", OutputKind outputKind = OutputKind.ConsoleApplication)
    {
        var (solution, id) = CreateProject(source, outputKind, TestReferences.AspNet10);
        return WithBuildProperty(solution, id.ProjectId, property, "true");
    }

    [Fact]
    public async Task Asp_net_core_helpers_without_options_in_an_aot_app_take_the_configured_contexts_metadata_on_the_same_defaults()
    {
        var solution = AotWebProject(AotWebApp);
        var before = solution.Projects.Single();
        var diagnostics = await JP0002Async(solution);
        Assert.Equal(10, diagnostics.Length);
        Assert.Equal(9, diagnostics.Count(d => HasHttpDefaultsFix(d)));
        Assert.EndsWith(Rules.NoFixInRequestDelegate, diagnostics.Single(d => !HasHttpDefaultsFix(d)).GetMessage(CultureInfo.InvariantCulture), System.StringComparison.Ordinal);

        var after = (await FixRunner.ApplyFixAllAsync(before.Documents.Single(d => d.Name == "Program.cs"), Analyzer, Fixer)).Projects.Single();
        var program = await TextAsync(after, "Program.cs");
        AssertContains("Results.Json(todo, AppJsonSerializerContext.Http.Todo)", program);
        AssertContains("Results.Json(none, AppJsonSerializerContext.Http.Todo)", program);
        AssertContains("Results.Json(todos, AppJsonSerializerContext.Http.TodoArray, // the list\n            contentType: \"application/vnd.todos+json\",\n            statusCode: 201)", program.ReplaceLineEndings("\n"));
        // The options named before the value go (they were CS1739 left in place: no such parameter on the metadata overload).
        AssertContains("Results.Json(data: todo, jsonTypeInfo: AppJsonSerializerContext.Http.Todo, statusCode: 203)", program);
        AssertContains("TypedResults.Json(new Receipt { Number = 7, Note = \"<é>\" }, AppJsonSerializerContext.Http.Receipt, statusCode: 202)", program);
        AssertContains("c.Response.WriteAsJsonAsync(todo, AppJsonSerializerContext.Http.Todo)", program);
        AssertContains("c.Response.WriteAsJsonAsync(todos, AppJsonSerializerContext.Http.TodoArray, cancellationToken: token)", program);
        AssertContains("app.MapGet(\"/write-delegate\", (HttpContext c) => c.Response.WriteAsJsonAsync(todo));", program);
        AssertContains("c.Response.WriteAsJsonAsync(todo, AppJsonSerializerContext.Http.Todo, contentType: \"text/json\")", program);
        AssertContains("HttpResponseJsonExtensions.WriteAsJsonAsync(c.Response, todo, AppJsonSerializerContext.Http.Todo)", program);
        AssertContains(
            "internal partial class AppJsonSerializerContext : JsonSerializerContext\n{\n" +
            "    // The app's HTTP JSON options: ASP.NET Core's defaults (Web, relaxed encoder) answered by this context.\n" +
            "    internal static AppJsonSerializerContext Http { get; } = new(new JsonSerializerOptions(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });\n}",
            program.ReplaceLineEndings("\n"));
        AssertContains("using System.Text.Encodings.Web;", program);
        AssertContains("using System.Text.Json;", program);
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(program, " Http \\{ get; \\}"));
        Assert.Single(await JP0002Async(after));

        var (expected, actual) = ProgramRunner.RunBeforeAndAfter(await SourceGeneration.CompileAsync(before), await SourceGeneration.CompileAsync(after), aspNetCore: true, reflectionOff: true);
        var text = Encoding.UTF8.GetString(expected);
        Assert.Equal(20, text.ReplaceLineEndings("\n").TrimEnd('\n').Split('\n').Length);
        Assert.Equal(text, Encoding.UTF8.GetString(actual));
    }

    [Theory]
    // Another setting on the options, a context after ASP.NET Core's own resolver, two contexts, configuration under #if
    // (not compiled here): the options are not ASP.NET Core's defaults with one context first.
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default); options.SerializerOptions.WriteIndented = true;")]
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Add(AppJsonSerializerContext.Default);")]
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default); options.SerializerOptions.TypeInfoResolverChain.Insert(0, OtherContext.Default);")]
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);\n#if DEBUG\noptions.SerializerOptions.WriteIndented = true;\n#endif\n")]
    public async Task No_fix_where_the_configured_options_are_not_the_defaults_with_one_context(string configuration)
    {
        var source = Configured(AotWebApp, configuration) + "[JsonSerializable(typeof(Owner))] internal partial class OtherContext : JsonSerializerContext { }\n";
        AssertNoFix(await JP0002Async(AotWebProject(source)));
    }

    [Fact]
    public async Task No_fix_where_code_the_compilation_does_not_read_may_configure_the_options()
    {
        // A referenced assembly that uses ASP.NET Core's HTTP extensions (a service-defaults project, a package).
        var library = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create(
            "ServiceDefaults",
            new[] { Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText("public static class Defaults { public static void Add(Microsoft.Extensions.DependencyInjection.IServiceCollection services) => Microsoft.Extensions.DependencyInjection.HttpJsonServiceExtensions.ConfigureHttpJsonOptions(services, o => o.SerializerOptions.WriteIndented = true); }") },
            TestReferences.AspNet10,
            new Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        using var image = new System.IO.MemoryStream();
        Assert.True(library.Emit(image).Success);
        var solution = AotWebProject(AotWebApp);
        var project = solution.Projects.Single();
        AssertNoFix(await JP0002Async(project.AddMetadataReference(MetadataReference.CreateFromImage(image.ToArray())).Solution));

        // Generated code that configures them.
        var generated = project.AddDocument("Defaults.g.cs", "// <auto-generated/>\npublic static class Defaults { public static void Add(Microsoft.Extensions.DependencyInjection.IServiceCollection services) => Microsoft.Extensions.DependencyInjection.HttpJsonServiceExtensions.ConfigureHttpJsonOptions(services, o => o.SerializerOptions.WriteIndented = true); }\n", filePath: "/src/Defaults.g.cs");
        AssertNoFix(await JP0002Async(generated.Project.Solution));
    }

    [Fact]
    public async Task Results_json_keeps_no_fix_where_another_type_can_be_the_value()
    {
        // A type of the compilation derives from Todo (covered or not, reflection or not): Results.Json writes such an
        // instance as its own type, the metadata overload as Todo. The array, the sealed type and WriteAsJsonAsync (which
        // writes the declared type either way) keep their fix.
        string[] expected = { "Json: no fix", "Json: no fix", "Json: fix", "Json: no fix", "Json: fix", "WriteAsJsonAsync: fix", "WriteAsJsonAsync: fix", "WriteAsJsonAsync: fix", "WriteAsJsonAsync: fix", "WriteAsJsonAsync: no fix" };
        var derived = AotWebApp + "public record SpecialTodo(int Id, string Title, Owner Owner, bool? Done, string Extra) : Todo(Id, Title, Owner, Done);\n";
        Assert.Equal(expected, await FixabilityAsync(AotWebProject(derived)));
        Assert.Equal(expected, await FixabilityAsync(AotWebProject(derived.Replace("[JsonSerializable(typeof(Receipt))]", "[JsonSerializable(typeof(Receipt))]\n[JsonSerializable(typeof(SpecialTodo))]", System.StringComparison.Ordinal))));

        // A base type that declares polymorphism: the serializer writes a root of a derived runtime type through it.
        var polymorphic = AotWebApp.Replace("public record Todo(int Id, string Title, Owner Owner, bool? Done);", "[JsonDerivedType(typeof(Todo), \"todo\")] public abstract record Item(int Id);\npublic record Todo(int Id, string Title, Owner Owner, bool? Done) : Item(Id);", System.StringComparison.Ordinal);
        Assert.Equal(expected, await FixabilityAsync(AotWebProject(polymorphic)));

        // IsAotCompatible (reflection may run): with no other type that can be the value's, the same fixes as PublishAot.
        Assert.Equal(9, (await FixabilityAsync(AotWebProject(AotWebApp, "IsAotCompatible"))).Count(f => f.EndsWith(": fix", System.StringComparison.Ordinal)));

        // A library: the app that hosts it configures the options.
        Assert.All(await FixabilityAsync(AotWebProject(AotWebApp.Replace("public static async Task Main()", "public static async Task Serve()", System.StringComparison.Ordinal), outputKind: OutputKind.DynamicallyLinkedLibrary)), f => Assert.EndsWith("no fix", f, System.StringComparison.Ordinal));

        static async Task<string[]> FixabilityAsync(Solution solution)
            => (await JP0002Async(solution))
                .OrderBy(d => d.Location.SourceSpan.Start)
                .Select(d => d.Location.SourceTree!.GetText().ToString(d.Location.SourceSpan) + (HasHttpDefaultsFix(d) ? ": fix" : ": no fix"))
                .ToArray();
    }

    [Fact]
    public async Task Polymorphism_is_read_from_the_serializers_attributes_by_symbol()
    {
        // [JsonPolymorphic] on a base type: its derived roots are written through it, as with [JsonDerivedType].
        static string Based(string attribute) => AotWebApp.Replace("public record Todo(int Id, string Title, Owner Owner, bool? Done);", attribute + " public abstract record Item(int Id);\npublic record Todo(int Id, string Title, Owner Owner, bool? Done) : Item(Id);", System.StringComparison.Ordinal);
        var unchanged = await Fixability(AotWebProject(AotWebApp));
        var polymorphic = await Fixability(AotWebProject(Based("[JsonPolymorphic]")));
        Assert.NotEqual(unchanged, polymorphic);
        Assert.Equal(await Fixability(AotWebProject(Based("[JsonDerivedType(typeof(Todo), \"todo\")]"))), polymorphic);

        // An attribute of the same name in another namespace declares nothing to the serializer.
        var lookalike = Based("[Other.JsonDerivedType]") + "namespace Other { public sealed class JsonDerivedTypeAttribute : System.Attribute { } }\n";
        Assert.Equal(unchanged, await Fixability(AotWebProject(lookalike)));

        static async Task<string[]> Fixability(Solution solution)
            => (await JP0002Async(solution))
                .OrderBy(d => d.Location.SourceSpan.Start)
                .Select(d => d.Location.SourceTree!.GetText().ToString(d.Location.SourceSpan) + (HasHttpDefaultsFix(d) ? ": fix" : ": no fix"))
                .ToArray();
    }

    [Fact]
    public async Task The_property_takes_the_next_name_where_the_context_uses_http_and_no_fix_where_both_are_taken()
    {
        var taken = AotWebApp.Replace("internal partial class AppJsonSerializerContext : JsonSerializerContext\n{\n}", "internal partial class AppJsonSerializerContext : JsonSerializerContext\n{\n    public static int Http => 1;\n}", System.StringComparison.Ordinal);
        Assert.NotEqual(AotWebApp, taken);
        var after = (await FixRunner.ApplyFixAllAsync(AotWebProject(taken).Projects.Single().Documents.Single(d => d.Name == "Program.cs"), Analyzer, Fixer)).Projects.Single();
        var program = await TextAsync(after, "Program.cs");
        AssertContains("Results.Json(todo, AppJsonSerializerContext.HttpDefaults.Todo)", program);
        AssertContains("internal static AppJsonSerializerContext HttpDefaults { get; } = new(", program);
        Assert.Single(await JP0002Async(after));

        AssertNoFix(await JP0002Async(AotWebProject(taken.Replace("public static int Http => 1;", "public static int Http => 1;\n    public static int HttpDefaults => 2;", System.StringComparison.Ordinal))));
    }

    [Fact]
    public async Task A_serializer_call_in_a_request_delegate_endpoint_gets_no_fix_either()
    {
        // The request delegate generator would bind the lambda without the generated Default.Todo and intercept the wrong
        // MapGet overload; a handler with another parameter binds to the Delegate overload either way.
        var source = AotWebApp.Replace(
            "app.MapGet(\"/results\", () => Results.Json(todo));",
            "app.MapGet(\"/results\", () => Results.Json(todo));\n                app.MapGet(\"/text\", (HttpContext c) => c.Response.WriteAsync(System.Text.Json.JsonSerializer.Serialize(todo)));\n                app.MapGet(\"/text-token\", (HttpContext c, CancellationToken token) => c.Response.WriteAsync(System.Text.Json.JsonSerializer.Serialize(todo)));",
            System.StringComparison.Ordinal);
        Assert.NotEqual(AotWebApp, source);
        var serialize = (await JP0002Async(AotWebProject(source))).Where(d => d.GetMessage(CultureInfo.InvariantCulture).StartsWith("JsonSerializer.Serialize", System.StringComparison.Ordinal)).OrderBy(d => d.Location.SourceSpan.Start).ToList();
        Assert.Equal(2, serialize.Count);
        Assert.EndsWith(Rules.NoFixInRequestDelegate, serialize[0].GetMessage(CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
        Assert.True(serialize[0].Properties.IsEmpty);
        Assert.Equal(ReflectionSerializationFix.DefaultOptions, serialize[1].Properties[DiagnosticProperties.FixKind]);
    }

    [Fact]
    public async Task Without_the_publish_properties_the_helpers_keep_no_fix()
    {
        var (solution, _) = CreateProject(AotWebApp, OutputKind.ConsoleApplication, TestReferences.AspNet10);
        AssertNoFix(await JP0002Async(solution));
    }

    private static string Configured(string source, string configuration)
    {
        var configured = source.Replace(
            "builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default));",
            "builder.Services.ConfigureHttpJsonOptions(options => { " + configuration + " });",
            System.StringComparison.Ordinal);
        Assert.NotEqual(source, configured);
        return configured;
    }

    private static bool HasHttpDefaultsFix(Diagnostic diagnostic)
        => diagnostic.Properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) && kind == ReflectionSerializationFix.HttpDefaults;

    private static void AssertNoFix(System.Collections.Immutable.ImmutableArray<Diagnostic> diagnostics)
    {
        Assert.Equal(10, diagnostics.Length);
        Assert.All(diagnostics, d => Assert.True(
            !HasHttpDefaultsFix(d)
            && (d.GetMessage(CultureInfo.InvariantCulture).EndsWith(Rules.NoFixForAppOptions, System.StringComparison.Ordinal) || d.GetMessage(CultureInfo.InvariantCulture).EndsWith(Rules.NoFixInRequestDelegate, System.StringComparison.Ordinal)),
            d.GetMessage(CultureInfo.InvariantCulture)));
    }

    [Theory]
    [InlineData("internal partial class AppJsonSerializerContext : JsonSerializerContext;")]
    [InlineData("internal partial class AppJsonSerializerContext : JsonSerializerContext { }")]
    public async Task A_context_declared_with_a_semicolon_or_on_one_line_gets_a_body_of_its_own_lines(string declaration)
    {
        var source = AotWebApp.Replace("internal partial class AppJsonSerializerContext : JsonSerializerContext\n{\n}", declaration, System.StringComparison.Ordinal);
        Assert.NotEqual(AotWebApp, source);
        var after = (await FixRunner.ApplyFixAllAsync(AotWebProject(source).Projects.Single().Documents.Single(d => d.Name == "Program.cs"), Analyzer, Fixer)).Projects.Single();
        AssertContains(
            "[JsonSerializable(typeof(Receipt))]\ninternal partial class AppJsonSerializerContext : JsonSerializerContext\n{\n" +
            "    // The app's HTTP JSON options: ASP.NET Core's defaults (Web, relaxed encoder) answered by this context.\n" +
            "    internal static AppJsonSerializerContext Http { get; } = new(new JsonSerializerOptions(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });\n}\n",
            (await TextAsync(after, "Program.cs")).ReplaceLineEndings("\n"));
        Assert.Empty((await SourceGeneration.CompileAsync(after)).GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
    }
}
