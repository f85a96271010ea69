using System.Linq;
using System.Threading.Tasks;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>
/// System.Net.Http.Json without options serializes with the Web defaults: the fix registers the type on a context
/// whose generation options are <c>JsonSerializerDefaults.Web</c> and inserts its metadata where the metadata overload
/// takes it. Proved by an HTTP round trip on 127.0.0.1 (an HttpListener in the program): the bytes and headers each
/// request carries, and what the client reads back, are printed before and after the fix.
/// </summary>
public partial class FixTests
{
    internal const string HttpServer = """
        namespace Net
        {
            using System;
            using System.IO;
            using System.Linq;
            using System.Net;
            using System.Net.Sockets;
            using System.Text;
            using System.Threading.Tasks;

            /// <summary>Prints every request (method, path, headers but Host, body in hex) and answers with fixed JSON.</summary>
            public static class Server
            {
                public static (HttpListener Listener, Uri Address) Start()
                {
                    var probe = new TcpListener(IPAddress.Loopback, 0);
                    probe.Start();
                    var port = ((IPEndPoint)probe.LocalEndpoint).Port;
                    probe.Stop();
                    var listener = new HttpListener();
                    listener.Prefixes.Add($"http://127.0.0.1:{port}/");
                    listener.Start();
                    _ = Task.Run(() => ServeAsync(listener));
                    return (listener, new Uri($"http://127.0.0.1:{port}/"));
                }

                private static async Task ServeAsync(HttpListener listener)
                {
                    while (true)
                    {
                        HttpListenerContext context;
                        try { context = await listener.GetContextAsync(); }
                        catch { return; }

                        var request = context.Request;
                        using var body = new MemoryStream();
                        await request.InputStream.CopyToAsync(body);
                        var headers = string.Join(" | ", request.Headers.AllKeys.Where(k => k != "Host").OrderBy(k => k, StringComparer.Ordinal).Select(k => k + ": " + request.Headers[k]));
                        Console.WriteLine($"{request.HttpMethod} {request.Url.AbsolutePath} [{headers}] {Convert.ToHexString(body.ToArray())}");
                        Console.WriteLine("  as text: " + Encoding.UTF8.GetString(body.ToArray()));

                        var answer = request.Url.AbsolutePath == "/items"
                            ? "[{\"name\":\"tea\",\"price\":\"2.5\"},{\"NAME\":\"Ünal 東京\",\"price\":1}]"
                            : "{\"id\":\"7\",\"owner\":\"Ünal 東京 <b>\",\"items\":[{\"name\":\"tea\",\"price\":\"2.5\"}],\"status\":1,\"Secret\":\"x\"}";
                        var bytes = Encoding.UTF8.GetBytes(answer);
                        context.Response.ContentType = "application/json; charset=utf-8";
                        await context.Response.OutputStream.WriteAsync(bytes);
                        context.Response.Close();
                    }
                }
            }
        }
        """;

    internal const string HttpJsonProgram = """
        using System;
        using System.Collections.Generic;
        using System.Net.Http;
        using System.Net.Http.Json;
        using System.Text.Encodings.Web;
        using System.Text.Json;
        using System.Text.Unicode;
        using System.Threading;
        using System.Threading.Tasks;
        using Shop;

        namespace Shop
        {
            public enum Status { Open, Closed }
            public record Item(string Name, decimal Price);
            public class Basket
            {
                public int Id { get; set; }
                public string Owner { get; set; }
                public List<Item> Items { get; set; } = new();
                public Status Status { get; set; }
                public decimal? Discount { get; set; }
                public override string ToString() => $"{Id} {Owner} {Status} {Discount} {string.Join(",", Items)}";
            }
        }

        namespace App
        {
            public static class Program
            {
                private static readonly JsonSerializerOptions s_indented = new(JsonSerializerDefaults.Web) { WriteIndented = true };
                private static readonly JsonSerializerOptions s_encoded = new(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.CjkUnifiedIdeographs) };

                public static async Task Main()
                {
                    var (listener, address) = Net.Server.Start();
                    using var client = new HttpClient { BaseAddress = address };
                    var basket = new Basket { Id = 3, Owner = "Ünal 東京 <b> \"q\" & é", Items = { new Item("tea", 2.5m) }, Status = Status.Closed };
                    var token = CancellationToken.None;

                    Console.WriteLine(await client.GetFromJsonAsync<Basket>("basket"));
                    Console.WriteLine(await client.GetFromJsonAsync<Basket>(new Uri(address, "basket"), token));
                    Console.WriteLine(await client.GetFromJsonAsync("basket", typeof(Basket)));
                    Console.WriteLine(await client.DeleteFromJsonAsync<Basket>("basket", (JsonSerializerOptions)null, token));
                    await foreach (var item in client.GetFromJsonAsAsyncEnumerable<Item>("items"))
                    {
                        Console.WriteLine(item);
                    }

                    using (var posted = await client.PostAsJsonAsync("basket", basket))
                    {
                        Console.WriteLine(await posted.Content.ReadFromJsonAsync<Basket>());
                    }

                    using (var put = await client.PutAsJsonAsync("basket", basket, token))
                    {
                        Console.WriteLine(await put.Content.ReadFromJsonAsync(typeof(Basket), token));
                    }

                    using (await client.PatchAsJsonAsync("basket", new List<Item> { new("x", 1m) }, options: null, cancellationToken: token)) { }
                    using (await client.PostAsync("basket", JsonContent.Create(basket))) { }
                    var content = JsonContent.Create(basket, mediaType: null);
                    Console.WriteLine(content.Headers.ContentType);
                    using (await client.PostAsync("basket", content)) { }

                    // Explicit options: JsonSerializerOptions.Default is not the Web defaults; static options mirrored.
                    using (await client.PostAsJsonAsync("basket", basket, JsonSerializerOptions.Default)) { }
                    using (await client.PostAsync("basket", JsonContent.Create(new Item("pen", 3m), options: JsonSerializerOptions.Default))) { }
                    using (await client.PostAsJsonAsync("basket", basket, s_indented, token)) { }
                    using (await client.PutAsJsonAsync("basket", basket, s_encoded)) { }
                    listener.Stop();
                }
            }
        }
        """;

