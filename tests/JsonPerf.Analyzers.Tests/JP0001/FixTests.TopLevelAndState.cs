using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>JP0001's fix in top-level programs, and where the options depend on state it cannot move.</summary>
public partial class FixTests
{
    [Fact]
    public Task Hoists_top_level_statement_options_into_a_partial_Program()
        => Verify.VerifyFixAsync("""
            using System;
            using System.Text.Json;

            Func<int, string> handler = x => JsonSerializer.Serialize(x, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|});
            Console.WriteLine(handler(1));
            """, """
            using System;
            using System.Text.Json;

            Func<int, string> handler = x => JsonSerializer.Serialize(x, IndentedJsonOptions);
            Console.WriteLine(handler(1));

            partial class Program
            {
                private static readonly JsonSerializerOptions IndentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };
            }
            """, outputKind: OutputKind.ConsoleApplication);

    [Fact]
    public Task Hoists_a_configured_top_level_local_into_an_existing_partial_Program()
        => Verify.VerifyFixAsync("""
            using System;
            using System.Text.Json;

            for (var i = 0; i < 2; i++)
            {
                var options = {|JP0001:new JsonSerializerOptions()|};
                options.WriteIndented = true;
                Console.WriteLine(JsonSerializer.Serialize(i, options));
            }

            public partial class Program
            {
                private static int s_runs;
            }
            """, """
            using System;
            using System.Text.Json;

            for (var i = 0; i < 2; i++)
            {
                Console.WriteLine(JsonSerializer.Serialize(i, s_indentedJsonOptions));
            }

            public partial class Program
            {
                private static int s_runs;
                private static readonly JsonSerializerOptions s_indentedJsonOptions = new JsonSerializerOptions
                {
                    WriteIndented = true
                };
            }
            """, outputKind: OutputKind.ConsoleApplication);

    [Theory]
    [InlineData("JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = s_mutableDepth }|});")]
    [InlineData("JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = Depth() }|});")]
    [InlineData("JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = ComputedDepth }|});")]
    [InlineData("JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = AutoDepth }|});")]
    [InlineData("JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { Converters = { new Conv<T>() } }|});")]
    [InlineData("var o = {|JP0001:new JsonSerializerOptions()|}; System.Console.WriteLine(); o.WriteIndented = true; JsonSerializer.Serialize(value, o);")]
    [InlineData("var o = {|JP0001:new JsonSerializerOptions()|}; if (indented) { o.WriteIndented = true; } JsonSerializer.Serialize(value, o);")]
    [InlineData("var o = {|JP0001:new JsonSerializerOptions { WriteIndented = true }|}; o.WriteIndented = false; JsonSerializer.Serialize(value, o);")]
    [InlineData("JsonSerializerOptions a = {|JP0001:new JsonSerializerOptions()|}, b = s_other; JsonSerializer.Serialize(value, a);")]
    public Task Offers_no_fix_when_the_options_depend_on_per_call_state_or_mixed_logic(string statement)
        => Verify.VerifyFixAsync(StateSource(statement), StateSource(statement));

    // Only value settings read the call's state: a lookup per call, and no one instance to cache (CallStateTests).
    [Theory]
    [InlineData("JsonSerializer.Serialize(value, new JsonSerializerOptions { WriteIndented = indented });")]
    [InlineData("JsonSerializer.Serialize(value, new JsonSerializerOptions { MaxDepth = _depth });")]
    [InlineData("JsonSerializer.Serialize(value, new JsonSerializerOptions { MaxDepth = this.GetHashCode() });")]
    [InlineData("var o = new JsonSerializerOptions(); o.WriteIndented = indented; JsonSerializer.Serialize(value, o);")]
    public Task Does_not_report_options_whose_per_call_state_is_only_in_value_settings(string statement)
        => Verify.VerifyAnalyzerAsync(StateSource(statement));

