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

    /// <summary>
    /// T01 (typesense-dotnet's TypesenseClient, scoped and a typed client): options fields also passed to the client's
    /// own methods that only hand them to the serializer, one of them replaced in the constructor by a copy of the
    /// configured options and all copied by a second constructor: reported without a fix, since a constructor assigns them.
    /// </summary>
    [Fact]
    public async Task Options_fields_passed_through_own_helpers_and_assigned_in_a_constructor_are_reported_without_a_fix()
    {
        var source = """
            using System.Net.Http;
            using System.Net.Http.Json;
            using System.Text.Json;
            using System.Threading.Tasks;
            using Microsoft.Extensions.DependencyInjection;

            public class Forecast { public int Degrees { get; set; } }
            public class Config { public JsonSerializerOptions JsonSerializerOptions { get; set; } }

            public class WeatherClient
            {
                private readonly HttpClient _http;
                private readonly JsonSerializerOptions _plain = new();
                private readonly JsonSerializerOptions _caseInsensitive = new() { PropertyNameCaseInsensitive = true };

                public WeatherClient(Config config, HttpClient http)
                {
                    _http = http;
                    if (config.JsonSerializerOptions is not null)
                    {
                        _caseInsensitive = new JsonSerializerOptions(config.JsonSerializerOptions) { PropertyNameCaseInsensitive = true };
                    }
                }

                private WeatherClient(WeatherClient source)
                {
                    _http = source._http;
                    _plain = source._plain;
                    _caseInsensitive = source._caseInsensitive;
                }

                public WeatherClient Copy() => new WeatherClient(this);
                public Task<Forecast> GetAsync() => Get<Forecast>("/forecast", _caseInsensitive);
                public string Write(Forecast forecast) => JsonSerializer.Serialize(forecast, _plain);

                private async Task<T> Get<T>(string path, JsonSerializerOptions options)
                {
                    using var response = await _http.GetAsync(path);
                    return await response.Content.ReadFromJsonAsync<T>(options);
                }
            }

            public static class Startup
            {
                public static void Configure(IServiceCollection services) => services.AddScoped<WeatherClient>().AddHttpClient<WeatherClient>();
            }
            """;

        var diagnostics = await JP0001Async(source);
        Assert.Equal(2, diagnostics.Count);
        Assert.All(diagnostics, d => Assert.False(d.Properties.ContainsKey(DiagnosticProperties.FixKind)));
        Assert.All(diagnostics, d => Assert.EndsWith(Rules.NoFixFieldAssignedInConstructor, d.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal));
    }

    [Fact]
    public async Task An_options_field_passed_through_an_own_helper_is_made_static()
    {
        var source = Source("services.AddScoped<WeatherClient>()", """
            private readonly JsonSerializerOptions _options = new() { PropertyNameCaseInsensitive = true };
            public Forecast Read(string json) => Parse<Forecast>(json, _options);
            private static T Parse<T>(string json, JsonSerializerOptions options) => JsonSerializer.Deserialize<T>(json, options);
            """);
        var diagnostic = Assert.Single(await JP0001Async(source));
        Assert.Equal(OptionsPerCallFix.StaticField, diagnostic.Properties[DiagnosticProperties.FixKind]);

        var fixedText = await FixRunner.ApplyFixAllAsync(source, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer(), OutputKind.DynamicallyLinkedLibrary, TestReferences.AspNet10);
        Assert.Contains("private static readonly JsonSerializerOptions _options = new() { PropertyNameCaseInsensitive = true };", fixedText, System.StringComparison.Ordinal);
        Assert.Contains("Parse<Forecast>(json, _options)", fixedText, System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_options_field_a_constructor_changes_or_a_method_stores_is_not_reported()
    {
        var changed = Source("services.AddScoped<WeatherClient>()", "private readonly JsonSerializerOptions _options = new(); public WeatherClient(HttpClient h, int x) : this(h) { _options.WriteIndented = x > 1; }");
        var stored = Source("services.AddScoped<WeatherClient>()", "private readonly JsonSerializerOptions _options = new(); public static JsonSerializerOptions Last; public void Keep() => Last = _options;");
        Assert.Empty(await JP0001Async(changed));
        Assert.Empty(await JP0001Async(stored));
    }

    [Fact]
    public async Task An_initializer_every_constructor_replaces_is_not_reported()
    {
        // The review's probe: the initializer's options never reach the serializer.
        var replaced = Source("services.AddScoped<WeatherClient>()", "private readonly JsonSerializerOptions _options = new() { PropertyNameCaseInsensitive = true }; public WeatherClient(HttpClient h, JsonSerializerOptions o) : this(h) { } public WeatherClient(JsonSerializerOptions o) : this(new HttpClient()) { }")
            .Replace("public class WeatherClient(HttpClient http)", "public class WeatherClient", System.StringComparison.Ordinal)
            .Replace("public WeatherClient(HttpClient h, JsonSerializerOptions o) : this(h) { }", "private readonly HttpClient http; public WeatherClient(HttpClient h, JsonSerializerOptions o) { http = h; _options = o; }", System.StringComparison.Ordinal)
            .Replace("public WeatherClient(JsonSerializerOptions o) : this(new HttpClient()) { }", "public WeatherClient(JsonSerializerOptions o) : this(new HttpClient(), o) { }", System.StringComparison.Ordinal);
        Assert.Contains("_options = o;", replaced, System.StringComparison.Ordinal);
        Assert.Empty(await JP0001Async(replaced));

        // One constructor that keeps it: reported, without a fix.
        var kept = replaced.Replace("public WeatherClient(JsonSerializerOptions o) : this(new HttpClient(), o) { }", "public WeatherClient() { http = new HttpClient(); }", System.StringComparison.Ordinal);
        var diagnostic = Assert.Single(await JP0001Async(kept));
        Assert.False(diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind));
    }

    private static async Task<System.Collections.Generic.List<Diagnostic>> JP0001Async(string source)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.AspNet10);
        var compilation = (await solution.GetDocument(id)!.Project.GetCompilationAsync())!;
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        return (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Where(d => d.Id == "JP0001").ToList();
    }
}
