using System.Net;
using System.Net.Http.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Unicode;

var orders = new List<Order> { new(1, "Ada <&>", Status.Shipped, 2.5m), new(2, "山本太郎", Status.Pending, null) };
Console.WriteLine(Store.Save(orders[0]));
Console.WriteLine(Store.Load("{\"Id\":3,\"Customer\":\"x\",\"Status\":1}").Customer);
Console.WriteLine(Store.SaveAll(orders));
Console.WriteLine(Store.Pretty(orders[1]));
Console.WriteLine(Store.ReadCamel("{\"id\":4,\"customer\":\"y\",\"status\":0}"));
Console.WriteLine(Store.Untyped(orders[0]));
Console.WriteLine(Store.Encoded(orders[1]));
Console.WriteLine(Store.EncodedAll(orders));
Console.WriteLine(await Web.RoundTrip(orders[1]));
Console.WriteLine(await Api.RoundTrip(orders[0]));

public enum Status { Pending, Shipped }

public record Order(int Id, string Customer, Status Status, decimal? Discount);

public static class Store
{
    // Settings a context's generation options express: the fix uses such a context, and the member, private and then
    // unused, goes.
    private static readonly JsonSerializerOptions s_pretty = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull
    };

    private static JsonSerializerOptions Camel { get; } = new(JsonSerializerDefaults.Web);

    // An encoder: no generation option expresses it. Outside trimmed/AOT projects the fix binds a
    // context with reflection behind it; here it builds a context instance on these options instead.
    private static readonly JsonSerializerOptions s_encoded = new()
    {
        Encoder = JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.CjkUnifiedIdeographs)
    };

    // JP0002 on the default options, IL2026 and IL3050 on each call.
    public static string Save(Order order) => JsonSerializer.Serialize(order);

    public static Order Load(string json) => JsonSerializer.Deserialize<Order>(json)!;

    public static string SaveAll(List<Order> orders) => JsonSerializer.Serialize(orders);

    public static string Untyped(Order order) => JsonSerializer.Serialize(order, typeof(Order));

    // JP0002 on static options.
    public static string Pretty(Order order) => JsonSerializer.Serialize(order, s_pretty);

    public static Order? ReadCamel(string json) => JsonSerializer.Deserialize<Order>(json, Camel);

    public static string Encoded(Order order) => JsonSerializer.Serialize(order, s_encoded);

    public static string EncodedAll(List<Order> orders) => JsonSerializer.Serialize(orders, s_encoded);
}

// System.Net.Http.Json without options (the Web defaults): JP0002 and IL2026/IL3050 on each call; the fix uses a
// context with the Web defaults' generation options. The handler answers in process: no network.
public static class Web
{
    public static async Task<string> RoundTrip(Order order)
    {
        using var client = new HttpClient(new EchoHandler()) { BaseAddress = new Uri("http://localhost/") };
        using var response = await client.PostAsJsonAsync("orders", order);
        var sent = await response.Content.ReadAsStringAsync();
        var back = await response.Content.ReadFromJsonAsync<Order>();
        var got = await client.GetFromJsonAsync<Order>("orders/9");
        return sent + " " + back + " " + got;
    }

    /// <summary>Answers a request with its own body, or with a fixed order when it has none.</summary>
    private sealed class EchoHandler : HttpMessageHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var body = request.Content is null
                ? "{\"ID\":9,\"customer\":\"Ünal 東京\",\"status\":1,\"discount\":\"1.5\"}"u8.ToArray()
                : await request.Content.ReadAsByteArrayAsync(cancellationToken);
            var content = new ByteArrayContent(body);
            content.Headers.ContentType = new("application/json");
            return new HttpResponseMessage(HttpStatusCode.OK) { Content = content };
        }
    }
}

// ASP.NET Core's helpers without options (Results.Json, WriteAsJsonAsync) write with the app's JSON options: JP0002 and
// IL2026/IL3050 on each. Here those options are ASP.NET Core's defaults with ApiJsonContext first in the chain, so the fix
// passes ApiJsonContext's metadata on the same defaults (a property it adds to ApiJsonContext). Kestrel answers on
// 127.0.0.1; each path is asked twice and status, content type and body are printed.
public static class Api
{
    public static async Task<string> RoundTrip(Order order)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, ApiJsonContext.Default));
        await using var app = builder.Build();
        var receipt = new Receipt(order.Id, order.Customer + " é 東京", order.Discount ?? 0m);
        app.Use((context, next) => context.Request.Path.Value switch
        {
            "/receipt" => Results.Json(receipt).ExecuteAsync(context),
            "/order" => context.Response.WriteAsJsonAsync(order),
            _ => next(context),
        });
        await app.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
        var lines = new List<string>();
        foreach (var path in new[] { "receipt", "receipt", "order", "order" })
        {
            using var response = await client.GetAsync(path);
            lines.Add($"{path} {(int)response.StatusCode} [{response.Content.Headers.ContentType}] {await response.Content.ReadAsStringAsync()}");
        }

        await app.StopAsync();
        return string.Join(Environment.NewLine, lines);
    }
}

public sealed record Receipt(int OrderId, string Customer, decimal Total);

[JsonSerializable(typeof(Receipt))]
[JsonSerializable(typeof(Order))]
internal partial class ApiJsonContext : JsonSerializerContext
{
}
