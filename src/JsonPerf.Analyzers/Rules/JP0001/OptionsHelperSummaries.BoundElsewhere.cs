using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>What a use does with options (<see cref="UseOf"/>), and what the callers of a factory, or the readers of a getter, do with the options it returns.</summary>
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

    /// <summary>
    /// What <paramref name="value"/> (a reference, a call or an assignment) does with its options. Only a reference itself
    /// is written; the rest is judged where the value goes after casts, <c>?:</c>, <c>??</c> and switch arms.
    /// </summary>
    public OptionsUse UseOf(IOperation value, CancellationToken cancellationToken)
    {
        var use = value.WalkUpValuePassThrough();
        return use.Parent switch
        {
            ISimpleAssignmentOperation write when write.Target == value => OptionsUse.Assigned,
            IArgumentOperation argument when Sink(argument, cancellationToken) is var sink && sink != OptionsUse.Other => sink,
            IArgumentOperation { Parent: IObjectCreationOperation copy } when _symbols.IsJsonSerializerOptions(copy.Type) => OptionsUse.Copied,
            ISimpleAssignmentOperation { Target: IDiscardOperation } => OptionsUse.Discarded,
            ISimpleAssignmentOperation { Target: ILocalReferenceOperation } assignment when assignment.Value == use => OptionsUse.StoredInLocal,
            IVariableInitializerOperation { Parent: IVariableDeclaratorOperation } => OptionsUse.StoredInLocal,
            _ when value is ILocalReferenceOperation local && OptionsReferences.ConfigurationStatement(local) is not null => OptionsUse.Configured,
            _ when value is ILocalReferenceOperation local && OptionsReferences.ConfigurationStatement(local, anyConvertersChange: true) is not null => OptionsUse.ConvertersChanged,
            _ => OptionsUse.Other,
        };
    }

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
           || PrivateMemberReferences.UseAt(model, name, cancellationToken) is { } use && UseOf(use, cancellationToken) is OptionsUse.Reads or OptionsUse.Copied;

    private bool AnyUseBinds(ISymbol member, CancellationToken cancellationToken)
    {
        var uses = _symbols.PrivateMemberReferences;
        return (uses.NamesOf(member, cancellationToken) ?? Array.Empty<SimpleNameSyntax>()).Any(name =>
            PrivateMemberReferences.UseAt(uses.ModelOf(name), name, cancellationToken) is { } use
            && SymbolEqualityComparer.Default.Equals(use switch { IInvocationOperation call => call.TargetMethod.OriginalDefinition, IPropertyReferenceOperation read => read.Property.OriginalDefinition, _ => null }, member)
            && UseOf(use, cancellationToken) == OptionsUse.Binds);
    }
}
