using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// Static readonly options that serialize the same, and without fail, in a type initializer as at a later call: created
/// in their initializer from the serializer's own settings alone (no resolver that may lack a type, no converter of the
/// project), and only ever passed as an argument, so that no code configures them later (which, once the hoisted field
/// has used them, would throw: used options are read-only). Asked only at reported sites; once per field.
/// </summary>
internal sealed class SettledOptions
{
    private readonly Compilation _compilation;
    private readonly JsonSymbols _symbols;
    private readonly ConcurrentDictionary<IFieldSymbol, bool> _settled = new(SymbolEqualityComparer.Default);

    private SettledOptions(Compilation compilation, JsonSymbols symbols)
    {
        _compilation = compilation;
        _symbols = symbols;
    }

    public static SettledOptions For(JsonSymbols symbols) => symbols.RuleState(static (c, s) => new SettledOptions(c, s));

    public bool IsSettled(IFieldSymbol field, CancellationToken cancellationToken)
        => _settled.TryGetValue(field, out var known) ? known : _settled.GetOrAdd(field, Judge(field, cancellationToken));

    private bool Judge(IFieldSymbol field, CancellationToken cancellationToken)
    {
        var references = field.DeclaringSyntaxReferences;
        if (references.Length != 1
            || references[0] is not { } reference
            || reference.GetSyntax(cancellationToken) is not VariableDeclaratorSyntax { Initializer.Value: var value }
            || !_compilation.ContainsSyntaxTree(reference.SyntaxTree))
        {
            return false;
        }

#pragma warning disable RS1030 // Once per options field passed at a reported site.
        var model = _compilation.GetSemanticModel(reference.SyntaxTree);
#pragma warning restore RS1030
        return model.GetOperation(value, cancellationToken) is { } initializer
               && initializer.WalkDownConversions() is IObjectCreationOperation creation
               && _symbols.IsJsonSerializerOptions(creation.Type)
               && creation.DescendantsAndSelf().All(IsSerializerSetting)
               && MemberUses.All(field, _compilation, static (_, name) => IsArgument(name), cancellationToken);
    }

    /// <summary>Constants and the serializer's own types, members and factories; no resolver set.</summary>
    private bool IsSerializerSetting(IOperation operation) => operation switch
    {
        _ when operation.ConstantValue.HasValue => true,
        IObjectCreationOperation creation => creation.Type is { } type && _symbols.IsInSerializerNamespace(type),
        IPropertyReferenceOperation property => property.Property.Name is not ("TypeInfoResolver" or "TypeInfoResolverChain")
                                                && (property.Property.IsStatic ? _symbols.IsInSerializerNamespace(property.Property) : property.Instance is IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ImplicitReceiver }),
        IInvocationOperation invocation => invocation.IsImplicit || (invocation.TargetMethod.IsStatic && _symbols.IsInSerializerNamespace(invocation.TargetMethod)),
        IInstanceReferenceOperation instance => instance.ReferenceKind == InstanceReferenceKind.ImplicitReceiver,
        IConversionOperation conversion => conversion.OperatorMethod is null,
        IObjectOrCollectionInitializerOperation or IMemberInitializerOperation or ISimpleAssignmentOperation or IArgumentOperation
            or IArrayCreationOperation or IArrayInitializerOperation or IParenthesizedOperation => true,
        _ => false,
    };

    /// <summary>The name (or <c>Type.name</c>) is an argument as it stands.</summary>
    private static bool IsArgument(SimpleNameSyntax name)
    {
        SyntaxNode node = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
        return node.Parent is ArgumentSyntax { RefKindKeyword.RawKind: (int)SyntaxKind.None };
    }
}
