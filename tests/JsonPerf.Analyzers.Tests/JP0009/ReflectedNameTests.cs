using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConstantJsonAnalyzer,
    JsonPerf.CodeFixes.ConstantJsonFixer>;

namespace JsonPerf.Analyzers.Tests.JP0009;

/// <summary>
/// A type's JSON names read by reflection per call, <c>GetCustomAttribute&lt;JsonPropertyNameAttribute&gt;()</c> over
/// <c>GetProperties()</c> (typesense-dotnet's <c>TypesenseClient.CreateUrlParameters</c>, on every search): reported once per
/// method without a fix; left alone where it runs once, fills a cache, reads another attribute or scans many types.
/// </summary>
public class ReflectedNameTests
{
    private const string Usings = """
        #nullable enable
        using System;
        using System.Collections.Concurrent;
        using System.Linq;
        using System.Reflection;
        using System.Text;
        using System.Text.Json.Serialization;

        public class SearchParameters
        {
            [JsonPropertyName("q")] public string? Text { get; set; }
            [JsonPropertyName("query_by")] public string? QueryBy { get; set; }
            [JsonPropertyName("prefix")] public bool? Prefix { get; set; }
            [JsonIgnore] public int Page { get; set; }
            [JsonPropertyName("filter_by")] public string? FilterBy;
        }

        """;

    // typesense-dotnet's TypesenseClient.CreateUrlParameters, as written, and a public method that calls it per search.
    public const string Typesense = Usings + """
        public class TypesenseClient
        {
            public string Search<T>(string collection, T searchParameters) where T : notnull
                => $"/collections/{collection}/documents/search?" + CreateUrlParameters(searchParameters);

            private static string CreateUrlParameters<T>(T queryParameters) where T : notnull
            {
                var parameters = queryParameters.GetType()
                    .GetProperties()
                    .Select(prop =>
                    {
                        var value = prop.GetValue(queryParameters);
                        var stringValue = value switch { null => null, true => "true", false => "false", Enum e => e.ToString().ToLowerInvariant(), _ => value.ToString() };
                        return new { Key = {|JP0009:prop.GetCustomAttribute<JsonPropertyNameAttribute>()|}?.Name, Value = stringValue };
                    })
                    .Where(parameter => parameter.Value != null && parameter.Key != null);
                return string.Join("", parameters.Select(p => $"&{Uri.EscapeDataString(p.Key!)}={Uri.EscapeDataString(p.Value!)}"));
            }
        }
        """;

    [Fact]
    public Task Reports_typesense_CreateUrlParameters()
        => Verify.VerifyAnalyzerAsync(Typesense);

    [Fact]
    public Task Reports_a_foreach_over_GetProperties_once_per_method()
        => Verify.VerifyAnalyzerAsync(Usings + """
            public static class Query
            {
                public static string Of(object parameters)
                {
                    var builder = new StringBuilder();
                    var properties = parameters.GetType().GetProperties();
                    foreach (var property in properties)
                    {
                        // The first lookup of a JSON attribute carries the method's one diagnostic.
                        if (property.GetCustomAttribute<ObsoleteAttribute>() != null || {|JP0009:property.GetCustomAttribute<JsonIgnoreAttribute>()|} is not null)
                        {
                            continue;
                        }

                        var name = property.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name ?? property.Name;
                        builder.Append('&').Append(name).Append('=').Append(property.GetValue(parameters));
                    }

                    return builder.ToString();
                }
            }
            """);

    [Fact]
    public Task Reports_the_lookup_by_typeof_and_through_Attribute()
        => Verify.VerifyAnalyzerAsync(Usings + """
            public class Names
            {
                public string First(Type type)
                {
                    foreach (var property in type.GetProperties().Where(p => p.CanRead))
                    {
                        var attribute = (JsonPropertyNameAttribute?){|JP0009:property.GetCustomAttribute(typeof(JsonPropertyNameAttribute))|};
                        if (attribute != null) { return attribute.Name; }
                    }

                    return "";
                }

                public string[] Fields() => typeof(SearchParameters).GetFields()
                    .Select(f => ((JsonPropertyNameAttribute?){|JP0009:Attribute.GetCustomAttribute(f, typeof(JsonPropertyNameAttribute))|})?.Name ?? f.Name)
                    .ToArray();

                public string One() => {|JP0009:typeof(SearchParameters).GetProperty("Text")!.GetCustomAttribute<JsonPropertyNameAttribute>()|}!.Name;
            }
            """);

