namespace JsonPerf.Analyzers;

/// <summary>The locals of one method body (its lambdas and local functions included): where each is written and read.</summary>
internal sealed class MethodLocals
{
    private readonly Dictionary<ILocalSymbol, List<ILocalReferenceOperation>> references = new(SymbolEqualityComparer.Default);
    private readonly Dictionary<ILocalSymbol, IVariableDeclaratorOperation> declarators = new(SymbolEqualityComparer.Default);

    public MethodLocals(IOperation root)
    {
        Root = root;
        var walk = OperationTree.Start(root);
        try
        {
            while (OperationTree.Next(walk) is { } operation)
            {
                if (operation is ILocalReferenceOperation reference)
                {
                    if (!references.TryGetValue(reference.Local, out var list))
                    {
                        references[reference.Local] = list = new List<ILocalReferenceOperation>();
                    }

                    list.Add(reference);
                }
                else if (operation is IVariableDeclaratorOperation declarator)
                {
                    declarators[declarator.Symbol] = declarator;
                }
            }
        }
        finally
        {
            OperationTree.End(walk);
        }
    }

    public IOperation Root { get; }

    /// <summary>The references that read <paramref name="local"/>.</summary>
    public IEnumerable<ILocalReferenceOperation> Reads(ILocalSymbol local)
        => references.TryGetValue(local, out var list) ? list.Where(r => !IsWrite(r)) : Enumerable.Empty<ILocalReferenceOperation>();

    /// <summary>
    /// The one value <paramref name="local"/> is given (an initializer, an assignment, or an out argument: then the call),
    /// or null when it is written more than once, by a compound assignment, a ref, a pattern or a loop.
    /// </summary>
    public IOperation? SingleWrite(ILocalSymbol local)
    {
        if (local.IsRef)
        {
            return null;
        }

        IOperation? value = declarators.TryGetValue(local, out var declarator) ? declarator.Initializer?.Value : null;
        var count = value is null ? 0 : 1;
        foreach (var reference in references.TryGetValue(local, out var list) ? list : new List<ILocalReferenceOperation>())
        {
            if (IsWrite(reference))
            {
                count++;
                value = reference.Parent switch
                {
                    ISimpleAssignmentOperation assignment when assignment.Target == reference => assignment.Value,
                    IArgumentOperation { Parameter.RefKind: RefKind.Out, Parent: IInvocationOperation call } => call,
                    IDeclarationExpressionOperation { Parent: IArgumentOperation { Parameter.RefKind: RefKind.Out, Parent: IInvocationOperation call } } => call,
                    _ => null,
                };
            }
        }

        return count == 1 ? value : null;
    }

    private static bool IsWrite(ILocalReferenceOperation reference)
    {
        var parent = reference.Parent;
        return reference.IsDeclaration
               || (parent is IAssignmentOperation assignment && assignment.Target == reference)
               || parent is IArgumentOperation { Parameter.RefKind: RefKind.Out or RefKind.Ref }
               || parent is IIncrementOrDecrementOperation or ITupleOperation or IDeclarationExpressionOperation;
    }
}
