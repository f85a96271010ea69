using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>Options settings <c>[JsonSourceGenerationOptions]</c> expresses exactly (defaults, constants, known naming policies); else null.</summary>
internal sealed class MirroredOptions
{
    private static readonly HashSet<string> KnownPolicies = new() { "CamelCase", "SnakeCaseLower", "SnakeCaseUpper", "KebabCaseLower", "KebabCaseUpper" };

    private MirroredOptions(int? defaults, SortedDictionary<string, (ITypeSymbol Type, object Value)> named, string? sourceName)
    {
        Defaults = defaults;
        Named = named;
        SourceName = sourceName;
    }

    /// <summary>The options member these come from; a new context is named after it (<c>s_web</c>: <c>WebJsonContext</c>).</summary>
    public string? SourceName { get; }

    public int? Defaults { get; }

    /// <summary>Setting name to its type (bool, int, an enum) and constant value (enums as their underlying value).</summary>
    public SortedDictionary<string, (ITypeSymbol Type, object Value)> Named { get; }

    /// <summary>System.Net.Http.Json's defaults, <c>JsonSerializerDefaults.Web</c>; null where the attribute cannot say so (before .NET 8).</summary>
    public static MirroredOptions? WebDefaults(JsonSymbols symbols)
        => symbols.JsonSourceGenerationOptionsAttribute is { } attribute && attribute.InstanceConstructors.Any(c => c.Parameters.Length == 1)
           && symbols.JsonSerializerDefaults?.GetMembers("Web").OfType<IFieldSymbol>().FirstOrDefault() is { ConstantValue: int web }
            ? new MirroredOptions(web, new SortedDictionary<string, (ITypeSymbol, object)>(System.StringComparer.Ordinal), "Web")
            : null;

    public static MirroredOptions? TryCreate(BaseObjectCreationExpressionSyntax creation, SemanticModel model, string? sourceName, CancellationToken cancellationToken)
    {
        if (JsonSymbols.For(model.Compilation) is not { JsonSourceGenerationOptionsAttribute: { } attribute, JsonKnownNamingPolicy: { } knownPolicy } symbols)
        {
            return null;
        }

        int? defaults = null;
        if (creation.ArgumentList is { Arguments.Count: > 0 } arguments)
        {
            if (arguments.Arguments.Count != 1
                || model.GetConstantValue(arguments.Arguments[0].Expression, cancellationToken) is not { HasValue: true, Value: int value }
                || !attribute.InstanceConstructors.Any(c => c.Parameters.Length == 1))
            {
                return null;
            }

            defaults = value;
        }

        var named = new SortedDictionary<string, (ITypeSymbol, object)>(System.StringComparer.Ordinal);
        foreach (var expression in creation.Initializer?.Expressions ?? default)
        {
            if (expression is not AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting } } assignment
                || !OptionsSyntax.GenerationSettings.Contains(setting)
                || named.ContainsKey(setting)
                || attribute.GetMembers(setting).OfType<IPropertySymbol>().FirstOrDefault() is not { SetMethod: not null } target)
            {
                return null;
            }

            if (target.Type.Equals(knownPolicy, SymbolEqualityComparer.Default))
            {
                // JsonNamingPolicy.CamelCase and the like: the attribute's JsonKnownNamingPolicy of the same name.
                if (model.GetSymbolInfo(assignment.Right, cancellationToken).Symbol is not IPropertySymbol { IsStatic: true, Name: var policy, ContainingType: var policyType }
                    || !SymbolEqualityComparer.Default.Equals(policyType, symbols.JsonNamingPolicy)
                    || !KnownPolicies.Contains(policy)
                    || knownPolicy.GetMembers(policy).OfType<IFieldSymbol>().FirstOrDefault() is not { ConstantValue: { } policyValue })
                {
                    return null;
                }

                named.Add(setting, (knownPolicy, policyValue));
                continue;
            }

            if (model.GetConstantValue(assignment.Right, cancellationToken) is not { HasValue: true, Value: { } constant }
                || !SymbolEqualityComparer.Default.Equals(model.GetTypeInfo(assignment.Right, cancellationToken).ConvertedType, target.Type))
            {
                return null;
            }

            named.Add(setting, (target.Type, constant));
        }

        return new MirroredOptions(defaults, named, sourceName);
    }

    public AttributeSyntax ToAttribute(JsonSymbols symbols)
    {
        var arguments = new List<AttributeArgumentSyntax>();
        if (Defaults is { } defaults && symbols.JsonSerializerDefaults is { } defaultsType)
        {
            arguments.Add(AttributeArgument(EnumValue(defaultsType, defaults, symbols)));
        }

        foreach (var (name, (type, value)) in Named.Select(p => (p.Key, p.Value)))
        {
            ExpressionSyntax expression = value switch
            {
                bool flag => LiteralExpression(flag ? SyntaxKind.TrueLiteralExpression : SyntaxKind.FalseLiteralExpression),
                _ when type.TypeKind == TypeKind.Enum => EnumValue((INamedTypeSymbol)type, value, symbols),
                int number => LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal(number)),
                _ => throw new System.InvalidOperationException("Not a mirrored setting: " + name),
            };
            arguments.Add(AttributeArgument(NameEquals(IdentifierName(name)), null, expression));
        }

        return Attribute(ContextEditing.SerializationName("JsonSourceGenerationOptions"), AttributeArgumentList(SeparatedList(arguments)));
    }

    /// <summary><c>Enum.Member</c> for a named value, <c>Enum.A | Enum.B</c> for flags, else <c>(Enum)value</c>.</summary>
    private static ExpressionSyntax EnumValue(INamedTypeSymbol type, object value, JsonSymbols symbols)
    {
        ExpressionSyntax Member(IFieldSymbol field)
            => MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ParseTypeName("global::" + type.ToDisplayString()).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName(field.Name));

        var fields = type.GetMembers().OfType<IFieldSymbol>().Where(f => f.HasConstantValue).ToList();
        if (fields.FirstOrDefault(f => Equals(f.ConstantValue, value)) is { } exact)
        {
            return Member(exact);
        }

        var bits = System.Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture);
        var parts = fields.Select(f => (Field: f, Bits: System.Convert.ToInt64(f.ConstantValue, System.Globalization.CultureInfo.InvariantCulture)))
            .Where(f => f.Bits != 0 && (f.Bits & (f.Bits - 1)) == 0 && (bits & f.Bits) == f.Bits)
            .OrderBy(f => f.Bits)
            .ToList();
        if (type.HasAttribute(symbols.FlagsAttribute) && parts.Aggregate(0L, (all, f) => all | f.Bits) == bits && parts.Count > 1)
        {
            return parts.Skip(1).Aggregate(Member(parts[0].Field), (left, f) => BinaryExpression(SyntaxKind.BitwiseOrExpression, left, Member(f.Field)));
        }

        return CastExpression(ParseTypeName("global::" + type.ToDisplayString()).WithAdditionalAnnotations(Simplifier.Annotation), LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal(bits)));
    }
}
