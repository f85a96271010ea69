using System.Linq;
using System.Text;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.Utf16DetourAnalyzer,
    JsonPerf.CodeFixes.Utf16DetourFixer>;

namespace JsonPerf.Analyzers.Tests.JP0005;

/// <summary>
/// <c>new StringContent(JsonSerializer.Serialize(...), Encoding.UTF8, "application/json")</c> (three
/// per-request sites in one API client) becomes a ByteArrayContent of SerializeToUtf8Bytes with the same Content-Type,
/// where the changed type is fine. Proven on the wire: the same requests reach a server on 127.0.0.1 before and after.
/// </summary>
public partial class FixTests
{
    private const string HttpHeader = """
        using System;
        using System.Net.Http;
        using System.Text;
        using System.Text.Json;
        using System.Threading.Tasks;

        public class Order { public int Id { get; set; } public string Name { get; set; } }

        """;

    [Fact]
    public Task Sends_utf8_bytes_with_the_same_content_type_where_an_HttpContent_is_taken()
        => Verify.VerifyFixAsync(HttpHeader + """
            public class C
            {
                public async Task M(HttpClient client, Order order, JsonSerializerOptions options)
                {
                    await client.PostAsync("/orders", {|JP0005:new StringContent(JsonSerializer.Serialize(order, options), Encoding.UTF8, "application/json")|});
                    using var request = new HttpRequestMessage(HttpMethod.Put, "/orders") { Content = {|JP0005:new StringContent(JsonSerializer.Serialize(order))|} };
                    using var content = {|JP0005:new StringContent(JsonSerializer.Serialize(order), Encoding.UTF8, MediaType)|};
                    content.Headers.Add("X-Order", "1");
                    await client.PatchAsync("/orders", content);
                }

                private const string MediaType = "application/json";
            }
            """, """
            using System;
            using System.Net.Http;
            using System.Net.Http.Headers;
            using System.Text.Json;
            using System.Threading.Tasks;

            public class Order { public int Id { get; set; } public string Name { get; set; } }
            public class C
            {
                public async Task M(HttpClient client, Order order, JsonSerializerOptions options)
                {
                    await client.PostAsync(
                        "/orders",
                        new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(order, options))
                        {
                            Headers = { ContentType = new MediaTypeHeaderValue("application/json") { CharSet = "utf-8" } }
                        });
                    using var request = new HttpRequestMessage(HttpMethod.Put, "/orders")
                    {
                        Content = new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(order))
                        {
                            Headers = { ContentType = new MediaTypeHeaderValue("text/plain") { CharSet = "utf-8" } }
                        }
                    };
                    using var content = new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(order))
                    {
                        Headers = { ContentType = new MediaTypeHeaderValue(MediaType) { CharSet = "utf-8" } }
                    };
                    content.Headers.Add("X-Order", "1");
                    await client.PatchAsync("/orders", content);
                }

                private const string MediaType = "application/json";
            }
            """);

    [Theory]
    // Something needs a StringContent (or any object: its type name would print differently).
    [InlineData("StringContent c = {|JP0005:new StringContent(JsonSerializer.Serialize(order), Encoding.UTF8, \"application/json\")|}; await client.PostAsync(\"/\", c);")]
    [InlineData("var c = {|JP0005:new StringContent(JsonSerializer.Serialize(order), Encoding.UTF8, \"application/json\")|}; Keep(c);")]
    [InlineData("var c = {|JP0005:new StringContent(JsonSerializer.Serialize(order))|}; Console.WriteLine(c);")]
    [InlineData("var c = {|JP0005:new StringContent(JsonSerializer.Serialize(order))|}; Console.WriteLine(c.GetType());")]
    [InlineData("Console.WriteLine({|JP0005:new StringContent(JsonSerializer.Serialize(order))|});")]
    [InlineData("var all = new[] { {|JP0005:new StringContent(JsonSerializer.Serialize(order))|} };")]
    // Another encoding, a null or named media type, or an initializer already there.
    [InlineData("await client.PostAsync(\"/\", {|JP0005:new StringContent(JsonSerializer.Serialize(order), Encoding.Unicode, \"application/json\")|});")]
    [InlineData("await client.PostAsync(\"/\", {|JP0005:new StringContent(JsonSerializer.Serialize(order), encoding, \"application/json\")|});")]
    [InlineData("await client.PostAsync(\"/\", {|JP0005:new StringContent(JsonSerializer.Serialize(order), Encoding.UTF8, (string)null)|});")]
    [InlineData("await client.PostAsync(\"/\", {|JP0005:new StringContent(JsonSerializer.Serialize(order), mediaType: \"application/json\", encoding: Encoding.UTF8)|});")]
    [InlineData("await client.PostAsync(\"/\", {|JP0005:new StringContent(JsonSerializer.Serialize(order)) { Headers = { { \"X-Order\", \"1\" } } }|});")]
    public Task Offers_no_fix_where_a_StringContent_or_other_bytes_are_needed(string statement)
    {
        var source = HttpHeader + """
            public class C
            {
                public async Task M(HttpClient client, Order order, Encoding encoding)
                {
                    STATEMENT
                }

                private static void Keep(StringContent content) { }
            }
            """.Replace("STATEMENT", statement);
        return Verify.VerifyFixAsync(source, source);
    }

