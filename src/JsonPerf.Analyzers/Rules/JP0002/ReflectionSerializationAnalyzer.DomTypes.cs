namespace JsonPerf.Analyzers;

public sealed partial class ReflectionSerializationAnalyzer
{
    /// <summary>A DOM type's own API where it does exactly the same, else the usual fix where a context already registers the type.</summary>
    private static (ImmutableDictionary<string, string?> Properties, string Note)? DomFixability(
        IInvocationOperation invocation, HelperKind helper, ITypeSymbol type, IArgumentOperation? options, JsonSymbols symbols, CompilationState state, CancellationToken cancellationToken)
    {
        if (helper == HelperKind.None && IsOmittedOrNull(options?.Value) && DomRewrite(invocation, type, symbols) is { } rewrite)
        {
            return ConditionalCompilation.IsConditional(invocation.Syntax) ? (DiagnosticProperties.None, Rules.NoFixInConditionalCode)
                : CallTrivia.HasLineCommentOrDirective(invocation.Syntax) ? (DiagnosticProperties.None, Rules.NoFixForLineComment)
                : (Fix(ReflectionSerializationFix.DomApi).Add(ReflectionSerializationFix.Rewrite, rewrite), "");
        }

        if (Fixability(invocation, helper, type, options, symbols, state, cancellationToken) is not var (properties, note))
        {
            return null;
        }

        var registered = properties.Count > 0
                         && invocation.SemanticModel?.GetEnclosingSymbol(invocation.Syntax.SpanStart, cancellationToken) is { } within
                         && RegisteredContexts.Find(invocation.SemanticModel.Compilation, symbols, type, within) is not null;
        return properties.Count == 0 ? (properties, note)
            : registered ? (properties.Add(ReflectionSerializationFix.RegisteredOnly, "true"), note)
            : (DiagnosticProperties.None, Rules.NoFixForDomType);
    }

    /// <summary>
    /// The DOM type's own API that fits the call: what the fix writes (Parse, ParseValue, WriteTo), a reader's value
    /// (<c>JsonNode.Parse(ref reader)</c>, not written: another JsonValue kind for a root primitive), a copy of a node or
    /// an element (<c>DeepClone()</c>, <c>Clone()</c>); null where none does.
    /// </summary>
    private static string? DomAdvice(IInvocationOperation invocation, HelperKind helper, ITypeSymbol type, IArgumentOperation? options, JsonSymbols symbols)
    {
        var method = invocation.TargetMethod;
        if (helper != HelperKind.None || method.Parameters.Length == 0)
        {
            return null;
        }

        var rewrite = IsOmittedOrNull(options?.Value) ? DomRewrite(invocation, type, symbols) : null;
        var first = method.Parameters[0];
        var isNode = type.InheritsFromOrEquals(symbols.JsonNode);
        var isElement = SymbolEqualityComparer.Default.Equals(type, symbols.JsonElement);
        var isDocument = SymbolEqualityComparer.Default.Equals(type, symbols.JsonDocument);
        return rewrite switch
        {
            ReflectionSerializationFix.WriteTo => "call element.WriteTo(writer)",
            ReflectionSerializationFix.Parse => "call JsonElement.Parse(...)",
            _ when method.Name == "Deserialize" && first.RefKind == RefKind.Ref && first.Type is { Name: "Utf8JsonReader" }
                => isNode ? "call JsonNode.Parse(ref reader)" : isElement || isDocument ? "call " + type.Name + ".ParseValue(ref reader)" : null,
            _ when isNode && (method.Name == "SerializeToNode" || method.Name == "Deserialize" && first.Type.InheritsFromOrEquals(symbols.JsonNode))
                => "call node.DeepClone()",
            _ when isElement && (method.Name == "SerializeToElement" || method.Name == "Deserialize" && SymbolEqualityComparer.Default.Equals(first.Type, symbols.JsonElement))
                => "call element.Clone()",
            _ => null,
        };
    }

    // The same result, null handling, reader position and exceptions, as observed (docs/rules/JP0002.md). Not JsonElement?
    // (Deserialize gives null for `null`), JsonDocument.Parse of a string (pooled, to be disposed) or JsonNode (other
    // JsonValue kinds, and Options); WriteTo only for JsonElement: Serialize writes `null` for a null document or node.
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
                return isDocument || isElement ? ReflectionSerializationFix.ParseValue : null;

            case "Deserialize" when isElement && first.RefKind == RefKind.None && IsTextInput(first.Type):
                // JsonElement.Parse(string | ReadOnlySpan<byte> | ReadOnlySpan<char>) came with .NET 10.
                return HasStaticParse(named, first.Type) ? ReflectionSerializationFix.Parse : null;

            case "Serialize" when isElement && method.Parameters.Length >= 2 && first.Type is { Name: "Utf8JsonWriter" }
                                  && invocation.Parent is IExpressionStatementOperation { Parent: IBlockOperation }
                                  && invocation.Syntax.Parent is ExpressionStatementSyntax { Parent: BlockSyntax } or ArrowExpressionClauseSyntax { Parent: MethodDeclarationSyntax or LocalFunctionStatementSyntax }
                                  && invocation.ArgumentFor(first)?.Value.WalkDownConversions() is ILocalReferenceOperation or IParameterReferenceOperation { Parameter.RefKind: RefKind.None }
                                  // The element becomes the receiver: a target-typed default or new() has no type there.
                                  && invocation.ArgumentFor(method.Parameters[1])?.Value.Syntax
                                      is not (LiteralExpressionSyntax { RawKind: (int)SyntaxKind.DefaultLiteralExpression } or ImplicitObjectCreationExpressionSyntax):
                return ReflectionSerializationFix.WriteTo;

            default:
                return null;
        }
    }

    private static bool IsTextInput(ITypeSymbol type)
        => type.SpecialType == SpecialType.System_String
           || type is INamedTypeSymbol { Name: "ReadOnlySpan", TypeArguments.Length: 1 } span && span.TypeArguments[0].SpecialType is SpecialType.System_Byte or SpecialType.System_Char;

    private static bool HasStaticParse(INamedTypeSymbol type, ITypeSymbol input)
        => type.GetMembers("Parse").Any(member => member is IMethodSymbol { IsStatic: true, Parameters.Length: > 0 } parse
                                                  && parse.Parameters[0].RefKind == RefKind.None
                                                  && parse.Parameters[0].Type.IsSameTypeAs(input)
                                                  && parse.Parameters.Skip(1).All(p => p.IsOptional));
}
