namespace JsonPerf.Analyzers;

/// <summary>
/// A pre-order walk as <c>DescendantsAndSelf()</c>, without its enumerator per call and level; the stack is reused per thread:
/// <c>var p = Start(root); try { while (Next(p) is { } operation) { ... } } finally { End(p); }</c>
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

    /// <summary>Whether <paramref name="root"/> or an operation under it matches, in the walk's order.</summary>
    public static bool Any(IOperation root, Func<IOperation, bool> predicate)
    {
        var pending = Start(root);
        try
        {
            while (Next(pending) is { } operation)
            {
                if (predicate(operation))
                {
                    return true;
                }
            }

            return false;
        }
        finally
        {
            End(pending);
        }
    }

    public static void End(Stack<IOperation> pending)
    {
        pending.Clear();
        t_free = pending;
    }
}