    public static TheoryData<string> NotReported() => new()
    {
        // Run once: a static constructor, static readonly initializers (a static generic cache).
        """
        public static class Names<T>
        {
            public static readonly string?[] All = typeof(T).GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray();
            public static readonly string?[] Fields;
            static Names() { Fields = typeof(T).GetFields().Select(f => f.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray(); }
        }
        """,
        // Run once: a method other than a private one (which the run-once judgement follows) whose use initializes a static field.
        """
        public static class Initialized
        {
            public static readonly string?[] All = Build();
            internal static string?[] Build() => typeof(SearchParameters).GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray();
        }
        """,
        // Cached: a GetOrAdd factory, a Lazy, a method group handed to GetOrAdd, a method that stores what it computes.
        """
        public static class Names
        {
            private static readonly ConcurrentDictionary<Type, string?[]> s_names = new ConcurrentDictionary<Type, string?[]>();
            private static readonly Lazy<string?[]> s_lazy = new Lazy<string?[]>(() => typeof(SearchParameters).GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray());
            private static string?[]? s_filled;

            public static string?[] Of(Type type) => s_names.GetOrAdd(type, t => t.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray());
            public static string?[] Lazily() => s_lazy.Value;
            public static string?[] ByGroup(Type type) => s_names.GetOrAdd(type, Build);
            private static string?[] Build(Type type) => type.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray();

            public static string?[] Filled()
            {
                if (s_filled == null) { s_filled = typeof(SearchParameters).GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray(); }
                return s_filled;
            }

            public static string?[] Stored(Type type) => s_names[type] = Build2(type);
            private static string?[] Build2(Type type) => type.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray();
        }
        """,
        // A lambda handed to a method other than LINQ's: perhaps a cache's factory (ConditionalWeakTable's).
        """
        public static class Weak
        {
            private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Type, string?[]> s_table = new System.Runtime.CompilerServices.ConditionalWeakTable<Type, string?[]>();
            public static string?[] Of(Type type) => s_table.GetValue(type, _ => type.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).ToArray());
        }
        """,
        // Another attribute, a member not listed here, a scan over many types (each read once).
        """
        public static class Other
        {
            public static string?[] Obsolete(Type type) => type.GetProperties().Select(p => p.GetCustomAttribute<ObsoleteAttribute>()?.Message).ToArray();
            public static string? Given(PropertyInfo property) => property.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name;
            public static int Scan(Assembly assembly)
            {
                var count = 0;
                foreach (var type in assembly.GetTypes()) { foreach (var p in type.GetProperties()) { if (p.GetCustomAttribute<JsonPropertyNameAttribute>() != null) count++; } }
                return count + assembly.GetTypes().Sum(t => t.GetProperties().Count(p => p.GetCustomAttribute<JsonPropertyNameAttribute>() != null));
            }
        }
        """,
    };

    [Theory]
    [MemberData(nameof(NotReported))]
    public Task Does_not_report_code_run_once_caches_other_attributes_or_scans(string code)
        => Verify.VerifyAnalyzerAsync(Usings + code);

    public static TheoryData<string> HelpersRunOnce() => new()
    {
        // The docs' remedy with the reading in an internal helper of another type, called from a static generic cache's initializer.
        """
        internal static class JsonNames { internal static string[] Read(Type t) => t.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name ?? p.Name).ToArray(); }
        internal static class NamesCache<T> { internal static readonly string[] Names = JsonNames.Read(typeof(T)); }
        """,
        // The same called from a static constructor.
        """
        internal static class JsonNames { internal static string[] Read(Type t) => t.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name ?? p.Name).ToArray(); }
        internal static class NamesCache<T>
        {
            internal static readonly string[] Names;
            static NamesCache() { Names = JsonNames.Read(typeof(T)); }
        }
        """,
        // A public method of a public class, so used here: outside code may use it so too.
        """
        public static class JsonNames { public static string[] Read(Type t) => t.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name ?? p.Name).ToArray(); }
        public static class NamesCache<T> { public static readonly string[] Names = JsonNames.Read(typeof(T)); }
        """,
        // An internal helper handed to a cache as a factory, and one called in a Lazy's factory.
        """
        internal static class JsonNames
        {
            internal static string[] Read(Type t) => t.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name ?? p.Name).ToArray();
            internal static string[] ReadLazily(Type t) => t.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name ?? p.Name).ToArray();
        }
        internal static class NamesCache
        {
            private static readonly ConcurrentDictionary<Type, string[]> s_names = new ConcurrentDictionary<Type, string[]>();
            private static readonly Lazy<string[]> s_lazy = new Lazy<string[]>(() => JsonNames.ReadLazily(typeof(SearchParameters)));
            internal static string[] Of(Type type) => s_names.GetOrAdd(type, JsonNames.Read);
            internal static string[] Lazily() => s_lazy.Value;
        }
        """,
    };

