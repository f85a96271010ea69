namespace JsonPerf.Analyzers;

/// <summary>
/// Which invocations or object creations a rule's callback needs to see, by symbol: calls of methods declared in
/// given types (any constructed form), calls of methods that return given types, creations of given types. Most
/// operations of a compilation match no rule; hosted in <see cref="JsonPerfAnalyzer"/>, the rules' filters are merged
/// and an operation's keys are looked up once (<see cref="SharedOperationActions"/>), so a call no rule asked for costs
/// two lookups instead of one filter per rule. A rule alone checks its own filter. Either way the rule's callback
/// still checks everything it needs: the filter only skips calls it would have rejected first thing.
/// </summary>
internal sealed class OperationFilter
{
    // For a rule alone: one hash lookup per key, however many types (JP0002 asks for ten).
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

    /// <summary>Invocations of methods declared in one of these types (original definitions).</summary>
    public ImmutableArray<INamedTypeSymbol> DeclaringTypes { get; }

    /// <summary>Invocations of methods whose return type is one of these (original definitions).</summary>
    public ImmutableArray<INamedTypeSymbol> ReturnTypes { get; }

    /// <summary>Object creations of one of these types (original definitions).</summary>
    public ImmutableArray<INamedTypeSymbol> CreatedTypes { get; }

    /// <summary>Nothing can match (every type is missing from the compilation): the callback need not be registered.</summary>
    public bool IsEmpty => DeclaringTypes.IsEmpty && ReturnTypes.IsEmpty && CreatedTypes.IsEmpty;

    /// <summary>Calls of methods declared in any of <paramref name="types"/>; missing (null) types are left out.</summary>
    public static OperationFilter CallsDeclaredIn(params INamedTypeSymbol?[] types)
        => new(OperationKind.Invocation, Present(types), ImmutableArray<INamedTypeSymbol>.Empty, ImmutableArray<INamedTypeSymbol>.Empty);

    /// <summary>Calls of methods that return any of <paramref name="types"/>; missing (null) types are left out.</summary>
    public static OperationFilter CallsReturning(params INamedTypeSymbol?[] types)
        => new(OperationKind.Invocation, ImmutableArray<INamedTypeSymbol>.Empty, Present(types), ImmutableArray<INamedTypeSymbol>.Empty);

    /// <summary>Creations (<c>new T(...)</c>, <c>new(...)</c>) of any of <paramref name="types"/>; missing (null) types are left out.</summary>
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

    /// <summary>
    /// The type the called method returns, as declared. Read from the method's definition, which costs nothing, except
    /// where it returns a type parameter: then from the constructed method (<c>T Get&lt;T&gt;()</c> called as
    /// <c>Get&lt;JsonSerializerOptions&gt;()</c> returns the options).
    /// </summary>
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

    /// <summary>The created type, as declared.</summary>
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
    /// <summary>
    /// Registers <paramref name="action"/> for the operations <paramref name="filter"/> accepts: merged with the other
    /// rules' filters when hosted, behind its own filter when the rule runs alone; nothing when no filtered type exists.
    /// </summary>
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
