using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.ConverterPerValueWorkAnalyzer,
    JsonPerf.CodeFixes.ConverterPerValueWorkFixer>;

namespace JsonPerf.Analyzers.Tests.JP0010;

public partial class AnalyzerTests
{
    public static TheoryData<string, string> ReportedReads() => Cases.WithLanguageVersions(
        // A DOM read for a discriminator, then deserialized again: from the DOM, its text, or the reader it was copied from.
        "using (var document = {|JP0010:JsonDocument.ParseValue(ref reader)|}) { var kind = document.RootElement.GetProperty(\"kind\").GetString(); return kind == \"circle\" ? (Shape)document.RootElement.Deserialize<Circle>(options) : document.RootElement.Deserialize<Square>(options); }",
        "var element = {|JP0010:JsonElement.ParseValue(ref reader)|}; JsonElement kind; if (!element.TryGetProperty(\"kind\", out kind)) throw new JsonException(); return kind.GetString() == \"circle\" ? (Shape)JsonSerializer.Deserialize<Circle>(element, options) : JsonSerializer.Deserialize<Square>(element, options);",
        "var element = {|JP0010:JsonSerializer.Deserialize<JsonElement>(ref reader, options)|}; var type = element.GetProperty(\"kind\").GetString() == \"circle\" ? typeof(Circle) : typeof(Square); return (Shape)JsonSerializer.Deserialize(element, type, options);",
        "var element = {|JP0010:JsonElement.ParseValue(ref reader)|}; return JsonSerializer.Deserialize<Circle>(element.GetRawText(), options);",
        "var node = {|JP0010:JsonNode.Parse(ref reader)|}; var kind = (string)node[\"kind\"]; return kind == \"circle\" ? (Shape)node.Deserialize<Circle>(options) : node.Deserialize<Square>(options);",
        "var copy = reader; string kind; using (var document = {|JP0010:JsonDocument.ParseValue(ref copy)|}) { kind = document.RootElement.GetProperty(\"kind\").GetString(); } return (Shape)JsonSerializer.Deserialize(ref reader, kind == \"circle\" ? typeof(Circle) : typeof(Square), options);",
        "JsonDocument document; if (!{|JP0010:JsonDocument.TryParseValue(ref reader, out document)|}) throw new JsonException(); using (document) { return document.RootElement.Deserialize<Circle>(options); }",
        "var element = {|JP0010:JsonElement.ParseValue(ref reader)|}; if (!element.TryGetProperty(\"kind\", out _)) throw new JsonException(); return element.Deserialize<Circle>(options);",
        "var element = {|JP0010:JsonElement.ParseValue(ref reader)|}; foreach (var property in element.EnumerateObject()) { if (property.NameEquals(\"kind\") && property.Value.GetString() == \"square\") { return element.Deserialize<Square>(options); } } return element.Deserialize<Circle>(options);",
        // A DOM also named in an exception's message: the error path needs no DOM kept.
        "var element = {|JP0010:JsonElement.ParseValue(ref reader)|}; var kind = element.GetProperty(\"kind\").GetString(); if (kind != \"circle\") throw new JsonException($\"Unknown shape {element}\"); return element.Deserialize<Circle>(options);",
        "var element = {|JP0010:JsonElement.ParseValue(ref reader)|}; if (!element.TryGetProperty(\"kind\", out _)) throw new JsonException(\"No kind in \" + element.GetRawText()); return element.Deserialize<Circle>(options);",
        // A DOM read for one scalar.
        "var element = {|JP0010:JsonElement.ParseValue(ref reader)|}; return new Circle { Radius = element.ValueKind == JsonValueKind.String ? double.Parse(element.GetString()) : element.GetDouble() };",
        "JsonElement? element; if ({|JP0010:JsonElement.TryParseValue(ref reader, out element)|}) { return new Square { Side = element.Value.GetInt32() }; } throw new JsonException();",
        "using (var document = {|JP0010:JsonDocument.ParseValue(ref reader)|}) { return new Square { Side = document.RootElement.GetInt32() }; }",
        "var node = {|JP0010:JsonNode.Parse(ref reader)|}; return new Square { Side = node.GetValue<int>() };",
        // GetString() only compared with literals.
        "switch ({|JP0010:reader.GetString()|}) { case \"circle\": return new Circle(); case \"square\": return new Square(); default: throw new JsonException(); }",
        "if ({|JP0010:reader.GetString()|} == \"circle\") return new Circle(); return new Square();",
        "if ({|JP0010:reader.GetString()|} != \"circle\") throw new JsonException(); return new Circle();",
        "if (string.Equals({|JP0010:reader.GetString()|}, \"circle\")) return new Circle(); return new Square();",
        "if (string.Equals({|JP0010:reader.GetString()|}, \"circle\", StringComparison.Ordinal)) return new Circle(); return new Square();",
        "if (\"circle\".Equals({|JP0010:reader.GetString()|})) return new Circle(); return new Square();",
        "if ({|JP0010:reader.GetString()|}.Equals(\"circle\")) return new Circle(); return new Square();",
        "var copy = reader; copy.Read(); if ({|JP0010:copy.GetString()|} == \"kind\") return new Circle(); return new Square();",
        "string name = {|JP0010:reader.GetString()|}; switch (name) { case \"circle\": return new Circle(); default: throw new JsonException($\"Unknown kind {name}\"); }",
        "bool IsCircle(ref Utf8JsonReader r) => {|JP0010:r.GetString()|} == \"circle\"; if (IsCircle(ref reader)) return new Circle(); return new Square();",
        """
        var shape = new Circle();
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var name = {|JP0010:reader.GetString()|};
            reader.Read();
            if (name == "radius") shape.Radius = reader.GetDouble();
            else if (name == "kind") shape.Kind = reader.GetString();
            else if (name == null) throw new JsonException();
            else throw new JsonException("Unknown property " + name);
        }

        return shape;
        """);

