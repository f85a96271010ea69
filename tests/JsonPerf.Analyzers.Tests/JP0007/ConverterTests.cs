using System.Threading.Tasks;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonDocumentNotDisposedAnalyzer,
    JsonPerf.CodeFixes.JsonDocumentNotDisposedFixer>;

namespace JsonPerf.Analyzers.Tests.JP0007;

/// <summary>
/// A converter's <c>Read</c> that parses the value in place (<c>JsonDocument.ParseValue(ref reader).RootElement</c>) and reads
/// a discriminator: nothing derived from the document outlives <c>Read</c> (Deserialize copies what it reads, values are
/// values, an out element or an enumerator used in the method dies with it), so the document is declared with
/// <c>using</c> before the statement; where an element does outlive it, <c>JsonElement.ParseValue</c> owns its memory.
/// </summary>
public partial class ConverterTests
{
    internal const string Converter = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;
        using System.Text.Json.Serialization;

        public abstract class Shape { public string Kind { get; set; } public object Raw { get; set; } public JsonElement Extra { get; set; } }
        public sealed class Circle : Shape { public double Radius { get; set; } }
        public sealed class Square : Shape { public double Side { get; set; } }

        public sealed class ShapeConverter : JsonConverter<Shape>
        {
            private static readonly List<JsonElement> s_seen = new List<JsonElement>();
            private static readonly List<JsonProperty> s_properties = new List<JsonProperty>();
            private static JsonElement.ArrayEnumerator s_items;
            private static JsonElement s_kind;
            private static Func<string> s_last;

            public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
        BODY
            }

