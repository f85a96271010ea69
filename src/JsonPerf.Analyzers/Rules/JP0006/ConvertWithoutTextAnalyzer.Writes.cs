namespace JsonPerf.Analyzers;

/// <summary>
/// JP0006 on a DOM built only to be written: <c>JsonSerializer.SerializeToElement(x, o).WriteTo(writer)</c>, and a local
/// element or document from <c>SerializeToElement</c>/<c>SerializeToDocument</c> whose one use is <c>WriteTo(writer)</c>.
/// <c>JsonSerializer.Serialize(writer, x, o)</c> writes the same JSON (the writer's settings decide indentation and
/// escaping either way) without the DOM. Where the DOM is also kept or read, it is needed: not reported.
/// </summary>
public sealed partial class ConvertWithoutTextAnalyzer
{
    private static void AnalyzeWriteTo(OperationAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol serializer, IInvocationOperation writeTo)
    {
        if (writeTo.Arguments.Length != 1
            || writeTo.Instance?.WalkDownConversions() is not { } instance
            || !(SymbolEqualityComparer.Default.Equals(writeTo.TargetMethod.ContainingType, symbols.JsonElement)
                 || SymbolEqualityComparer.Default.Equals(writeTo.TargetMethod.ContainingType, symbols.JsonDocument))
            || symbols.IsInsideExpressionTree(writeTo))
        {
            return;
        }

        var (serialize, local) = instance switch
        {
            IInvocationOperation call => (call, (ILocalSymbol?)null),
            ILocalReferenceOperation reference => (SerializedInto(reference.Local, writeTo), reference.Local),
            _ => (null, null),
        };
        if (serialize is not { TargetMethod: { IsStatic: true, Name: "SerializeToElement" or "SerializeToDocument" } method }
            || !SymbolEqualityComparer.Default.Equals(method.ContainingType, serializer)
            || (local is null && method.Name != "SerializeToElement"))
        {
            return;
        }

        // Serialize(writer, ...) has the same parameters after the writer; a writer argument that reads the local would change order.
        var fixable = HasWriterOverload(method)
            && !serialize.HasNamedArgument()
            && writeTo.Arguments[0].Value.WalkDownConversions() is ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation
            && (local is null || writeTo.Parent is IExpressionStatementOperation);
        Report(context, writeTo, "JsonSerializer." + method.Name + "(...).WriteTo(writer)", "JsonSerializer.Serialize(writer, ...)", fixable ? ConvertWithoutTextFix.SerializeToWriter : null, cost: Rules.DomOnlyWritten);
    }

    /// <summary>The serialization a local was declared with, when that local's one use is <paramref name="writeTo"/> (in the same block).</summary>
    private static IInvocationOperation? SerializedInto(ILocalSymbol local, IInvocationOperation writeTo)
    {
        if (local.IsRef || local.DeclaringSyntaxReferences.Length != 1
            || local.DeclaringSyntaxReferences[0].GetSyntax() is not VariableDeclaratorSyntax { Initializer.Value: { } value } declarator
            || declarator.Parent?.Parent is not LocalDeclarationStatementSyntax { Parent: BlockSyntax block } statement
            || writeTo.Parent is not IExpressionStatementOperation { Syntax: StatementSyntax use }
            || use.Parent != block
            || writeTo.SemanticModel?.GetOperation(value) is not { } initializer)
        {
            return null;
        }

        // The one reference is the WriteTo receiver, in a statement after the declaration, nothing between them reading it.
        var references = block.DescendantNodes().OfType<IdentifierNameSyntax>().Count(n => n.Identifier.ValueText == local.Name);
        return references == 1 && block.Statements.IndexOf(statement) < block.Statements.IndexOf(use)
            ? initializer.WalkDownConversions() as IInvocationOperation
            : null;
    }

    /// <summary><c>JsonSerializer.Serialize(Utf8JsonWriter, ...)</c> taking the same parameters as the SerializeToX overload called.</summary>
    private static bool HasWriterOverload(IMethodSymbol serializeTo)
    {
        var original = serializeTo.OriginalDefinition;
        foreach (var member in original.ContainingType.GetMembers("Serialize"))
        {
            if (member is IMethodSymbol { IsStatic: true, ReturnsVoid: true } candidate
                && candidate.Parameters.Length == original.Parameters.Length + 1
                && candidate.TypeParameters.Length == original.TypeParameters.Length
                && candidate.Parameters[0].Type.Name == "Utf8JsonWriter"
                && candidate.Parameters.Skip(1).Zip(original.Parameters, (a, b) => a.Name == b.Name && a.Type.ToDisplayString() == b.Type.ToDisplayString()).All(same => same))
            {
                return true;
            }
        }

        return false;
    }
}
