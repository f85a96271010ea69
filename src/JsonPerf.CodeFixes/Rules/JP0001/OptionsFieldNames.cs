namespace JsonPerf.CodeFixes;

/// <summary>
/// Names for a hoisted options field that say what the options are: the local's own name when it was specific
/// (<c>indentedOptions</c>), else what the settings say (<c>IndentedJsonOptions</c>, <c>WebJsonOptions</c>,
/// <c>CamelCaseJsonOptions</c>, <c>StringEnumJsonOptions</c>), else <c>JsonOptions</c>, then <c>SerializerOptions</c>
/// (ASP.NET Core has a <c>JsonOptions</c> type that is often in scope). The hoister takes the first free one and
/// numbers only when none is.
/// </summary>
internal static class OptionsFieldNames
{
    private static readonly HashSet<string> s_generic = new(StringComparer.OrdinalIgnoreCase)
    {
        "o", "opt", "opts", "option", "options", "jsonOptions", "serializerOptions", "jsonSerializerOptions", "settings",
        "jsonSettings", "serializerSettings", "so", "jso", "config", "cfg",
    };

    public static IReadOnlyList<string> For(BaseObjectCreationExpressionSyntax creation, string? localName)
    {
        var names = new List<string>();
        if (localName is { Length: > 2 } && !s_generic.Contains(localName) && !localName.StartsWith("@", StringComparison.Ordinal))
        {
            names.Add(localName);
        }

        var words = Describe(creation).Take(2).ToList();
        if (words.Count > 0)
        {
            names.Add(string.Concat(words) + "JsonOptions");
        }

        names.Add("JsonOptions");
        names.Add("SerializerOptions");
        return names;
    }

    private static readonly HashSet<string> s_genericContext = new(StringComparer.OrdinalIgnoreCase)
    {
        "c", "ctx", "context", "jsonContext", "serializerContext", "jsonSerializerContext", "jsonCtx",
    };

    /// <summary>
    /// Names for a cached JsonSerializerContext built on <paramref name="options"/>: the context local's own name when it
    /// was specific, else what the settings say before the type's name (<c>IndentedShopContext</c>), else the type's
    /// name (free under an <c>s_</c> or <c>_</c> convention), then <c>Cached</c> and the type's name.
    /// </summary>
    public static IReadOnlyList<string> ForContext(BaseObjectCreationExpressionSyntax options, string? localName, string typeName)
    {
        var names = new List<string>();
        if (localName is { Length: > 2 } && !s_genericContext.Contains(localName) && !localName.StartsWith("@", StringComparison.Ordinal))
        {
            names.Add(localName);
        }

        var words = Describe(options).Take(2).ToList();
        if (words.Count > 0)
        {
            names.Add(string.Concat(words) + typeName);
        }

        names.Add(typeName);
        names.Add("Cached" + typeName);
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
