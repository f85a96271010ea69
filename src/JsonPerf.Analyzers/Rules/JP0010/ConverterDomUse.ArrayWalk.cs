namespace JsonPerf.Analyzers;

/// <summary>
/// JP0010's array walk: a DOM whose only navigation is <c>foreach</c> over <c>EnumerateArray()</c> (or its <c>Select</c>
/// consumed at once, <see cref="SelectWalk"/>), each array once and in no other loop or lambda, whose elements are only
/// read with <c>ValueKind</c> and scalar getters: the reader's own order, token by token. Any lookup by name or index, a length, an element kept in another local, makes it no walk.
/// </summary>
internal sealed partial class ConverterDomUse
{
    private readonly Dictionary<ILocalSymbol, IForEachLoopOperation> loopOf = new(SymbolEqualityComparer.Default);
    private readonly HashSet<ILocalSymbol> enumerated = new(SymbolEqualityComparer.Default);
    private IOperation? parseFunction;
    private bool rootEnumerated;
    private bool notWalk;
    private int arrayWalks;

    private bool IsArrayWalk => !notWalk && arrayWalks > 0 && readBelowRoot;

    /// <summary>True when the call is an array walked by <c>Select</c> (its elements go no further).</summary>
    private bool WalkStep(IInvocationOperation invocation, bool belowRoot)
    {
        var method = invocation.TargetMethod;
        if (method.Name == "EnumerateArray" && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonElement))
        {
            return EnumeratedArray(invocation, belowRoot);
        }

        notWalk |= !(method.Name == "Dispose" || IsScalarGetter(method));
        return false;
    }

    private bool EnumeratedArray(IInvocationOperation invocation, bool belowRoot)
    {
        arrayWalks++;
        var collection = PassThrough(invocation);
        IOperation? walk = collection.Parent is IForEachLoopOperation loop && loop.Collection == collection ? loop : SelectWalk(invocation);
        var selected = walk is IInvocationOperation;
        if (selected)
        {
            Read(belowRoot: true);
        }

        if (walk is null)
        {
            notWalk = true;
            return false;
        }

        IForEachLoopOperation? outer = null;
        if (belowRoot)
        {
            var owner = (invocation.Instance?.WalkDownConversions() as ILocalReferenceOperation)?.Local;
            if (owner is null || !loopOf.TryGetValue(owner, out outer) || !enumerated.Add(owner))
            {
                notWalk = true;
                return selected;
            }
        }
        else
        {
            notWalk |= rootEnumerated;
            rootEnumerated = true;
        }

        for (var current = walk.Parent; current is not null && current != outer; current = current.Parent)
        {
            notWalk |= current is ILoopOperation or IAnonymousFunctionOperation or ILocalFunctionOperation;
        }

        return selected;
    }

    /// <summary>A JsonElement getter of one scalar (<c>GetString()</c>, <c>TryGetInt32(out ...)</c>): no lookup, no length, no DOM.</summary>
    private bool IsScalarGetter(IMethodSymbol method)
        => SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonElement)
           && (method.Name.StartsWith("Get", StringComparison.Ordinal) || method.Name.StartsWith("TryGet", StringComparison.Ordinal))
           && method.Name is not ("GetProperty" or "TryGetProperty" or "GetArrayLength" or "GetPropertyCount" or "GetRawText")
           && !symbols.IsDom(method.ReturnType, orProperty: true)
           && method.Parameters.All(p => p.RefKind == RefKind.Out && !symbols.IsDom(p.Type, orProperty: true));

    private static IOperation? EnclosingFunction(IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return current;
            }
        }

        return null;
    }
}