    [Theory]
    [MemberData(nameof(HelpersRunOnce))]
    public Task Does_not_report_a_helper_of_another_type_run_once(string code)
        => Verify.VerifyAnalyzerAsync(Usings + code);

    [Fact]
    public Task Reports_an_internal_helper_called_per_call()
        => Verify.VerifyAnalyzerAsync(Usings + """
            internal static class JsonNames
            {
                internal static string[] Read(Type t) => t.GetProperties().Select(p => {|JP0009:p.GetCustomAttribute<JsonPropertyNameAttribute>()|}?.Name ?? p.Name).ToArray();
            }

            public class Client
            {
                public string Query(object parameters) => string.Join("&", JsonNames.Read(parameters.GetType()));
            }
            """);

    [Fact]
    public Task Does_not_report_Main()
        => Verify.VerifyAnalyzerAsync(Usings + """
            public static class Program
            {
                public static void Main() { foreach (var p in typeof(SearchParameters).GetProperties()) { Console.WriteLine(p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name); } }
            }
            """, outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public Task Does_nothing_without_System_Text_Json()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.Reflection;

            namespace Other { public sealed class JsonPropertyNameAttribute : Attribute { public string Name { get; set; } = ""; } }

            public class C
            {
                public string M(object o)
                {
                    foreach (var p in o.GetType().GetProperties()) { var a = p.GetCustomAttribute<Other.JsonPropertyNameAttribute>(); if (a != null) return a.Name; }
                    return "";
                }
            }
            """, references: TestReferences.WithoutSystemTextJson);

    [Fact]
    public Task Message_says_what_it_costs_what_to_do_and_why_there_is_no_fix()
        => new Verify.Test
        {
            TestCode = Typesense.Replace("{|JP0009:prop.GetCustomAttribute<JsonPropertyNameAttribute>()|}", "{|#0:prop.GetCustomAttribute<JsonPropertyNameAttribute>()|}"),
            ExpectedDiagnostics =
            {
                new Microsoft.CodeAnalysis.Testing.DiagnosticResult(Rules.ConstantJsonPerCall).WithLocation(0)
                    .WithArguments("JsonPropertyNameAttribute read by reflection", "a member list and an attribute lookup per member", "compute it once per type", Rules.NoFixReflectedNames),
            },
        }.RunAsync();

    [Theory]
    [InlineData("foreach (var p in type.GetProperties()) { _ = p.GetCustomAttribute<JsonPropertyNameAttribute>(; }")]
    [InlineData("foreach (var p in type.GetProperties()) { _ = p.GetCustomAttribute(typeof()); }")]
    [InlineData("foreach (var p in type.GetProperties()) { _ = Attribute.GetCustomAttribute(, typeof(JsonPropertyNameAttribute)); }")]
    [InlineData("foreach (var p in type.GetProperties()) { _ = missing.GetCustomAttribute<JsonPropertyNameAttribute>(); }")]
    [InlineData("foreach (var p in type.GetProperties() { _ = p.GetCustomAttribute<JsonPropertyNameAttribute>(); }")]
    [InlineData("_ = type.GetProperties().Select(p => p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name).Where(;")]
    [InlineData("_ = type.GetProperty().GetCustomAttribute<Missing>();")]
    public async Task Incomplete_code_never_throws(string body)
    {
        var source = Usings + "public class C { public void M(Type type) { " + body + " } }";
        var (solution, id) = FixRunner.CreateProject(source, Microsoft.CodeAnalysis.OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConstantJsonAnalyzer());
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
    }
}
