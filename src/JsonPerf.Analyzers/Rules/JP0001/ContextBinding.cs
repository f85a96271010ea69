namespace JsonPerf.Analyzers;

/// <summary>
/// Options handed to a <c>JsonSerializerContext</c>'s constructor become that context's own: it sets itself as their
/// resolver and makes them read-only. Such options cannot be shared: <c>new MyContext(JsonSerializerOptions.Default)</c>
/// throws, and so does a second <c>new MyContext(sameOptions)</c>. What can be shared is the context built on them,
/// where the context is only read; JP0001's fix then caches the context, not the options.
/// </summary>
internal static class ContextBinding
{
    public static bool IsContextConstructorArgument(IArgumentOperation argument, JsonSymbols symbols)
        => argument.Parent is IObjectCreationOperation { Constructor: { } constructor }
           && symbols.IsDerivedFromJsonSerializerContext(constructor.ContainingType)
           && symbols.IsJsonSerializerOptions(argument.Parameter?.Type);

    /// <summary>
    /// The context that <paramref name="argument"/> builds, when the context can be cached in a static readonly field in
    /// its place: the options are its only argument, it has no initializer and no type parameters, and its value is only
    /// read, where it stands or through a local declared with it (a write is no read: never written again). Null otherwise.
    /// </summary>
    public static IObjectCreationOperation? CacheableContext(IArgumentOperation argument, JsonSymbols symbols)
    {
        if (!IsContextConstructorArgument(argument, symbols)
            || argument.Parent is not IObjectCreationOperation { Arguments.Length: 1, Initializer: null, Type: INamedTypeSymbol type } context
            || IsGeneric(type))
        {
            return null;
        }

        var use = context.WalkUpValuePassThrough();
        var onlyRead = use.Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }
            ? declarator.Symbol is { IsRef: false, IsConst: false } && OptionsReferences.Of(declarator).All(r => IsRead(r.WalkUpValuePassThrough(), symbols))
            : IsRead(use, symbols);
        return onlyRead ? context : null;
    }

    /// <summary>The local a cacheable context initializes as a whole (<c>var context = new MyContext(...)</c>), which the fix can replace by the field.</summary>
    public static IVariableDeclaratorOperation? ContextLocal(IObjectCreationOperation context)
        => context.InitializedDeclarator() is { } declarator
           && SymbolEqualityComparer.Default.Equals(declarator.Symbol.Type, context.Type)
           && declarator.Syntax.Parent is VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax }
            ? declarator
            : null;

    /// <summary>
    /// The context's value is only read: its generated metadata (<c>context.Order</c>, <c>context.GetTypeInfo(type)</c>),
    /// its <c>Options</c>, or passed to an entry point that takes a context (<c>JsonSerializer.Serialize(value, type, context)</c>).
    /// Anything else (stored, returned, passed to other code, a member of the project's own) may keep or change it.
    /// </summary>
    private static bool IsRead(IOperation value, JsonSymbols symbols) => value.Parent switch
    {
        IPropertyReferenceOperation property when property.Instance == value
            => !(property.Parent is IAssignmentOperation assignment && assignment.Target == property)
               && (property.Type.InheritsFromOrEquals(symbols.JsonTypeInfo) || SymbolEqualityComparer.Default.Equals(property.Property.ContainingType, symbols.JsonSerializerContext)),
        IInvocationOperation invocation when invocation.Instance == value
            => invocation.TargetMethod.Name == "GetTypeInfo" && invocation.Type.InheritsFromOrEquals(symbols.JsonTypeInfo),
        IArgumentOperation { Parent: IInvocationOperation call } argument
            => argument.Parameter is { RefKind: RefKind.None } parameter
               && SymbolEqualityComparer.Default.Equals(parameter.Type, symbols.JsonSerializerContext)
               && symbols.IsEntryPointType(call.TargetMethod.ContainingType),
        _ => false,
    };

    private static bool IsGeneric(INamedTypeSymbol? type) => type is not null && (type.IsGenericType || IsGeneric(type.ContainingType));
}