    /// <summary>Shapes of C# 8 and later.</summary>
    public static TheoryData<string, string> ReportedReadsLatest() => Latest(
        "using var document = {|JP0010:JsonDocument.ParseValue(ref reader)|}; return document.RootElement.GetProperty(\"kind\").GetString() switch { \"circle\" => document.Deserialize<Circle>(options), _ => document.Deserialize<Square>(options) };",
        "var node = {|JP0010:JsonNode.Parse(ref reader)|}; return node?[\"kind\"]?.GetValue<string>() == \"circle\" ? node.Deserialize<Circle>(options) : node.Deserialize<Square>(options);",
        "return {|JP0010:reader.GetString()|} switch { \"circle\" => new Circle(), \"square\" => new Square(), _ => throw new JsonException() };",
        "if ({|JP0010:reader.GetString()|} is \"circle\" or \"round\") return new Circle(); return new Square();");

    public static TheoryData<string, string> NotReportedReads() => Cases.WithLanguageVersions(
        "return JsonSerializer.Deserialize<Circle>(ref reader, options);",
        "var copy = reader; copy.Read(); var type = copy.ValueTextEquals(\"kind\") ? typeof(Circle) : typeof(Square); return (Shape)JsonSerializer.Deserialize(ref reader, type, options);",
        // The DOM is kept, passed on, or read for more than one value: it is needed.
        "var element = JsonElement.ParseValue(ref reader); return new Circle { Kind = element.GetRawText() };",
        "var element = JsonElement.ParseValue(ref reader); var circle = element.Deserialize<Circle>(options); circle.Extra = element; return circle;",
        "using (var document = JsonDocument.ParseValue(ref reader)) { return new Circle { Extra = document.RootElement.Clone() }; }",
        "var element = JsonElement.ParseValue(ref reader); return Build(element);",
        "using (var document = JsonDocument.ParseValue(ref reader)) { var root = document.RootElement; return new Square { Side = root.GetProperty(\"side\").GetInt32(), Kind = root.GetProperty(\"kind\").GetString() }; }",
        "var element = JsonElement.ParseValue(ref reader); if (element.TryGetProperty(\"kind\", out var kind)) { return new Circle { Extra = kind }; } return element.Deserialize<Square>(options);",
        "JsonDocument.ParseValue(ref reader).Dispose(); return null;",
        "var element = JsonElement.ParseValue(ref reader); return new Circle { Extra = element };",
        // GetString() whose string is needed, or compared in a way ValueTextEquals cannot.
        "return new Circle { Kind = reader.GetString() };",
        "if (string.Equals(reader.GetString(), \"circle\", StringComparison.OrdinalIgnoreCase)) return new Circle(); return new Square();",
        "var expected = typeToConvert.Name; if (reader.GetString() == expected) return new Circle(); return new Square();",
        "var name = reader.GetString(); if (name == \"circle\") return new Circle(); return new Square { Kind = name };",
        "if (reader.GetString() == null) return null; return new Circle();",
        "return new Circle { Kind = ((Color)Enum.Parse(typeof(Color), reader.GetString())).ToString() };",
        "var name = reader.GetString(); name = name.Trim(); if (name == \"circle\") return new Circle(); return new Square();",
        "var text = reader.GetString(); if (text != null) return Build(JsonElement.Parse(text)); return null;",
        "var inner = new Utf8JsonReader(System.Text.Encoding.UTF8.GetBytes(reader.GetString())); inner.Read(); return new Circle { Kind = inner.GetString() };",
        "if (reader.ValueTextEquals(\"circle\")) return new Circle(); return new Square();");

