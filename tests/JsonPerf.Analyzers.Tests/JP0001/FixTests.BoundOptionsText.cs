using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Testing;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>
/// Options a context is built on: what the fix writes (the context cached), what it reuses, and what the
/// message says where it declines. A hand-written context stands in for a generated one (the run tests use the generator).
/// </summary>
public partial class FixTests
{
    private const string HandWrittenContext = """

        public class MyType { public int Id { get; set; } }

        public sealed class MyJsonContext : JsonSerializerContext
        {
            public MyJsonContext(JsonSerializerOptions options) : base(options) { }
            protected override JsonSerializerOptions GeneratedSerializerOptions => null;
            public override JsonTypeInfo GetTypeInfo(System.Type type) => null;
            public JsonTypeInfo<MyType> MyType => null;
        }
        """;

    private const string ContextUsings = """
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Text.Json.Serialization.Metadata;

        """;

    [Fact]
    public Task Caches_the_context_a_configured_local_is_handed_to_as_issue_27_found_it()
        => Verify.VerifyFixAsync(ContextUsings + """
            public class C
            {
                public string M(MyType value)
                {
                    // Indented for the log.
                    var options = {|JP0001:new JsonSerializerOptions(JsonSerializerDefaults.General) { WriteIndented = true }|};
                    var context = new MyJsonContext(options);
                    return JsonSerializer.Serialize(value, context.MyType);
                }
            }
            """ + HandWrittenContext, ContextUsings + """
            public class C
            {
                private static readonly MyJsonContext IndentedMyJsonContext = new MyJsonContext(new JsonSerializerOptions(JsonSerializerDefaults.General)
                {
                    WriteIndented = true
                });

                public string M(MyType value)
                {
                    // Indented for the log.
                    return JsonSerializer.Serialize(value, IndentedMyJsonContext.MyType);
                }
            }
            """ + HandWrittenContext);

    [Fact]
    public Task Caches_an_inline_context_without_settings_and_never_passes_JsonSerializerOptions_Default_to_it()
        => Verify.VerifyFixAsync(ContextUsings + """
            public class C
            {
                private static int s_calls;

                public string M(MyType value)
                {
                    s_calls++;
                    return JsonSerializer.Serialize(value, new MyJsonContext({|JP0001:new JsonSerializerOptions()|}).MyType);
                }

                public string N(MyType value)
                {
                    var options = {|JP0001:new JsonSerializerOptions()|};
                    options.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
                    return JsonSerializer.Serialize(value, typeof(MyType), new MyJsonContext(options));
                }
            }
            """ + HandWrittenContext, ContextUsings + """
            public class C
            {
                private static int s_calls;
                private static readonly MyJsonContext s_myJsonContext = new MyJsonContext(new JsonSerializerOptions());
                private static readonly MyJsonContext s_camelCaseMyJsonContext = new MyJsonContext(new JsonSerializerOptions
                {
                    PropertyNamingPolicy = JsonNamingPolicy.CamelCase
                });

                public string M(MyType value)
                {
                    s_calls++;
                    return JsonSerializer.Serialize(value, s_myJsonContext.MyType);
                }

                public string N(MyType value)
                {
                    return JsonSerializer.Serialize(value, typeof(MyType), s_camelCaseMyJsonContext);
                }
            }
            """ + HandWrittenContext);

    [Fact]
    public Task Does_not_reuse_an_equivalent_options_field_that_a_context_is_built_on_or_that_is_changed()
        => Verify.VerifyFixAsync(ContextUsings + """
            public class C
            {
                private static readonly JsonSerializerOptions s_bound = new JsonSerializerOptions { WriteIndented = true };
                private static readonly JsonSerializerOptions s_changed = new JsonSerializerOptions { MaxDepth = 8 };
                private static readonly MyJsonContext s_context = new MyJsonContext(s_bound);

                static C()
                {
                    s_changed.Converters.Add(new JsonStringEnumConverter());
                }

                public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
                public string N(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = 8 }|});
            }
            """ + HandWrittenContext, ContextUsings + """
            public class C
            {
                private static readonly JsonSerializerOptions s_bound = new JsonSerializerOptions { WriteIndented = true };
                private static readonly JsonSerializerOptions s_changed = new JsonSerializerOptions { MaxDepth = 8 };
                private static readonly MyJsonContext s_context = new MyJsonContext(s_bound);
                private static readonly JsonSerializerOptions s_indentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };
                private static readonly JsonSerializerOptions s_jsonOptions = new JsonSerializerOptions { MaxDepth = 8 };

                static C()
                {
                    s_changed.Converters.Add(new JsonStringEnumConverter());
                }

                public string M(object value) => JsonSerializer.Serialize(value, s_indentedJsonOptions);
                public string N(object value) => JsonSerializer.Serialize(value, s_jsonOptions);
            }
            """ + HandWrittenContext);

