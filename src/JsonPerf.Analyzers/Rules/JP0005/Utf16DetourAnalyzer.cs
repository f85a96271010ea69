namespace JsonPerf.Analyzers;

/// <summary>
/// JP0005: JSON taken through a UTF-16 string on its way to or from UTF-8, written inline:
/// <c>Encoding.UTF8.GetBytes(JsonSerializer.Serialize(...))</c> and <c>File.WriteAllText[Async](path, JsonSerializer.Serialize(...))</c>
/// (fixed: <c>SerializeToUtf8Bytes</c>, <c>File.WriteAllBytes[Async]</c>, same bytes), and <c>JsonSerializer.Deserialize</c> of
/// <c>Encoding.UTF8.GetString(...)</c>, <c>File.ReadAllText[Async](...)</c> or <c>new StreamReader(stream).ReadToEnd[Async]()</c>
/// and of <c>await content.ReadAsStringAsync()</c> or <c>await client.GetStringAsync(...)</c> (reported without a fix: the
/// decoders replace invalid UTF-8 and honour UTF-16/32 byte order marks, the UTF-8 overloads do not); and
/// <c>new StringContent(JsonSerializer.Serialize(...), ...)</c> (see the StringContent part).
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("MicrosoftCodeAnalysisCorrectness", "RS1001:Missing diagnostic analyzer attribute", Justification = "Hosted by JsonPerfAnalyzer, which the package exports; exported alone too, the rule would run twice.")]
public sealed partial class Utf16DetourAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.Utf16Detour);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonSerializer is { } serializer)
        {
            context.RegisterOperationAction(c => AnalyzeInvocation(c, symbols, serializer), OperationFilter.CallsDeclaredIn(serializer, symbols.Encoding, symbols.File));
            context.RegisterOperationAction(c => AnalyzeDomParse(c, symbols), OperationFilter.CallsDeclaredIn(symbols.JsonDocument, symbols.JsonNode, symbols.JsonElement));
            if (symbols.BinaryData is { } binaryData)
            {
                context.RegisterOperationAction(c => AnalyzeBinaryData(c, serializer, binaryData), OperationFilter.CallsDeclaredIn(binaryData));
                context.RegisterOperationAction(c => AnalyzeBinaryData(c, serializer, binaryData), OperationFilter.Creations(binaryData));
            }

            if (symbols.StringContent is { } stringContent)
            {
                context.RegisterOperationAction(c => AnalyzeStringContent(c, symbols, serializer, stringContent), OperationFilter.Creations(stringContent));
            }
        }
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer)
    {
        // Calls of methods of JsonSerializer, Encoding and File only (the filter); every shape has a call as an argument.
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        switch (method.Name)
        {
            case "Deserialize":
                if (method.IsStatic && SymbolEqualityComparer.Default.Equals(method.ContainingType, serializer))
                {
                    if (HasInvocationArgument(invocation.Syntax))
                    {
                        AnalyzeDeserialize(context, symbols, invocation);
                    }
                    else if (invocation.Syntax is InvocationExpressionSyntax { ArgumentList.Arguments: { Count: > 0 } arguments } && arguments[0].Expression is IdentifierNameSyntax)
                    {
                        AnalyzeDeserializeOfLocal(context, symbols, invocation);
                    }
                    else if (invocation.Syntax is InvocationExpressionSyntax { ArgumentList.Arguments: { Count: > 0 } first } && first[0].Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Data" })
                    {
                        AnalyzeDeserializeOfEventData(context, symbols, invocation);
                    }
                }

                break;

            case "GetBytes":
                if (!method.IsStatic && method.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.Encoding))
                {
                    if (HasInvocationArgument(invocation.Syntax))
                    {
                        AnalyzeGetBytes(context, symbols, serializer, invocation);
                    }
                    else if (invocation.Syntax is InvocationExpressionSyntax { ArgumentList.Arguments: { Count: 1 } arguments } && arguments[0].Expression is IdentifierNameSyntax)
                    {
                        AnalyzeGetBytesOfLocal(context, symbols, serializer, invocation);
                    }
                    else if (IsFramedTextArgument(invocation.Syntax))
                    {
                        AnalyzeGetBytesOfFramedText(context, symbols, serializer, invocation);
                    }
                }

                break;

            case "WriteAllText":
            case "WriteAllTextAsync":
                if (method.IsStatic && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.File) && HasInvocationArgument(invocation.Syntax))
                {
                    AnalyzeWriteAllText(context, symbols, serializer, invocation);
                }

                break;
        }
    }

    /// <summary><c>Encoding.UTF8.GetBytes(JsonSerializer.Serialize(...))</c>.</summary>
    private static void AnalyzeGetBytes(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, IInvocationOperation getBytes)
    {
        if (getBytes.TargetMethod.Parameters[0].Type.SpecialType != SpecialType.System_String
            || !IsEncodingUtf8(getBytes.Instance, symbols)
            || getBytes.Arguments.Length != 1
            || SerializeToString(getBytes.Arguments[0].Value, serializer) is not { } serialize
            || symbols.IsInsideExpressionTree(getBytes))
        {
            return;
        }

        var fixable = CanRenameToUtf8Bytes(serialize);
        Report(context, getBytes, "Encoding.UTF8.GetBytes(JsonSerializer.Serialize(...))", "call JsonSerializer.SerializeToUtf8Bytes(...) instead", fixable ? Utf16DetourFix.SerializeToUtf8Bytes : null);
    }

    /// <summary><c>File.WriteAllText(path, JsonSerializer.Serialize(...))</c> or <c>WriteAllTextAsync(path, ..., ct)</c>, without an explicit encoding.</summary>
    private static void AnalyzeWriteAllText(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, IInvocationOperation write)
    {
        var parameters = write.TargetMethod.Parameters;
        if (parameters.Length < 2
            || parameters[0].Type.SpecialType != SpecialType.System_String
            || parameters[1].Type.SpecialType != SpecialType.System_String
            || HasEncodingParameter(write.TargetMethod, symbols)
            || ArgumentValue(write, parameters[1]) is not { } contents
            || SerializeToString(contents, serializer) is not { } serialize
            || symbols.IsInsideExpressionTree(write))
        {
            return;
        }

        var name = write.TargetMethod.Name;
        var bytesName = name == "WriteAllText" ? "WriteAllBytes" : "WriteAllBytesAsync";

        // WriteAllText writes UTF-8 without a byte order mark, exactly the bytes SerializeToUtf8Bytes returns; the file is
        // opened after the JSON is made, as before, so a serialization error still leaves the file untouched.
        var fixable = CanRenameToUtf8Bytes(serialize)
            && !write.HasNamedArgument()
            && HasFileMethod(write.TargetMethod, bytesName);
        Report(context, write, "File." + name + "(path, JsonSerializer.Serialize(...))", "write JsonSerializer.SerializeToUtf8Bytes(...) with File." + bytesName + " instead", fixable ? Utf16DetourFix.WriteAllBytes : null);
    }

    /// <summary><c>JsonSerializer.Deserialize</c> of a string decoded from UTF-8 inline; every overload family, never fixed.</summary>
    private static void AnalyzeDeserialize(OperationAnalysisContext context, JsonSymbols symbols, IInvocationOperation deserialize)
    {
        var method = deserialize.TargetMethod;
        if (method.Parameters.Length == 0
            || method.Parameters[0].Type.SpecialType != SpecialType.System_String
            || ArgumentValue(deserialize, method.Parameters[0]) is not { } text
            || symbols.IsInsideExpressionTree(deserialize))
        {
            return;
        }

        if (symbols.JsonSerializer is { } serializer && SerializeToString(text, serializer) is { } serialize)
        {
            AnalyzeRoundTrip(context, deserialize, serialize);
            return;
        }

        if (Decoded(text, symbols, deserialize) is not var (what, instead, reason))
        {
            return;
        }

        Report(context, deserialize, what, instead, fix: null, reason: reason);
    }

    /// <summary>
    /// The reading detour <paramref name="text"/> is (what it is, what to call instead, why that is not the fix), or null;
    /// <paramref name="deserialize"/>, the call that reads the text, says which HTTP helper overload fits.
    /// </summary>
    private static (string What, string Instead, string Reason)? Decoded(IOperation text, JsonSymbols symbols, IInvocationOperation? deserialize)
    {
        // await x.ReadToEndAsync() / await File.ReadAllTextAsync(...), with or without ConfigureAwait.
        var awaited = false;
        if (text is IAwaitOperation { Operation: var operand })
        {
            awaited = true;
            text = operand.WalkDownConversions();
            if (text is IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } configured })
            {
                text = configured.WalkDownConversions();
            }
        }

        return text is IInvocationOperation source ? DecodedCall(source, awaited, symbols, deserialize) ?? DecodedByHelper(source, awaited, symbols, deserialize) : null;
    }

    private static (string What, string Instead, string Reason)? DecodedCall(IInvocationOperation source, bool awaited, JsonSymbols symbols, IInvocationOperation? deserialize)
    {
        var sourceMethod = source.TargetMethod;
        switch (sourceMethod.Name)
        {
            case "GetString" when !awaited
                && SymbolEqualityComparer.Default.Equals(sourceMethod.ContainingType, symbols.Encoding)
                && IsEncodingUtf8(source.Instance, symbols):
                return ("JsonSerializer.Deserialize(Encoding.UTF8.GetString(...))", "pass the bytes to Deserialize's ReadOnlySpan<byte> overload", Rules.NoFixInvalidUtf8);

            case "ReadAllText" when !awaited && IsFileReadWithoutEncoding(sourceMethod, symbols):
            case "ReadAllTextAsync" when awaited && IsFileReadWithoutEncoding(sourceMethod, symbols):
                return ("JsonSerializer.Deserialize(File." + sourceMethod.Name + "(...))",
                    awaited ? "await DeserializeAsync from File.OpenRead(path) in a using" : "Deserialize from File.OpenRead(path) in a using", Rules.NoFixOnlyUtf8);

            case "ReadAsStringAsync" when awaited
                && !sourceMethod.IsStatic
                && SymbolEqualityComparer.Default.Equals(sourceMethod.ContainingType, symbols.HttpContent):
                return ("JsonSerializer.Deserialize(await content.ReadAsStringAsync())",
                    HttpRead(symbols, deserialize, "content.ReadFromJsonAsync", "", "content.ReadAsStreamAsync()"), Rules.NoFixInvalidUtf8);

            case "GetStringAsync" when awaited
                && !sourceMethod.IsStatic
                && SymbolEqualityComparer.Default.Equals(sourceMethod.ContainingType, symbols.HttpClient):
                return ("JsonSerializer.Deserialize(await client.GetStringAsync(...))",
                    HttpRead(symbols, deserialize, "client.GetFromJsonAsync", "uri, ", "client.GetStreamAsync(uri)"), Rules.NoFixInvalidUtf8);

            case "ToString" when !awaited && sourceMethod.Parameters.Length == 0
                && SymbolEqualityComparer.Default.Equals(source.Instance?.Type, symbols.BinaryData):
                return ("JsonSerializer.Deserialize(data.ToString())", "call data.ToObjectFromJson<T>(options)", Rules.NoFixInvalidUtf8);

            case "ReadToEnd" when !awaited && IsReaderCreatedInline(source, symbols):
            case "ReadToEndAsync" when awaited && IsReaderCreatedInline(source, symbols):
                return ("JsonSerializer.Deserialize(new StreamReader(stream)." + sourceMethod.Name + "())",
                    awaited ? "await JsonSerializer.DeserializeAsync(stream, ...)" : "call JsonSerializer.Deserialize(stream, ...)", Rules.NoFixOnlyUtf8);
        }

        return null;
    }

    /// <summary>
    /// System.Net.Http.Json's read with what Deserialize passes: its JsonTypeInfo or context, its options, or
    /// JsonSerializerOptions.Default where it passes none (the helpers' own default is the Web defaults); where the project
    /// has no System.Net.Http.Json (netstandard2.0 without the package), DeserializeAsync of the response's stream.
    /// </summary>
    private static string HttpRead(JsonSymbols symbols, IInvocationOperation? deserialize, string helper, string uri, string stream)
    {
        if (symbols.HttpContentJsonExtensions is null)
        {
            return "await JsonSerializer.DeserializeAsync(await " + stream + ", ...)";
        }

        var parameters = deserialize?.TargetMethod.Parameters ?? ImmutableArray<IParameterSymbol>.Empty;
        var metadata = parameters.FirstOrDefault(p => p.Type.Name is "JsonTypeInfo" or "JsonSerializerContext");
        var options = parameters.FirstOrDefault(p => p.Type.Name == "JsonSerializerOptions");
        var passesOptions = options is not null && deserialize!.Arguments.Any(a => SymbolEqualityComparer.Default.Equals(a.Parameter, options)
                                                                              && a.ArgumentKind != ArgumentKind.DefaultValue
                                                                              && !(a.Value.WalkDownConversions() is ILiteralOperation { ConstantValue: { HasValue: true, Value: null } }));
        return metadata?.Type.Name switch
        {
            "JsonTypeInfo" => "await " + helper + "(" + uri + "jsonTypeInfo) with the same JsonTypeInfo",
            "JsonSerializerContext" => "await " + helper + "(" + uri + "type, context) with the same context",
            _ when passesOptions => "await " + helper + "<T>(" + uri + "options) with the same options",
            _ => "await " + helper + "<T>(" + uri + "JsonSerializerOptions.Default)",
        };
    }

    private static void Report(OperationAnalysisContext context, IInvocationOperation site, string what, string instead, string? fix, Location? folded = null, string? reason = null)
    {
        var note = fix is not null && CallTrivia.HasLineCommentOrDirective(site.Syntax) ? Rules.NoFixForLineComment : fix is null && reason is not null ? reason : Rules.FixNote(fix is not null);
        var properties = fix is null || note.Length > 0 ? DiagnosticProperties.None : DiagnosticProperties.With(DiagnosticProperties.FixKind, fix);
        context.Report(Diagnostic.Create(Rules.Utf16Detour, site.Syntax.GetLocation(), folded is null ? null : new[] { folded }, properties, what, instead, note));
    }

    /// <summary>A syntax-only filter before any argument operation is built: some argument is itself a call (or an awaited one).</summary>
    private static bool HasInvocationArgument(SyntaxNode syntax)
    {
        if (syntax is InvocationExpressionSyntax { ArgumentList: { } list })
        {
            foreach (var argument in list.Arguments)
            {
                var expression = argument.Expression;
                while (expression is ParenthesizedExpressionSyntax or CastExpressionSyntax or AwaitExpressionSyntax)
                {
                    expression = expression switch
                    {
                        ParenthesizedExpressionSyntax parenthesized => parenthesized.Expression,
                        CastExpressionSyntax cast => cast.Expression,
                        _ => ((AwaitExpressionSyntax)expression).Expression,
                    };
                }

                if (expression is InvocationExpressionSyntax)
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>The static property <c>Encoding.UTF8</c> (UTF-8 without a byte order mark from GetBytes, U+FFFD for invalid bytes).</summary>
    private static bool IsEncodingUtf8(IOperation? instance, JsonSymbols symbols)
        => instance?.WalkDownConversions() is IPropertyReferenceOperation { Instance: null, Property: { Name: "UTF8", IsStatic: true } property }
            && SymbolEqualityComparer.Default.Equals(property.ContainingType, symbols.Encoding);

    /// <summary><c>JsonSerializer.Serialize(...)</c> returning a string, the value itself (through conversions).</summary>
    private static IInvocationOperation? SerializeToString(IOperation value, INamedTypeSymbol serializer)
        => value.WalkDownConversions() is IInvocationOperation { TargetMethod: { Name: "Serialize", IsStatic: true } method } serialize
            && method.ReturnType.SpecialType == SpecialType.System_String
            && SymbolEqualityComparer.Default.Equals(method.ContainingType, serializer)
                ? serialize
                : null;

    /// <summary>SerializeToUtf8Bytes has the same parameters (names included) as the Serialize overload called, and the call names none.</summary>
    private static bool CanRenameToUtf8Bytes(IInvocationOperation serialize)
    {
        if (serialize.HasNamedArgument())
        {
            return false;
        }

        var original = serialize.TargetMethod.OriginalDefinition;
        foreach (var member in original.ContainingType.GetMembers("SerializeToUtf8Bytes"))
        {
            if (member is IMethodSymbol { IsStatic: true } candidate
                && candidate.Arity == original.Arity
                && SameParameters(candidate, original))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>File has <paramref name="name"/> with the parameters of <paramref name="method"/>, the contents a byte[] instead of a string.</summary>
    private static bool HasFileMethod(IMethodSymbol method, string name)
    {
        foreach (var member in method.ContainingType.GetMembers(name))
        {
            if (member is IMethodSymbol { IsStatic: true } candidate
                && candidate.Parameters.Length == method.Parameters.Length
                && candidate.Parameters[1].Type is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte }
                && SymbolEqualityComparer.Default.Equals(candidate.Parameters[0].Type, method.Parameters[0].Type)
                && (candidate.Parameters.Length < 3 || SymbolEqualityComparer.Default.Equals(candidate.Parameters[2].Type, method.Parameters[2].Type)))
            {
                return true;
            }
        }

        return false;
    }

    private static bool SameParameters(IMethodSymbol candidate, IMethodSymbol original)
    {
        if (candidate.Parameters.Length != original.Parameters.Length)
        {
            return false;
        }

        for (var i = 0; i < original.Parameters.Length; i++)
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

    private static bool HasEncodingParameter(IMethodSymbol method, JsonSymbols symbols)
    {
        foreach (var parameter in method.Parameters)
        {
            if (parameter.Type.InheritsFromOrEquals(symbols.Encoding))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>File.ReadAllText(path)</c> / <c>ReadAllTextAsync(path[, ct])</c>: UTF-8 by default, other encodings detected by their byte order mark.</summary>
    private static bool IsFileReadWithoutEncoding(IMethodSymbol method, JsonSymbols symbols)
        => method.IsStatic
            && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.File)
            && !HasEncodingParameter(method, symbols);

    /// <summary><c>new StreamReader(stream[, ...]).ReadToEnd[Async]()</c>: a reader over a stream (not a path) that nothing else sees.</summary>
    private static bool IsReaderCreatedInline(IInvocationOperation read, JsonSymbols symbols)
        => (read.TargetMethod.Parameters.Length == 0 || read.TargetMethod is { Name: "ReadToEndAsync", Parameters.Length: 1 }) // (CancellationToken), .NET 7+
            && read.Instance?.WalkDownConversions() is IObjectCreationOperation { Constructor: { } constructor }
            && SymbolEqualityComparer.Default.Equals(constructor.ContainingType, symbols.StreamReader)
            && constructor.Parameters.Length > 0
            && constructor.Parameters[0].Type.SpecialType != SpecialType.System_String;

    /// <summary>The value passed for <paramref name="parameter"/> (through conversions), or null when it is left to its default.</summary>
    private static IOperation? ArgumentValue(IInvocationOperation invocation, IParameterSymbol parameter)
        => invocation.ArgumentFor(parameter) is { ArgumentKind: not ArgumentKind.DefaultValue } argument ? argument.Value.WalkDownConversions() : null;
}
