namespace JsonPerf.Analyzers;

/// <summary>
/// Whether the static initializers of a type may read a member of it before a static field added after them is set:
/// an initializer that names the member, or names another member, constructor or instance of the type whose code does
/// (followed by name through the type's declarations, every part). A static constructor runs after every initializer,
/// so it is not read. By name, not by symbol: a name spelled alike counts too, which only withholds a fix.
/// </summary>
internal static class TypeInitReads
{
    private const int MaxMembers = 64;

    public static bool MayRead(INamedTypeSymbol type, string memberName, CancellationToken cancellationToken)
    {
        var pending = new Stack<SyntaxNode>();
        var declarations = type.DeclaringSyntaxReferences.Select(r => r.GetSyntax(cancellationToken)).OfType<TypeDeclarationSyntax>().ToList();
        foreach (var declaration in declarations)
        {
            foreach (var initializer in StaticInitializers(declaration))
            {
                pending.Push(initializer);
            }
        }

        var followed = new HashSet<string>(StringComparer.Ordinal);
        var members = 0;
        while (pending.Count > 0)
        {
            foreach (var node in pending.Pop().DescendantNodesAndSelf())
            {
                var name = node switch
                {
                    SimpleNameSyntax simple => simple.Identifier.ValueText,
                    ImplicitObjectCreationExpressionSyntax => type.Name,
                    _ => null,
                };
                if (name is null)
                {
                    continue;
                }

                if (name == memberName)
                {
                    return true;
                }

                if (followed.Add(name))
                {
                    foreach (var code in CodeNamed(declarations, type, name))
                    {
                        if (++members > MaxMembers)
                        {
                            return true;
                        }

                        pending.Push(code);
                    }
                }
            }
        }

        return false;
    }

    private static IEnumerable<SyntaxNode> StaticInitializers(TypeDeclarationSyntax declaration)
    {
        foreach (var member in declaration.Members)
        {
            if (member is FieldDeclarationSyntax field && field.Modifiers.Any(SyntaxKind.StaticKeyword) && !field.Modifiers.Any(SyntaxKind.ConstKeyword))
            {
                foreach (var variable in field.Declaration.Variables)
                {
                    if (variable.Initializer is { } initializer)
                    {
                        yield return initializer;
                    }
                }
            }
            else if (member is PropertyDeclarationSyntax { Initializer: { } initializer } property && property.Modifiers.Any(SyntaxKind.StaticKeyword))
            {
                yield return initializer;
            }
        }
    }

    /// <summary>The code of the type's members named <paramref name="name"/>; for the type's own name, its instance constructors and instance initializers.</summary>
    private static IEnumerable<SyntaxNode> CodeNamed(List<TypeDeclarationSyntax> declarations, INamedTypeSymbol type, string name)
    {
        var isType = name == type.Name;
        foreach (var declaration in declarations)
        {
            foreach (var member in declaration.Members)
            {
                var named = member switch
                {
                    MethodDeclarationSyntax method => method.Identifier.ValueText == name,
                    PropertyDeclarationSyntax property => property.Identifier.ValueText == name || (isType && property.Initializer is not null && !property.Modifiers.Any(SyntaxKind.StaticKeyword)),
                    ConstructorDeclarationSyntax constructor => isType && !constructor.Modifiers.Any(SyntaxKind.StaticKeyword),
                    FieldDeclarationSyntax field => isType && !field.Modifiers.Any(SyntaxKind.StaticKeyword),
                    _ => false,
                };
                if (named)
                {
                    yield return member;
                }
            }
        }
    }
}
