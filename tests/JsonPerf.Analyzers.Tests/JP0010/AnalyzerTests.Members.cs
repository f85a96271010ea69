using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConverterPerValueWorkAnalyzer,
    JsonPerf.CodeFixes.ConverterPerValueWorkFixer>;

namespace JsonPerf.Analyzers.Tests.JP0010;

/// <summary>Where JP0010 looks: the per-value members of converters, and nowhere else.</summary>
public partial class AnalyzerTests
{
    private const string Models = """
        public class Shape { public string Kind { get; set; } public JsonElement Extra { get; set; } }
        public sealed class Circle : Shape { public double Radius { get; set; } }
        public sealed class Square : Shape { public int Side { get; set; } }
        public enum Color { Red, Green }

        """;

    private const string Converter = Snippets.Usings + Models + """
        public sealed class ShapeConverter : JsonConverter<Shape>
        {
            private const string CircleKind = "circle";
            private static readonly string[] s_names = { "red", "green" };
            private static readonly Dictionary<Color, string> s_map = new Dictionary<Color, string> { { Color.Red, "red" } };
            private static readonly string s_kind = "kind";
            private static readonly JsonEncodedText s_encodedCircle = JsonEncodedText.Encode("circle");

            private static Shape Build(JsonElement element) { return null; }

            public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
        READ
            }

            public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options)
            {
        WRITE
            }
        }
        """;

    public static TheoryData<string, string> ReportedMembers() => Cases.WithLanguageVersions(
        "public override Shape ReadAsPropertyName(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) { return {|JP0010:reader.GetString()|} == \"circle\" ? new Circle() : null; }",
        "public override void WriteAsPropertyName(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options) { writer.WritePropertyName({|JP0010:\"circle\"|}); }");

    public static TheoryData<string, string> NotReportedMembers() => Cases.WithLanguageVersions(
        "private static void WriteKind(Utf8JsonWriter writer) { writer.WritePropertyName(\"kind\"); }",
        "private static bool IsCircle(ref Utf8JsonReader reader) { return reader.GetString() == \"circle\"; }",
        "private static Shape Parse(ref Utf8JsonReader reader, JsonSerializerOptions options) { var e = JsonElement.ParseValue(ref reader); return e.GetProperty(\"kind\").GetString() == \"c\" ? (Shape)e.Deserialize<Circle>(options) : e.Deserialize<Square>(options); }");

    [Theory]
    [MemberData(nameof(ReportedMembers))]
    public Task Reports_the_property_name_members_too(string member, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InConverter(member), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedMembers))]
    public Task Does_not_report_helpers_of_a_converter(string member, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InConverter(member), Cases.Parse(languageVersion));

    [Fact]
    public Task Reports_a_converter_deriving_from_the_projects_own_base_converter()
        => Verify.VerifyAnalyzerAsync(Snippets.Usings + Models + """
            public abstract class BaseConverter<T> : JsonConverter<T> { }

            public sealed class ColorConverter : BaseConverter<Color>
            {
                public override Color Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                    => {|JP0010:reader.GetString()|} == "red" ? Color.Red : Color.Green;

                public override void Write(Utf8JsonWriter writer, Color value, JsonSerializerOptions options)
                    => writer.WriteStringValue({|JP0010:"red"|});
            }
            """);

    [Fact]
    public Task Does_not_report_outside_converters_in_a_lookalike_base_type_or_where_the_DOM_is_the_value()
        => Verify.VerifyAnalyzerAsync(Snippets.Usings + Models + """
            public sealed class Writer
            {
                public void Write(Utf8JsonWriter writer, Shape value) { writer.WritePropertyName("kind"); }
                public Shape Read(ref Utf8JsonReader reader) { return reader.GetString() == "circle" ? new Circle() : null; }
            }

            namespace Other
            {
                public abstract class JsonConverter<T>
                {
                    public abstract void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options);
                }

                public sealed class Lookalike : JsonConverter<Shape>
                {
                    public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options) { writer.WritePropertyName("kind"); }
                }
            }

            public sealed class DocumentConverter : JsonConverter<JsonDocument>
            {
                public override JsonDocument Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => JsonDocument.ParseValue(ref reader);
                public override void Write(Utf8JsonWriter writer, JsonDocument value, JsonSerializerOptions options) => value.WriteTo(writer);
            }

            public sealed class ObjectConverter : JsonConverter<object>
            {
                public override object Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
                {
                    if (reader.TokenType == JsonTokenType.String) return reader.GetString();
                    using (var document = JsonDocument.ParseValue(ref reader)) { return document.RootElement.Clone(); }
                }

                public override void Write(Utf8JsonWriter writer, object value, JsonSerializerOptions options) => JsonSerializer.Serialize(writer, value, value.GetType(), options);
            }

            public sealed class Factory : JsonConverterFactory
            {
                public override bool CanConvert(Type typeToConvert) { return typeToConvert.Name == "Shape"; }
                public override JsonConverter CreateConverter(Type typeToConvert, JsonSerializerOptions options) { var name = typeToConvert.Name; return name == "Shape" ? null : null; }
            }
            """);

    [Fact]
    public Task Does_not_report_generated_code()
        => Verify.VerifyAnalyzerAsync("// <auto-generated/>\n" + InRead("if (reader.GetString() == \"circle\") return new Circle(); return new Square();"));

    internal static string InRead(string body) => Converter.Replace("READ", body).Replace("WRITE", "");

    internal static string InWrite(string body) => Converter.Replace("READ", "throw new NotSupportedException();").Replace("WRITE", body);

    internal static string InConverter(string member) => InWrite("").Replace("    private static Shape Build(", member + "\n    private static Shape Build(");
}
