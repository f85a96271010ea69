using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// Where a private method or property is used: nothing outside its type can name it, so its uses are all in its type's
/// declarations (every part of a partial type, nested types included). One walk per type collects the identifiers
/// spelled like its private members, cached for the compilation, and the caller binds only those. Read by
/// <see cref="RunOnce"/> (who runs a private method) and JP0001 (what a private factory's or getter's callers do with
/// its options). A type holding a source-generated context has every generated file as a part, so callers ask last.
/// (The fixes' <c>JsonPerf.CodeFixes.PrivateMemberUses</c> reads the same from a workspace: documents, and the other
/// targets' copies of a linked file.)
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

    /// <summary>
    /// The identifiers in the declarations of <paramref name="member"/>'s type spelled like it (some may name something
    /// else: bind them); null when a part of the type is not in this compilation.
    /// </summary>
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
