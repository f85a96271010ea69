using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>
/// An object converted to another type through a string held in a local (fixed: the local holds the UTF-8 bytes), and
/// a body read as text through the project's own one-line helper (reported like the inline read, without a fix).
/// </summary>
public class LocalRoundTripAndHelperTests
{
    internal const string Program = """
        using System;
        using System.Text.Json;

        public class Order { public int Id { get; set; } public string Name { get; set; } }
        public class Summary { public int Id { get; set; } public string Name { get; set; } }

        public static class Program
        {
            private static readonly JsonSerializerOptions Web = new JsonSerializerOptions(JsonSerializerDefaults.Web);

            private static Summary Convert(Order order)
            {
                var json = JsonSerializer.Serialize(order, Web);
                return JsonSerializer.Deserialize<Summary>(json, Web);
            }

            private static object Untyped(Order order)
            {
                string text = JsonSerializer.Serialize(order);
                Console.WriteLine("converting");
                return JsonSerializer.Deserialize(text, typeof(Summary));
            }

            public static void Main()
            {
                var order = new Order { Id = 7, Name = "Ünal <b> \u2028" };
                for (var i = 0; i < 2; i++)
                {
                    Console.WriteLine(JsonSerializer.Serialize(Convert(order)));
                    Console.WriteLine(JsonSerializer.Serialize(Untyped(order)));
                }
            }
        }
        """;

