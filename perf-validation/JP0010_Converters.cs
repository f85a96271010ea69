using System;
using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace JsonPerf.PerfValidation;

public abstract class Shape
{
    public string Label { get; set; } = "";
    public List<string> Tags { get; set; } = new();
}

public sealed class Circle : Shape
{
    public double Radius { get; set; }
}

public sealed class Square : Shape
{
    public int Side { get; set; }
}

[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(PolyCircle), "circle")]
[JsonDerivedType(typeof(PolySquare), "square")]
public abstract class PolyShape
{
    public string Label { get; set; } = "";
    public List<string> Tags { get; set; } = new();
}

public sealed class PolyCircle : PolyShape
{
    public double Radius { get; set; }
}

public sealed class PolySquare : PolyShape
{
    public int Side { get; set; }
}

public sealed class Point
{
    public int X { get; set; }
    public int Y { get; set; }
    public string Label { get; set; } = "";
}

public enum Color
{
    Red,
    Green,
    Blue,
}

public static class ColorNames
{
    public static string Of(Color color) => color switch { Color.Red => "red", Color.Green => "green", _ => "blue" };
}

/// <summary>What JP0010 reports: the whole value parsed into a JsonDocument to read "kind", then deserialized from it.</summary>
public sealed class DomShapeConverter : JsonConverter<Shape>
{
    public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        using var document = JsonDocument.ParseValue(ref reader);
        var kind = document.RootElement.GetProperty("kind").GetString();
        return kind == "circle"
            ? document.RootElement.Deserialize<Circle>(options)!
            : document.RootElement.Deserialize<Square>(options)!;
    }

    public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options) => JsonSerializer.Serialize(writer, value, value.GetType(), options);
}

/// <summary>The pattern JP0010's page gives: a copy of the reader (a struct) finds "kind", then the reader itself is deserialized.</summary>
public sealed class ReaderCopyShapeConverter : JsonConverter<Shape>
{
    public override Shape Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var copy = reader;
        Type? type = null;
        while (type is null && copy.Read() && copy.TokenType == JsonTokenType.PropertyName)
        {
            if (copy.ValueTextEquals("kind"u8))
            {
                copy.Read();
                type = copy.ValueTextEquals("circle"u8) ? typeof(Circle) : typeof(Square);
            }
            else
            {
                copy.Read();
                copy.TrySkip();
            }
        }

        return (Shape)JsonSerializer.Deserialize(ref reader, type ?? throw new JsonException("No kind."), options)!;
    }

    public override void Write(Utf8JsonWriter writer, Shape value, JsonSerializerOptions options) => JsonSerializer.Serialize(writer, value, value.GetType(), options);
}

public sealed class PointByStringConverter : JsonConverter<Point>
{
    public override Point Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var point = new Point();
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var name = reader.GetString();
            reader.Read();
            switch (name)
            {
                case "x": point.X = reader.GetInt32(); break;
                case "y": point.Y = reader.GetInt32(); break;
                case "label": point.Label = reader.GetString()!; break;
                default: reader.TrySkip(); break;
            }
        }

        return point;
    }

    public override void Write(Utf8JsonWriter writer, Point value, JsonSerializerOptions options)
    {
        writer.WriteStartObject();
        writer.WriteNumber("x", value.X);
        writer.WriteNumber("y", value.Y);
        writer.WriteString("label", value.Label);
        writer.WriteEndObject();
    }
}

public sealed class PointByValueTextConverter(bool utf8) : JsonConverter<Point>
{
    private static readonly JsonEncodedText X = JsonEncodedText.Encode("x");
    private static readonly JsonEncodedText Y = JsonEncodedText.Encode("y");
    private static readonly JsonEncodedText Label = JsonEncodedText.Encode("label");

    public override Point Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var point = new Point();
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            if (utf8 ? reader.ValueTextEquals("x"u8) : reader.ValueTextEquals("x"))
            {
                reader.Read();
                point.X = reader.GetInt32();
            }
            else if (utf8 ? reader.ValueTextEquals("y"u8) : reader.ValueTextEquals("y"))
            {
                reader.Read();
                point.Y = reader.GetInt32();
            }
            else if (utf8 ? reader.ValueTextEquals("label"u8) : reader.ValueTextEquals("label"))
            {
                reader.Read();
                point.Label = reader.GetString()!;
            }
            else
            {
                reader.Read();
                reader.TrySkip();
            }
        }

        return point;
    }

    public override void Write(Utf8JsonWriter writer, Point value, JsonSerializerOptions options)
    {
        writer.WriteStartObject();
        writer.WriteNumber(X, value.X);
        writer.WriteNumber(Y, value.Y);
        writer.WriteString(Label, value.Label);
        writer.WriteEndObject();
    }
}

public sealed class ColorByStringConverter : JsonConverter<Color>
{
    public override Color Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => reader.GetString() switch
    {
        "red" => Color.Red,
        "green" => Color.Green,
        "blue" => Color.Blue,
        _ => throw new JsonException("Unknown color."),
    };

    public override void Write(Utf8JsonWriter writer, Color value, JsonSerializerOptions options)
    {
        switch (value)
        {
            case Color.Red: writer.WriteStringValue("red"); break;
            case Color.Green: writer.WriteStringValue("green"); break;
            default: writer.WriteStringValue("blue"); break;
        }
    }
}

public sealed class ColorByValueTextConverter : JsonConverter<Color>
{
    private static readonly JsonEncodedText Red = JsonEncodedText.Encode("red");
    private static readonly JsonEncodedText Green = JsonEncodedText.Encode("green");
    private static readonly JsonEncodedText Blue = JsonEncodedText.Encode("blue");

    public override Color Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.ValueTextEquals("red"u8))
        {
            return Color.Red;
        }

        if (reader.ValueTextEquals("green"u8))
        {
            return Color.Green;
        }

        return reader.ValueTextEquals("blue"u8) ? Color.Blue : throw new JsonException("Unknown color.");
    }

    public override void Write(Utf8JsonWriter writer, Color value, JsonSerializerOptions options)
    {
        switch (value)
        {
            case Color.Red: writer.WriteStringValue(Red); break;
            case Color.Green: writer.WriteStringValue(Green); break;
            default: writer.WriteStringValue(Blue); break;
        }
    }
}

public sealed class NumberByElementConverter : JsonConverter<int>
{
    public override int Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var element = JsonElement.ParseValue(ref reader);
        return element.ValueKind == JsonValueKind.String ? int.Parse(element.GetString()!) : element.GetInt32();
    }

    public override void Write(Utf8JsonWriter writer, int value, JsonSerializerOptions options) => writer.WriteNumberValue(value);
}

public sealed class NumberByReaderConverter : JsonConverter<int>
{
    public override int Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        => reader.TokenType == JsonTokenType.String ? int.Parse(reader.GetString()!) : reader.GetInt32();

    public override void Write(Utf8JsonWriter writer, int value, JsonSerializerOptions options) => writer.WriteNumberValue(value);
}
