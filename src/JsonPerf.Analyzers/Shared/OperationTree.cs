namespace JsonPerf.Analyzers;

/// <summary>
/// An operation and everything under it, in the order of <c>DescendantsAndSelf()</c> (pre-order), without its iterator
/// (Roslyn's allocates an enumerator per call and per level). The work stack is
/// kept per thread between walks, cleared so that no operation outlives its walk; a walk started inside another (none
/// today) gets a new one.
/// <code>
/// var pending = OperationTree.Start(root);
/// try { while (OperationTree.Next(pending) is { } operation) { ... } }
/// finally { OperationTree.End(pending); }
/// </code>
/// </summary>
internal static class OperationTree
{
    [ThreadStatic]
    private static Stack<IOperation>? t_free;

    public static Stack<IOperation> Start(IOperation root)
    {
        var pending = t_free ?? new Stack<IOperation>();
        t_free = null;
        pending.Push(root);
        return pending;
    }

    /// <summary>The next operation, or null when the walk is over.</summary>
    public static IOperation? Next(Stack<IOperation> pending)
    {
        if (pending.Count == 0)
        {
            return null;
        }

        var operation = pending.Pop();
        // Pushed last to first, so that the first child comes next.
        foreach (var child in operation.ChildOperations.Reverse())
        {
            pending.Push(child);
        }

        return operation;
    }

    public static void End(Stack<IOperation> pending)
    {
        pending.Clear();
        t_free = pending;
    }
}
