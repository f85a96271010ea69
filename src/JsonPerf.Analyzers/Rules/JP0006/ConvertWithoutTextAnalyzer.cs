namespace JsonPerf.Analyzers;

/// <summary>
/// JP0006: a conversion between JSON representations written inline through a UTF-16 string:
/// <c>JsonSerializer.Deserialize(element.GetRawText(), ...)</c>, <c>JsonSerializer.Deserialize(node.ToJsonString(...), ...)</c>,
/// and <c>JsonDocument.Parse</c>, <c>JsonElement.Parse</c> or <c>JsonNode.Parse</c> of <c>JsonSerializer.Serialize(...)</c>.
/// Only inline conversions: a string held in a local may be used for something else too.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("MicrosoftCodeAnalysisCorrectness", "RS1001:Missing diagnostic analyzer attribute", Justification = "Hosted by JsonPerfAnalyzer, which the package exports; exported alone too, the rule would run twice.")]
public sealed partial class ConvertWithoutTextAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.ConvertWithoutText);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonSerializer is { } serializer)
        {
            context.RegisterOperationAction(
                c => AnalyzeInvocation(c, symbols, serializer),
                OperationFilter.CallsDeclaredIn(serializer, symbols.JsonDocument, symbols.JsonElement, symbols.JsonNode));
        }
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer)
    {
        // Calls of methods of JsonSerializer, JsonDocument, JsonElement and JsonNode only (the filter).
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        if (!method.IsStatic)
        {
            if (method.Name == "WriteTo")
            {
                AnalyzeWriteTo(context, symbols, serializer, invocation);
            }
            else if (method.Name == "GetRawText")
            {
                AnalyzeRawTextLength(context, symbols, invocation);
            }
            else if (method.Name == "EnumerateObject")
            {
                AnalyzePropertyCopy(context, symbols, serializer, invocation);
            }

            return;
        }

        var containingType = method.ContainingType;
        if (method.Name == "WriteTo")
        {
            return;
        }

        if (method.Name == "Deserialize")
        {
            if (SymbolEqualityComparer.Default.Equals(containingType, serializer) && HasInvocationArgument(invocation.Syntax))
            {
                AnalyzeDeserialize(context, symbols, invocation);
            }
        }
        else if (method.Name == "Parse"
            && (SymbolEqualityComparer.Default.Equals(containingType, symbols.JsonDocument)
                || SymbolEqualityComparer.Default.Equals(containingType, symbols.JsonElement)
                || SymbolEqualityComparer.Default.Equals(containingType, symbols.JsonNode)))
        {
            if (HasInvocationArgument(invocation.Syntax))
            {
                AnalyzeParse(context, symbols, serializer, invocation);
            }
            else if (invocation.Syntax is InvocationExpressionSyntax { ArgumentList.Arguments: { Count: > 0 } arguments } && arguments[0].Expression is IdentifierNameSyntax)
            {
                AnalyzeParseOfLocal(context, symbols, serializer, invocation);
            }
        }
    }

    /// <summary>A syntax-only filter before any argument operation is built: some argument is itself a call.</summary>
    private static bool HasInvocationArgument(SyntaxNode syntax)
    {
        if (syntax is InvocationExpressionSyntax { ArgumentList: { } list })
        {
            foreach (var argument in list.Arguments)
            {
                var expression = argument.Expression;
                while (expression is ParenthesizedExpressionSyntax or CastExpressionSyntax)
                {
                    expression = expression is ParenthesizedExpressionSyntax parenthesized ? parenthesized.Expression : ((CastExpressionSyntax)expression).Expression;
                }

                if (expression is InvocationExpressionSyntax)
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary><c>JsonSerializer.Deserialize(element.GetRawText() | node.ToJsonString(...), ...)</c>, any overload taking a string.</summary>
    private static void AnalyzeDeserialize(OperationAnalysisContext context, JsonSymbols symbols, IInvocationOperation deserialize)
    {
        if (FirstStringArgument(deserialize) is not IInvocationOperation { Instance: { } instance } toText
            || symbols.IsInsideExpressionTree(deserialize))
        {
            return;
        }

        var textMethod = toText.TargetMethod;
        if (textMethod.Name == "GetRawText" && textMethod.Parameters.Length == 0
            && SymbolEqualityComparer.Default.Equals(textMethod.ContainingType, symbols.JsonElement))
        {
            // The JsonElement overloads are extension methods: 'using static' does not bring them in as plain calls.
            var fixable = deserialize.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax }
                && HasOverloadWithFirstParameter(deserialize.TargetMethod, symbols.JsonElement!)
                && !deserialize.HasNamedArgument()
                && RestHasNoSideEffects(deserialize);
            Report(context, deserialize, "JsonSerializer.Deserialize(element.GetRawText())", "JsonSerializer.Deserialize(element, ...)", fixable ? ConvertWithoutTextFix.PassElement : null);
        }
        else if (textMethod.Name == "ToJsonString"
            && SymbolEqualityComparer.Default.Equals(textMethod.ContainingType, symbols.JsonNode)
            && instance.Type is not null)
        {
            // No fix: Deserialize(node) returns default for a null node where node.ToJsonString() throws, and
            // writes the node with the deserialization options instead of ToJsonString's (see the rule's doc).
            Report(context, deserialize, "JsonSerializer.Deserialize(node.ToJsonString())", "node.Deserialize(...)", fix: null);
        }
    }

    /// <summary><c>JsonDocument.Parse</c>, <c>JsonElement.Parse</c> (.NET 10) or <c>JsonNode.Parse</c> of <c>JsonSerializer.Serialize(...)</c> or of <c>element.GetRawText()</c>.</summary>
    private static void AnalyzeParse(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, IInvocationOperation parse)
    {
        if (FirstStringArgument(parse) is IInvocationOperation toText && DomText(toText, symbols) == "node.ToString()")
        {
            // Indented text, parsed back: the same tree as DeepClone() but for number forms and escapes, hence no fix.
            Report(context, parse, parse.TargetMethod.ContainingType.Name + ".Parse(node.ToString())", "node.DeepClone() or the direct conversion", fix: null, Rules.NoFixForNodeToString);
            return;
        }

        if (FirstStringArgument(parse) is IInvocationOperation { TargetMethod: { Name: "GetRawText", IsStatic: false, Parameters.Length: 0 } rawText, Instance: not null }
            && SymbolEqualityComparer.Default.Equals(rawText.ContainingType, symbols.JsonElement))
        {
            AnalyzeParseOfElement(context, symbols, parse);
            return;
        }

        if (FirstStringArgument(parse) is not IInvocationOperation { TargetMethod: { Name: "Serialize", IsStatic: true } serializeMethod } serialize
            || !SymbolEqualityComparer.Default.Equals(serializeMethod.ContainingType, serializer)
            || serializeMethod.ReturnType.SpecialType != SpecialType.System_String
            || symbols.IsInsideExpressionTree(parse))
        {
            return;
        }

        var target = parse.TargetMethod.ContainingType.Name; // JsonDocument, JsonElement or JsonNode
        var replacement = "SerializeTo" + target.Substring("Json".Length);
        var isNode = SymbolEqualityComparer.Default.Equals(parse.TargetMethod.ContainingType, symbols.JsonNode);

        // Document and node options have no equivalent on SerializeToX (it parses with options derived from the
        // serializer options), and SerializeToNode gives the nodes PropertyNameCaseInsensitive from the serializer
        // options, which JsonNode.Parse does not: with explicit serializer options a node could match keys differently.
        var fixable = AllButFirstAreDefaults(parse)
            && !serialize.HasNamedArgument()
            && HasSameSignature(serializeMethod, replacement)
            && (!isNode || OnlyValueAndTypeArguments(serialize, symbols));

        Report(context, parse, target + ".Parse(JsonSerializer.Serialize(...))", "JsonSerializer." + replacement + "(...)", fixable ? ConvertWithoutTextFix.SerializeTo : null);
    }

    /// <summary>
    /// <c>X.Parse(element.GetRawText())</c>: an element copied into a new element, node or document through its text.
    /// <c>element.Clone()</c> and <c>SerializeToNode(element, ...)</c> give the same JSON text (the node is written from the
    /// element; the clone copies its UTF-8 bytes); a document from <c>SerializeToDocument(element)</c> would have other
    /// raw text (whitespace and escaping written anew), so it is reported without a fix. The node copy never takes
    /// <c>SerializeToNode(element)</c>, which needs reflection metadata the original did not (an AOT app that loads the
    /// library throws): only a project context that registers JsonElement provides it, or there is no fix.
    /// </summary>
    private static void AnalyzeParseOfElement(OperationAnalysisContext context, JsonSymbols symbols, IInvocationOperation parse)
    {
        if (symbols.IsInsideExpressionTree(parse))
        {
            return;
        }

        var type = parse.TargetMethod.ContainingType;
        var defaults = AllButFirstAreDefaults(parse) && !parse.HasNamedArgument();
        if (SymbolEqualityComparer.Default.Equals(type, symbols.JsonElement))
        {
            Report(context, parse, "JsonElement.Parse(element.GetRawText())", "element.Clone()", defaults ? ConvertWithoutTextFix.CloneElement : null);
        }
        else if (SymbolEqualityComparer.Default.Equals(type, symbols.JsonNode))
        {
            const string What = "JsonNode.Parse(element.GetRawText())";
            const string Instead = "JsonSerializer.SerializeToNode(element, <context>.Default.JsonElement)";
            if (!defaults)
            {
                Report(context, parse, What, Instead, fix: null);
            }
            else if (ElementMetadata(parse, symbols) is { } registration)
            {
                var properties = DiagnosticProperties.None.Add(DiagnosticProperties.FixKind, ConvertWithoutTextFix.ElementToNode)
                    .Add(DiagnosticProperties.Context, registration.Context.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat))
                    .Add(DiagnosticProperties.TypeInfoProperty, registration.PropertyName);
                context.Report(Diagnostic.Create(Rules.ConvertWithoutText, parse.Syntax.GetLocation(), properties, What, Rules.ThroughText, Instead, ""));
            }
            else
            {
                Report(context, parse, What, Instead, fix: null, Rules.NoFixElementToNodeWithoutMetadata);
            }
        }
        else
        {
            Report(context, parse, "JsonDocument.Parse(element.GetRawText())", "element.Clone() where an element will do, or JsonSerializer.SerializeToDocument(element)", fix: null, Rules.NoFixForDocumentText);
        }
    }

    /// <summary>
    /// A context of the project that registers JsonElement, usable at the call, whose generation options leave the copy
    /// as <c>JsonNode.Parse</c> makes it: none that change how nodes match names (<c>PropertyNameCaseInsensitive</c>, the
    /// Web defaults), their depth, or the converters (only settings that shape the project's own types).
    /// </summary>
    private static RegisteredContexts.Registration? ElementMetadata(IInvocationOperation parse, JsonSymbols symbols)
        => symbols.JsonElement is { } element
           && parse.SemanticModel is { } model
           && model.GetEnclosingSymbol(parse.Syntax.SpanStart) is { } within
            ? RegisteredContexts.Find(model.Compilation, symbols, element, within, static r => LeavesElementCopyAlone(r.GenerationOptions))
            : null;

    private static readonly HashSet<string> s_settingsOfOwnTypes = new(StringComparer.Ordinal)
    {
        "GenerationMode", "PropertyNamingPolicy", "DictionaryKeyPolicy", "DefaultIgnoreCondition", "IgnoreReadOnlyFields",
        "IgnoreReadOnlyProperties", "IncludeFields", "UseStringEnumConverter",
    };

    private static bool LeavesElementCopyAlone(AttributeData? generationOptions)
    {
        if (generationOptions is null)
        {
            return true;
        }

        // [JsonSourceGenerationOptions(JsonSerializerDefaults.Web)] is case-insensitive; General (0) is the default.
        if (generationOptions.ConstructorArguments.Any(a => a.Value is not 0))
        {
            return false;
        }

        return generationOptions.NamedArguments.All(a => s_settingsOfOwnTypes.Contains(a.Key));
    }

    private static void Report(OperationAnalysisContext context, IInvocationOperation site, string what, string instead, string? fix, string? noFixNote = null, string cost = Rules.ThroughText)
    {
        if (fix is not null && CallTrivia.HasLineCommentOrDirective(site.Syntax))
        {
            (fix, noFixNote) = (null, Rules.NoFixForLineComment);
        }

        var properties = fix is null ? DiagnosticProperties.None : DiagnosticProperties.With(DiagnosticProperties.FixKind, fix);
        context.Report(Diagnostic.Create(Rules.ConvertWithoutText, site.Syntax.GetLocation(), properties, what, cost, instead, fix is null && noFixNote is not null ? noFixNote : Rules.FixNote(fix is not null)));
    }

    /// <summary>The value of the first argument when the method's first parameter is a <c>string</c>.</summary>
    private static IOperation? FirstStringArgument(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        if (method.Parameters.Length == 0 || method.Parameters[0].Type.SpecialType != SpecialType.System_String)
        {
            return null;
        }

        foreach (var argument in invocation.Arguments)
        {
            if (SymbolEqualityComparer.Default.Equals(argument.Parameter, method.Parameters[0]))
            {
                return argument.Value.WalkDownConversions();
            }
        }

        return null;
    }

    private static bool AllButFirstAreDefaults(IInvocationOperation invocation)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter?.Ordinal > 0 && argument.ArgumentKind != ArgumentKind.DefaultValue)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Serialize(value) or Serialize(value, type), every options, type-info or context parameter left out.</summary>
    private static bool OnlyValueAndTypeArguments(IInvocationOperation serialize, JsonSymbols symbols)
    {
        foreach (var argument in serialize.Arguments)
        {
            if (argument.ArgumentKind == ArgumentKind.DefaultValue || argument.Parameter is not { } parameter)
            {
                continue;
            }

            if (parameter.Ordinal > 0 && !SymbolEqualityComparer.Default.Equals(parameter.Type, symbols.SystemType))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The arguments after the text are evaluated after the text is made; passing the element instead evaluates them
    /// before the conversion. Only references and constants, so that nothing observable moves.
    /// </summary>
    private static bool RestHasNoSideEffects(IInvocationOperation invocation)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter?.Ordinal > 0 && argument.ArgumentKind != ArgumentKind.DefaultValue && !IsPlainRead(argument.Value))
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsPlainRead(IOperation operation) => operation.WalkDownConversions() switch
    {
        ILiteralOperation or IDefaultValueOperation or ITypeOfOperation => true,
        ILocalReferenceOperation or IParameterReferenceOperation => true,
        IFieldReferenceOperation field => field.Instance is null || IsPlainRead(field.Instance),
        IPropertyReferenceOperation { Arguments.Length: 0 } property => property.Instance is null || IsPlainRead(property.Instance),
        IInstanceReferenceOperation => true,
        _ => false,
    };

    /// <summary>An overload of the same method family whose first parameter is <paramref name="first"/> and the rest the same.</summary>
    private static bool HasOverloadWithFirstParameter(IMethodSymbol method, INamedTypeSymbol first)
    {
        var original = method.OriginalDefinition;
        foreach (var member in original.ContainingType.GetMembers(original.Name))
        {
            if (member is IMethodSymbol candidate
                && candidate.Arity == original.Arity
                && candidate.Parameters.Length == original.Parameters.Length
                && SymbolEqualityComparer.Default.Equals(candidate.Parameters[0].Type, first)
                && RestMatch(candidate, original, from: 1))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>JsonSerializer has <paramref name="name"/> with the same parameters (types and names) as <paramref name="method"/>.</summary>
    private static bool HasSameSignature(IMethodSymbol method, string name)
    {
        var original = method.OriginalDefinition;
        foreach (var member in original.ContainingType.GetMembers(name))
        {
            if (member is IMethodSymbol { IsStatic: true } candidate
                && candidate.Arity == original.Arity
                && candidate.Parameters.Length == original.Parameters.Length
                && RestMatch(candidate, original, from: 0))
            {
                return true;
            }
        }

        return false;
    }

    private static bool RestMatch(IMethodSymbol candidate, IMethodSymbol original, int from)
    {
        for (var i = from; i < original.Parameters.Length; i++)
        {
            if (candidate.Parameters[i].Name != original.Parameters[i].Name
                || candidate.Parameters[i].IsOptional != original.Parameters[i].IsOptional
                || !candidate.Parameters[i].Type.IsSameTypeAs(original.Parameters[i].Type))
            {
                return false;
            }
        }

        return true;
    }
}
