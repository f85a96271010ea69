using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Layout;

/// <summary>
/// A line a fix writes stays within the file's <c>max_line_length</c> (else its longest line, at least
/// 120): a call wrapped over several lines is wrapped again one argument per line, initializer members on their own.
/// </summary>
public class LineLengthTests
{
    private const string Before = """
        using System.Net.Http;
        using System.Text;
        using System.Text.Json;
        using System.Threading.Tasks;

        public class Order { public int Id { get; set; } public string Name { get; set; } }

        public class Client
        {
            public async Task SendAsync(HttpClient client, Order order, JsonSerializerOptions options)
            {
                await client.PostAsync(
                    "/orders/with/a/long/path",
                    {|JP0005:new StringContent(
                        JsonSerializer.Serialize(order, options),
                        Encoding.UTF8,
                        "application/json")|});
            }
        }
        """;

    private const string Wrapped = """
    using System.Net.Http;
    using System.Net.Http.Headers;
    using System.Text.Json;
    using System.Threading.Tasks;

    public class Order { public int Id { get; set; } public string Name { get; set; } }

    public class Client
    {
        public async Task SendAsync(HttpClient client, Order order, JsonSerializerOptions options)
        {
            await client.PostAsync(
                "/orders/with/a/long/path",
                new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(order, options))
                {
                    Headers =
                    {
                        ContentType = new MediaTypeHeaderValue("application/json") { CharSet = "utf-8" }
                    }
                });
        }
    }
    """;

    private const string Unwrapped = """
    using System.Net.Http;
    using System.Net.Http.Headers;
    using System.Text.Json;
    using System.Threading.Tasks;

    public class Order { public int Id { get; set; } public string Name { get; set; } }

    public class Client
    {
        public async Task SendAsync(HttpClient client, Order order, JsonSerializerOptions options)
        {
            await client.PostAsync(
                "/orders/with/a/long/path",
                new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(order, options)) { Headers = { ContentType = new MediaTypeHeaderValue("application/json") { CharSet = "utf-8" } } });
        }
    }
    """;

    [Theory]
    [InlineData(100, Wrapped)]
    [InlineData(200, Unwrapped)]
    public async Task A_fix_keeps_the_lines_it_writes_within_max_line_length(int maxLineLength, string expected)
    {
        await RunAsync(maxLineLength.ToString(System.Globalization.CultureInfo.InvariantCulture), expected);
        Assert.All(expected.Split('\n'), line => Assert.True(line.Length <= maxLineLength, line));
    }

    [Fact]
    public async Task Max_line_length_off_wraps_nothing()
    {
        Assert.Contains(Unwrapped.Split('\n'), line => line.Length > 120);
        await RunAsync("off", Unwrapped);
    }

    private static Task RunAsync(string maxLineLength, string expected)
    {
        var test = new Verifier<Utf16DetourAnalyzer, CodeFixes.Utf16DetourFixer>.Test { TestCode = Before, FixedCode = expected };
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", $"root = true\n\n[*.cs]\nmax_line_length = {maxLineLength}\n"));
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public async Task A_call_inside_an_interpolation_is_not_wrapped()
    {
        // C# 10: a line break inside a non-verbatim interpolation hole does not compile there (CS8967), and the harness
        // compiles the fixed code at the project's language version.
        const string source = """
            using System;
            using System.Text.Json;

            public class Forecast { public int Degrees { get; set; } }

            public static class Program
            {
                public static void Main()
                {
                    var forecast = new Forecast { Degrees = 21 };
                    Console.WriteLine($"Forecast for the weekend ahead: {JsonSerializer.Serialize(forecast, JsonSerializerOptions.Default)}");
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10, Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp10);
        var document = SourceGeneration.WithGenerator(solution.GetProject(id.ProjectId)!).GetDocument(id)!;

        var after = await FixRunner.ApplyFixAllAsync(document, new ReflectionSerializationAnalyzer(), new CodeFixes.ReflectionSerializationFixer());

        var text = (await after.GetDocument(id)!.GetTextAsync()).ToString();
        var line = text.Split('\n').Single(l => l.Contains("Console.WriteLine($\"Forecast", System.StringComparison.Ordinal));
        Assert.Contains(".Default.Forecast)}\");", line, System.StringComparison.Ordinal);
        Assert.True(line.Length > 120, line);
    }
}