    private static string StateSource(string statement)
    {
        var source = """
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Conv<T> : JsonConverter<T>
            {
                public override T Read(ref Utf8JsonReader reader, System.Type typeToConvert, JsonSerializerOptions options) => default;
                public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options) { }
            }

            public class C
            {
                private readonly int _depth = 3;
                private static int s_mutableDepth = 3;
                private static readonly JsonSerializerOptions s_other = new JsonSerializerOptions();
                private static int Depth() => 3;
                private static int ComputedDepth => s_mutableDepth;
                private static int AutoDepth { get; } = 3; // initialized after a field the fix would add

                public void M<T>(object value, bool indented)
                {
                    STATEMENT
                }
            }
            """.Replace("STATEMENT", statement);
        return source;
    }

    [Fact]
    public Task Hoists_options_that_read_constants_static_readonly_fields_and_get_only_auto_properties()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public static class Limits
            {
                public const int Depth = 16;
                public static readonly JsonNamingPolicy Policy = JsonNamingPolicy.SnakeCaseLower;
                public static JsonIgnoreCondition Ignore { get; } = JsonIgnoreCondition.WhenWritingNull;
            }

            public class C
            {
                public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = Limits.Depth, PropertyNamingPolicy = Limits.Policy, DefaultIgnoreCondition = Limits.Ignore, ReferenceHandler = ReferenceHandler.IgnoreCycles }|});
            }
            """, """
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public static class Limits
            {
                public const int Depth = 16;
                public static readonly JsonNamingPolicy Policy = JsonNamingPolicy.SnakeCaseLower;
                public static JsonIgnoreCondition Ignore { get; } = JsonIgnoreCondition.WhenWritingNull;
            }

            public class C
            {
                private static readonly JsonSerializerOptions IgnoreCyclesJsonOptions = new JsonSerializerOptions
                {
                    MaxDepth = Limits.Depth,
                    PropertyNamingPolicy = Limits.Policy,
                    DefaultIgnoreCondition = Limits.Ignore,
                    ReferenceHandler = ReferenceHandler.IgnoreCycles
                };

                public string M(object value) => JsonSerializer.Serialize(value, IgnoreCyclesJsonOptions);
            }
            """);

    [Fact]
    public Task Offers_no_fix_when_a_static_field_of_the_type_lives_in_another_partial_part()
    {
        var test = new Verify.Test();
        test.TestState.Sources.Add(("A.cs", """
            using System.Text.Json;

            public partial class C
            {
                public string M(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { PropertyNamingPolicy = Policy }|});
            }
            """));
        test.TestState.Sources.Add(("B.cs", """
            using System.Text.Json;

            public partial class C
            {
                private static readonly JsonNamingPolicy Policy = JsonNamingPolicy.CamelCase;
            }
            """));
        test.FixedState.InheritanceMode = Microsoft.CodeAnalysis.Testing.StateInheritanceMode.AutoInheritAll;
        test.FixedState.MarkupHandling = Microsoft.CodeAnalysis.Testing.MarkupMode.Allow;
        return test.RunAsync();
    }

    [Fact]
    public Task Offers_no_fix_for_a_public_getter_of_a_library_whose_callers_may_change_the_options()
    {
        var source = """
            using System.Text.Json;

            public static class Json
            {
                public static JsonSerializerOptions Options => {|JP0001:new JsonSerializerOptions()|};
            }
            """;
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Offers_no_fix_for_a_getter_whose_result_is_changed_by_a_caller()
    {
        var source = """
            using System.Text.Json;

            internal static class Json
            {
                internal static JsonSerializerOptions Options => {|JP0001:new JsonSerializerOptions()|};

                internal static string Indented(object value)
                {
                    var options = Options;
                    options.WriteIndented = true;
                    return JsonSerializer.Serialize(value, options);
                }
            }
            """;
        return Verify.VerifyFixAsync(source, source);
    }

    [Fact]
    public Task Offers_no_fix_in_top_level_statements_before_CSharp_10()
    {
        var source = """
            using System;
            using System.Text.Json;

            for (var i = 0; i < 2; i++) Console.WriteLine(JsonSerializer.Serialize(i, {|JP0001:new JsonSerializerOptions { WriteIndented = true }|}));
            """;
        return Verify.VerifyFixAsync(source, source, LanguageVersion.CSharp9, outputKind: OutputKind.ConsoleApplication);
    }
}
