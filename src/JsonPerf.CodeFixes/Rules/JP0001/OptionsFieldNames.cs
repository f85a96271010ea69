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

    /// <summary>Then <c>JsonOptions</c>, and <c>SerializerOptions</c> (ASP.NET Core has a <c>JsonOptions</c> type that is often in scope).</summary>
    public static IReadOnlyList<string> For(BaseObjectCreationExpressionSyntax creation, string? localName)
        => Names(creation, localName, s_genericOptions, "JsonOptions", "SerializerOptions");

    /// <summary>A context built on <paramref name="options"/>: the settings before the type's name (<c>IndentedShopContext</c>), then the type's name, then <c>Cached</c> and the type's name.</summary>
    public static IReadOnlyList<string> ForContext(BaseObjectCreationExpressionSyntax options, string? localName, string typeName)
        => Names(options, localName, s_genericContext, typeName, "Cached" + typeName);

    private static List<string> Names(BaseObjectCreationExpressionSyntax options, string? localName, HashSet<string> generic, string noun, string last)
    {
        var names = new List<string>();
        if (localName is { Length: > 2 } && !generic.Contains(localName) && !localName.StartsWith("@", StringComparison.Ordinal))
        {
            names.Add(localName);
        }

        var words = Describe(options).Take(2).ToList();
        if (words.Count > 0)
        {
            names.Add(string.Concat(words) + noun);
        }

        names.Add(noun);
        names.Add(last);
        return names;
    }

    private static IEnumerable<string> Describe(BaseObjectCreationExpressionSyntax creation)
    {
        if (creation.ArgumentList?.Arguments.FirstOrDefault()?.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Web" })
        {
            yield return "Web";
        }

        foreach (var expression in creation.Initializer?.Expressions ?? default)
        {
            if (expression is not AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting }, Right: var value })
            {
                continue;
            }

            var word = (setting, value) switch
            {
                ("WriteIndented", LiteralExpressionSyntax literal) when literal.IsKind(SyntaxKind.TrueLiteralExpression) => "Indented",
                ("PropertyNameCaseInsensitive", LiteralExpressionSyntax literal) when literal.IsKind(SyntaxKind.TrueLiteralExpression) => "CaseInsensitive",
                ("PropertyNamingPolicy", MemberAccessExpressionSyntax policy) => policy.Name.Identifier.ValueText switch
                {
                    "CamelCase" => "CamelCase",
                    "SnakeCaseLower" => "SnakeCase",
                    "SnakeCaseUpper" => "UpperSnakeCase",
                    "KebabCaseLower" => "KebabCase",
                    "KebabCaseUpper" => "UpperKebabCase",
                    _ => null,
                },
                ("DefaultIgnoreCondition", MemberAccessExpressionSyntax condition) => condition.Name.Identifier.ValueText switch
                {
                    "WhenWritingNull" => "IgnoreNull",
                    "WhenWritingDefault" => "IgnoreDefault",
                    _ => null,
                },
                ("ReferenceHandler", MemberAccessExpressionSyntax handler) => handler.Name.Identifier.ValueText switch
                {
                    "Preserve" => "PreserveReferences",
                    "IgnoreCycles" => "IgnoreCycles",
                    _ => null,
                },
                ("Encoder", MemberAccessExpressionSyntax { Name.Identifier.ValueText: "UnsafeRelaxedJsonEscaping" }) => "Relaxed",
                ("Converters", InitializerExpressionSyntax { Expressions: { Count: 1 } converters }) => ConverterWord(converters[0]),
                _ => null,
            };

            if (word is not null)
            {
                yield return word;
            }
        }
    }

    /// <summary><c>new JsonStringEnumConverter()</c> → <c>StringEnum</c>.</summary>
    private static string? ConverterWord(ExpressionSyntax converter)
    {
        if (converter is not ObjectCreationExpressionSyntax { Type: var type })
        {
            return null;
        }

        var name = type switch
        {
            GenericNameSyntax generic => generic.Identifier.ValueText,
            SimpleNameSyntax simple => simple.Identifier.ValueText,
            QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
            _ => null,
        };
        if (name is null)
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
