using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Options held per instance of a type the container creates per resolution (a typed HTTP client, a transient or scoped
/// registration of the project) are built per instance: reported, and the field made static; singletons, types the
/// project does not register so, and options built from constructor arguments are left alone.
/// </summary>
public class PerResolutionTests
{
    private static string Source(string registration, string field) => $$"""
        using System.Net.Http;
        using System.Text.Json;
        using System.Threading.Tasks;
        using Microsoft.Extensions.DependencyInjection;

        public class Forecast { public int Degrees { get; set; } }

        public class WeatherClient(HttpClient http)
        {
            {{field}}

            public async Task<Forecast> GetAsync() => JsonSerializer.Deserialize<Forecast>(await http.GetStringAsync("/forecast"), _options);
        }

        public static class Startup
        {
            public static void Configure(IServiceCollection services) => {{registration}};
        }
        """;

    [Theory]
    [InlineData("services.AddHttpClient<WeatherClient>()")]
    [InlineData("services.AddTransient<WeatherClient>()")]
    [InlineData("services.AddScoped<WeatherClient>()")]
    [InlineData("services.AddTransient<object, WeatherClient>()")]
    public async Task Options_field_of_a_type_created_per_resolution_is_reported_and_made_static(string registration)
    {
        var source = Source(registration, "private readonly JsonSerializerOptions _options = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };");
        var diagnostic = Assert.Single(await JP0001Async(source));
        Assert.Equal(OptionsPerCallFix.StaticField, diagnostic.Properties[DiagnosticProperties.FixKind]);

        var fixedText = await FixRunner.ApplyFixAllAsync(source, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer(), OutputKind.DynamicallyLinkedLibrary, TestReferences.AspNet10);
        // Only `static` is added; the 121-character line the fix would leave is wrapped at the default limit of 120.
        Assert.Contains("    private static readonly JsonSerializerOptions _options = new()\n    {\n        PropertyNamingPolicy = JsonNamingPolicy.CamelCase\n    };", fixedText.Replace("\r\n", "\n", System.StringComparison.Ordinal), System.StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("services.AddSingleton<WeatherClient>()", "private readonly JsonSerializerOptions _options = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };")]
    [InlineData("services.AddSingleton<object>()", "private readonly JsonSerializerOptions _options = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };")]
    [InlineData("services.AddHttpClient<WeatherClient>()", "private readonly JsonSerializerOptions _options = new() { WriteIndented = http.Timeout.Seconds > 10 };")]
    public async Task Singletons_unregistered_types_and_options_from_constructor_arguments_are_not_reported(string registration, string field)
        => Assert.Empty(await JP0001Async(Source(registration, field)));

    private static async Task<System.Collections.Generic.List<Diagnostic>> JP0001Async(string source)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.AspNet10);
        var compilation = (await solution.GetDocument(id)!.Project.GetCompilationAsync())!;
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        return (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Where(d => d.Id == "JP0001").ToList();
    }
}