    internal const string HttpProgram = """
        using System;
        using System.Net.Http;
        using System.Text;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Threading.Tasks;

        public class Item { public string Name { get; set; } public decimal Price { get; set; } public string Note { get; set; } }

        public static class Program
        {
            private static readonly JsonSerializerOptions s_relaxed = new JsonSerializerOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping, PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

            public static async Task Main()
            {
                Console.WriteLine("marker");
                var (listener, address) = Net.Server.Start();
                using var client = new HttpClient { BaseAddress = address };
                var item = new Item { Name = "Ünal 東京 <b>", Price = 2.5m, Note = "lone \ud800 end" };
                for (var i = 0; i < 2; i++)
                {
                    (await client.PostAsync("/a", new StringContent(JsonSerializer.Serialize(item, s_relaxed), Encoding.UTF8, "application/json"))).Dispose();
                    using var request = new HttpRequestMessage(HttpMethod.Put, "/b") { Content = new StringContent(JsonSerializer.Serialize(item)) };
                    (await client.SendAsync(request)).Dispose();
                    using var content = new StringContent(JsonSerializer.Serialize(new[] { item, null }, s_relaxed), Encoding.UTF8, "application/problem+json");
                    content.Headers.Add("X-Count", "2");
                    (await client.PostAsync("/c", content)).Dispose();
                    try
                    {
                        (await client.PostAsync("/d", new StringContent(JsonSerializer.Serialize(item), Encoding.UTF8, "application/json; charset=utf-8"))).Dispose();
                    }
                    catch (Exception e)
                    {
                        Console.WriteLine("bad media type: " + e.GetType());
                    }
                }

                listener.Stop();
            }
        }
        """;

    [Fact]
    public async Task The_same_requests_reach_the_server_before_and_after()
    {
        var program = HttpProgram + JP0002.FixTests.HttpServer;
        var analyzer = new Utf16DetourAnalyzer();
        var fixedProgram = await FixRunner.ApplyFixAllAsync(program, analyzer, new Utf16DetourFixer(), OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.DoesNotContain("new StringContent", fixedProgram);

        var (solution, document) = FixRunner.CreateProject(fixedProgram, OutputKind.ConsoleApplication, TestReferences.Net10);
        Assert.Empty((await FixRunner.GetDiagnosticsAsync(solution.GetDocument(document)!.Project, analyzer)).Where(d => d.Id == Rules.Utf16DetourId));

        var (beforeBytes, afterBytes) = ProgramRunner.RunBeforeAndAfter(program, fixedProgram);
        var (before, after) = (Encoding.UTF8.GetString(beforeBytes), Encoding.UTF8.GetString(afterBytes));
        Assert.StartsWith("marker", before);
        Assert.Contains("Content-Type: application/json; charset=utf-8", before);
        Assert.Contains("Content-Type: text/plain; charset=utf-8", before);
        Assert.Contains("Content-Length: ", before);
        Assert.Contains("X-Count: 2", before);
        Assert.Contains("bad media type: System.FormatException", before);
        Assert.Equal(2, before.Split("POST /c ").Length - 1);
        Assert.Equal(before, after);
    }
}
