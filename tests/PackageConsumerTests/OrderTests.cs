using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;
using Xunit;

namespace PackageConsumerTests;

public record Order(int Id, string Customer);

// Test code that would warn in shipped code: options and an encoder per call (JP0001, JP0004), a document never
// disposed (JP0007), text between JSON representations (JP0006), constant JSON parsed per call (JP0009, Info). In a test project they are suggestions, and the
// reflection-based calls (JP0002) are not reported at all.
public class OrderTests
{
    [Fact]
    public void Serializes_camel_case()
    {
        var json = JsonSerializer.Serialize(new Order(1, "Ada"), new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase });
        Assert.Equal("{\"id\":1,\"customer\":\"Ada\"}", json);
    }

    [Fact]
    public void Keeps_non_ascii_letters()
    {
        var options = new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) };
        Assert.Contains("山本", JsonSerializer.Serialize(new Order(2, "山本"), options));
        Assert.Equal("山本", JavaScriptEncoder.Create(UnicodeRanges.All).Encode("山本"));
    }

    [Fact]
    public void Reads_the_id()
    {
        var root = JsonDocument.Parse("{\"Id\":3}").RootElement;
        Assert.Equal(3, root.GetProperty("Id").GetInt32());
    }

    [Fact]
    public void Round_trips_through_an_element()
    {
        var element = JsonSerializer.SerializeToElement(new Order(4, "Lin"));
        var order = JsonSerializer.Deserialize<Order>(element.GetRawText());
        Assert.Equal(4, order!.Id);
    }
}
