namespace JsonPerf.Analyzers;

/// <summary>
/// JP0005 on <c>new StringContent(JsonSerializer.Serialize(...), ...)</c>: the JSON is made as UTF-16 text and encoded
/// again to bytes. Fixed, when the encoding is UTF-8 (<c>Encoding.UTF8</c>, or none: StringContent's default), as
/// <c>new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(...)) { Headers = { ContentType = new MediaTypeHeaderValue(mediaType) { CharSet = "utf-8" } } }</c>:
/// the same body bytes (GetBytes writes no byte order mark), the same <c>Content-Type</c> (the media type, <c>text/plain</c>
/// when none is given, and <c>charset=utf-8</c>), the same <c>Content-Length</c>. The expression's type becomes
/// <c>ByteArrayContent</c> (StringContent's base), so the fix is offered only where nothing needs a StringContent: the
/// value is passed as or converted to <c>HttpContent</c>/<c>ByteArrayContent</c> (an argument, <c>request.Content = ...</c>,
/// a return), or held in a <c>var</c> local used only that way and through HttpContent's own members.
/// </summary>
public sealed partial class Utf16DetourAnalyzer
{
    private static void AnalyzeStringContent(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, INamedTypeSymbol stringContent)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        if (creation.Constructor is not { Parameters.Length: > 0 } constructor
            || !SymbolEqualityComparer.Default.Equals(constructor.ContainingType, stringContent)
            || creation.Arguments.Length == 0
            || creation.Arguments[0].Parameter?.Ordinal != 0)
        {
            return;
        }

        if (SerializeToString(creation.Arguments[0].Value, serializer) is not { } serialize)
        {
            AnalyzeStringContentOfLocal(context, serializer, creation);
            return;
        }

        var fixable = CanSendAsByteArrayContent(creation, symbols, stringContent)
            && CanRenameToUtf8Bytes(serialize)
            && !symbols.IsInsideExpressionTree(creation);
        var comment = fixable && CallTrivia.HasLineCommentOrDirective(creation.Syntax);
        fixable &= !comment;
        var properties = fixable ? DiagnosticProperties.With(DiagnosticProperties.FixKind, Utf16DetourFix.ByteArrayContent) : DiagnosticProperties.None;
        context.Report(Diagnostic.Create(
            Rules.Utf16Detour,
            creation.Syntax.GetLocation(),
            properties,
            "new StringContent(JsonSerializer.Serialize(...))",
            "send JsonSerializer.SerializeToUtf8Bytes(...) in a ByteArrayContent with the same Content-Type",
            comment ? Rules.NoFixForLineComment : Rules.FixNote(fixable)));
    }

    /// <summary><c>var json = JsonSerializer.Serialize(x); ... new StringContent(json, ...)</c>, the local read nowhere else: reported, without a fix.</summary>
    private static void AnalyzeStringContentOfLocal(OperationAnalysisContext context, INamedTypeSymbol serializer, IObjectCreationOperation creation)
    {
        if (creation.Arguments[0].Value.WalkDownConversions() is ILocalReferenceOperation { Local: { IsConst: false, IsUsing: false, RefKind: RefKind.None } local } argument
            && DeclarationReadOnlyAt(local, argument.Syntax, context.CancellationToken) is { } declarator
            && creation.SemanticModel?.GetOperation(declarator.Initializer!.Value, context.CancellationToken) is { } value
            && SerializeToString(value, serializer) is not null)
        {
            context.Report(Diagnostic.Create(
                Rules.Utf16Detour,
                creation.Syntax.GetLocation(),
                "new StringContent(json) of a string from JsonSerializer.Serialize(...) held in a local",
                "send JsonSerializer.SerializeToUtf8Bytes(...) in a ByteArrayContent",
                Rules.NoFixStringContentOfLocal));
        }
    }

    /// <summary>
    /// The constructor is <c>(string)</c>, <c>(string, Encoding)</c> or <c>(string, Encoding, string)</c> with
    /// <c>Encoding.UTF8</c>, positional arguments, no initializer, and the value goes where a ByteArrayContent does as well.
    /// </summary>
    private static bool CanSendAsByteArrayContent(IObjectCreationOperation creation, JsonSymbols symbols, INamedTypeSymbol stringContent)
    {
        var parameters = creation.Constructor!.Parameters;
        if (creation.Initializer is not null
            || parameters.Length > 3
            || creation.Syntax is not ObjectCreationExpressionSyntax { ArgumentList: { } list }
            || list.Arguments.Count != parameters.Length
            || list.Arguments.Any(a => a.NameColon is not null)
            || (parameters.Length >= 2 && (!SymbolEqualityComparer.Default.Equals(parameters[1].Type, symbols.Encoding) || !IsEncodingUtf8(creation.Arguments[1].Value, symbols)))
            || (parameters.Length == 3 && (parameters[2].Type.SpecialType != SpecialType.System_String || creation.Arguments[2].Value.WalkDownConversions().ConstantValue is { HasValue: true, Value: null })))
        {
            return false;
        }

        var byteArrayContent = stringContent.BaseType;
        var httpContent = byteArrayContent?.BaseType;
        if (byteArrayContent is null || httpContent is null)
        {
            return false;
        }

        if (IsTakenAsBase(creation, byteArrayContent, httpContent))
        {
            return true;
        }

        // var content = new StringContent(...); ... used only as HttpContent.
        if (creation.Parent is not IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }
            || declarator.Syntax.Parent is not VariableDeclarationSyntax { Type.IsVar: true, Variables.Count: 1 })
        {
            return false;
        }

        foreach (var operation in declarator.Root().Descendants())
        {
            if (operation is ILocalReferenceOperation reference
                && SymbolEqualityComparer.Default.Equals(reference.Local, declarator.Symbol)
                && !IsTakenAsBase(reference, byteArrayContent, httpContent)
                && !IsHttpContentMember(reference, httpContent))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Passed as, converted to or assigned to HttpContent or ByteArrayContent (never StringContent, object or a type parameter).</summary>
    private static bool IsTakenAsBase(IOperation value, INamedTypeSymbol byteArrayContent, INamedTypeSymbol httpContent)
    {
        var type = value.Parent switch
        {
            IConversionOperation conversion when conversion.Conversion.IsReference => conversion.Type,
            IArgumentOperation { Parameter: { RefKind: RefKind.None } parameter } => parameter.Type,
            _ => null,
        };
        return SymbolEqualityComparer.Default.Equals(type, httpContent) || SymbolEqualityComparer.Default.Equals(type, byteArrayContent);
    }

    /// <summary><c>content.Headers</c>, <c>content.Dispose()</c>, <c>content.ReadAsStringAsync()</c>: members HttpContent declares.</summary>
    private static bool IsHttpContentMember(ILocalReferenceOperation reference, INamedTypeSymbol httpContent)
    {
        var member = reference.Parent switch
        {
            IMemberReferenceOperation access when access.Instance == reference => access.Member,
            IInvocationOperation call when call.Instance == reference => call.TargetMethod,
            _ => null,
        };
        return member is not null && SymbolEqualityComparer.Default.Equals(member.ContainingType, httpContent);
    }
}
