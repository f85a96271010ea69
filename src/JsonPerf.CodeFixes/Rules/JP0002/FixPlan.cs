namespace JsonPerf.CodeFixes;

/// <summary>What JP0002's fix does at one call, decided once (<see cref="FixPlanner"/>) and then applied as is.</summary>
internal sealed class FixPlan(PlannedCall call, OptionsPlan options, ContextChoice target)
{
    public PlannedCall Call { get; } = call;
    public OptionsPlan Options { get; } = options;
    public ContextChoice Target { get; } = target;

    public IEnumerable<ITypeSymbol> RegisteredTypes
        => Target.Registration is null ? new[] { Call.Type }.Concat(Target.ExtraTypes) : Target.ExtraTypes;

    public IEnumerable<AttributeListSyntax> Registrations
        => RegisteredTypes.Select((type, i) => ContextEditing.Registration(type, i == 0 && Target.Registration is null && Target.NeedsName ? Target.PropertyName : null));
}

internal sealed class PlannedCall(InvocationExpressionSyntax invocation, IInvocationOperation operation, ITypeSymbol type, ImmutableArray<ITypeSymbol> reachable, IArgumentOperation? options)
{
    public InvocationExpressionSyntax Invocation { get; } = invocation;
    public IInvocationOperation Operation { get; } = operation;
    public ITypeSymbol Type { get; } = type;

    /// <summary>The types <see cref="Type"/> reaches, itself included: the generator writes a property for each.</summary>
    public ImmutableArray<ITypeSymbol> Reachable { get; } = reachable;

    /// <summary>Null where the overload has no options parameter (<c>GetFromJsonAsync&lt;T&gt;(uri)</c>).</summary>
    public IArgumentOperation? Options { get; } = options;

    /// <summary>A <c>typeof</c> overload takes the context itself (<c>Serialize(value, typeof(T), Ctx.Default)</c>).</summary>
    public bool PassContext => !Operation.TargetMethod.IsGenericMethod;
    public SyntaxAnnotation Mark { get; } = new();

    public InvocationExpressionSyntax? In(SyntaxNode root)
        => root.FullSpan.Contains(Invocation.Span)
            ? root.FindNode(Invocation.Span, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<InvocationExpressionSyntax>().FirstOrDefault(i => i.Span == Invocation.Span)
            : null;
}

/// <summary>How the call's options are handled, and so which contexts qualify.</summary>
internal abstract class OptionsPlan(IParameterSymbol metadataParameter, MirroredOptions? mirror, INamedTypeSymbol? boundContext)
{
    public IParameterSymbol MetadataParameter { get; } = metadataParameter;

    /// <summary>The generation options the context must have (null: the defaults).</summary>
    public MirroredOptions? Mirror { get; } = mirror;

    /// <summary>The context an earlier fix bound the options to, the only one that qualifies.</summary>
    public INamedTypeSymbol? BoundContext { get; } = boundContext;
}

/// <summary>The call takes a context's metadata instead of its options (a mirrored member goes once private and unused).</summary>
internal sealed class MetadataInstead(IParameterSymbol metadataParameter, MirroredOptions? mirror, ISymbol? mirroredMember = null)
    : OptionsPlan(metadataParameter, mirror, null)
{
    public ISymbol? MirroredMember { get; } = mirroredMember;
}

/// <summary>The context becomes the static options' resolver (reflection behind it); the call stays as it is.</summary>
internal sealed class BoundAsResolver(IParameterSymbol optionsParameter, ISymbol member, INamedTypeSymbol? boundContext)
    : OptionsPlan(optionsParameter, null, boundContext)
{
    public ISymbol Member { get; } = member;
}

/// <summary>Where reflection is off: a context instance built on the static options, and the call takes its metadata.</summary>
internal sealed class ContextInstance(IParameterSymbol metadataParameter, ISymbol member, ContextInstanceBinding.Uses uses)
    : OptionsPlan(metadataParameter, null, uses.InstanceField?.Type as INamedTypeSymbol)
{
    public ISymbol Member { get; } = member;
    public string FieldName { get; } = uses.InstanceField?.Name ?? ContextInstanceBinding.FieldName(member);
    public bool FieldExists { get; } = uses.InstanceField is not null;
    public IReadOnlyList<ITypeSymbol> Types { get; } = uses.Types;
}

/// <summary>The context the call takes its metadata from: an existing one (with its registration of the type, if any), or null to scaffold.</summary>
internal sealed class ContextChoice(INamedTypeSymbol? context, AttributeData? registration, string propertyName, bool needsName, ImmutableArray<ITypeSymbol> extraTypes)
{
    public INamedTypeSymbol? Context { get; } = context;
    public AttributeData? Registration { get; } = registration;
    public string PropertyName { get; } = propertyName;

    /// <summary>A new registration needs <c>TypeInfoPropertyName</c>: the generator's own name is taken.</summary>
    public bool NeedsName { get; } = needsName;
    public ImmutableArray<ITypeSymbol> ExtraTypes { get; } = extraTypes;
}
