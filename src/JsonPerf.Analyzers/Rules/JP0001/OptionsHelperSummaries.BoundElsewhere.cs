using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// A private factory or getter some of whose uses hand its options to a JsonSerializerContext's constructor (directly
/// or through the project's wrappers): cached, those options would be bound by the first context and throw at the next,
/// so JP0001's fix is not offered at any of its sites, and the diagnostic says why (the fix reads every use; this reads
/// them where they all are, in the member's type).
/// </summary>
internal sealed partial class OptionsHelperSummaries
{
    private readonly ConcurrentDictionary<ISymbol, bool> _boundElsewhere = new(SymbolEqualityComparer.Default);

    /// <summary>
    /// True when <paramref name="member"/> (a method or property returning options) is private and one of its uses in
    /// its type's declarations passes its value to a context's constructor. False for any other member: its uses may lie
    /// outside its type, and the fix checks them itself.
    /// </summary>
    public bool BoundElsewhere(ISymbol member, CancellationToken cancellationToken)
    {
        member = member.OriginalDefinition;
        if (member.DeclaredAccessibility != Accessibility.Private || member.ContainingType is not { } type)
        {
            return false;
        }

        return _boundElsewhere.TryGetValue(member, out var known) ? known : _boundElsewhere.GetOrAdd(member, AnyUseBinds(member, type, cancellationToken));
    }

    private bool AnyUseBinds(ISymbol member, INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        foreach (var declaration in type.DeclaringSyntaxReferences)
        {
            if (!_compilation.ContainsSyntaxTree(declaration.SyntaxTree))
            {
                return false;
            }

            SemanticModel? model = null;
            foreach (var node in declaration.GetSyntax(cancellationToken).DescendantNodes())
            {
                if (node is not SimpleNameSyntax name || name.Identifier.ValueText != member.Name)
                {
                    continue;
                }

                // The type may have parts in other files; the compiler hands out its cached model for each tree.
#pragma warning disable RS1030 // Do not invoke Compilation.GetSemanticModel() method within a diagnostic analyzer
                model ??= _compilation.GetSemanticModel(name.SyntaxTree);
#pragma warning restore RS1030
                SyntaxNode reference = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
                var use = reference.Parent is InvocationExpressionSyntax invocation && invocation.Expression == reference
                    ? model.GetOperation(invocation, cancellationToken)
                    : model.GetOperation(reference, cancellationToken);
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
        }

        return false;
    }
}