    [Theory]
    // A wrapper of the project's own builds the context.
    [InlineData("public string M(MyType v) => Write(v, {|#0:new JsonSerializerOptions()|}); static string Write(MyType v, JsonSerializerOptions o) => JsonSerializer.Serialize(v, new MyJsonContext(o).MyType);", true)]
    // The context escapes, or is stored.
    [InlineData("public MyJsonContext M() => new MyJsonContext({|#0:new JsonSerializerOptions()|});", true)]
    [InlineData("private MyJsonContext _last; public string M(MyType v) { var c = new MyJsonContext({|#0:new JsonSerializerOptions()|}); _last = c; return JsonSerializer.Serialize(v, c.MyType); }", true)]
    // The options are used besides the context, or reach it through an assignment.
    [InlineData("public string M(MyType v) { var o = {|#0:new JsonSerializerOptions()|}; var c = new MyJsonContext(o); return JsonSerializer.Serialize(v, c.MyType) + JsonSerializer.Serialize(1, o); }", true)]
    [InlineData("public string M(MyType v) { JsonSerializerOptions o; o = {|#0:new JsonSerializerOptions()|}; return JsonSerializer.Serialize(v, new MyJsonContext(o).MyType); }", true)]
    // A factory whose options go to a context: the factory cannot be cached.
    [InlineData("static JsonSerializerOptions Create() => new JsonSerializerOptions(); public string M(MyType v) => JsonSerializer.Serialize(v, new MyJsonContext({|#0:Create()|}).MyType);", true)]
    // The options read per-call state: the usual reason, not the context.
    [InlineData("public string M(MyType v, int depth) => JsonSerializer.Serialize(v, new MyJsonContext({|#0:new JsonSerializerOptions { MaxDepth = depth }|}).MyType);", false)]
    public Task Options_bound_to_a_context_that_cannot_be_cached_say_why_there_is_no_fix(string members, bool becauseOfTheContext)
    {
        var source = ContextUsings + "public class C\n{\n" + members + "\n}\n" + HandWrittenContext;
        var expected = new DiagnosticResult(Rules.OptionsCreatedPerCall).WithLocation(0).WithArguments(
            members.Contains("Create()") ? Rules.OptionsCostThroughFactory("C.Create", Rules.OptionsCostRebuild) : Rules.OptionsCostRebuild,
            Rules.OptionsCache,
            becauseOfTheContext ? Rules.NoFixOptionsBoundToContext : Rules.NoAutomaticFix);
        var test = new Verify.Test { TestCode = source, FixedCode = source };
        test.ExpectedDiagnostics.Add(expected);
        test.FixedState.ExpectedDiagnostics.Add(expected);
        return test.RunAsync();
    }

    [Fact]
    public Task A_per_request_field_a_context_is_built_on_stays_an_instance_field()
    {
        var source = """
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using System.Text.Json.Serialization.Metadata;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                private readonly JsonSerializerOptions _options = {|#0:new JsonSerializerOptions { WriteIndented = true }|};
                public string Get(MyType value) => JsonSerializer.Serialize(value, new MyJsonContext(_options).MyType);
            }
            """ + HandWrittenContext;
        var expected = new DiagnosticResult(Rules.OptionsCreatedPerCall).WithLocation(0).WithArguments(Rules.OptionsCostRebuild, Rules.OptionsCache, Rules.NoFixOptionsBoundToContext);
        var test = new Verify.Test { TestCode = source, FixedCode = source };
        test.ExpectedDiagnostics.Add(expected);
        test.FixedState.ExpectedDiagnostics.Add(expected);
        return test.RunAsync();
    }
}
