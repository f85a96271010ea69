namespace JsonPerf.Analyzers;

/// <summary>
/// JP0005 on <c>JsonSerializer.Deserialize(item.Data, ...)</c> in a loop over the events of <c>SseParser.Create(stream)</c>:
/// the parser decodes each event's UTF-8 data into a string, which the serializer transcodes back. Its other overload,
/// <c>SseParser.Create(stream, (type, data) =&gt; ...)</c>, hands the item parser the UTF-8 bytes. Reported without a fix:
/// the string's decoder replaces invalid UTF-8 where the UTF-8 reader throws, and the item type changes. Silent where the
/// loop reads the event's data anywhere else (a <c>[DONE]</c> check, a log).
/// </summary>
public sealed partial class Utf16DetourAnalyzer
{
    private static void AnalyzeDeserializeOfEventData(OperationAnalysisContext context, JsonSymbols symbols, IInvocationOperation deserialize)
    {
        var method = deserialize.TargetMethod;
        if (symbols.SseItem is not { } sseItem
            || symbols.SseParser is not { } sseParser
            || method.Parameters.Length == 0
            || method.Parameters[0].Type.SpecialType != SpecialType.System_String
            || ArgumentValue(deserialize, method.Parameters[0]) is not IPropertyReferenceOperation { Property.Name: "Data", Instance: ILocalReferenceOperation { Local: var item } } data
            || !SymbolEqualityComparer.Default.Equals(data.Property.ContainingType.OriginalDefinition, sseItem)
            || LoopOver(deserialize, item) is not { } loop
            || !IsStringParserOf(loop.Collection, sseParser, context.CancellationToken)
            || !OnlyDataReadIs(loop.Body, item, data)
            || symbols.IsInsideExpressionTree(deserialize))
        {
            return;
        }

        Report(
            context,
            deserialize,
            "JsonSerializer.Deserialize(item.Data) of SseParser.Create(stream)'s events",
            "parse each event's UTF-8 data: SseParser.Create(stream, (type, data) => Deserialize(data, ...))",
            fix: null,
            reason: Rules.NoFixInvalidUtf8);
    }

    /// <summary>The <c>foreach</c> or <c>await foreach</c> whose iteration variable is <paramref name="item"/>.</summary>
    private static IForEachLoopOperation? LoopOver(IOperation operation, ILocalSymbol item)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IForEachLoopOperation loop && loop.Locals.Contains(item, SymbolEqualityComparer.Default))
            {
                return loop;
            }
        }

        return null;
    }

    /// <summary><c>SseParser.Create(stream)</c> (the overload of string items), enumerated with <c>Enumerate()</c> or <c>EnumerateAsync(...)</c>.</summary>
    private static bool IsStringParserOf(IOperation collection, INamedTypeSymbol sseParser, CancellationToken cancellationToken)
        => Unwrapped(collection, cancellationToken) is IInvocationOperation { TargetMethod.Name: "Enumerate" or "EnumerateAsync", Instance: { } parser }
           && Unwrapped(parser, cancellationToken) is IInvocationOperation { TargetMethod: { Name: "Create", Parameters.Length: 1 } create }
           && SymbolEqualityComparer.Default.Equals(create.ContainingType, sseParser);

    /// <summary>
    /// The value a loop enumerates: under conversions, through a local's one initializer, and through
    /// <c>ConfigureAwait</c> and <c>WithCancellation</c> (TaskAsyncEnumerableExtensions' take the enumerable as their first argument).
    /// </summary>
    private static IOperation Unwrapped(IOperation operation, CancellationToken cancellationToken)
    {
        var current = operation.WalkDownConversions();
        for (var depth = 0; depth < 4; depth++)
        {
            if (current is ILocalReferenceOperation { Local: { DeclaringSyntaxReferences.Length: 1 } local }
                && local.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Initializer.Value: { } initializer }
                && initializer.SyntaxTree == current.Syntax.SyntaxTree
                && current.SemanticModel?.GetOperation(initializer, cancellationToken) is { } value)
            {
                current = value.WalkDownConversions();
            }
            else if (current is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" or "WithCancellation" } call
                     && (call.Instance ?? (call.TargetMethod.IsExtensionMethod && call.Arguments.Length > 0 ? call.Arguments[0].Value : null)) is { } receiver)
            {
                current = receiver.WalkDownConversions();
            }
            else
            {
                break;
            }
        }

        return current;
    }

    /// <summary>The loop reads the item's <c>Data</c> only at <paramref name="data"/>; its other members are free to read.</summary>
    private static bool OnlyDataReadIs(IOperation body, ILocalSymbol item, IPropertyReferenceOperation data)
    {
        foreach (var operation in body.Descendants())
        {
            if (operation is ILocalReferenceOperation reference
                && SymbolEqualityComparer.Default.Equals(reference.Local, item)
                && reference != data.Instance
                && reference.Parent is not IPropertyReferenceOperation { Property.Name: not "Data" })
            {
                return false;
            }
        }

        return true;
    }
}
