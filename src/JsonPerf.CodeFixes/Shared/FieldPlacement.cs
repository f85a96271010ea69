namespace JsonPerf.CodeFixes;

/// <summary>
/// Where a hoisted field goes, so the fields end in the same order whichever fix ran first: after the type's fields, before
/// the trailing static readonly fields first used further down than the site, never before one its initializer reads.
/// </summary>
internal sealed class FieldPlacement
{
    private readonly Dictionary<string, int> firstUses;
    private readonly HashSet<string> read;
    private readonly int site;

    private FieldPlacement(Dictionary<string, int> firstUses, HashSet<string> read, int site)
    {
        this.firstUses = firstUses;
        this.read = read;
        this.site = site;
    }

    /// <summary>Reads <paramref name="declaration"/> as it is before the fix: where its static readonly fields are first used.</summary>
    public static FieldPlacement For(TypeDeclarationSyntax declaration, SyntaxNode site, ExpressionSyntax initializer)
    {
        var fields = new HashSet<string>(StringComparer.Ordinal);
        foreach (var member in declaration.Members)
        {
            if (member is FieldDeclarationSyntax field && IsStaticReadOnly(field))
            {
                fields.UnionWith(field.Declaration.Variables.Select(v => v.Identifier.ValueText));
            }
        }

        var firstUses = new Dictionary<string, int>(StringComparer.Ordinal);
        if (fields.Count > 0)
        {
            foreach (var token in declaration.DescendantTokens())
            {
                if (token.IsKind(SyntaxKind.IdentifierToken) && token.Parent is IdentifierNameSyntax && fields.Contains(token.ValueText) && !firstUses.ContainsKey(token.ValueText))
                {
                    firstUses[token.ValueText] = token.SpanStart;
                }
            }
        }

        var read = new HashSet<string>(initializer.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken)).Select(t => t.ValueText), StringComparer.Ordinal);
        return new FieldPlacement(firstUses, read, site.SpanStart);
    }

    /// <summary>The index in <paramref name="type"/>'s members (as the editor has it now) at which the new field goes.</summary>
    public int IndexIn(TypeDeclarationSyntax type)
    {
        var index = 0;
        for (var i = 0; i < type.Members.Count; i++)
        {
            if (type.Members[i] is FieldDeclarationSyntax)
            {
                index = i + 1;
            }
        }

        while (index > 0 && type.Members[index - 1] is FieldDeclarationSyntax { Declaration.Variables.Count: 1 } previous
               && IsStaticReadOnly(previous)
               && previous.Declaration.Variables[0].Identifier.ValueText is var name
               && !read.Contains(name)
               && firstUses.TryGetValue(name, out var use) && use > site)
        {
            index--;
        }

        return index;
    }

    private static bool IsStaticReadOnly(FieldDeclarationSyntax field)
        => field.Modifiers.Any(SyntaxKind.StaticKeyword) && field.Modifiers.Any(SyntaxKind.ReadOnlyKeyword);
}
