using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// Where a private method or property is used: only in its type's declarations, read once per type. A type holding a
/// source-generated context has every generated file as a part, so callers ask last.
/// </summary>
internal sealed class PrivateMemberReferences
{
    private readonly Compilation _compilation;

    // Per type asked about: the identifiers spelled like its private members (null: a part outside this compilation).
    private readonly ConcurrentDictionary<INamedTypeSymbol, Dictionary<string, List<SimpleNameSyntax>>?> _names = new(SymbolEqualityComparer.Default);

    private int _typesRead;

    public PrivateMemberReferences(Compilation compilation) => _compilation = compilation;

    /// <summary>How many types' declarations have been read (tests check that code a rule does not report reads none).</summary>
    internal int TypesRead => Volatile.Read(ref _typesRead);

    /// <summary>The names spelled like <paramref name="member"/> in its type (bind them); null when a part is in another compilation.</summary>
    public IReadOnlyList<SimpleNameSyntax>? NamesOf(ISymbol member, CancellationToken cancellationToken)
    {
        var type = member.ContainingType;
        var names = _names.TryGetValue(type, out var found) ? found : _names.GetOrAdd(type, Read(type, cancellationToken));
        return names is null ? null : names.TryGetValue(member.Name, out var list) ? list : Array.Empty<SimpleNameSyntax>();
    }

    /// <summary>The semantic model of a name's tree: the type may have parts in other files.</summary>
    public SemanticModel ModelOf(SimpleNameSyntax name)
    {
        // The compiler hands out its cached model for each tree.
#pragma warning disable RS1030 // Do not invoke Compilation.GetSemanticModel() method within a diagnostic analyzer
        return _compilation.GetSemanticModel(name.SyntaxTree);
#pragma warning restore RS1030
    }

    /// <summary>The code at a name: the call where it is called (<c>M()</c>, <c>this.M()</c>), otherwise the reference itself (a method group, a property read).</summary>
    public static IOperation? UseAt(SemanticModel model, SimpleNameSyntax name, CancellationToken cancellationToken)
    {
        SyntaxNode reference = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
        return reference.Parent is InvocationExpressionSyntax invocation && invocation.Expression == reference
            ? model.GetOperation(invocation, cancellationToken)
            : model.GetOperation(reference, cancellationToken);
    }

    private Dictionary<string, List<SimpleNameSyntax>>? Read(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _typesRead);
        var names = new Dictionary<string, List<SimpleNameSyntax>>(StringComparer.Ordinal);
        foreach (var member in type.GetMembers())
        {
            if (member is IMethodSymbol or IPropertySymbol && member.DeclaredAccessibility == Accessibility.Private && !member.IsImplicitlyDeclared)
            {
                names[member.Name] = new List<SimpleNameSyntax>();
            }
        }

        foreach (var declaration in type.DeclaringSyntaxReferences)
        {
            if (!_compilation.ContainsSyntaxTree(declaration.SyntaxTree))
            {
                return null;
            }

            foreach (var node in declaration.GetSyntax(cancellationToken).DescendantNodes())
            {
                if (node is SimpleNameSyntax name && names.TryGetValue(name.Identifier.ValueText, out var list))
                {
                    list.Add(name);
                }
            }
        }

        return names;
    }
}