    public static TheoryData<string, string> ReportedWrites() => Cases.WithLanguageVersions(
        "writer.WriteStartObject(); writer.WriteString({|JP0010:\"kind\"|}, {|JP0010:\"circle\"|}); writer.WriteEndObject();",
        "writer.WritePropertyName({|JP0010:\"kind\"|}); writer.WriteStringValue({|JP0010:CircleKind|});",
        "writer.WriteNumber({|JP0010:\"radius\"|}, 1.5); writer.WriteBoolean({|JP0010:\"round\"|}, true); writer.WriteNull({|JP0010:\"extra\"|});",
        "writer.WriteStartArray({|JP0010:\"tags\"|}); writer.WriteEndArray(); writer.WriteStartObject({|JP0010:\"meta\"|}); writer.WriteEndObject();",
        "writer.WriteString(propertyName: {|JP0010:\"kind\"|}, value: value.Kind);",
        "writer.WritePropertyName({|JP0010:nameof(Shape.Kind)|});",
        "writer.WriteString({|JP0010:\"content-type.v1_x\"|}, DateTime.MinValue);",
        // Text an encoder may escape differently, and names from a fixed set: reported without a fix.
        "writer.WritePropertyName({|JP0010:\"$type\"|}); writer.WriteStringValue({|JP0010:\"a<b\"|}); writer.WriteStringValue({|JP0010:\"café\"|});",
        "writer.WriteStringValue({|JP0010:s_names[0]|}); writer.WriteStringValue({|JP0010:s_map[Color.Red]|}); writer.WritePropertyName({|JP0010:s_kind|});",
        "writer.WriteStringValue({|JP0010:value is Circle ? \"circle\" : \"square\"|});");

    public static TheoryData<string, string> ReportedWritesLatest() => Latest(
        "writer.WriteStringValue({|JP0010:value switch { Circle => \"circle\", Square => \"square\", _ => throw new JsonException() }|});");

    public static TheoryData<string, string> NotReportedWrites() => Cases.WithLanguageVersions(
        "writer.WriteStringValue(value.Kind);",
        "writer.WriteStringValue(s_encodedCircle); writer.WritePropertyName(s_encodedCircle);",
        "writer.WriteStringValue((string)null);",
        "writer.WriteStringValue(\"circle\".AsSpan()); writer.WriteRawValue(\"{}\"); writer.WriteCommentValue(\"note\");",
        "writer.WriteStringValue(value.Kind ?? \"none\"); writer.WriteNumberValue(1);",
        "JsonSerializer.Serialize(writer, value.Kind, options);",
        // A name the options' naming policy converts: data, not a constant.
        "writer.WritePropertyName(options.PropertyNamingPolicy?.ConvertName(nameof(Shape.Kind)) ?? nameof(Shape.Kind));",
        "writer.WriteStringValue(value.ToString()); writer.WriteString(s_encodedCircle, value.Kind);");

    [Theory]
    [MemberData(nameof(ReportedReads))]
    [MemberData(nameof(ReportedReadsLatest))]
    public Task Reports_a_DOM_parsed_to_read_a_discriminator_or_a_scalar_and_GetString_compared_with_literals(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InRead(body), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedReads))]
    public Task Does_not_report_a_DOM_or_a_string_that_is_needed(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InRead(body), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(ReportedWrites))]
    [MemberData(nameof(ReportedWritesLatest))]
    public Task Reports_constant_and_mapped_text_written_as_strings(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InWrite(body), Cases.Parse(languageVersion));

    [Theory]
    [MemberData(nameof(NotReportedWrites))]
    public Task Does_not_report_data_written_or_text_already_encoded(string body, string languageVersion)
        => Verify.VerifyAnalyzerAsync(InWrite(body), Cases.Parse(languageVersion));

    private static TheoryData<string, string> Latest(params string[] bodies)
    {
        var data = new TheoryData<string, string>();
        foreach (var body in bodies)
        {
            data.Add(body, "latest");
        }

        return data;
    }
}