    [Fact]
    public async Task Http_json_calls_without_options_get_a_web_defaults_context_and_send_and_read_the_same_bytes()
    {
        var (before, after) = await FixAllAsync(HttpJsonProgram + HttpServer);

        var program = await TextAsync(after, "Program.cs");
        AssertContains("""
                [JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
                [JsonSerializable(typeof(Basket))]
            """, program);
        AssertContains("internal partial class WebJsonContext : JsonSerializerContext", program);
        AssertContains("client.GetFromJsonAsync<Basket>(\"basket\", WebJsonContext.Default.Basket)", program);
        AssertContains("client.GetFromJsonAsync<Basket>(new Uri(address, \"basket\"), WebJsonContext.Default.Basket, token)", program);
        AssertContains("client.GetFromJsonAsync(\"basket\", typeof(Basket), WebJsonContext.Default)", program);
        AssertContains("client.DeleteFromJsonAsync<Basket>(\"basket\", WebJsonContext.Default.Basket, token)", program);
        AssertContains("client.GetFromJsonAsAsyncEnumerable<Item>(\"items\", WebJsonContext.Default.Item)", program);
        AssertContains("client.PostAsJsonAsync(\"basket\", basket, WebJsonContext.Default.Basket)", program);
        AssertContains("posted.Content.ReadFromJsonAsync<Basket>(WebJsonContext.Default.Basket)", program);
        AssertContains("client.PutAsJsonAsync(\"basket\", basket, WebJsonContext.Default.Basket, token)", program);
        AssertContains("put.Content.ReadFromJsonAsync(typeof(Basket), WebJsonContext.Default, token)", program);
        AssertContains("client.PatchAsJsonAsync(\"basket\", new List<Item> { new(\"x\", 1m) }, jsonTypeInfo: WebJsonContext.Default.ListItem, cancellationToken: token)", program);
        AssertContains("JsonContent.Create(basket, WebJsonContext.Default.Basket)", program);
        AssertContains("JsonContent.Create(basket, jsonTypeInfo: WebJsonContext.Default.Basket, mediaType: null)", program);
        AssertContains("client.PostAsJsonAsync(\"basket\", basket, AppJsonContext.Default.Basket)", program);
        AssertContains("JsonContent.Create(new Item(\"pen\", 3m), AppJsonContext.Default.Item)", program);
        AssertContains("client.PostAsJsonAsync(\"basket\", basket, IndentedJsonContext.Default.Basket, token)", program);
        AssertContains("client.PutAsJsonAsync(\"basket\", basket, s_encoded)", program);
        AssertContains("TypeInfoResolver = JsonTypeInfoResolver.Combine(AppJsonContext.Default, new DefaultJsonTypeInfoResolver())", program);
        Assert.Single(program.Split("class WebJsonContext").Skip(1));

        await AssertSameOutputAsync(before, after);
        Assert.Empty(await JP0002Async(after));
    }

