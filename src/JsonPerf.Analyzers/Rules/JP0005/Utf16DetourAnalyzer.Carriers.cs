namespace JsonPerf.Analyzers;

/// <summary>
/// JP0005 on the other carriers of JSON text: an object converted to another type through a string
/// (<c>Deserialize&lt;T&gt;(Serialize(x))</c>, fixed with the UTF-8 bytes: the same JSON, read the same), a
/// <c>BinaryData</c> made of a serialized string (fixed with the bytes) or read back through <c>ToString()</c>, and a DOM
/// parsed from text read whole (reported: the decoders replace invalid UTF-8 where the UTF-8 readers throw).
/// </summary>
public sealed partial class Utf16DetourAnalyzer
{
    /// <summary><c>JsonSerializer.Deserialize(JsonSerializer.Serialize(...), ...)</c>: the UTF-8 bytes go straight to the span overload.</summary>
    private static void AnalyzeRoundTrip(OperationAnalysisContext context, IInvocationOperation deserialize, IInvocationOperation serialize)
    {
        var fixable = CanRenameToUtf8Bytes(serialize) && !deserialize.HasNamedArgument() && HasSpanOverload(deserialize.TargetMethod);
        Report(context, deserialize, "JsonSerializer.Deserialize(JsonSerializer.Serialize(...))", "pass JsonSerializer.SerializeToUtf8Bytes(...) to it", fixable ? Utf16DetourFix.RoundTrip : null);
    }

    /// <summary><c>BinaryData.FromString(JsonSerializer.Serialize(...))</c>, <c>new BinaryData(JsonSerializer.Serialize(...))</c>, and <c>Deserialize(data.ToString())</c>.</summary>
    private static void AnalyzeBinaryData(OperationAnalysisContext context, INamedTypeSymbol serializer, INamedTypeSymbol binaryData)
    {
        var (method, arguments) = context.Operation switch
        {
            IInvocationOperation { TargetMethod: { Name: "FromString", IsStatic: true } from } call => (from, call.Arguments),
            IObjectCreationOperation { Constructor: { } constructor } creation => (constructor, creation.Arguments),
            _ => (null, default),
        };
        if (method is null || arguments.Length != 1 || method.Parameters[0].Type.SpecialType != SpecialType.System_String
            || SerializeToString(arguments[0].Value, serializer) is not { } serialize)
        {
            return;
        }

        var fixable = CanRenameToUtf8Bytes(serialize) && !binaryData.InstanceConstructors.IsEmpty;
        var what = context.Operation is IObjectCreationOperation ? "new BinaryData(JsonSerializer.Serialize(...))" : "BinaryData.FromString(JsonSerializer.Serialize(...))";
        var note = fixable && CallTrivia.HasLineCommentOrDirective(context.Operation.Syntax) ? Rules.NoFixForLineComment : Rules.FixNote(fixable);
        var properties = fixable && note.Length == 0 ? DiagnosticProperties.With(DiagnosticProperties.FixKind, Utf16DetourFix.BinaryDataBytes) : DiagnosticProperties.None;
        context.Report(Diagnostic.Create(Rules.Utf16Detour, context.Operation.Syntax.GetLocation(), properties, what, "make it new BinaryData(JsonSerializer.SerializeToUtf8Bytes(...))", note));
    }

    /// <summary><c>JsonDocument.Parse</c>, <c>JsonNode.Parse</c> or <c>JsonElement.Parse</c> of a string decoded from UTF-8 inline; never fixed.</summary>
    private static void AnalyzeDomParse(OperationAnalysisContext context, JsonSymbols symbols)
    {
        var parse = (IInvocationOperation)context.Operation;
        if (parse.TargetMethod is not { Name: "Parse", IsStatic: true } method
            || method.Parameters.Length == 0
            || method.Parameters[0].Type.SpecialType != SpecialType.System_String
            || ArgumentValue(parse, method.Parameters[0]) is not { } text
            || Decoded(text, symbols, deserialize: null) is not var (source, _, reason)
            || symbols.IsInsideExpressionTree(parse))
        {
            return;
        }

        var type = method.ContainingType.Name;
        var what = type + ".Parse(" + source.Substring(source.IndexOf('(') + 1);
        Report(context, parse, what, type == "JsonDocument" ? "parse the stream or bytes (JsonDocument.ParseAsync or Parse(ReadOnlyMemory<byte>))" : "parse the stream or bytes (" + type + ".Parse(Stream) or Parse(ReadOnlySpan<byte>))", fix: null, reason: reason);
    }

    /// <summary>The Deserialize overload with the same parameters but a ReadOnlySpan&lt;byte&gt; in place of the string.</summary>
    private static bool HasSpanOverload(IMethodSymbol deserialize)
    {
        var original = deserialize.OriginalDefinition;
        foreach (var member in original.ContainingType.GetMembers(original.Name))
        {
            if (member is IMethodSymbol { IsStatic: true } candidate
                && candidate.Parameters.Length == original.Parameters.Length
                && candidate.TypeParameters.Length == original.TypeParameters.Length
                && candidate.Parameters[0].Type is INamedTypeSymbol { Name: "ReadOnlySpan", TypeArguments.Length: 1 } span && span.TypeArguments[0].SpecialType == SpecialType.System_Byte
                && candidate.Parameters.Skip(1).Zip(original.Parameters.Skip(1), (a, b) => a.Name == b.Name && a.Type.ToDisplayString() == b.Type.ToDisplayString()).All(same => same))
            {
                return true;
            }
        }

        return false;
    }
}
