using System.Linq;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0006;

/// <summary>
/// A DOM built only to be written, property by property: <c>SerializeToElement(value)</c>, then each property of
/// <c>EnumerateObject()</c> written to the writer between <c>WriteStartObject</c> and <c>WriteEndObject</c> (a2a-dotnet's
/// <c>BaseKindDiscriminatorConverter.Write</c>). Reported without a fix; left alone where the DOM is needed.
/// </summary>
public class PropertyCopyTests
{
    [Theory]
    [InlineData("var element = [|JsonSerializer.SerializeToElement(value, options.GetTypeInfo(value.GetType()))|]; writer.WriteStartObject(); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); } writer.WriteEndObject();", false)]
    [InlineData("writer.WriteStartObject(); foreach (var property in [|JsonSerializer.SerializeToElement(value, value.GetType(), options)|].EnumerateObject()) property.WriteTo(writer); writer.WriteEndObject();", false)]
    [InlineData("writer.WriteStartObject(); var element = [|JsonSerializer.SerializeToElement(value, value.GetType(), options)|]; foreach (JsonProperty property in element.EnumerateObject()) { property.WriteTo(writer); } writer.WriteEndObject();", false)]
    [InlineData("var element = [|JsonSerializer.SerializeToElement(value, value.GetType(), options)|]; writer.WriteStartObject(); writer.WriteString(\"kind\", value.Kind); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); } writer.WriteEndObject();", true)]
    [InlineData("var element = [|JsonSerializer.SerializeToElement(value, value.GetType(), options)|]; writer.WriteStartObject(); writer.WritePropertyName(\"kind\"); writer.WriteStringValue(value.Kind); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); } writer.WriteNumber(\"version\", 1); writer.WriteEndObject();", true)]
    public async Task A_serialized_element_copied_property_by_property_in_Write_is_reported_without_a_fix(string body, bool added)
    {
        var (source, span) = Marked(InConverter(body));
        var diagnostic = Assert.Single(await JP0006Async(source));
        Assert.Empty(diagnostic.Properties);
        Assert.Equal(span, diagnostic.Location.SourceSpan.ToString());
        var message = diagnostic.GetMessage();
        var instead = added ? "JsonSerializer.Serialize(writer, ...) with [JsonPolymorphic] metadata" : "JsonSerializer.Serialize(writer, ...)";
        Assert.Equal("JsonSerializer.SerializeToElement(...) written property by property builds a DOM only to write it; call " + instead + " instead"
                     + (added ? Rules.NoFixAddedProperty : Rules.NoFixPropertyCopy), message);
        Assert.True(Rules.SaysWhy(message), message);
    }

