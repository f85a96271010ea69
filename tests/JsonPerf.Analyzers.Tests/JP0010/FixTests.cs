using System.Threading.Tasks;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConverterPerValueWorkAnalyzer,
    JsonPerf.CodeFixes.ConverterPerValueWorkFixer>;

namespace JsonPerf.Analyzers.Tests.JP0010;

public partial class FixTests
{
    private const string Head = """
        using System;
        using System.Text.Json;
        using System.Text.Json.Serialization;

        public class Shape { public string Kind { get; set; } }

        """;

    [Fact]
    public Task Encodes_each_plain_constant_once_reusing_one_field_per_text()
        => Verify.VerifyFixAsync(Head + """
            public sealed class ShapeConverter : JsonConverter<Shape>
            {
                private const string Circle = "circle";

                public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

                public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
                {
                    writer.WriteStartObject();
                    writer.WriteString({|JP0010:"kind"|}, {|JP0010:Circle|});
                    writer.WriteString({|JP0010:"content-type"|}, value.Kind);
                    writer.WriteStringValue({|JP0010:"kind"|});
                    writer.WriteEndObject();
                }
            }
            """, Head + """
            public sealed class ShapeConverter : JsonConverter<Shape>
            {
                private const string Circle = "circle";
                private static readonly JsonEncodedText KindPropertyName = JsonEncodedText.Encode("kind");
                private static readonly JsonEncodedText CircleValue = JsonEncodedText.Encode(Circle);
                private static readonly JsonEncodedText ContentTypePropertyName = JsonEncodedText.Encode("content-type");

                public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

                public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
                {
                    writer.WriteStartObject();
                    writer.WriteString(KindPropertyName, CircleValue);
                    writer.WriteString(ContentTypePropertyName, value.Kind);
                    writer.WriteStringValue(KindPropertyName);
                    writer.WriteEndObject();
                }
            }
            """);

    [Fact]
    public Task Follows_the_static_field_convention_and_reuses_an_equal_field()
        => Verify.VerifyFixAsync(Head + """
            public sealed class ShapeConverter : JsonConverter<Shape>
            {
                private const string ShapeName = "shape.name";
                private static readonly JsonEncodedText s_kind = JsonEncodedText.Encode("kind");

                public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

                public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
                {
                    writer.WriteStartObject();
                    writer.WriteString({|JP0010:"kind"|}, value.Kind);
                    writer.WriteString({|JP0010:ShapeName|}, value.Kind);
                    writer.WriteEndObject();
                }
            }
            """, Head + """
            public sealed class ShapeConverter : JsonConverter<Shape>
            {
                private const string ShapeName = "shape.name";
                private static readonly JsonEncodedText s_kind = JsonEncodedText.Encode("kind");
                private static readonly JsonEncodedText s_shapeNamePropertyName = JsonEncodedText.Encode(ShapeName);

                public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

                public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
                {
                    writer.WriteStartObject();
                    writer.WriteString(s_kind, value.Kind);
                    writer.WriteString(s_shapeNamePropertyName, value.Kind);
                    writer.WriteEndObject();
                }
            }
            """);

    [Fact]
    public Task Offers_no_fix_for_text_an_encoder_escapes_a_local_constant_or_names_from_a_map()
    {
        var source = Head + """
            public sealed class ShapeConverter : JsonConverter<Shape>
            {
                private static readonly string[] s_names = { "circle", "square" };

                public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    if ({|JP0010:reader.GetString()|} == "circle") return new Shape();
                    return null;
                }

                public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
                {
                    const string name = "kind";
                    writer.WriteStartObject();
                    writer.WriteString({|JP0010:"a b"|}, {|JP0010:"<script>"|});
                    writer.WritePropertyName({|JP0010:"$type"|});
                    writer.WritePropertyName({|JP0010:name|});
                    writer.WriteString({|JP0010:"名前"|}, {|JP0010:s_names[0]|});
                    writer.WriteEndObject();
                }
            }
            """;
        return Verify.VerifyFixAsync(source, source);
    }
}
