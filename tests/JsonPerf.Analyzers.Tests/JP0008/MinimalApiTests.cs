using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests.JP0008;

/// <summary>
/// JP0008 on minimal API apps compiled with the System.Text.Json source generator (the contexts' <c>Default</c> is its
/// output), in a project whose MSBuild properties make reflection-based serialization unavailable.
/// </summary>
public class MinimalApiTests
{
    private static readonly MinimalApiMetadataAnalyzer Analyzer = new();
    private static readonly MinimalApiMetadataFixer Fixer = new();

    /// <summary>
    /// An AOT-template app. Main only prints, for each endpoint type, whether the options as ConfigureHttpJsonOptions
    /// sets them have its metadata (what ASP.NET Core asks them when it builds the endpoints): the endpoints are mapped
    /// in a method Main does not call, so the program runs on Microsoft.NETCore.App alone.
    /// </summary>
    internal const string App = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Http.HttpResults;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.Extensions.DependencyInjection;

        public record Todo(int Id, string Title, Owner Owner);
        public record Owner(string Name);
        public record Missing(string Name);
        public record MissingAsync(string Name);
        public record MissingTyped(string Name);
        public record MissingBody(string Name);
        public record MissingInferred(string Name);
        public class TodoService { public string Name => "svc"; }

        public static class Program
        {
            public static void Main(string[] args)
            {
                if (args.Length > 0)
                {
                    Serve(args);
                    return;
                }

                var options = new JsonSerializerOptions();
                options.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);
                foreach (var type in new[] { typeof(Todo[]), typeof(Owner), typeof(Missing), typeof(MissingAsync), typeof(MissingTyped), typeof(MissingBody), typeof(MissingInferred), typeof(IEnumerable<Todo>) })
                {
                    Console.WriteLine(type.Name + " " + options.TryGetTypeInfo(type, out _));
                }
            }

