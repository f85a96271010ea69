using System.Linq;
using System.Threading.Tasks;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// Private static options the fix keeps (mirrored or bound to a context) must reach nothing but serializer calls. Found
/// on the project's 2,000-file cost project: a fallback <c>options ?? s_options</c> made the fix decline
/// every call on the field, silently, so one <c>dotnet format</c> run left them. The fallback only passes the value on:
/// fixed. Options a method returns may be changed by its callers: the message says there is no fix.
/// </summary>
public partial class FixTests
{
    [Fact]
    public async Task Fixes_calls_on_static_options_that_are_also_a_fallback_and_the_program_prints_the_same()
    {
        var source = """
            using System;
            using System.Text.Json;

            public class Point { public int X { get; set; } public string Name { get; set; } }

            public static class Program
            {
                private static readonly JsonSerializerOptions s_options = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

                private static string Write(object value, JsonSerializerOptions options) => JsonSerializer.Serialize(value, options ?? s_options);
                private static string Pick(Point point, bool camel) => JsonSerializer.Serialize(point, camel ? (s_options) : null);

                public static void Main()
                {
                    var point = new Point { X = 1, Name = "a" };
                    for (var i = 0; i < 2; i++)
                    {
                        Console.WriteLine(JsonSerializer.Serialize(point, s_options));
                        Console.WriteLine(JsonSerializer.Deserialize<Point>("{\"x\":2,\"name\":\"b\"}", s_options).X);
                        Console.WriteLine(Write(point, null));
                        Console.WriteLine(Write(point, new JsonSerializerOptions()));
                        Console.WriteLine(Pick(point, true) + Pick(point, false));
                    }
                }
            }
            """;
        var (before, after) = await FixAllAsync(source);
        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(point, CamelCaseJsonContext.Default.Point)", program);
        AssertContains("JsonSerializer.Deserialize<Point>(\"{\\\"x\\\":2,\\\"name\\\":\\\"b\\\"}\", CamelCaseJsonContext.Default.Point)", program);
        // The fallback keeps the field: still used, still the same options.
        AssertContains("JsonSerializer.Serialize(value, options ?? s_options)", program);
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Fixes_calls_on_private_static_options_that_a_doc_comment_names()
    {
        // The fix reads every reference to the options (PrivateMemberUses): a cref names them without reading them. It
        // used to count as a use the fix did not understand, and Fix All left the calls without a word of why.
        var source = """
            using System;
            using System.Text.Json;

            public class Point { public int X { get; set; } public string Name { get; set; } }

            public static class Program
            {
                private static readonly JsonSerializerOptions s_options = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

                /// <summary>Writes the point with <see cref="s_options"/>.</summary>
                private static string Write(Point point) => JsonSerializer.Serialize(point, s_options);

                public static void Main()
                {
                    for (var i = 0; i < 2; i++)
                    {
                        Console.WriteLine(Write(new Point { X = 1, Name = "a" }));
                    }
                }
            }
            """;
        var (before, after) = await FixAllAsync(source);
        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(point, CamelCaseJsonContext.Default.Point)", program);
        AssertContains("<see cref=\"s_options\"/>", program);
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Theory]
    [InlineData("private static JsonSerializerOptions Get() => s_options;")]
    [InlineData("private static readonly JsonSerializerOptions s_copy = s_options;")]
    [InlineData("private static void Use() => Console.WriteLine(s_options.WriteIndented);")]
    public async Task Says_no_fix_for_private_static_options_used_otherwise(string member)
    {
        var source = $$"""
            using System;
            using System.Text.Json;

            public class Point { public int X { get; set; } }

            public static class Program
            {
                private static readonly JsonSerializerOptions s_options = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
                {{member}}

                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 1 }, s_options));
            }
            """;
        var (before, after) = await FixAllAsync(source, expectGenerated: false);
        Assert.Equal(await TextAsync(before, "Program.cs"), await TextAsync(after, "Program.cs"));
        var diagnostic = (await JP0002Async(after)).Single();
        Assert.EndsWith(Rules.NoFixForOptionsUsedElsewhere, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
        Assert.Empty(diagnostic.Properties);
    }

    [Theory]
    [InlineData("JsonSerializer.Serialize(point, new JsonSerializerOptions { WriteIndented = true })", Rules.NoFixForOptionsPerCall)]
    [InlineData("JsonSerializer.Serialize(point, local)", Rules.NoFixForOptionsPerCall)]
    [InlineData("points.Select(p => JsonSerializer.Serialize(p, local)).Count()", Rules.NoFixForOptionsPerCall)]
    [InlineData("JsonSerializer.Serialize(point, _instance)", Rules.NoAutomaticFix)]
    [InlineData("JsonSerializer.Serialize(point, JsonSerializerOptions.Web)", Rules.NoAutomaticFix)]
    [InlineData("JsonSerializer.Serialize(point, s_preserve)", " (no fix: ReferenceHandler does not carry to a context)")]
    public async Task A_site_the_fix_does_not_take_says_why(string call, string note)
    {
        // Found on the cost project: options in a local used in a lambda were reported with nothing to say that one
        // dotnet format run leaves them (JP0001's fix hoists them first; then JP0002's applies to the field).
        var source = $$"""
            using System;
            using System.Linq;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Point { public int X { get; set; } }

            public class Program
            {
                private readonly JsonSerializerOptions _instance = new JsonSerializerOptions();
                private static readonly JsonSerializerOptions s_preserve = new JsonSerializerOptions { ReferenceHandler = ReferenceHandler.Preserve };

                public object Run(Point point, Point[] points)
                {
                    var local = new JsonSerializerOptions { WriteIndented = true };
                    return {{call}};
                }

                public static void Main() { }
            }
            """;
        var (before, after) = await FixAllAsync(source, expectGenerated: false);
        Assert.Equal(await TextAsync(before, "Program.cs"), await TextAsync(after, "Program.cs"));
        var diagnostic = (await JP0002Async(after)).Single();
        Assert.EndsWith(note, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
    }
}
