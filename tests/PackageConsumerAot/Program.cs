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

    // An encoder (issue 14's case): no generation option expresses it. Outside trimmed/AOT projects the fix binds a
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