            private static void Serve(string[] args)
            {
                var builder = WebApplication.CreateSlimBuilder(args);
                builder.Services.ConfigureHttpJsonOptions(options =>
                {
                    options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);
                });
                var app = builder.Build();
                Map(app);
                app.Run();
            }

            private static void Map(WebApplication app)
            {
                app.MapGet("/todos", () => new Todo[0]);
                app.MapGet("/owner", () => new Owner("o"));
                app.MapGet("/missing", () => new Missing("x"));
                app.MapGet("/async", async () => { await Task.Yield(); return new MissingAsync("x"); });
                app.MapGet("/typed", Results<Ok<MissingTyped>, NotFound> () => TypedResults.Ok(new MissingTyped("x")));
                app.MapPost("/body", ([FromBody] MissingBody body) => body.Name);
                app.MapPut("/inferred/{id}", (int id, MissingInferred body) => body.Name);
                app.MapGet("/enumerable", () => (IEnumerable<Todo>)new Todo[0]);
                app.MapGet("/result", () => Results.Ok(new Missing("not known statically")));
                app.MapGet("/text", () => "text");
                app.MapPost("/service", (TodoService service) => service.Name);
                app.MapGet("/method", Handler);
            }

            private static Missing Handler() => new Missing("m");
        }

        [JsonSerializable(typeof(Todo[]))]
        internal partial class AppJsonSerializerContext : JsonSerializerContext
        {
        }

        """;

    [Fact]
    public async Task Reports_each_body_and_response_type_the_configured_context_does_not_register()
    {
        var reported = await ReportedAsync(App);
        Assert.Equal(
            new[]
            {
                "app.MapGet(\"/missing\", () => new Missing(\"x\")) Missing",
                "app.MapGet(\"/async\", async () => { await Task.Yield(); return new MissingAsync(\"x\"); }) MissingAsync",
                "app.MapGet(\"/typed\", Results<Ok<MissingTyped>, NotFound> () => TypedResults.Ok(new MissingTyped(\"x\"))) MissingTyped",
                "app.MapPost(\"/body\", ([FromBody] MissingBody body) => body.Name) MissingBody",
                "app.MapPut(\"/inferred/{id}\", (int id, MissingInferred body) => body.Name) MissingInferred",
                "app.MapGet(\"/enumerable\", () => (IEnumerable<Todo>)new Todo[0]) IEnumerable<Todo>",
                "app.MapGet(\"/method\", Handler) Missing",
            },
            reported);
    }

    [Fact]
    public async Task The_message_names_the_type_its_role_and_the_context()
    {
        var project = await ProjectAsync(App, "PublishAot", "true");
        var diagnostic = (await FixRunner.GetDiagnosticsAsync(project, Analyzer)).First(d => d.GetMessage().StartsWith("'MissingBody'", System.StringComparison.Ordinal));
        Assert.StartsWith("'MissingBody' is the request body of this endpoint but has no metadata in ConfigureHttpJsonOptions's contexts", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.EndsWith("add [JsonSerializable(typeof(MissingBody))] to AppJsonSerializerContext", diagnostic.GetMessage(), System.StringComparison.Ordinal);
        Assert.Equal("[FromBody] MissingBody body", (await diagnostic.Location.SourceTree!.GetTextAsync()).ToString(diagnostic.Location.SourceSpan));
    }

    [Theory]
    [InlineData("PublishAot", "true")]
    [InlineData("IsAotCompatible", "true")]
    [InlineData("PublishTrimmed", "true")]
    [InlineData("JsonSerializerIsReflectionEnabledByDefault", "false")]
    public async Task Reports_in_projects_without_reflection_based_serialization(string property, string value)
        => Assert.Equal(7, (await ReportedAsync(App, property, value)).Length);

    [Theory]
    [InlineData("PublishAot", "false")]
    [InlineData("JsonSerializerIsReflectionEnabledByDefault", "true")]
    [InlineData("OutputType", "Exe")]
    public async Task Does_not_report_where_reflection_serves_the_types(string property, string value)
        => Assert.Empty(await ReportedAsync(App, property, value));

    private const string Helpers = """
        private static void Setup(Microsoft.AspNetCore.Http.Json.JsonOptions options) { }
            private static void Configure(IServiceCollection services) => services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Add(new OtherContext()));
            private static Missing Handler()
        """;

    [Theory]
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);", "options.SerializerOptions.TypeInfoResolverChain.Clear();", false)]
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);", "options.SerializerOptions.TypeInfoResolver = JsonTypeInfoResolver.Combine(AppJsonSerializerContext.Default, new OtherContext());", false)]
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);", "options.SerializerOptions.TypeInfoResolverChain.Insert(0, new OtherContext());", false)]
    [InlineData("var app = builder.Build();", "builder.Services.Configure<Microsoft.AspNetCore.Http.Json.JsonOptions>(o => { }); var app = builder.Build();", false)]
    [InlineData("var app = builder.Build();", "Configure(builder.Services); var app = builder.Build();", true)]
    [InlineData("builder.Services.ConfigureHttpJsonOptions(options =>", "builder.Services.ConfigureHttpJsonOptions(Setup);\n        builder.Services.ConfigureHttpJsonOptions(options =>", true)]
    public async Task Does_not_report_when_the_chain_is_not_known(string original, string replacement, bool helpers)
    {
        var source = App.Replace(original, replacement, System.StringComparison.Ordinal)
            .Replace("using System.Threading.Tasks;", "using System.Text.Json.Serialization.Metadata;\nusing System.Threading.Tasks;", System.StringComparison.Ordinal)
            + "[JsonSerializable(typeof(Missing))]\ninternal partial class OtherContext : JsonSerializerContext\n{\n}\n";
        if (helpers)
        {
            source = source.Replace("private static Missing Handler()", Helpers, System.StringComparison.Ordinal);
        }

        Assert.NotEqual(App, source);
        Assert.Empty(await ReportedAsync(source));
    }

    [Fact]
    public async Task The_unknown_chain_cases_report_once_the_context_is_known()
        => Assert.Equal(7, (await ReportedAsync(App + "[JsonSerializable(typeof(int))]\ninternal partial class OtherContext : JsonSerializerContext\n{\n}\n")).Length);

    [Fact]
    public async Task Does_not_report_without_ConfigureHttpJsonOptions_in_the_project()
    {
        var source = App.Replace("builder.Services.ConfigureHttpJsonOptions(options =>\n        {\n            options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);\n        });\n", "", System.StringComparison.Ordinal);
        Assert.DoesNotContain("ConfigureHttpJsonOptions", source, System.StringComparison.Ordinal);
        Assert.Empty(await ReportedAsync(source));
    }

    [Fact]
    public async Task A_context_set_as_the_resolver_or_added_counts_too()
    {
        var source = App.Replace(
            "options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);",
            "options.SerializerOptions.TypeInfoResolver = AppJsonSerializerContext.Default;\n            options.SerializerOptions.TypeInfoResolverChain.Add(MoreContext.Default);\n            options.SerializerOptions.WriteIndented = true;",
            System.StringComparison.Ordinal) + "[JsonSerializable(typeof(Missing))]\n[JsonSerializable(typeof(MissingBody))]\ninternal partial class MoreContext : JsonSerializerContext\n{\n}\n";
        var reported = await ReportedAsync(source);
        Assert.Equal(4, reported.Length);
        Assert.DoesNotContain(reported, r => r.EndsWith(" Missing", System.StringComparison.Ordinal) || r.EndsWith(" MissingBody", System.StringComparison.Ordinal));
    }

    [Fact]
    public async Task Fix_all_registers_the_types_and_the_generated_context_then_has_their_metadata()
    {
        var before = await ProjectAsync(App, "PublishAot", "true");
        var after = (await FixRunner.ApplyFixAllAsync(before.Documents.Single(), Analyzer, Fixer)).GetProject(before.Id)!;
        var program = (await after.Documents.Single().GetTextAsync()).ToString().ReplaceLineEndings("\n");

        Assert.Contains("""
            [JsonSerializable(typeof(Todo[]))]
            [JsonSerializable(typeof(Missing))]
            [JsonSerializable(typeof(MissingAsync))]
            [JsonSerializable(typeof(MissingTyped))]
            [JsonSerializable(typeof(MissingBody))]
            [JsonSerializable(typeof(MissingInferred))]
            [JsonSerializable(typeof(IEnumerable<Todo>))]
            internal partial class AppJsonSerializerContext : JsonSerializerContext
            """, program, System.StringComparison.Ordinal);
        Assert.Equal(2, program.Split("[JsonSerializable(typeof(Missing))]").Length);
        Assert.Empty(await FixRunner.GetDiagnosticsAsync(after, Analyzer));

        // Run before and after (the generator's output compiled in): the options ASP.NET Core would build the endpoints
        // with had no metadata for the reported types, and have it for all of them after the fix.
        // sameOutput: false, as the program prints which types have metadata, which is what the fix changes.
        var (expected, actual) = ProgramRunner.RunBeforeAndAfter(await SourceGeneration.CompileAsync(before), await SourceGeneration.CompileAsync(after), sameOutput: false);
        Assert.Equal(
            "Todo[] True\nOwner True\nMissing False\nMissingAsync False\nMissingTyped False\nMissingBody False\nMissingInferred False\nIEnumerable`1 False\n",
            Encoding.UTF8.GetString(expected).ReplaceLineEndings("\n"));
        Assert.Equal(
            "Todo[] True\nOwner True\nMissing True\nMissingAsync True\nMissingTyped True\nMissingBody True\nMissingInferred True\nIEnumerable`1 True\n",
            Encoding.UTF8.GetString(actual).ReplaceLineEndings("\n"));
    }

    [Fact]
    public async Task No_fix_when_the_generator_would_need_another_name_for_the_type()
    {
        var source = App.Replace("public record Missing(string Name);", "public record Missing(string Name);\nnamespace Other { public record Missing(int Id); }", System.StringComparison.Ordinal)
            .Replace("[JsonSerializable(typeof(Todo[]))]", "[JsonSerializable(typeof(Todo[]))]\n[JsonSerializable(typeof(Other.Missing), TypeInfoPropertyName = \"OtherMissing\")]", System.StringComparison.Ordinal);
        var project = await ProjectAsync(source, "PublishAot", "true");
        var after = (await FixRunner.ApplyFixAllAsync(project.Documents.Single(), Analyzer, Fixer)).GetProject(project.Id)!;
        var program = (await after.Documents.Single().GetTextAsync()).ToString();
        Assert.DoesNotContain("[JsonSerializable(typeof(Missing))]", program, System.StringComparison.Ordinal);
        Assert.Contains("[JsonSerializable(typeof(MissingBody))]", program, System.StringComparison.Ordinal);

        // The site Fix All leaves says why (it said a fix existed, and the lightbulb offered none).
        var left = (await FixRunner.GetDiagnosticsAsync(after, Analyzer)).Where(d => d.Id == "JP0008").ToList();
        Assert.NotEmpty(left);
        Assert.All(left, d =>
        {
            Assert.EndsWith(Rules.NoAutomaticFix, d.GetMessage(), System.StringComparison.Ordinal);
            Assert.Empty(d.Properties);
        });
    }

    /// <summary>Typed results: one response with two payloads (both registered by one fix), and results that are not reported.</summary>
    internal const string TypedResultsApp = """
        using System.Text.Json.Serialization;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Http.HttpResults;
        using Microsoft.Extensions.DependencyInjection;

        namespace Shop;

        public record Order(int Id);
        public record Problem(string Reason);
        public record Created(string Location);
        public record Other(string Name);

        public static class Endpoints
        {
            public static void Main()
            {
            }

            public static void Map(WebApplication app, IServiceCollection services)
            {
                services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, ShopJsonContext.Default));
                app.MapGet("/orders/{id}", async Task<Results<Ok<Order>, BadRequest<Problem>, NotFound>> (int id) => { await Task.Yield(); return TypedResults.Ok(new Order(id)); });
                app.MapPost("/orders", ValueTask<Created<Created>> () => ValueTask.FromResult(TypedResults.Created("/orders/1", new Created("/orders/1"))));
                app.MapMethods("/json", new[] { "GET" }, () => TypedResults.Json(new Other("own options")));
                app.MapDelete("/orders/{id}", (int id) => TypedResults.NoContent());
                app.MapGet("/ok", () => TypedResults.Ok());
                app.MapPut("/orders/{id}", async (int id) => await Task.Yield());
                app.MapPatch("/orders/{id}", (int id) => ValueTask.CompletedTask);
                app.MapGet("/void", (HttpContext context) => { });
            }
        }

        [JsonSerializable(typeof(int))]
        public partial class ShopJsonContext : JsonSerializerContext
        {
        }

        """;

    [Fact]
    public async Task Typed_result_payloads_are_reported_and_one_fix_registers_every_payload_of_a_response()
    {
        var project = await ProjectAsync(TypedResultsApp, "PublishAot", "true");
        var messages = (await FixRunner.GetDiagnosticsAsync(project, Analyzer)).Where(d => d.Id == "JP0008").Select(d => d.GetMessage().Split('\'')[1]).ToArray();
        Assert.Equal(new[] { "Order", "Problem", "Created" }, messages);

        var fixedProject = (await FixRunner.ApplyFirstFixAsync(project.Documents.Single(), Analyzer, Fixer))!.GetProject(project.Id)!;
        var program = (await fixedProject.Documents.Single().GetTextAsync()).ToString().ReplaceLineEndings("\n");
        Assert.Contains("""
            [JsonSerializable(typeof(int))]
            [JsonSerializable(typeof(Order))]
            [JsonSerializable(typeof(Problem))]
            public partial class ShopJsonContext : JsonSerializerContext
            """, program, System.StringComparison.Ordinal);

        var after = (await FixRunner.ApplyFixAllAsync(project.Documents.Single(), Analyzer, Fixer)).GetProject(project.Id)!;
        Assert.Empty((await FixRunner.GetDiagnosticsAsync(after, Analyzer)).Where(d => d.Id == "JP0008"));
        var generated = await SourceGeneration.CompileAsync(after);
        var context = generated.GetTypeByMetadataName("Shop.ShopJsonContext")!;
        Assert.All(new[] { "Order", "Problem", "Created" }, name => Assert.Contains(context.GetMembers(name), m => m is IPropertySymbol));
    }

    [Fact]
    public async Task The_fix_takes_the_chain_from_the_contexts_the_diagnostic_names()
    {
        // The fix read every file of the project again to find the chain, after every edit in an editor. The
        // analyzer proved the chain and names its contexts; the fix finds them in the compilation as it is.
        var source = App.Replace(
            "options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);",
            "options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default);\n            options.SerializerOptions.TypeInfoResolverChain.Add(Shop.MoreContext.Default);",
            System.StringComparison.Ordinal) + "namespace Shop { [JsonSerializable(typeof(Missing))] internal partial class MoreContext : JsonSerializerContext { } }\n";
        var project = await ProjectAsync(source, "PublishAot", "true");
        var diagnostic = (await FixRunner.GetDiagnosticsAsync(project, Analyzer)).First(d => d.Id == "JP0008");
        Assert.Equal("AppJsonSerializerContext;Shop.MoreContext", diagnostic.Properties[DiagnosticProperties.Contexts]);
        Assert.Single(await ActionsAsync(project, diagnostic));

        var elsewhere = Diagnostic.Create(diagnostic.Descriptor, diagnostic.Location, diagnostic.Properties.SetItem(DiagnosticProperties.Contexts, "Shop.Gone"), "A", "B", "C");
        Assert.Empty(await ActionsAsync(project, elsewhere));
    }

    private static async Task<System.Collections.Generic.List<Microsoft.CodeAnalysis.CodeActions.CodeAction>> ActionsAsync(Project project, Diagnostic diagnostic)
    {
        var actions = new System.Collections.Generic.List<Microsoft.CodeAnalysis.CodeActions.CodeAction>();
        var document = project.GetDocument(diagnostic.Location.SourceTree)!;
        await Fixer.RegisterCodeFixesAsync(new Microsoft.CodeAnalysis.CodeFixes.CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), System.Threading.CancellationToken.None));
        return actions;
    }

    private static async Task<Project> ProjectAsync(string source, string property, string value)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.ConsoleApplication, TestReferences.AspNet10);
        solution = JP0002.FixTests.WithBuildProperty(solution, id.ProjectId, property, value);
        return SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!);
    }

    /// <summary>Each diagnostic as the text of its Map call and the type it names, in source order.</summary>
    private static async Task<string[]> ReportedAsync(string source, string property = "PublishAot", string value = "true")
    {
        var project = await ProjectAsync(source, property, value);
        var diagnostics = await FixRunner.GetDiagnosticsAsync(project, Analyzer);
        Assert.DoesNotContain(diagnostics, d => d.Id.StartsWith("AD", System.StringComparison.Ordinal) || d.Severity == DiagnosticSeverity.Error && d.Id.StartsWith("CS", System.StringComparison.Ordinal));
        return diagnostics.Where(d => d.Id == "JP0008").OrderBy(d => d.Location.SourceSpan.Start).Select(d =>
        {
            var call = d.Location.SourceTree!.GetRoot().FindNode(d.Location.SourceSpan).AncestorsAndSelf()
                .OfType<Microsoft.CodeAnalysis.CSharp.Syntax.InvocationExpressionSyntax>().Last(i => i.ToString().StartsWith("app.Map", System.StringComparison.Ordinal));
            return call + " " + d.GetMessage().Split('\'')[1];
        }).ToArray();
    }
}
