namespace JsonPerf.CodeFixes;

/// <summary>What JP0002's fix will do at one call, decided once (<see cref="FixPlanner"/>) and then applied as is.</summary>
internal sealed class FixPlan
{
    public FixPlan(
        InvocationExpressionSyntax invocation, IInvocationOperation call, ITypeSymbol type, IArgumentOperation? options, string metadataParameter, int metadataOrdinal, bool passContext,
        INamedTypeSymbol? context, AttributeData? registration, string propertyName, bool newRegistrationNeedsName,
        MirroredOptions? mirror, ISymbol? member, INamedTypeSymbol? boundContext, ISymbol? mirroredMember,
        ISymbol? instanceMember, string? instanceField, bool instanceFieldExists, ImmutableArray<ITypeSymbol> extraTypes, ImmutableArray<ITypeSymbol> reachable)
    {
        Reachable = reachable;
        MirroredMember = mirroredMember;
        InstanceMember = instanceMember;
        InstanceField = instanceField;
        InstanceFieldExists = instanceFieldExists;
        ExtraTypes = extraTypes;
        Invocation = invocation;
        Call = call;
        Type = type;
        Options = options;
        MetadataParameter = metadataParameter;
        MetadataOrdinal = metadataOrdinal;
        PassContext = passContext;
        Context = context;
        Registration = registration;
        PropertyName = propertyName;
        NewRegistrationNeedsName = newRegistrationNeedsName;
        Mirror = mirror;
        Member = member;
        BoundContext = boundContext;
    }

    public InvocationExpressionSyntax Invocation { get; }

    /// <summary>The types <see cref="Type"/> reaches (itself included): the generator writes a property for each.</summary>
    public ImmutableArray<ITypeSymbol> Reachable { get; }
    public ITypeSymbol Type { get; }
    /// <summary>The call as analyzed.</summary>
    public IInvocationOperation Call { get; }

    /// <summary>The options argument; null when the call's overload has no options parameter (<c>GetFromJsonAsync&lt;T&gt;(uri)</c>).</summary>
    public IArgumentOperation? Options { get; }

    /// <summary>The name of the metadata overload's parameter that takes the place of the options.</summary>
    public string MetadataParameter { get; }

    /// <summary>Its position in the metadata overload (the options' position, except on the web helpers).</summary>
    public int MetadataOrdinal { get; }

    /// <summary>A <c>typeof</c> overload: pass the context itself (<c>Serialize(value, typeof(T), Ctx.Default)</c>).</summary>
    public bool PassContext { get; }

    /// <summary>An existing context to register on; null to scaffold one.</summary>
    public INamedTypeSymbol? Context { get; }

    /// <summary>The context's existing <c>[JsonSerializable]</c> for the type, if any.</summary>
    public AttributeData? Registration { get; }

    /// <summary>The context property that will hold the type's metadata.</summary>
    public string PropertyName { get; }

    /// <summary>A new registration needs <c>TypeInfoPropertyName</c> (the generator's own name is taken).</summary>
    public bool NewRegistrationNeedsName { get; }

    /// <summary>Marks the call so that it is found again after the context's document was edited.</summary>
    public SyntaxAnnotation Mark { get; } = new SyntaxAnnotation();

    /// <summary>Generation options mirroring the call's static options: the context must have exactly these (null: none).</summary>
    public MirroredOptions? Mirror { get; }

    /// <summary>The static options member the context is bound to as resolver, for calls on such options.</summary>
    public ISymbol? Member { get; }

    /// <summary>The context the member's initializer already names as its resolver (an earlier fix), if any.</summary>
    public INamedTypeSymbol? BoundContext { get; }

    /// <summary>The static options member whose settings <see cref="Mirror"/> mirrors: removed once private and unused.</summary>
    public ISymbol? MirroredMember { get; }

    /// <summary>
    /// Static options (in a trimmed/AOT/reflection-free project) that get a context instance built on them
    /// (<see cref="ContextInstanceBinding"/>): the call takes its metadata.
    /// </summary>
    public ISymbol? InstanceMember { get; }

    /// <summary>The static field holding that context instance.</summary>
    public string? InstanceField { get; }

    /// <summary>An earlier fix added <see cref="InstanceField"/> already.</summary>
    public bool InstanceFieldExists { get; }

    /// <summary>Other types used with <see cref="InstanceMember"/>, registered in the same fix (the context becomes their only resolver).</summary>
    public ImmutableArray<ITypeSymbol> ExtraTypes { get; }
}
