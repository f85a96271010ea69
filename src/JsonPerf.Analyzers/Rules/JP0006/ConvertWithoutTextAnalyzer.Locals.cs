namespace JsonPerf.Analyzers;

/// <summary>
/// JP0006 through a local: <c>var text = element.GetRawText(); var node = JsonNode.Parse(text);</c> (or the text of
/// <c>JsonSerializer.Serialize</c>, <c>node.ToJsonString()</c>, a DOM's <c>ToString()</c>), the local declared just for
/// that parse and read nowhere else. Reported with the direct conversion; the fix is left to the inline shapes.
/// </summary>
public sealed partial class ConvertWithoutTextAnalyzer
{
    private static void AnalyzeParseOfLocal(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, IInvocationOperation parse)
    {
        if (FirstStringArgument(parse) is not ILocalReferenceOperation { Local: { IsRef: false } local }
            || local.DeclaringSyntaxReferences.Length != 1
            || local.DeclaringSyntaxReferences[0].GetSyntax(context.CancellationToken) is not VariableDeclaratorSyntax { Initializer.Value: { } value } declarator
            || declarator.Parent?.Parent is not LocalDeclarationStatementSyntax { Parent: BlockSyntax block }
            || block.DescendantNodes().OfType<IdentifierNameSyntax>().Count(n => n.Identifier.ValueText == local.Name) != 1
            || parse.SemanticModel?.GetOperation(value, context.CancellationToken)?.WalkDownConversions() is not IInvocationOperation source
            || symbols.IsInsideExpressionTree(parse))
        {
            return;
        }

        var text = source.TargetMethod is { Name: "Serialize", IsStatic: true } serialize && SymbolEqualityComparer.Default.Equals(serialize.ContainingType, serializer)
            && serialize.ReturnType.SpecialType == SpecialType.System_String
                ? "JsonSerializer.Serialize(...)"
                : DomText(source, symbols);
        if (text is null)
        {
            return;
        }

        var target = parse.TargetMethod.ContainingType.Name;
        Report(context, parse, target + ".Parse(" + local.Name + ") of " + text, "the direct conversion (see the rule's page)", fix: null, Rules.NoFixThroughLocal);
    }

    /// <summary>How a DOM becomes text here (<c>element.GetRawText()</c>, <c>node.ToJsonString()</c>, an object's or array's <c>ToString()</c>), or null. Not an element's or a value's <c>ToString()</c>: of a JSON string it is the value, which may be JSON parsed on purpose.</summary>
    private static string? DomText(IInvocationOperation toText, JsonSymbols symbols)
    {
        var method = toText.TargetMethod;
        var type = toText.Instance?.Type;
        var isDom = SymbolEqualityComparer.Default.Equals(type, symbols.JsonElement)
                    || type is INamedTypeSymbol named && (SymbolEqualityComparer.Default.Equals(named, symbols.JsonNode) || SymbolEqualityComparer.Default.Equals(named.BaseType, symbols.JsonNode)
                                                          || SymbolEqualityComparer.Default.Equals(named.BaseType?.BaseType, symbols.JsonNode));
        return !isDom || method.IsStatic || method.Parameters.Length > 1 ? null : method.Name switch
        {
            "GetRawText" => "element.GetRawText()",
            "ToJsonString" => "node.ToJsonString()",
            "ToString" when method.Parameters.Length == 0 && type?.Name is "JsonObject" or "JsonArray" => "node.ToString()",
            _ => null,
        };
    }
}
