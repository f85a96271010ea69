using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Unicode;

// One site of each JsonPerf rule. demo/run.sh builds this app from the packed package, prints its output, applies
// every fix with the README's two `dotnet format analyzers` commands, and checks that the fixed app prints the same.
var order = new Order(1, "Ada <&> 山本", Status.Shipped);
Console.WriteLine(Orders.Indented(order));
Console.WriteLine(Orders.Camel(order));
Console.WriteLine(Orders.Escape(order.Customer));
Console.WriteLine(Orders.Plain(order));
Console.WriteLine(Orders.Read("{\"id\":2,\"customer\":\"Bo\",\"status\":0}"));
Console.WriteLine(Convert.ToHexString(Orders.Utf8(order)));
Console.WriteLine(Orders.FromElement(JsonSerializer.SerializeToElement(order, AppJsonContext.Default.Order)));
Console.WriteLine(Orders.IdOf("{\"Id\":3}"));
Console.WriteLine(Orders.Schema.GetProperty("type").GetString());
Console.WriteLine(Orders.Line(order));
Console.WriteLine(await Api.RoundTrip(order));

public enum Status { Pending, Shipped }

public record Order(int Id, string Customer, Status Status);

public record Receipt(int OrderId, string Customer);

[JsonSerializable(typeof(Order))]
internal partial class AppJsonContext : JsonSerializerContext
{
}

public static class Orders
{
    // JP0003: case-insensitive matching without a naming policy.
    private static readonly JsonSerializerOptions s_read = new() { PropertyNameCaseInsensitive = true };

    // JP0001: new options on every call.
    public static string Indented(Order order)
        => JsonSerializer.Serialize(order, new JsonSerializerOptions { WriteIndented = true });

    // JP0001: a local only configured and passed on.
    public static string Camel(Order order)
    {
        var options = new JsonSerializerOptions();
        options.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
        return JsonSerializer.Serialize(order, options);
    }

    // JP0004: a new encoder, with its table of allowed characters, on every call.
    public static string Escape(string text) => JavaScriptEncoder.Create(UnicodeRanges.All).Encode(text);

    // JP0002: reflection-based metadata (the default options).
    public static string Plain(Order order) => JsonSerializer.Serialize(order);

    public static Order? Read(string json) => JsonSerializer.Deserialize<Order>(json, s_read);

    // JP0005: the JSON made a UTF-16 string only to be transcoded to UTF-8.
    public static byte[] Utf8(Order order) => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, AppJsonContext.Default.Order));

    // JP0006: an element turned into text only to be parsed again.
    public static Order? FromElement(JsonElement element) => JsonSerializer.Deserialize(element.GetRawText(), AppJsonContext.Default.Order);

    // JP0007: a JsonDocument never disposed (its pooled buffers are not returned).
    public static int IdOf(string json)
    {
        var document = JsonDocument.Parse(json);
        return document.RootElement.GetProperty("Id").GetInt32();
    }

    // JP0009: constant JSON parsed again on every read.
    public static JsonElement Schema => JsonElement.Parse("{\"type\":\"object\",\"required\":[\"id\"]}");

    public static string Line(Order order)
    {
        using var stream = new MemoryStream();
        using (var writer = new Utf8JsonWriter(stream))
        {
            new OrderLineConverter().Write(writer, order, AppJsonContext.Default.Options);
        }

        return Encoding.UTF8.GetString(stream.ToArray());
    }
}

// JP0010: constant property names written as strings, escaped again for every value.
public sealed class OrderLineConverter : JsonConverter<Order>
{
    public override Order Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

    public override void Write(Utf8JsonWriter writer, Order value, JsonSerializerOptions options)
    {
        writer.WriteStartObject();
        writer.WriteNumber("id", value.Id);
        writer.WriteString("customer", value.Customer);
        writer.WriteEndObject();
    }
}

// JP0008: the app's JSON options serve AppJsonContext only, and the endpoint returns a Receipt that no context registers
// (a native AOT app answers HTTP 500). Kestrel answers on 127.0.0.1.
public static class Api
{
    public static async Task<string> RoundTrip(Order order)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonContext.Default));
        await using var app = builder.Build();
        app.MapGet("/receipt", () => new Receipt(order.Id, order.Customer));
        await app.StartAsync();
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
        var body = await client.GetStringAsync("receipt");
        await app.StopAsync();
        return body;
    }
}
