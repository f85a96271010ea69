using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using System.Text.Unicode;

var orders = new[] { new Order(1, "Ada <&>", Status.Shipped), new Order(2, "山本太郎", Status.Pending) };
foreach (var order in orders)
{
    Console.WriteLine(Api.Indented(order));
    Console.WriteLine(Api.Camel(order));
    Console.WriteLine(Api.Shared(order));
    Console.WriteLine(Api.Plain(order));
    Console.WriteLine(Convert.ToHexString(Api.Utf8(order)));
    Console.WriteLine(Api.Escape(order.Customer));
}

public enum Status { Pending, Shipped }

public record Order(int Id, string Customer, Status Status);

public static class Api
{
    private static readonly JsonSerializerOptions s_shared = new() { WriteIndented = false };

    // JP0001: new options, and a new converter, on every call.
    public static string Indented(Order order)
        => JsonSerializer.Serialize(order, new JsonSerializerOptions { WriteIndented = true, Converters = { new JsonStringEnumConverter() } });

    // JP0001: a local that is only configured and passed on (its encoder moves with it: JP0004 leaves it to JP0001).
    public static string Camel(Order order)
    {
        var options = new JsonSerializerOptions();
        options.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
        options.Encoder = JavaScriptEncoder.Create(UnicodeRanges.All);
        return JsonSerializer.Serialize(order, options);
    }

    // JP0004: a new encoder, with its table of allowed characters, on every call.
    public static string Escape(string text) => JavaScriptEncoder.Create(UnicodeRanges.All).Encode(text);

    // Not flagged by JP0001: the options live in a static readonly field (JP0002, info: reflection metadata).
    public static string Shared(Order order) => JsonSerializer.Serialize(order, s_shared);

    // JP0002 (info; a warning in trimmed/AOT projects): reflection metadata on the default options, fixable.
    public static string Plain(Order order) => JsonSerializer.Serialize(order);

    // JP0005: the JSON made a UTF-16 string only to be transcoded back to UTF-8 (metadata passed in, so not JP0002).
    private static readonly JsonTypeInfo<Order> s_orderInfo = (JsonTypeInfo<Order>)JsonSerializerOptions.Default.GetTypeInfo(typeof(Order));

    public static byte[] Utf8(Order order) => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(order, s_orderInfo));
}
