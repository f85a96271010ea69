namespace JsonPerf.Analyzers;

/// <summary>
/// A class, struct or record of the project that serializes as what its initializer put in it, running none of its own
/// code: auto-properties only, field and property initializers that are literals, no converter, no serialization
/// callbacks, no base type (its methods are not the serializer's business; the constructor called is judged at the call).
/// A type with code in its members may read state that changes, or throw, when serialized.
/// </summary>
internal static class PlainTypes
{
    public static bool IsPlain(INamedTypeSymbol type, JsonSymbols symbols)
    {
        if (type.TypeKind is not (TypeKind.Class or TypeKind.Struct) || type.IsAbstract || type.IsGenericType
            || type.DeclaringSyntaxReferences.IsEmpty
            || type.BaseType is { SpecialType: not (SpecialType.System_Object or SpecialType.System_ValueType) }
            || HasConverter(type, symbols)
            || type.AllInterfaces.Any(i => i.Name.StartsWith("IJsonOn", StringComparison.Ordinal) && symbols.IsInSerializerNamespace(i)))
        {
            return false;
        }

        foreach (var member in type.GetMembers())
        {
            if (member.IsStatic || member.IsImplicitlyDeclared || member is not (IFieldSymbol or IPropertySymbol { IsIndexer: false }))
            {
                continue;
            }

            if (HasConverter(member, symbols) || !member.DeclaringSyntaxReferences.All(r => IsPlainDeclaration(r.GetSyntax())))
            {
                return false;
            }
        }

        return true;
    }

    private static bool HasConverter(ISymbol symbol, JsonSymbols symbols)
        => symbols.JsonConverterAttribute is { } converter && symbol.GetAttributes().Any(a => a.AttributeClass.InheritsFromOrEquals(converter));

    private static bool IsPlainDeclaration(SyntaxNode declaration) => declaration switch
    {
        PropertyDeclarationSyntax property => property.ExpressionBody is null
                                              && property.AccessorList is { } accessors
                                              && accessors.Accessors.All(a => a.Body is null && a.ExpressionBody is null)
                                              && IsLiteral(property.Initializer),
        VariableDeclaratorSyntax field => IsLiteral(field.Initializer),
        // A positional record's property.
        ParameterSyntax => true,
        _ => false,
    };

    private static bool IsLiteral(EqualsValueClauseSyntax? initializer) => initializer?.Value switch
    {
        null => true,
        LiteralExpressionSyntax or DefaultExpressionSyntax => true,
        PrefixUnaryExpressionSyntax { Operand: LiteralExpressionSyntax } => true,
        _ => false,
    };
}
