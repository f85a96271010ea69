namespace JsonPerf.Analyzers;

/// <summary>
/// Which invocations or creations a rule's callback needs, by symbol: calls of methods declared in or returning given types,
/// creations of given types (a missing type is left out). Hosted rules' filters are merged (<see cref="SharedOperationActions"/>);
/// the callback still checks everything itself, the filter only skips what it would reject first thing.
/// </summary>
internal sealed class OperationFilter
{
    private readonly HashSet<ISymbol> declaringSet;
    private readonly HashSet<ISymbol> returnSet;
    private readonly HashSet<ISymbol> createdSet;

    private OperationFilter(OperationKind kind, ImmutableArray<INamedTypeSymbol> declaringTypes, ImmutableArray<INamedTypeSymbol> returnTypes, ImmutableArray<INamedTypeSymbol> createdTypes)
    {
        Kind = kind;
        DeclaringTypes = declaringTypes;
        ReturnTypes = returnTypes;
        CreatedTypes = createdTypes;
        declaringSet = new HashSet<ISymbol>(declaringTypes, SymbolEqualityComparer.Default);
        returnSet = new HashSet<ISymbol>(returnTypes, SymbolEqualityComparer.Default);
        createdSet = new HashSet<ISymbol>(createdTypes, SymbolEqualityComparer.Default);
    }

    public OperationKind Kind { get; }

    public ImmutableArray<INamedTypeSymbol> DeclaringTypes { get; }

    public ImmutableArray<INamedTypeSymbol> ReturnTypes { get; }

    public ImmutableArray<INamedTypeSymbol> CreatedTypes { get; }

    /// <summary>Nothing can match (every type is missing from the compilation): the callback need not be registered.</summary>
    public bool IsEmpty => DeclaringTypes.IsEmpty && ReturnTypes.IsEmpty && CreatedTypes.IsEmpty;

    public static OperationFilter CallsDeclaredIn(params INamedTypeSymbol?[] types)
        => new(OperationKind.Invocation, Present(types), ImmutableArray<INamedTypeSymbol>.Empty, ImmutableArray<INamedTypeSymbol>.Empty);

    public static OperationFilter CallsReturning(params INamedTypeSymbol?[] types)
        => new(OperationKind.Invocation, ImmutableArray<INamedTypeSymbol>.Empty, Present(types), ImmutableArray<INamedTypeSymbol>.Empty);

    /// <summary>Creations (<c>new T(...)</c>, <c>new(...)</c>) of any of <paramref name="types"/>.</summary>
    public static OperationFilter Creations(params INamedTypeSymbol?[] types)
        => new(OperationKind.ObjectCreation, ImmutableArray<INamedTypeSymbol>.Empty, ImmutableArray<INamedTypeSymbol>.Empty, Present(types));

    public bool Accepts(IOperation operation) => operation switch
    {
        IInvocationOperation invocation => Contains(declaringSet, DeclaringKey(invocation)) || (returnSet.Count > 0 && Contains(returnSet, ReturnKey(invocation))),
        IObjectCreationOperation creation => Contains(createdSet, CreatedKey(creation)),
        _ => false,
    };

    /// <summary>The type that declares the called method, as declared (<c>List&lt;T&gt;</c> for <c>List&lt;int&gt;.Add</c>).</summary>
    public static ISymbol? DeclaringKey(IInvocationOperation invocation) => invocation.TargetMethod.ContainingType?.OriginalDefinition;

    /// <summary>The return type as declared, from the definition (free) unless that returns a type parameter (<c>Get&lt;JsonSerializerOptions&gt;()</c>).</summary>
    public static ISymbol? ReturnKey(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        var returnType = method.OriginalDefinition.ReturnType;
        if (returnType.TypeKind == TypeKind.TypeParameter)
        {
            returnType = method.ReturnType;
        }

        return returnType.OriginalDefinition;
    }

    public static ISymbol? CreatedKey(IObjectCreationOperation creation) => creation.Type?.OriginalDefinition;

    private static bool Contains(HashSet<ISymbol> types, ISymbol? key) => key is not null && types.Contains(key);

    private static ImmutableArray<INamedTypeSymbol> Present(INamedTypeSymbol?[] types)
        => types.Where(t => t is not null).Select(t => t!.OriginalDefinition).Distinct<INamedTypeSymbol>(SymbolEqualityComparer.Default).ToImmutableArray();
}

/// <summary>A registration context that takes filtered operation callbacks itself (the host's, and tests').</summary>
internal interface IFilteredOperationActions
{
    void RegisterOperationAction(Action<OperationAnalysisContext> action, OperationFilter filter);
}

internal static class FilteredOperationActions
{
    /// <summary>Registers <paramref name="action"/> behind the filter, merged with the other rules' when hosted; nothing when no filtered type exists.</summary>
    public static void RegisterOperationAction(this CompilationStartAnalysisContext context, Action<OperationAnalysisContext> action, OperationFilter filter)
    {
        if (filter.IsEmpty)
        {
            return;
        }

        if (context is IFilteredOperationActions host)
        {
            host.RegisterOperationAction(action, filter);
            return;
        }

        context.RegisterOperationAction(
            c =>
            {
                if (filter.Accepts(c.Operation))
                {
                    action(c);
                }
            },
            filter.Kind);
    }
}
