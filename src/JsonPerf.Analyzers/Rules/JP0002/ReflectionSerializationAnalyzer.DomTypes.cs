namespace JsonPerf.Analyzers;

public sealed partial class ReflectionSerializationAnalyzer
{
    /// <summary><c>Deserialize&lt;JsonElement&gt;(json)</c> of a string or span: <c>JsonElement.Parse(json)</c> (.NET 10).</summary>
    public const string DomParse = "Parse";

    /// <summary><c>Deserialize&lt;T&gt;(ref reader)</c>: <c>JsonDocument.ParseValue(ref reader)</c>, <c>JsonElement.ParseValue(ref reader)</c>.</summary>
    public const string DomParseValue = "ParseValue";

    /// <summary><c>Serialize(writer, element);</c>: <c>element.WriteTo(writer); writer.Flush();</c>.</summary>
    public const string DomWriteTo = "WriteTo";

    /// <summary>
    /// JSON's own DOM types (JsonDocument, JsonElement and JsonElement?, JsonNode and its kinds) need no generated metadata,
    /// and the fix never scaffolds a context for them: a call without options whose DOM API does exactly the same gets
    /// that API (<see cref="DomRewrite"/>); otherwise the usual fix only where a context of the project already registers
    /// the type (the fix then keeps to it), else no fix with the note that says why.
    /// </summary>
    private static (ImmutableDictionary<string, string?> Properties, string Note)? DomFixability(
        IInvocationOperation invocation, HelperKind helper, ITypeSymbol type, IArgumentOperation? options, JsonSymbols symbols, CompilationState state, CancellationToken cancellationToken)
    {
        if (helper == HelperKind.None && IsOmittedOrNull(options?.Value) && DomRewrite(invocation, type, symbols) is { } rewrite)
        {
            return ConditionalCompilation.IsConditional(invocation.Syntax) ? (DiagnosticProperties.None, Rules.NoFixInConditionalCode)
                : CallTrivia.HasLineCommentOrDirective(invocation.Syntax) ? (DiagnosticProperties.None, Rules.NoFixForLineComment)
                : (DiagnosticProperties.With(DiagnosticProperties.DomApi, rewrite), "");
        }

        if (Fixability(invocation, helper, type, options, symbols, state, cancellationToken) is not var (properties, note))
        {
            return null;
        }

        if (properties.Count == 0)
        {
            return (properties, note);
        }

        return invocation.SemanticModel?.GetEnclosingSymbol(invocation.Syntax.SpanStart, cancellationToken) is { } within
               && RegisteredContexts.Find(invocation.SemanticModel.Compilation, symbols, type, within) is not null
            ? (properties, note)
            : (DiagnosticProperties.None, Rules.NoFixForDomType);
    }

    /// <summary>
    /// The DOM API that does what the call does, with the same result type, JSON <c>null</c> handling and reader
    /// settings (the call passes no options), or null. Observed on .NET 10.0.12 (docs/rules/JP0002.md): Deserialize of
    /// JsonDocument or JsonElement and ParseValue/Parse give the same value for <c>null</c> (a Null root) and leave the
    /// reader at the same place, and malformed JSON throws a JsonException at the same line and byte from both.
    /// JsonElement? is not offered (Deserialize gives null for <c>null</c>), nor JsonDocument.Parse of a string (its
    /// buffers are pooled, to be disposed), nor JsonNode: Deserialize makes a root string, number or boolean another
    /// JsonValue than JsonNode.Parse does (TryGetValue&lt;JsonElement&gt; returns other raw text) and sets the node's
    /// Options. Only JsonElement is written with WriteTo: Serialize writes <c>null</c> for a null document or node.
    /// </summary>
    private static string? DomRewrite(IInvocationOperation invocation, ITypeSymbol type, JsonSymbols symbols)
    {
        var method = invocation.TargetMethod;
        if (!method.IsGenericMethod || method.TypeArguments.Length != 1 || !SymbolEqualityComparer.Default.Equals(method.TypeArguments[0], type)
            || method.Parameters.Length == 0 || type is not INamedTypeSymbol named || named.IsGenericType
            || invocation.HasNamedArgument())
        {
            return null;
        }

        var first = method.Parameters[0];
        var isDocument = SymbolEqualityComparer.Default.Equals(type, symbols.JsonDocument);
        var isElement = SymbolEqualityComparer.Default.Equals(type, symbols.JsonElement);
        switch (method.Name)
        {
            case "Deserialize" when first.RefKind == RefKind.Ref && first.Type is { Name: "Utf8JsonReader" }:
                return isDocument || isElement ? DomParseValue : null;

            case "Deserialize" when isElement && first.RefKind == RefKind.None && IsTextInput(first.Type):
                // JsonElement.Parse(string | ReadOnlySpan<byte> | ReadOnlySpan<char>) is .NET 10's.
                return HasStaticParse(named, first.Type) ? DomParse : null;

            case "Serialize" when isElement && method.Parameters.Length >= 2 && first.Type is { Name: "Utf8JsonWriter" }
                                  && invocation.Parent is IExpressionStatementOperation { Parent: IBlockOperation }
                                  && invocation.Syntax.Parent is ExpressionStatementSyntax { Parent: BlockSyntax } or ArrowExpressionClauseSyntax { Parent: MethodDeclarationSyntax or LocalFunctionStatementSyntax }
                                  && ArgumentValue(invocation, first) is ILocalReferenceOperation or IParameterReferenceOperation { Parameter.RefKind: RefKind.None }
                                  // The element becomes the receiver: a target-typed default or new() has no type there.
                                  && invocation.Arguments.FirstOrDefault(a => SymbolEqualityComparer.Default.Equals(a.Parameter?.OriginalDefinition, method.Parameters[1].OriginalDefinition))?.Value.Syntax
                                      is not (LiteralExpressionSyntax { RawKind: (int)SyntaxKind.DefaultLiteralExpression } or ImplicitObjectCreationExpressionSyntax):
                return DomWriteTo;

            default:
                return null;
        }
    }

    private static bool IsTextInput(ITypeSymbol type)
        => type.SpecialType == SpecialType.System_String
           || type is INamedTypeSymbol { Name: "ReadOnlySpan", TypeArguments.Length: 1 } span && span.TypeArguments[0].SpecialType is SpecialType.System_Byte or SpecialType.System_Char;

    private static bool HasStaticParse(INamedTypeSymbol type, ITypeSymbol input)
    {
        foreach (var member in type.GetMembers("Parse"))
        {
            if (member is IMethodSymbol { IsStatic: true, Parameters.Length: > 0 } parse
                && parse.Parameters[0].RefKind == RefKind.None
                && parse.Parameters[0].Type.IsSameTypeAs(input)
                && parse.Parameters.Skip(1).All(p => p.IsOptional))
            {
                return true;
            }
        }

        return false;
    }

    private static IOperation? ArgumentValue(IInvocationOperation invocation, IParameterSymbol parameter)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (SymbolEqualityComparer.Default.Equals(argument.Parameter?.OriginalDefinition, parameter.OriginalDefinition))
            {
                return argument.Value.WalkDownConversions();
            }
        }

        return null;
    }
}