    [Fact]
    public async Task Http_json_calls_reuse_a_context_with_the_web_defaults_and_not_one_with_the_default_options()
    {
        var source = """
            using System;
            using System.Net.Http;
            using System.Net.Http.Json;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Point { public int X { get; set; } public string Label { get; set; } }

            [JsonSerializable(typeof(int))]
            internal partial class PlainContext : JsonSerializerContext { }

            [JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
            [JsonSerializable(typeof(int))]
            internal partial class ApiContext : JsonSerializerContext { }

            public static class Program
            {
                public static void Main()
                {
                    using var content = JsonContent.Create(new Point { X = 4, Label = "Ünal <東京>" });
                    Console.WriteLine(content.ReadAsStringAsync().Result);
                    Console.WriteLine(content.ReadFromJsonAsync<Point>().Result.Label);
                }
            }
            """;
        var (before, after) = await FixAllAsync(source);

        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonContent.Create(new Point { X = 4, Label = \"Ünal <東京>\" }, ApiContext.Default.Point)", program);
        AssertContains("content.ReadFromJsonAsync<Point>(ApiContext.Default.Point)", program);
        AssertContains("""
            [JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
            [JsonSerializable(typeof(int))]
            [JsonSerializable(typeof(Point))]
            internal partial class ApiContext
            """, program);
        Assert.DoesNotContain("WebJsonContext", program);
        await AssertSameOutputAsync(before, after);
    }

    /// <summary>
    /// ASP.NET Core's helpers without options write with the app's JSON options (by default the Web defaults plus a
    /// relaxed encoder); a context with the Web defaults escapes what they write raw. Served by Kestrel on 127.0.0.1.
    /// </summary>
    internal const string AspNetProgram = """
        using System;
        using System.Linq;
        using System.Net.Http;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Hosting;
        using Microsoft.AspNetCore.Http;
        using Microsoft.Extensions.Logging;

        public class Person { public string Name { get; set; } }

        [JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
        [JsonSerializable(typeof(Person))]
        internal partial class WebContext : JsonSerializerContext { }

        public static class Program
        {
            public static async Task Main()
            {
                var builder = WebApplication.CreateSlimBuilder();
                builder.Logging.ClearProviders();
                builder.WebHost.UseUrls("http://127.0.0.1:0");
                var app = builder.Build();
                var person = new Person { Name = "Ünal 東京 <b>" };
                app.MapGet("/write", (HttpContext c) => c.Response.WriteAsJsonAsync(person));
                app.MapGet("/write-context", (HttpContext c) => c.Response.WriteAsJsonAsync(person, WebContext.Default.Person));
                app.MapGet("/results", () => Results.Json(person));
                app.MapGet("/typed", () => TypedResults.Json(person));
                app.MapGet("/results-context", () => Results.Json(person, WebContext.Default.Person));
                await app.StartAsync();
                using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
                foreach (var path in new[] { "write", "write-context", "results", "typed", "results-context" })
                {
                    using var response = await client.GetAsync(path);
                    Console.WriteLine(path + " " + response.Content.Headers.ContentType + " " + await response.Content.ReadAsStringAsync());
                }

                await app.StopAsync();
            }
        }
        """;

    [Fact]
    public async Task Asp_net_core_helpers_without_options_write_unescaped_text_that_a_web_defaults_context_escapes_so_no_fix()
    {
        var (solution, id) = CreateProject(AspNetProgram, Microsoft.CodeAnalysis.OutputKind.ConsoleApplication, Infrastructure.TestReferences.AspNet10);
        var project = solution.GetProject(id.ProjectId)!;
        var output = System.Text.Encoding.UTF8.GetString(Infrastructure.ProgramRunner.Run(await Infrastructure.SourceGeneration.CompileAsync(project), aspNetCore: true)).ReplaceLineEndings("\n");

        // Measured on the running framework: the helpers' defaults write "Ünal 東京 <b>" raw, the Web-defaults context escapes it.
        const string Raw = "{\"name\":\"Ünal 東京 <b>\"}";
        const string Escaped = "{\"name\":\"\\u00DCnal \\u6771\\u4EAC \\u003Cb\\u003E\"}";
        Assert.Equal(
            $"write application/json; charset=utf-8 {Raw}\nwrite-context application/json; charset=utf-8 {Escaped}\n" +
            $"results application/json; charset=utf-8 {Raw}\ntyped application/json; charset=utf-8 {Raw}\nresults-context application/json; charset=utf-8 {Escaped}\n",
            output);

        // So the three calls without options are reported, without a fix: Fix All leaves the program as it is.
        var diagnostics = await JP0002Async(solution);
        Assert.Equal(3, diagnostics.Length);
        Assert.All(diagnostics, d => Assert.EndsWith(Rules.NoFixForAppOptions, d.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal));
        var after = await Infrastructure.FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, Analyzer, Fixer);
        Assert.Equal(AspNetProgram, await TextAsync(after, "Program.cs"));
    }
}
