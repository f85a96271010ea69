namespace JsonPerf.CodeFixes;

/// <summary>
/// Names for a hoisted options field, or a cached context, that say what the options are: the local's own name when it
/// was specific, else what the settings say (<c>IndentedJsonOptions</c>), else a plain name. The hoister takes the first
/// free one and numbers only when none is.
/// </summary>
internal static class OptionsFieldNames
{
    private static readonly HashSet<string> s_genericOptions = new(StringComparer.OrdinalIgnoreCase)
    {
        "o", "opt", "opts", "option", "options", "jsonOptions", "serializerOptions", "jsonSerializerOptions", "settings",
        "jsonSettings", "serializerSettings", "so", "jso", "config", "cfg",
    };

    private static readonly HashSet<string> s_genericContext = new(StringComparer.OrdinalIgnoreCase)
    {
        "c", "ctx", "context", "jsonContext", "serializerContext", "jsonSerializerContext", "jsonCtx",
    };

    private static readonly Dictionary<string, string> s_words = new(StringComparer.Ordinal)
    {
        ["WriteIndented=true"] = "Indented",
        ["PropertyNameCaseInsensitive=true"] = "CaseInsensitive",
        ["PropertyNamingPolicy=CamelCase"] = "CamelCase",
        ["PropertyNamingPolicy=SnakeCaseLower"] = "SnakeCase",
        ["PropertyNamingPolicy=SnakeCaseUpper"] = "UpperSnakeCase",
        ["PropertyNamingPolicy=KebabCaseLower"] = "KebabCase",
        ["PropertyNamingPolicy=KebabCaseUpper"] = "UpperKebabCase",
        ["DefaultIgnoreCondition=WhenWritingNull"] = "IgnoreNull",
        ["DefaultIgnoreCondition=WhenWritingDefault"] = "IgnoreDefault",
        ["ReferenceHandler=Preserve"] = "PreserveReferences",
        ["ReferenceHandler=IgnoreCycles"] = "IgnoreCycles",
        ["Encoder=UnsafeRelaxedJsonEscaping"] = "Relaxed",
    };

    /// <summary>Then <c>JsonOptions</c>, and <c>SerializerOptions</c> (ASP.NET Core has a <c>JsonOptions</c> type that is often in scope).</summary>
    public static IReadOnlyList<string> For(BaseObjectCreationExpressionSyntax creation, string? localName)
        => Names(creation, localName, s_genericOptions, "JsonOptions", "SerializerOptions");

    /// <summary>A context built on <paramref name="options"/>: the settings before the type's name (<c>IndentedShopContext</c>), then the type's name, then <c>Cached</c> and the type's name.</summary>
    public static IReadOnlyList<string> ForContext(BaseObjectCreationExpressionSyntax options, string? localName, string typeName)
        => Names(options, localName, s_genericContext, typeName, "Cached" + typeName);

    private static List<string> Names(BaseObjectCreationExpressionSyntax options, string? localName, HashSet<string> generic, string noun, string last)
    {
        var specific = localName is { Length: > 2 } && !generic.Contains(localName) && !localName.StartsWith("@", StringComparison.Ordinal) ? localName : null;
        var words = string.Concat(Describe(options).Take(2));
        return new[] { specific, words.Length > 0 ? words + noun : null, noun, last }.OfType<string>().ToList();
    }

    private static IEnumerable<string> Describe(BaseObjectCreationExpressionSyntax creation)
    {
        var words = (creation.Initializer?.Expressions ?? default).Select(expression => expression switch
        {
            AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: "Converters" }, Right: InitializerExpressionSyntax { Expressions: { Count: 1 } converters } }
                => ConverterWord(converters[0]),
            AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting }, Right: LiteralExpressionSyntax literal } when literal.IsKind(SyntaxKind.TrueLiteralExpression)
                => Word(setting + "=true"),
            AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting }, Right: MemberAccessExpressionSyntax value }
                => Word(setting + "=" + value.Name.Identifier.ValueText),
            _ => null,
        });
        var web = creation.ArgumentList?.Arguments.FirstOrDefault()?.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Web" };
        return (web ? words.Prepend("Web") : words).OfType<string>();
    }

    private static string? Word(string setting) => s_words.TryGetValue(setting, out var word) ? word : null;

    /// <summary><c>new JsonStringEnumConverter()</c> → <c>StringEnum</c>.</summary>
    private static string? ConverterWord(ExpressionSyntax converter)
    {
        var type = (converter as ObjectCreationExpressionSyntax)?.Type;
        if ((type as SimpleNameSyntax ?? (type as QualifiedNameSyntax)?.Right)?.Identifier.ValueText is not { } name)
        {
            return null;
        }

        if (name.StartsWith("Json", StringComparison.Ordinal) && name.Length > 4)
        {
            name = name.Substring(4);
        }

        if (name.EndsWith("Converter", StringComparison.Ordinal) && name.Length > "Converter".Length)
        {
            name = name.Substring(0, name.Length - "Converter".Length);
        }

        return name.Length > 0 && char.IsUpper(name[0]) ? name : null;
    }
}
