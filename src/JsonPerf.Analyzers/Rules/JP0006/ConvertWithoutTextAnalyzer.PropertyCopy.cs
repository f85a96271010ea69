namespace JsonPerf.Analyzers;

/// <summary>
/// JP0006 on a DOM built only to be written, property by property: <c>var element = JsonSerializer.SerializeToElement(x, o);
/// writer.WriteStartObject(); foreach (var p in element.EnumerateObject()) p.WriteTo(writer); writer.WriteEndObject();</c>
/// (a converter's Write, a2a-dotnet's <c>BaseKindDiscriminatorConverter</c>), the element read nowhere else, other writes
/// of the same writer allowed inside the object. Where it runs per call; reported without a fix: EnumerateObject throws on
/// a value that is not an object, which <c>Serialize(writer, x, o)</c> writes, and a property written beside the copied
/// ones needs the type's own metadata (<c>[JsonPolymorphic]</c>) to be written in one pass.
/// </summary>
public sealed partial class ConvertWithoutTextAnalyzer
{
    private static void AnalyzePropertyCopy(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, IInvocationOperation enumerate)
    {
        if (enumerate.Arguments.Length != 0
            || !SymbolEqualityComparer.Default.Equals(enumerate.TargetMethod.ContainingType, symbols.JsonElement)
            || WalkUpConversions(enumerate).Parent is not IForEachLoopOperation { LoopControlVariable: IVariableDeclaratorOperation { Symbol: var property }, Syntax: ForEachStatementSyntax { Parent: BlockSyntax block } loop } forEach
            || OnlyStatement(forEach.Body) is not IExpressionStatementOperation { Operation: IInvocationOperation { TargetMethod.Name: "WriteTo", Arguments.Length: 1 } writeTo }
            || writeTo.Instance is not ILocalReferenceOperation copied
            || !SymbolEqualityComparer.Default.Equals(copied.Local, property)
            || !SymbolEqualityComparer.Default.Equals(writeTo.TargetMethod.ContainingType, symbols.JsonProperty)
            || Variable(writeTo.Arguments[0].Value) is not { } writer
            || SerializedElement(enumerate.Instance, serializer, block, loop, context.CancellationToken) is not { } serialize
            || ObjectAround(block, loop, writer, symbols, enumerate.SemanticModel!, context.CancellationToken) is not { } added
            || symbols.IsInsideExpressionTree(enumerate)
            || !forEach.MayRunPerCall(context.ContainingSymbol, symbols, context.CancellationToken) // the loop, not its collection: that runs once
            || !forEach.RunsPerCall(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            return;
        }

        Report(
            context,
            serialize,
            "JsonSerializer.SerializeToElement(...) written property by property",
            added ? "JsonSerializer.Serialize(writer, ...) with [JsonPolymorphic] metadata" : "JsonSerializer.Serialize(writer, ...)",
            fix: null,
            added ? Rules.NoFixAddedProperty : Rules.NoFixPropertyCopy,
            Rules.DomOnlyWritten);
    }

    private static IOperation WalkUpConversions(IOperation operation)
    {
        while (operation.Parent is IConversionOperation { IsImplicit: true } conversion)
        {
            operation = conversion;
        }

        return operation;
    }

    private static IOperation? OnlyStatement(IOperation body)
        => body is IBlockOperation block ? (block.Operations.Length == 1 && block.Locals.IsEmpty ? block.Operations[0] : null) : body;

    /// <summary>The local or parameter a value reads, or null.</summary>
    private static ISymbol? Variable(IOperation value) => value.WalkDownConversions() switch
    {
        ILocalReferenceOperation local => local.Local,
        IParameterReferenceOperation parameter => parameter.Parameter,
        _ => null,
    };

    /// <summary><c>JsonSerializer.SerializeToElement(...)</c> inline, or a local of it declared before the loop in its block and read only by it.</summary>
    private static IInvocationOperation? SerializedElement(IOperation? instance, INamedTypeSymbol serializer, BlockSyntax block, ForEachStatementSyntax loop, CancellationToken cancellationToken)
    {
        var value = instance?.WalkDownConversions();
        if (value is ILocalReferenceOperation { Local: { IsRef: false } local } reference)
        {
            if (local.DeclaringSyntaxReferences.Length != 1
                || local.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax { Initializer.Value: { } initializer } declarator
                || declarator.Parent?.Parent is not LocalDeclarationStatementSyntax declaration
                || declaration.Parent != block
                || block.Statements.IndexOf(declaration) > block.Statements.IndexOf(loop)
                || block.DescendantNodes().OfType<IdentifierNameSyntax>().Count(n => n.Identifier.ValueText == local.Name) != 1)
            {
                return null;
            }

            value = reference.SemanticModel?.GetOperation(initializer, cancellationToken)?.WalkDownConversions();
        }

        return value is IInvocationOperation { TargetMethod: { IsStatic: true, Name: "SerializeToElement" } method } serialize
               && SymbolEqualityComparer.Default.Equals(method.ContainingType, serializer)
            ? serialize
            : null;
    }

    /// <summary>
    /// The loop sits between <c>writer.WriteStartObject()</c> and <c>writer.WriteEndObject()</c> of its block, with only
    /// declarations or other writes of that writer between them: whether some of those write a property (true), or null.
    /// </summary>
    private static bool? ObjectAround(BlockSyntax block, ForEachStatementSyntax loop, ISymbol writer, JsonSymbols symbols, SemanticModel model, CancellationToken cancellationToken)
    {
        var statements = block.Statements;
        var index = statements.IndexOf(loop);
        var added = false;
        var start = index - 1;
        for (; start >= 0 && WriterCall(statements[start], writer, symbols, model, cancellationToken) is var name && name != "WriteStartObject"; start--)
        {
            if (name is null && statements[start] is not LocalDeclarationStatementSyntax)
            {
                return null;
            }

            added |= name is not null;
        }

        var end = index + 1;
        for (; end < statements.Count && WriterCall(statements[end], writer, symbols, model, cancellationToken) is { } name && name != "WriteEndObject"; end++)
        {
            added = true;
        }

        return start >= 0 && end < statements.Count && WriterCall(statements[end], writer, symbols, model, cancellationToken) == "WriteEndObject" ? added : null;
    }

    /// <summary>
    /// The name of the Utf8JsonWriter method a statement calls on <paramref name="writer"/>: WriteStartObject() and
    /// WriteEndObject() without arguments, or another Write method that neither starts nor ends a container; else null.
    /// </summary>
    private static string? WriterCall(StatementSyntax statement, ISymbol writer, JsonSymbols symbols, SemanticModel model, CancellationToken cancellationToken)
    {
        if (statement is not ExpressionStatementSyntax { Expression: InvocationExpressionSyntax }
            || model.GetOperation(statement, cancellationToken) is not IExpressionStatementOperation { Operation: IInvocationOperation { Instance: { } instance } call }
            || !SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, symbols.Utf8JsonWriter)
            || !SymbolEqualityComparer.Default.Equals(Variable(instance), writer))
        {
            return null;
        }

        var name = call.TargetMethod.Name;
        return name switch
        {
            "WriteStartObject" or "WriteEndObject" => call.Arguments.Length == 0 ? name : null,
            _ when name.StartsWith("WriteStart", StringComparison.Ordinal) || name.StartsWith("WriteEnd", StringComparison.Ordinal) => null,
            _ when name.StartsWith("Write", StringComparison.Ordinal) => name,
            _ => null,
        };
    }
}
