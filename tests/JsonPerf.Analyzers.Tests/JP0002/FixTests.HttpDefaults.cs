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
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Hosting;
        using Microsoft.AspNetCore.Http;
        using Microsoft.Extensions.DependencyInjection;
        using Microsoft.Extensions.Logging;

        public record Owner(string Name);
        public record Todo(int Id, string Title, Owner Owner, bool? Done);
        public record SpecialTodo(int Id, string Title, Owner Owner, bool? Done, string Extra) : Todo(Id, Title, Owner, Done);
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
                Todo derived = new SpecialTodo(2, "x", new Owner("y"), true, "not written");
                Todo none = null;
                var todos = new[] { todo, derived };
                app.MapGet("/results", () => Results.Json(todo));
                app.MapGet("/results-derived", () => Results.Json(derived));
                app.MapGet("/results-null", () => Results.Json(none));
                app.MapGet("/results-named", () => Results.Json(todos, contentType: "application/vnd.todos+json", statusCode: 201));
                app.MapGet("/typed", () => TypedResults.Json(new Receipt { Number = 7, Note = "<é>" }, statusCode: 202));
                app.MapGet("/write", (HttpContext c) => c.Response.WriteAsJsonAsync(todo));
                app.MapGet("/write-token", (HttpContext c) => c.Response.WriteAsJsonAsync(todos, c.RequestAborted));
                app.MapGet("/write-status", (HttpContext c) => { c.Response.StatusCode = 418; return c.Response.WriteAsJsonAsync(derived, options: null, contentType: "text/json"); });
                await app.StartAsync();
                using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
                foreach (var path in new[] { "results", "results-derived", "results-null", "results-named", "typed", "write", "write-token", "write-status" })
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
        Assert.Equal(8, diagnostics.Length);
        Assert.All(diagnostics, d => Assert.True(d.Properties.ContainsKey(DiagnosticProperties.HttpDefaults), d.GetMessage(CultureInfo.InvariantCulture)));

        var after = (await FixRunner.ApplyFixAllAsync(before.Documents.Single(d => d.Name == "Program.cs"), Analyzer, Fixer)).Projects.Single();
        var program = await TextAsync(after, "Program.cs");
        AssertContains("Results.Json(todo, AppJsonSerializerContext.Http.Todo)", program);
        AssertContains("Results.Json(derived, AppJsonSerializerContext.Http.Todo)", program);
        AssertContains("Results.Json(todos, AppJsonSerializerContext.Http.TodoArray, contentType: \"application/vnd.todos+json\", statusCode: 201)", program);
        AssertContains("TypedResults.Json(new Receipt { Number = 7, Note = \"<é>\" }, AppJsonSerializerContext.Http.Receipt, statusCode: 202)", program);
        AssertContains("c.Response.WriteAsJsonAsync(todo, AppJsonSerializerContext.Http.Todo)", program);
        AssertContains("c.Response.WriteAsJsonAsync(todos, AppJsonSerializerContext.Http.TodoArray, cancellationToken: c.RequestAborted)", program);
        AssertContains("c.Response.WriteAsJsonAsync(derived, AppJsonSerializerContext.Http.Todo, contentType: \"text/json\")", program);
        AssertContains(
            "internal partial class AppJsonSerializerContext : JsonSerializerContext\n{\n" +
            "    // The app's HTTP JSON options: ASP.NET Core's defaults (Web, relaxed encoder) answered by this context.\n" +
            "    internal static AppJsonSerializerContext Http { get; } = new(new JsonSerializerOptions(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });\n}",
            program.ReplaceLineEndings("\n"));
        AssertContains("using System.Text.Encodings.Web;", program);
        AssertContains("using System.Text.Json;", program);
        Assert.Single(System.Text.RegularExpressions.Regex.Matches(program, " Http \\{ get; \\}"));
        Assert.Empty(await JP0002Async(after));

        var expected = ProgramRunner.Run(await SourceGeneration.CompileAsync(before), aspNetCore: true, reflectionOff: true);
        var actual = ProgramRunner.Run(await SourceGeneration.CompileAsync(after), aspNetCore: true, reflectionOff: true);
        var text = Encoding.UTF8.GetString(expected);
        Assert.Equal(16, text.ReplaceLineEndings("\n").TrimEnd('\n').Split('\n').Length);
        Assert.Equal(text, Encoding.UTF8.GetString(actual));
    }

    [Theory]
    // Another setting on the options, a context after ASP.NET Core's own resolver, two contexts: the options are not
    // ASP.NET Core's defaults with one context first.
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default); options.SerializerOptions.WriteIndented = true;")]
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Add(AppJsonSerializerContext.Default);")]
    [InlineData("options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default); options.SerializerOptions.TypeInfoResolverChain.Insert(0, OtherContext.Default);")]
    public async Task No_fix_where_the_configured_options_are_not_the_defaults_with_one_context(string configuration)
    {
        var source = AotWebApp
            .Replace("builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonSerializerContext.Default));", "builder.Services.ConfigureHttpJsonOptions(options => { " + configuration + " });", System.StringComparison.Ordinal)
            + "[JsonSerializable(typeof(Owner))] internal partial class OtherContext : JsonSerializerContext { }\n";
        var diagnostics = await JP0002Async(AotWebProject(source));
        Assert.Equal(8, diagnostics.Length);
        Assert.All(diagnostics, d => Assert.EndsWith(Rules.NoFixForAppOptions, d.GetMessage(CultureInfo.InvariantCulture), System.StringComparison.Ordinal));
    }

    [Fact]
    public async Task Results_json_keeps_no_fix_where_a_derived_type_has_metadata_or_reflection_may_run()
    {
        // A derived type the context covers: Results.Json writes such an instance as that type, the metadata overload as
        // the declared one. WriteAsJsonAsync writes the declared type either way, so it keeps its fix.
        var covered = AotWebApp.Replace("[JsonSerializable(typeof(Receipt))]", "[JsonSerializable(typeof(Receipt))]\n[JsonSerializable(typeof(SpecialTodo))]", System.StringComparison.Ordinal);
        Assert.Equal(
            new[] { "Json: no fix", "Json: no fix", "Json: no fix", "Json: fix", "Json: fix", "WriteAsJsonAsync: fix", "WriteAsJsonAsync: fix", "WriteAsJsonAsync: fix" },
            await FixabilityAsync(AotWebProject(covered)));

        // IsAotCompatible only: reflection may run in the app, which could write a derived instance; the sealed type and
        // the array (whose metadata serves every instance) and WriteAsJsonAsync keep their fix.
        Assert.Equal(
            new[] { "Json: no fix", "Json: no fix", "Json: no fix", "Json: fix", "Json: fix", "WriteAsJsonAsync: fix", "WriteAsJsonAsync: fix", "WriteAsJsonAsync: fix" },
            await FixabilityAsync(AotWebProject(AotWebApp, "IsAotCompatible")));

        // A library: the app that hosts it configures the options.
        Assert.All(await FixabilityAsync(AotWebProject(AotWebApp.Replace("public static async Task Main()", "public static async Task Serve()", System.StringComparison.Ordinal), outputKind: OutputKind.DynamicallyLinkedLibrary)), f => Assert.EndsWith("no fix", f, System.StringComparison.Ordinal));

        static async Task<string[]> FixabilityAsync(Solution solution)
            => (await JP0002Async(solution))
                .OrderBy(d => d.Location.SourceSpan.Start)
                .Select(d => d.Location.SourceTree!.GetText().ToString(d.Location.SourceSpan) + (d.Properties.ContainsKey(DiagnosticProperties.HttpDefaults) ? ": fix" : ": no fix"))
                .ToArray();
    }

    [Fact]
    public async Task Without_the_publish_properties_the_helpers_keep_no_fix()
    {
        var (solution, _) = CreateProject(AotWebApp, OutputKind.ConsoleApplication, TestReferences.AspNet10);
        var diagnostics = await JP0002Async(solution);
        Assert.Equal(8, diagnostics.Length);
        Assert.All(diagnostics, d => Assert.False(d.Properties.ContainsKey(DiagnosticProperties.HttpDefaults)));
    }
}
