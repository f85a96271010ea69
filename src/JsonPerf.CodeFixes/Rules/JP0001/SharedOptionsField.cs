namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0001 reuses a static readonly options field that already holds equivalent options only when everything those
/// options reach only reads them, as for the options it would share itself.
/// </summary>
internal static class SharedOptionsField
{
    /// <summary>How many locals deep a value is followed (<c>o = flag ? s_options : other;</c>, <c>a = b = s_options;</c>).</summary>
    private const int MaxLocals = 3;

    /// <summary>
    /// A private field whose every use in its type is passed to a serializer that only reads it (an entry point, or a
    /// wrapper that passes it on to entry points) or copied (<c>new JsonSerializerOptions(field)</c>). A use that sets a
    /// property or adds a converter (in a static constructor, say), builds a context on it, or hands it to other code
    /// changes or binds the instance: reusing it would hand that instance to the fixed code too.
    /// </summary>
    public static bool OnlyRead(IFieldSymbol field, Compilation compilation, JsonSymbols symbols, CancellationToken cancellationToken)
        => field.DeclaredAccessibility == Accessibility.Private
           && OptionsReferences.Of(field, tree => compilation.ContainsSyntaxTree(tree) ? compilation.GetSemanticModel(tree) : null, cancellationToken) is { } uses
           && uses.All(use => OnlyRead(use, symbols, MaxLocals, cancellationToken));

    /// <summary>
    /// The value goes to a serializer that only reads it, is copied or discarded, or goes into locals that do the same
    /// (the uses JP0001 itself accepts for options it shares).
    /// </summary>
    private static bool OnlyRead(IOperation value, JsonSymbols symbols, int depth, CancellationToken cancellationToken)
        => OptionsHelperSummaries.For(symbols).UseOf(value, cancellationToken) switch
        {
            OptionsUse.Reads or OptionsUse.Copied or OptionsUse.Discarded => true,
            OptionsUse.StoredInLocal when depth > 0 => value.WalkUpValuePassThrough().Parent switch
            {
                // The assignment's own value may go on (`a = b = s_options`).
                ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment
                    => LocalOnlyRead(target.Local, assignment, symbols, depth - 1, cancellationToken)
                       && (assignment.Parent is IExpressionStatementOperation || OnlyRead(assignment, symbols, depth - 1, cancellationToken)),
                IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => LocalOnlyRead(declarator.Symbol, declarator, symbols, depth - 1, cancellationToken),
                _ => false,
            },
            _ => false,
        };

    private static bool LocalOnlyRead(ILocalSymbol local, IOperation within, JsonSymbols symbols, int depth, CancellationToken cancellationToken)
        => !local.IsRef
           && OptionsReferences.Of(local, within.Root())
               .Where(r => !(r.Parent is ISimpleAssignmentOperation write && write.Target == r))
               .All(r => OnlyRead(r, symbols, depth, cancellationToken));
}