    [Theory]
    // The element is read, kept or filtered: the DOM is needed.
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); writer.WriteStartObject(); writer.WriteString(\"kind\", element.GetProperty(\"kind\").GetString()); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); } writer.WriteEndObject();")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); _last = element; writer.WriteStartObject(); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); } writer.WriteEndObject();")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); writer.WriteStartObject(); foreach (var property in element.EnumerateObject()) { if (property.NameEquals(\"kind\")) continue; property.WriteTo(writer); } writer.WriteEndObject();")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); writer.WriteStartObject(); foreach (var property in element.EnumerateObject()) { Console.WriteLine(property.Name); property.WriteTo(writer); } writer.WriteEndObject();")]
    // Not a serialized element, another writer, or no object of its own around the properties.
    [InlineData("using var document = JsonDocument.Parse(value.Kind); writer.WriteStartObject(); foreach (var property in document.RootElement.EnumerateObject()) { property.WriteTo(writer); } writer.WriteEndObject();")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); using var other = new Utf8JsonWriter(new System.IO.MemoryStream()); writer.WriteStartObject(); foreach (var property in element.EnumerateObject()) { property.WriteTo(other); } writer.WriteEndObject();")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); }")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); writer.WriteStartObject(); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); }")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); writer.WriteStartObject(); writer.WritePropertyName(\"inner\"); JsonSerializer.Serialize(writer, value.Kind); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); } writer.WriteEndObject();")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value, value.GetType(), options); writer.WriteStartObject(); writer.WriteStartObject(\"inner\"); foreach (var property in element.EnumerateObject()) { property.WriteTo(writer); } writer.WriteEndObject(); writer.WriteEndObject();")]
    public async Task A_DOM_that_is_needed_or_not_framed_as_its_own_object_is_not_reported(string body)
        => Assert.Empty(await JP0006Async(InConverter(body)));

    [Fact]
    public async Task Code_that_runs_once_is_not_reported()
    {
        var source = Usings + """
            public class Shape { public string Kind { get; set; } }

            public static class Sample
            {
                private static readonly byte[] s_bytes = Write(new Shape { Kind = "circle" });

                private static byte[] Write(Shape value)
                {
                    var stream = new System.IO.MemoryStream();
                    using (var writer = new Utf8JsonWriter(stream))
                    {
                        var element = JsonSerializer.SerializeToElement(value);
                        writer.WriteStartObject();
                        foreach (var property in element.EnumerateObject())
                        {
                            property.WriteTo(writer);
                        }

                        writer.WriteEndObject();
                    }

                    return stream.ToArray();
                }
            }
            """;
        Assert.Empty(await JP0006Async(source));
    }

    [Theory]
    [InlineData("var element = JsonSerializer.SerializeToElement(value); writer.WriteStartObject(); foreach (var property in element.EnumerateObject()) { property.WriteTo(); } writer.WriteEndObject();")]
    [InlineData("var element = JsonSerializer.SerializeToElement(value); writer.WriteStartObject(); foreach (var property in element.EnumerateObject() { property.WriteTo(writer); } writer.WriteEndObject();")]
    [InlineData("writer.WriteStartObject(); foreach (var (name, v) in element.EnumerateObject()) { name.WriteTo(writer); } writer.WriteEndObject();")]
    [InlineData("var element = JsonSerializer.SerializeToElement(); writer.WriteStartObject(); foreach (var property in element.EnumerateObject()) property.WriteTo(writer); writer.WriteEndObject(")]
    [InlineData("writer.WriteStartObject(); foreach (var property in missing.EnumerateObject()) property.WriteTo(writer); writer.WriteEndObject();")]
    public async Task Incomplete_code_never_throws(string body)
    {
        var (solution, id) = FixRunner.CreateProject(InConverter(body), OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        var diagnostics = await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConvertWithoutTextAnalyzer());
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
    }

    private const string Usings = """
        using System;
        using System.Text.Json;
        using System.Text.Json.Serialization;

        """;

    private static string InConverter(string body) => Usings + $$"""
        public class Shape { public string Kind { get; set; } }

        public sealed class ShapeConverter : JsonConverter<Shape>
        {
            private JsonElement _last;

            public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

            public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
            {
                {{body}}
            }
        }
        """;

    /// <summary>The source without its one <c>[|...|]</c> marker, and the marked span as a TextSpan prints it.</summary>
    private static (string Source, string Span) Marked(string source)
    {
        var start = source.IndexOf("[|", System.StringComparison.Ordinal);
        var end = source.IndexOf("|]", System.StringComparison.Ordinal) - 2;
        return (source.Replace("[|", "").Replace("|]", ""), $"[{start}..{end})");
    }

    private static async Task<System.Collections.Generic.List<Diagnostic>> JP0006Async(string source)
    {
        var (solution, id) = FixRunner.CreateProject(source, OutputKind.DynamicallyLinkedLibrary, TestReferences.Net10);
        return (await FixRunner.GetDiagnosticsAsync(solution.GetDocument(id)!.Project, new ConvertWithoutTextAnalyzer())).Where(d => d.Id == "JP0006").ToList();
    }
}
