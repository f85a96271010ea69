using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.JP0002;

/// <summary>The fix's edge cases: where it must not be offered, and edits that must land in the right place.</summary>
public partial class FixTests
{
    [Fact]
    public async Task A_named_null_options_argument_is_replaced_once_after_a_using_moved_the_call()
    {
        // The using is added above the call and the context below it: the argument is found by position, not span.
        var source = """
            using System;
            using System.Text.Json;

            public class Point { public int X { get; set; } }

            public static class Program
            {
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 2 }, options: null));
            }
            """;
        var (solution, id) = CreateProject(source, OutputKind.ConsoleApplication, TestReferences.Net10);
        var after = (await FixRunner.ApplyFirstFixAsync(solution.GetDocument(id)!, Analyzer, Fixer))!;

        var program = await TextAsync(after, "Program.cs");
        AssertContains("JsonSerializer.Serialize(new Point { X = 2 }, jsonTypeInfo: AppJsonContext.Default.Point)", program);
        AssertContains("using System.Text.Json.Serialization;", program);
        await AssertSameOutputAsync(solution.GetProject(id.ProjectId)!, after.GetProject(id.ProjectId)!);
    }

    [Fact]
    public async Task Offers_no_fix_where_the_metadata_overload_orders_its_parameters_differently()
    {
        // DeserializeAsyncEnumerable(stream, topLevelValues, options) vs (stream, jsonTypeInfo, topLevelValues).
        var source = """
            using System;
            using System.IO;
            using System.Text;
            using System.Text.Json;

            public class Point { public int X { get; set; } }

            public static class Program
            {
                public static async System.Threading.Tasks.Task Main()
                {
                    var stream = new MemoryStream(Encoding.UTF8.GetBytes("{\"X\":1} {\"X\":2}"));
                    await foreach (var p in JsonSerializer.DeserializeAsyncEnumerable<Point>(stream, true, null))
                    {
                        Console.WriteLine(p.X);
                    }
                }
            }
            """;
        var (before, after) = await FixAllAsync(source, expectGenerated: false);
        Assert.Equal(await TextAsync(before, "Program.cs"), await TextAsync(after, "Program.cs"));
        var left = Assert.Single(await JP0002Async(after));
        Assert.EndsWith(Rules.NoAutomaticFix, left.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task Offers_no_fix_when_the_existing_registration_generates_no_metadata()
    {
        var source = """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Point { public int X { get; set; } }

            [JsonSerializable(typeof(Point), GenerationMode = JsonSourceGenerationMode.Serialization)]
            internal partial class FastContext : JsonSerializerContext { }

            public static class Program
            {
                public static void Main() => Console.WriteLine(JsonSerializer.Deserialize<Point>("{\"X\":1}").X);
            }
            """;
        var (before, after) = await FixAllAsync(source, expectGenerated: false);
        Assert.Equal(await TextAsync(before, "Program.cs"), await TextAsync(after, "Program.cs"));
        Assert.Single(await JP0002Async(after));
    }

    // Types generated metadata does not serve the same (GeneratedMetadataSafety): not reported at all, so no fix either
    // (the analyzer and the fix share that judgement). Names the generator cannot give: reported, but no fix.
    [Theory]
    [InlineData("public System.Collections.ArrayList Items { get; set; }", false)]
    [InlineData("public System.Collections.Hashtable Table { get; set; }", false)]
    [InlineData("public System.Dynamic.ExpandoObject Bag { get; set; }", false)]
    [InlineData("public System.Collections.Generic.Dictionary<string, object> Extra { get; set; }", false)]
    [InlineData("[System.Text.Json.Serialization.JsonConverter(typeof(Hidden))] public int Value { get; set; }", false)]
    [InlineData("[Picky] public int Value { get; set; }", false)]
    [InlineData("public Outer<int>.Inner Nested { get; set; }", false)]
    // The non-generic JsonStringEnumConverter: the generator warns (SYSLIB1034) and its converter uses reflection; the
    // real-repository trial found a context written for such a type (Anthropic.SDK).
    [InlineData("public Shade Shade { get; set; }", false)]
    [InlineData("[JsonConverter(typeof(JsonStringEnumConverter))] public DayOfWeek Day { get; set; }", false)]
    [InlineData("public Animal Pet { get; set; }", false)]
    [InlineData("public Billing.Envelope Other { get; set; }", true)]
    [InlineData("public Options Settings { get; set; }", true)]
    public async Task Offers_no_fix_for_types_the_generator_would_treat_differently(string member, bool reported)
    {
        var source = $$"""
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            public class Envelope { public int Id { get; set; } {{member}} }

            public sealed class Hidden : JsonConverter<int>
            {
                private Hidden() { }
                public override int Read(ref Utf8JsonReader reader, Type type, JsonSerializerOptions options) => reader.GetInt32();
                public override void Write(Utf8JsonWriter writer, int value, JsonSerializerOptions options) => writer.WriteNumberValue(value);
            }

            public sealed class PickyAttribute : JsonConverterAttribute
            {
                public override JsonConverter CreateConverter(Type typeToConvert) => null;
            }

            public class Outer<T> { public class Inner { public int X { get; set; } } }

            [JsonDerivedType(typeof(Cat), "cat")]
            public class Animal { }
            public class Cat : Animal { public object Toy { get; set; } }

            public class Options { public int Level { get; set; } }

            [JsonConverter(typeof(JsonStringEnumConverter))]
            public enum Shade { Light, Dark }

            namespace Billing { public class Envelope { public int Total { get; set; } } }

            public static class Program
            {
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Envelope()));
            }
            """;
        var (before, after) = await FixAllAsync(source, expectGenerated: false);

        Assert.Equal(await TextAsync(before, "Program.cs"), await TextAsync(after, "Program.cs"));
        Assert.Equal(reported ? 1 : 0, (await JP0002Async(after)).Length);
    }

    [Fact]
    public async Task Fixes_converters_polymorphism_and_collections_the_generator_handles_and_prints_the_same()
    {
        var source = """
            using System;
            using System.Collections.Generic;
            using System.Text.Json;
            using System.Text.Json.Serialization;

            [JsonConverter(typeof(JsonStringEnumConverter<Color>))]
            public enum Color { Red, Green }

            public sealed class Upper : JsonConverter<string>
            {
                public override string Read(ref Utf8JsonReader reader, Type type, JsonSerializerOptions options) => reader.GetString()?.ToLowerInvariant();
                public override void Write(Utf8JsonWriter writer, string value, JsonSerializerOptions options) => writer.WriteStringValue(value.ToUpperInvariant());
            }

            [JsonPolymorphic(TypeDiscriminatorPropertyName = "$kind")]
            [JsonDerivedType(typeof(Cat), "cat")]
            public class Animal { public string Name { get; set; } }
            public class Cat : Animal { public int Lives { get; set; } }

            public interface IShape { double Area { get; } }
            public sealed class Square : IShape { public double Area { get; set; } }

            public class Envelope
            {
                public Color Color { get; set; }
                [JsonConverter(typeof(Upper))] public string Title { get; set; }
                public Animal Pet { get; set; }
                public Queue<int> Queue { get; set; } = new();
                public IReadOnlyDictionary<string, Color> Palette { get; set; }
            }

            public static class Program
            {
                public static void Main()
                {
                    var envelope = new Envelope
                    {
                        Color = Color.Green, Title = "héllo <b>", Pet = new Cat { Name = "Tom", Lives = 9 },
                        Palette = new Dictionary<string, Color> { ["a"] = Color.Red },
                    };
                    envelope.Queue.Enqueue(3);
                    var json = JsonSerializer.Serialize(envelope);
                    Console.WriteLine(json);
                    var back = JsonSerializer.Deserialize<Envelope>(json);
                    Console.WriteLine(JsonSerializer.Serialize<IShape>(new Square { Area = 2.5 }));
                    Console.WriteLine(back.Title + " " + back.Color + " " + (back.Pet as Cat)?.Lives + " " + back.Queue.Peek() + " " + back.Palette["a"]);
                }
            }
            """;
        var (before, after) = await FixAllAsync(source);
        AssertContains("JsonSerializer.Serialize(envelope, AppJsonContext.Default.Envelope)", await TextAsync(after, "Program.cs"));
        Assert.Empty(await JP0002Async(after));
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task A_type_named_like_a_context_member_gets_its_own_property_name()
    {
        var source = """
            using System;
            using System.Text.Json;

            public class Options { public int Level { get; set; } }

            public static class Program
            {
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Options { Level = 3 }));
            }
            """;
        var (before, after) = await FixAllAsync(source);
        var program = await TextAsync(after, "Program.cs");
        AssertContains("[JsonSerializable(typeof(Options), TypeInfoPropertyName = \"", program);
        Assert.DoesNotContain("AppJsonContext.Default.Options)", program, System.StringComparison.Ordinal);
        await AssertSameOutputAsync(before, after);
    }

    [Fact]
    public async Task Leaves_the_using_out_where_it_would_make_a_name_ambiguous()
    {
        // Newtonsoft.Json has JsonIgnoreAttribute too: adding using System.Text.Json.Serialization would break [JsonIgnore].
        var source = """
            using System;
            using System.Text.Json;
            using Newtonsoft.Json;

            namespace Newtonsoft.Json
            {
                [AttributeUsage(AttributeTargets.Property)]
                public sealed class JsonIgnoreAttribute : Attribute { }
            }

            public class Point
            {
                public int X { get; set; }
                [JsonIgnore] public int Cache { get; set; }
            }

            public static class Program
            {
                public static void Main() => Console.WriteLine(JsonSerializer.Serialize(new Point { X = 2 }));
            }
            """;
        var (before, after) = await FixAllAsync(source);
        var program = await TextAsync(after, "Program.cs");
        Assert.DoesNotContain("using System.Text.Json.Serialization;", program, System.StringComparison.Ordinal);
        AssertContains("[System.Text.Json.Serialization.JsonSerializable(typeof(Point))]", program);
        AssertContains(": System.Text.Json.Serialization.JsonSerializerContext", program);
        await AssertSameOutputAsync(before, after);
    }
}
