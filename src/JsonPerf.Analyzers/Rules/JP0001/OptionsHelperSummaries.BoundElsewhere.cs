using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>What the callers of a factory, or the readers of a getter, do with the options it returns.</summary>
internal sealed partial class OptionsHelperSummaries
{
    private readonly ConcurrentDictionary<ISymbol, bool> _boundElsewhere = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, bool> _usesOnlyPassOn = new(SymbolEqualityComparer.Default);

    /// <summary>Every use of <paramref name="member"/> in the compilation only reads or copies its options: one cached instance could reach them all.</summary>
    public bool UsesOnlyPassOn(ISymbol member, CancellationToken cancellationToken)
    {
        member = member.OriginalDefinition;
        return _usesOnlyPassOn.TryGetValue(member, out var known)
            ? known
            : _usesOnlyPassOn.GetOrAdd(member, MemberUses.All(member, _compilation, (model, name) => OnlyPassesOn(model, name, cancellationToken), cancellationToken));
    }

    /// <summary>Options handed to a serializer that only reads them, or copied into new options: sharing them cannot hurt there.</summary>
    public bool ReadsOrCopies(IArgumentOperation argument, CancellationToken cancellationToken)
        => Sink(argument, cancellationToken) == OptionsSink.Reads
           || argument.Parent is IObjectCreationOperation copy && _symbols.IsJsonSerializerOptions(copy.Type);

    /// <summary>
    /// True when <paramref name="member"/> is private and one of its uses, all in its type's declarations, hands its options
    /// to a context's constructor: cached, they would be bound by the first context and throw at the next. False for any
    /// other member: its uses may lie outside its type, and the fix checks them itself.
    /// </summary>
    public bool BoundElsewhere(ISymbol member, CancellationToken cancellationToken)
    {
        member = member.OriginalDefinition;
        return member.DeclaredAccessibility == Accessibility.Private
               && member.ContainingType is not null
               && (_boundElsewhere.TryGetValue(member, out var known) ? known : _boundElsewhere.GetOrAdd(member, AnyUseBinds(member, cancellationToken)));
    }

    private bool OnlyPassesOn(SemanticModel model, SimpleNameSyntax name, CancellationToken cancellationToken)
        => name.Parent is NameMemberCrefSyntax or QualifiedCrefSyntax
           || name.Ancestors().Any(a => a is DocumentationCommentTriviaSyntax)
           || PrivateMemberReferences.UseAt(model, name, cancellationToken)?.WalkUpValuePassThrough().Parent is IArgumentOperation argument && ReadsOrCopies(argument, cancellationToken);

    private bool AnyUseBinds(ISymbol member, CancellationToken cancellationToken)
    {
        var uses = _symbols.PrivateMemberReferences;
        return (uses.NamesOf(member, cancellationToken) ?? Array.Empty<SimpleNameSyntax>()).Any(name =>
            PrivateMemberReferences.UseAt(uses.ModelOf(name), name, cancellationToken) is { } use
            && SymbolEqualityComparer.Default.Equals(use switch { IInvocationOperation call => call.TargetMethod.OriginalDefinition, IPropertyReferenceOperation read => read.Property.OriginalDefinition, _ => null }, member)
            && use.WalkUpValuePassThrough().Parent is IArgumentOperation argument
            && Sink(argument, cancellationToken) == OptionsSink.Binds);
    }
}