    [Fact]
    public async Task An_object_converted_through_a_local_string_is_converted_through_its_utf8_bytes()
    {
        var (solution, id) = FixRunner.CreateProject(Program, OutputKind.ConsoleApplication, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == "JP0005").ToList();
        Assert.True(diagnostics.Count == 2, string.Join("\n", diagnostics));
        Assert.All(diagnostics, d => Assert.Equal(Utf16DetourFix.RoundTripLocal, d.Properties[DiagnosticProperties.FixKind]));

        var fixedProgram = (await (await FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, new Utf16DetourAnalyzer(), new Utf16DetourFixer())).GetDocument(id)!.GetTextAsync()).ToString();
        Assert.Contains("var json = JsonSerializer.SerializeToUtf8Bytes(order, Web);", fixedProgram, System.StringComparison.Ordinal);
        Assert.Contains("byte[] text = JsonSerializer.SerializeToUtf8Bytes(order);", fixedProgram, System.StringComparison.Ordinal);
        var (before, after) = ProgramRunner.RunBeforeAndAfter(Program, fixedProgram);
        Assert.Equal(Encoding.UTF8.GetString(before), Encoding.UTF8.GetString(after));
    }

    [Theory]
    [InlineData("var json = JsonSerializer.Serialize(order); Console.WriteLine(json); return JsonSerializer.Deserialize<Order>(json);")]
    [InlineData("var json = JsonSerializer.Serialize(order); var copy = JsonSerializer.Deserialize<Order>(json); return json.Length > 2 ? copy : null;")]
    [InlineData("var json = order.Name; return JsonSerializer.Deserialize<Order>(json);")]
    public async Task A_local_also_read_elsewhere_or_not_serialized_is_left_alone(string body)
    {
        var source = $$"""
            using System;
            using System.Text.Json;

            public class Order { public int Id { get; set; } public string Name { get; set; } }

            public static class C
            {
                public static Order Copy(Order order)
                {
                    {{body}}
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        Assert.Empty((await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == "JP0005"));
    }

    [Theory]
    [InlineData("private static async Task<string> ReadBodyAsync(HttpResponseMessage r) => await r.Content.ReadAsStringAsync();", true)]
    [InlineData("private static Task<string> ReadBodyAsync(HttpResponseMessage r) { return r.Content.ReadAsStringAsync(); }", true)]
    [InlineData("private static async Task<string> ReadBodyAsync(HttpResponseMessage r) => await r.Content.ReadAsStringAsync().ConfigureAwait(false);", true)]
    [InlineData("private static async Task<string> ReadBodyAsync(HttpResponseMessage r) { var text = await r.Content.ReadAsStringAsync(); Console.WriteLine(text); return text; }", false)]
    [InlineData("private static async Task<string> ReadBodyAsync(HttpResponseMessage r) => (await r.Content.ReadAsStringAsync()).Trim();", false)]
    public async Task A_body_read_as_text_by_a_one_line_helper_is_reported_without_a_fix(string helper, bool reported)
    {
        var source = $$"""
            using System;
            using System.Net.Http;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class Order { public int Id { get; set; } }

            public static class C
            {
                {{helper}}

                public static async Task<Order> GetAsync(HttpResponseMessage response)
                    => JsonSerializer.Deserialize<Order>(await ReadBodyAsync(response));

                public static async Task<Order> GetThroughLocalAsync(HttpResponseMessage response)
                {
                    var body = await ReadBodyAsync(response);
                    return JsonSerializer.Deserialize<Order>(body);
                }
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == "JP0005").ToList();
        Assert.Equal(reported ? 2 : 0, diagnostics.Count);
        Assert.All(diagnostics, d => Assert.Empty(d.Properties));
        Assert.All(diagnostics, d => Assert.Contains("ReadBodyAsync returns content.ReadAsStringAsync()", d.GetMessage(), System.StringComparison.Ordinal));
        Assert.All(diagnostics, d => Assert.Contains("ReadFromJsonAsync", d.GetMessage(), System.StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("JsonSerializer.Deserialize<Order>(await response.Content.ReadAsStringAsync())", false, "await content.ReadFromJsonAsync<T>(JsonSerializerOptions.Default)")]
    [InlineData("JsonSerializer.Deserialize(await response.Content.ReadAsStringAsync(), s_order)", false, "await content.ReadFromJsonAsync(jsonTypeInfo) with the same JsonTypeInfo")]
    [InlineData("JsonSerializer.Deserialize<Order>(await client.GetStringAsync(\"/o\"))", false, "await client.GetFromJsonAsync<T>(uri, JsonSerializerOptions.Default)")]
    [InlineData("JsonSerializer.Deserialize(await client.GetStringAsync(\"/o\"), s_order)", false, "await client.GetFromJsonAsync(uri, jsonTypeInfo) with the same JsonTypeInfo")]
    [InlineData("JsonSerializer.Deserialize<Order>(await response.Content.ReadAsStringAsync(), JsonSerializerOptions.Web)", false, "await content.ReadFromJsonAsync<T>(options) with the same options")]
    [InlineData("JsonSerializer.Deserialize<Order>(await response.Content.ReadAsStringAsync())", true, "await JsonSerializer.DeserializeAsync(await content.ReadAsStreamAsync(), ...)")]
    [InlineData("JsonSerializer.Deserialize<Order>(await client.GetStringAsync(\"/o\"))", true, "await JsonSerializer.DeserializeAsync(await client.GetStreamAsync(uri), ...)")]
    public async Task An_http_read_is_advised_what_the_call_passes_and_the_project_has(string call, bool netStandard, string advice)
    {
        var source = $$"""
            using System.Net.Http;
            using System.Text.Json;
            using System.Text.Json.Serialization.Metadata;
            using System.Threading.Tasks;

            public class Order { public int Id { get; set; } }

            public static class C
            {
                private static readonly JsonTypeInfo<Order> s_order = null;

                public static async Task<Order> GetAsync(HttpClient client, HttpResponseMessage response) => {{call}};
            }
            """;
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, netStandard ? TestReferences.NetStandard20WithSystemTextJson : TestReferences.Net10);
        var diagnostic = Assert.Single((await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new Utf16DetourAnalyzer())).Where(d => d.Id == "JP0005"));
        Assert.Contains("; " + advice + Rules.NoFixInvalidUtf8, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
    }
}

