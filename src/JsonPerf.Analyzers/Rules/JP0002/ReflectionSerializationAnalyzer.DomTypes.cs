namespace JsonPerf.Analyzers;

public sealed partial class ReflectionSerializationAnalyzer
{
    /// <summary>JsonDocument, JsonElement, JsonElement? or JsonNode and its kinds: JSON's own DOM types need no generated metadata.</summary>
    private static bool IsDomType(ITypeSymbol type, JsonSymbols symbols)
    {
        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T, TypeArguments.Length: 1 } nullable)
        {
            type = nullable.TypeArguments[0];
        }

        return SymbolEqualityComparer.Default.Equals(type, symbols.JsonDocument)
               || SymbolEqualityComparer.Default.Equals(type, symbols.JsonElement)
               || type.InheritsFromOrEquals(symbols.JsonNode);
    }

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
                                  && ArgumentValue(invocation, first) is ILocalReferenceOperation or IParameterReferenceOperation { Parameter.RefKind: RefKind.None }
                                  // The element becomes the receiver: a target-typed default or new() has no type there.
                                  && invocation.Arguments.FirstOrDefault(a => SymbolEqualityComparer.Default.Equals(a.Parameter?.OriginalDefinition, method.Parameters[1].OriginalDefinition))?.Value.Syntax
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