            public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options) => throw new NotSupportedException();

            private static void Inspect(ref JsonElement element) { }
        }
        """;

    internal static string InRead(string body) => Converter.Replace("BODY", body);

    [Theory]
    // The discriminator read into a string, the root deserialized in the arms of a switch expression (to any type).
    [InlineData("""
                var root = {|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement;
                var kind = root.GetProperty("kind").GetString();
                return kind switch
                {
                    "circle" => root.Deserialize<Circle>(options),
                    "square" => root.Deserialize<Square>(options) ?? new Square(),
                    _ => new Circle { Kind = kind, Raw = root.Deserialize<object>(options) },
                };
        """, """
                using var document = JsonDocument.ParseValue(ref reader);
                var root = document.RootElement;
                var kind = root.GetProperty("kind").GetString();
                return kind switch
                {
                    "circle" => root.Deserialize<Circle>(options),
                    "square" => root.Deserialize<Square>(options) ?? new Square(),
                    _ => new Circle { Kind = kind, Raw = root.Deserialize<object>(options) },
                };
        """)]
    // A switch statement whose sections return what Deserialize made.
    [InlineData("""
                var root = {|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement;
                switch (root.GetProperty("kind").GetString())
                {
                    case "circle":
                        return root.Deserialize<Circle>(options);
                    default:
                        return JsonSerializer.Deserialize<Square>(root, options);
                }
        """, """
                using var document = JsonDocument.ParseValue(ref reader);
                var root = document.RootElement;
                switch (root.GetProperty("kind").GetString())
                {
                    case "circle":
                        return root.Deserialize<Circle>(options);
                    default:
                        return JsonSerializer.Deserialize<Square>(root, options);
                }
        """)]
    // TryGetProperty's out element used in the method, after a guard and inside a try.
    [InlineData("""
                if (reader.TokenType == JsonTokenType.Null)
                {
                    return null;
                }

                try
                {
                    var element = {|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement;
                    if (element.TryGetProperty("radius", out var radius) && radius.ValueKind == JsonValueKind.Number)
                    {
                        return new Circle { Radius = radius.GetDouble() };
                    }

                    throw new JsonException("not a circle: " + element.GetRawText());
                }
                catch (InvalidOperationException e)
                {
                    throw new JsonException(e.Message, e);
                }
        """, """
                if (reader.TokenType == JsonTokenType.Null)
                {
                    return null;
                }

                try
                {
                    using var document = JsonDocument.ParseValue(ref reader);
                    var element = document.RootElement;
                    if (element.TryGetProperty("radius", out var radius) && radius.ValueKind == JsonValueKind.Number)
                    {
                        return new Circle { Radius = radius.GetDouble() };
                    }

                    throw new JsonException("not a circle: " + element.GetRawText());
                }
                catch (InvalidOperationException e)
                {
                    throw new JsonException(e.Message, e);
                }
        """)]
    // An enumerator in a local, and an element matched against a pattern.
    [InlineData("""
                var sides = {|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement.EnumerateArray();
                var total = 0.0;
                foreach (var side in sides)
                {
                    total += side is { ValueKind: JsonValueKind.Number } number ? number.GetDouble() : throw new JsonException($"side {side}");
                }

                return new Square { Side = total };
        """, """
                using var document = JsonDocument.ParseValue(ref reader);
                var sides = document.RootElement.EnumerateArray();
                var total = 0.0;
                foreach (var side in sides)
                {
                    total += side is { ValueKind: JsonValueKind.Number } number ? number.GetDouble() : throw new JsonException($"side {side}");
                }

                return new Square { Side = total };
        """)]
    // A document in a local, enumerated.
    [InlineData("""
                var doc = {|JP0007:JsonDocument.ParseValue(ref reader)|};
                var square = new Square();
                foreach (var property in doc.RootElement.EnumerateObject())
                {
                    if (property.NameEquals("side"))
                    {
                        square.Side = property.Value.GetDouble();
                    }
                }

                return square;
        """, """
                using var doc = JsonDocument.ParseValue(ref reader);
                var square = new Square();
                foreach (var property in doc.RootElement.EnumerateObject())
                {
                    if (property.NameEquals("side"))
                    {
                        square.Side = property.Value.GetDouble();
                    }
                }

                return square;
        """)]
    public Task A_converter_reading_a_discriminator_gets_a_using_and_no_copy(string body, string fixedBody)
        => Verify.VerifyFixAsync(InRead(body), InRead(fixedBody));

    [Theory]
    // An element stored in the result: JsonElement.ParseValue, one copy the element owns, no pool.
    [InlineData("""
                var root = {|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement;
                return new Circle { Kind = root.GetProperty("kind").GetString(), Extra = root.GetProperty("extra") };
        """, """
                var root = JsonElement.ParseValue(ref reader);
                return new Circle { Kind = root.GetProperty("kind").GetString(), Extra = root.GetProperty("extra") };
        """)]
    // Inside an expression, with the Clone the new element no longer needs.
    [InlineData("""
                return reader.TokenType == JsonTokenType.String
                    ? new Circle { Kind = reader.GetString() }
                    : new Circle { Raw = {|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement.Clone() };
        """, """
                return reader.TokenType == JsonTokenType.String
                    ? new Circle { Kind = reader.GetString() }
                    : new Circle { Raw = JsonElement.ParseValue(ref reader) };
        """)]
    [InlineData("""
                s_seen.Add({|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement);
                return null;
        """, """
                s_seen.Add(JsonElement.ParseValue(ref reader));
                return null;
        """)]
    public Task An_element_that_outlives_Read_comes_from_JsonElement_ParseValue(string body, string fixedBody)
        => Verify.VerifyFixAsync(InRead(body), InRead(fixedBody));

    [Fact]
    public Task Fix_all_disposes_every_converters_document()
        => Verify.VerifyFixAllAsync("""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public abstract class Shape { public JsonElement Extra { get; set; } }
            public sealed class Circle : Shape { public double Radius { get; set; } }
            public sealed class Square : Shape { public double Side { get; set; } }

            public sealed class ShapeConverter : JsonConverter<Shape>
            {
                public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    var root = {|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement;
                    return root.GetProperty("kind").GetString() switch
                    {
                        "circle" => root.Deserialize<Circle>(options),
                        _ => root.Deserialize<Square>(options),
                    };
                }

                public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options) => throw new NotSupportedException();
            }

            public sealed class CircleConverter : JsonConverter<Circle>
            {
                public override Circle Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    var root = {|JP0007:JsonDocument.ParseValue(ref reader)|}.RootElement;
                    var circle = new Circle { Extra = root.GetProperty("extra") };
                    if (root.TryGetProperty("radius", out var radius))
                    {
                        circle.Radius = radius.GetDouble();
                    }

                    return circle;
                }

                public override void Write(Utf8JsonWriter writer, Circle value, JsonSerializerOptions options) => throw new NotSupportedException();
            }
            """, """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public abstract class Shape { public JsonElement Extra { get; set; } }
            public sealed class Circle : Shape { public double Radius { get; set; } }
            public sealed class Square : Shape { public double Side { get; set; } }

            public sealed class ShapeConverter : JsonConverter<Shape>
            {
                public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    using var document = JsonDocument.ParseValue(ref reader);
                    var root = document.RootElement;
                    return root.GetProperty("kind").GetString() switch
                    {
                        "circle" => root.Deserialize<Circle>(options),
                        _ => root.Deserialize<Square>(options),
                    };
                }

                public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options) => throw new NotSupportedException();
            }

            public sealed class CircleConverter : JsonConverter<Circle>
            {
                public override Circle Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    var root = JsonElement.ParseValue(ref reader);
                    var circle = new Circle { Extra = root.GetProperty("extra") };
                    if (root.TryGetProperty("radius", out var radius))
                    {
                        circle.Radius = radius.GetDouble();
                    }

                    return circle;
                }

                public override void Write(Utf8JsonWriter writer, Circle value, JsonSerializerOptions options) => throw new NotSupportedException();
            }
            """);
}
