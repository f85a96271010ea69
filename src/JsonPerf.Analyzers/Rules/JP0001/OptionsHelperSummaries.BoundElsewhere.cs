using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// A private factory or getter some of whose uses hand its options to a JsonSerializerContext's constructor (directly
/// or through the project's wrappers): cached, those options would be bound by the first context and throw at the next,
/// so JP0001's fix is not offered at any of its sites, and the diagnostic says why (the fix reads every use; this reads
/// them where they all are, in the member's type: <see cref="PrivateMemberReferences"/>).
/// </summary>
internal sealed partial class OptionsHelperSummaries
{
    private readonly ConcurrentDictionary<ISymbol, bool> _boundElsewhere = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, bool> _callsOnlyPassOn = new(SymbolEqualityComparer.Default);

    /// <summary>
    /// Whether every call of the factory in the compilation hands its options to a serializer that only reads them, or
    /// copies them (<see cref="JsonSerializerOptionsCreatedPerCallAnalyzer.OnlyPassesOn"/>): cached, one instance reaches
    /// every caller. Asked once per reported factory.
    /// </summary>
    public bool CallsOnlyPassOn(IMethodSymbol factory, CancellationToken cancellationToken)
    {
        var method = factory.OriginalDefinition;
        return _callsOnlyPassOn.TryGetValue(method, out var known)
            ? known
            : _callsOnlyPassOn.GetOrAdd(method, MemberUses.All(method, _compilation, (model, name) => JsonSerializerOptionsCreatedPerCallAnalyzer.OnlyPassesOn(model, name, _symbols, cancellationToken), cancellationToken));
    }

    /// <summary>
    /// True when <paramref name="member"/> (a method or property returning options) is private and one of its uses in
    /// its type's declarations passes its value to a context's constructor. False for any other member: its uses may lie
    /// outside its type, and the fix checks them itself.
    /// </summary>
    public bool BoundElsewhere(ISymbol member, CancellationToken cancellationToken)
    {
        member = member.OriginalDefinition;
        if (member.DeclaredAccessibility != Accessibility.Private || member.ContainingType is null)
        {
            return false;
        }

        return _boundElsewhere.TryGetValue(member, out var known) ? known : _boundElsewhere.GetOrAdd(member, AnyUseBinds(member, cancellationToken));
    }

    private bool AnyUseBinds(ISymbol member, CancellationToken cancellationToken)
    {
        var uses = _symbols.PrivateMemberReferences;
        foreach (var name in uses.NamesOf(member, cancellationToken) ?? Array.Empty<SimpleNameSyntax>())
        {
            var use = PrivateMemberReferences.UseAt(uses.ModelOf(name), name, cancellationToken);
            var isMember = use switch
            {
                IInvocationOperation call => SymbolEqualityComparer.Default.Equals(call.TargetMethod.OriginalDefinition, member),
                IPropertyReferenceOperation read => SymbolEqualityComparer.Default.Equals(read.Property.OriginalDefinition, member),
                _ => false,
            };
            if (isMember && use!.WalkUpValuePassThrough().Parent is IArgumentOperation argument && Sink(argument, cancellationToken) == OptionsSink.Binds)
            {
                return true;
            }
        }

        return false;
    }
}
