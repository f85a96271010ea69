using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace JsonPerf.Analyzers.Tests;

/// <summary>
/// A fix never adds a call that needs reflection metadata (<c>[RequiresUnreferencedCode]</c> or
/// <c>[RequiresDynamicCode]</c>) that the original code did not make. The renaming fixes keep every argument and swap
/// one serializer method for another with the same parameters (JP0005: Serialize to SerializeToUtf8Bytes; JP0006:
/// Serialize to SerializeToDocument/Element/Node, Deserialize(string) to Deserialize(JsonElement); JP0007:
/// SerializeToDocument to SerializeToElement); this checks, on the net8.0 and net10.0 reference assemblies, that each
/// such pair is marked alike, so the new call needs reflection exactly where the old one did. The DOM replacements
/// (Clone, JsonElement.Parse/ParseValue, JsonDocument.ParseValue, JsonNode.Parse, WriteTo) are marked by neither.
/// </summary>
public class FixesAddNoReflectionTests
{
    public static TheoryData<string> Frameworks => new() { "net8.0", "net10.0" };

    [Theory]
    [MemberData(nameof(Frameworks))]
    public void Every_renamed_serializer_overload_needs_reflection_exactly_where_the_original_did(string framework)
    {
        var serializer = Type(framework, "System.Text.Json.JsonSerializer");
        var element = Type(framework, "System.Text.Json.JsonElement");
        var pairs = new List<(IMethodSymbol From, IMethodSymbol To)>();
        foreach (var (from, to) in new[] { ("Serialize", "SerializeToUtf8Bytes"), ("Serialize", "SerializeToDocument"), ("Serialize", "SerializeToElement"), ("Serialize", "SerializeToNode"), ("SerializeToDocument", "SerializeToElement") })
        {
            foreach (var original in Methods(serializer, from))
            {
                foreach (var renamed in Methods(serializer, to).Where(m => m.Arity == original.Arity && SameParameters(m, original, from: 0)))
                {
                    pairs.Add((original, renamed));
                }
            }
        }

        // Deserialize(element.GetRawText(), rest) -> Deserialize(element, rest).
        foreach (var original in Methods(serializer, "Deserialize").Where(m => m.Parameters.Length > 0 && m.Parameters[0].Type.SpecialType == SpecialType.System_String))
        {
            foreach (var withElement in Methods(serializer, "Deserialize").Where(m => m.Arity == original.Arity && m.Parameters.Length == original.Parameters.Length
                         && SymbolEqualityComparer.Default.Equals(m.Parameters[0].Type, element) && SameParameters(m, original, from: 1)))
            {
                pairs.Add((original, withElement));
            }
        }

        // Every Serialize overload to a string has its four counterparts, and each Deserialize(string) its element one.
        Assert.True(pairs.Count >= 20, $"Only {pairs.Count} pairs found on {framework}: the overloads were not matched.");
        Assert.Contains(pairs, p => !NeedsReflection(p.From));
        Assert.Contains(pairs, p => NeedsReflection(p.From));
        Assert.All(pairs, p => Assert.True(NeedsReflection(p.From) == NeedsReflection(p.To), $"{p.From.ToDisplayString()} -> {p.To.ToDisplayString()}"));
    }

    [Theory]
    [MemberData(nameof(Frameworks))]
    public void The_dom_apis_the_fixes_write_need_no_reflection(string framework)
    {
        var apis = new[]
        {
            ("System.Text.Json.JsonElement", "Clone"), ("System.Text.Json.JsonElement", "ParseValue"), ("System.Text.Json.JsonElement", "WriteTo"),
            ("System.Text.Json.JsonDocument", "ParseValue"), ("System.Text.Json.JsonDocument", "WriteTo"), ("System.Text.Json.Nodes.JsonNode", "Parse"),
            ("System.Text.Json.Nodes.JsonNode", "WriteTo"), ("System.Text.Json.Utf8JsonWriter", "Flush"),
        }.ToList();
        if (framework == "net10.0")
        {
            apis.Add(("System.Text.Json.JsonElement", "Parse"));
        }

        foreach (var (type, name) in apis)
        {
            var methods = Methods(Type(framework, type), name).ToList();
            Assert.NotEmpty(methods);
            Assert.All(methods, m => Assert.False(NeedsReflection(m), m.ToDisplayString()));
        }
    }

    private static INamedTypeSymbol Type(string framework, string name)
    {
        var compilation = CSharpCompilation.Create("Probe", references: framework == "net8.0" ? TestReferences.Net8 : TestReferences.Net10);
        return compilation.GetTypeByMetadataName(name) ?? throw new Xunit.Sdk.XunitException(name + " not found in " + framework);
    }

    private static IEnumerable<IMethodSymbol> Methods(INamedTypeSymbol type, string name)
        => type.GetMembers(name).OfType<IMethodSymbol>().Where(m => m.DeclaredAccessibility == Accessibility.Public);

    private static bool SameParameters(IMethodSymbol candidate, IMethodSymbol original, int from)
    {
        if (candidate.Parameters.Length != original.Parameters.Length)
        {
            return false;
        }

        for (var i = from; i < original.Parameters.Length; i++)
        {
            if (candidate.Parameters[i].Name != original.Parameters[i].Name
                || candidate.Parameters[i].Type.ToDisplayString() != original.Parameters[i].Type.ToDisplayString())
            {
                return false;
            }
        }

        return true;
    }

    private static bool NeedsReflection(IMethodSymbol method)
        => method.GetAttributes().Any(a => a.AttributeClass?.Name is "RequiresUnreferencedCodeAttribute" or "RequiresDynamicCodeAttribute");
}
