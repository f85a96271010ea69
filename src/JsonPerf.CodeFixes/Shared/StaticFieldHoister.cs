using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// Hoists a value into a static readonly field of the type around the site (a partial <c>Program</c> for top-level
/// statements): one with an equivalent initializer, else a new one named by the type's convention.
/// </summary>
internal static class StaticFieldHoister
{
    /// <summary>The field to use at <paramref name="site"/>, added through <paramref name="editor"/> unless reused; null where none can be added.</summary>
    public static string? GetOrAddField(DocumentEditor editor, SemanticModel model, SyntaxNode site, ITypeSymbol fieldType, ExpressionSyntax initializer, string baseName)
        => GetOrAddField(editor, model, site, fieldType, initializer, new[] { baseName });

    /// <summary>
    /// As above, trying <paramref name="baseNames"/> in order, then numbering the last. A field is reused only when
    /// <paramref name="canShare"/> accepts it: a value changed or bound elsewhere must not be handed to more code.
    /// </summary>
    public static string? GetOrAddField(DocumentEditor editor, SemanticModel model, SyntaxNode site, ITypeSymbol fieldType, ExpressionSyntax initializer, IReadOnlyList<string> baseNames, Func<IFieldSymbol, bool>? canShare = null)
    {
        var target = FindTarget(model, site);
        if (target is null)
        {
            return null;
        }

        var (typeSymbol, declaration) = target.Value;
        if (FindEquivalentField(typeSymbol, fieldType, initializer, canShare) is { } existing)
        {
            return existing;
        }

        bool Free(string candidate) => IsFree(model, site.SpanStart, typeSymbol, candidate);
        var name = baseNames.Select(n => ApplyConvention(typeSymbol, n)).FirstOrDefault(Free)
                   ?? UniqueNames.Numbered(ApplyConvention(typeSymbol, baseNames[baseNames.Count - 1]), Free);
        var value = AsAuthored(initializer, site, declaration, out var keep);
        var field = FieldDeclaration(
                VariableDeclaration(
                    ((TypeSyntax)editor.Generator.TypeExpression(fieldType)).WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation),
                    SingletonSeparatedList(VariableDeclarator(Identifier(name)).WithInitializer(EqualsValueClause(value)))))
            .WithModifiers(TokenList(Token(SyntaxKind.PrivateKeyword), Token(SyntaxKind.StaticKeyword), Token(SyntaxKind.ReadOnlyKeyword)));
        field = FormatAllBut(field, keep);

        if (declaration is not null)
        {
            var placement = FieldPlacement.For(declaration, site, initializer);
            editor.ReplaceNode(declaration, (current, _) => ((TypeDeclarationSyntax)current) is var type ? type.WithMembers(type.Members.Insert(placement.IndexIn(type), field)) : current);
        }
        else
        {
            // Top-level statements: the field goes into `partial class Program`, created at the end of the file.
            var root = (CompilationUnitSyntax)site.SyntaxTree.GetRoot();
            editor.ReplaceNode(root, (current, _) =>
            {
                var unit = (CompilationUnitSyntax)current;
                var program = ClassDeclaration("Program")
                    .WithModifiers(TokenList(Token(SyntaxKind.PartialKeyword)))
                    .WithMembers(SingletonList<MemberDeclarationSyntax>(field));
                return unit.AddMembers(FormatAllBut(program, keep));
            });
        }

        return name;
    }

    /// <summary>
    /// The value as its author wrote it, its continuation lines reindented for the receiving type; <paramref name="keep"/>
    /// marks it, null when the formatter lays it out (new code, or no member line to align with).
    /// </summary>
    private static ExpressionSyntax AsAuthored(ExpressionSyntax initializer, SyntaxNode site, TypeDeclarationSyntax? declaration, out SyntaxAnnotation? keep)
    {
        keep = null;
        var value = initializer.WithoutLeadingTrivia().WithoutTrailingTrivia();
        if (initializer.SyntaxTree != site.SyntaxTree || initializer.Parent is null)
        {
            return value;
        }

        // Tokens by position in the token sequence: removing the outer trivia keeps the sequence, not the offsets.
        var lineStarts = new HashSet<int>(initializer.DescendantTokens().Select((token, index) => (token, index))
            .Where(t => t.index > 0 && !t.token.IsMissing && StartsLine(t.token)).Select(t => t.index));
        if (lineStarts.Count > 0)
        {
            var text = initializer.SyntaxTree.GetText();
            if (LineIndentation(text, initializer.SpanStart) is not { } from
                || MemberToAlignWith(site, declaration) is not { } member
                || LineIndentation(text, member.SpanStart) is not { } to)
            {
                return value;
            }

            value = value.ReplaceTokens(
                value.DescendantTokens().Where((_, index) => lineStarts.Contains(index)),
                (_, token) => token.WithLeadingTrivia(Reindent(token.LeadingTrivia, from, to)));
        }

        keep = new SyntaxAnnotation();
        return value.WithAdditionalAnnotations(keep);
    }

    /// <summary>A member of the receiving type as its author laid it out (a field added earlier in Fix All is not formatted yet).</summary>
    private static MemberDeclarationSyntax? MemberToAlignWith(SyntaxNode site, TypeDeclarationSyntax? declaration)
        => declaration is null
            ? null
            : site.AncestorsAndSelf().OfType<MemberDeclarationSyntax>().FirstOrDefault(m => m.Parent == declaration)
              ?? declaration.Members.FirstOrDefault(m => !m.GetFirstToken().HasAnnotation(Formatter.Annotation) && !m.HasAnnotation(Formatter.Annotation));

    private static bool StartsLine(SyntaxToken token)
        => token.GetPreviousToken().TrailingTrivia.LastOrDefault().IsKind(SyntaxKind.EndOfLineTrivia);

    /// <summary>The whitespace before the first token of the line holding <paramref name="position"/>, when that token starts at it.</summary>
    private static string? LineIndentation(Microsoft.CodeAnalysis.Text.SourceText text, int position)
    {
        var line = text.Lines.GetLineFromPosition(position);
        var indentation = text.ToString(Microsoft.CodeAnalysis.Text.TextSpan.FromBounds(line.Start, position));
        if (indentation.Trim().Length == 0)
        {
            return indentation;
        }

        // The value starts mid-line (`Serialize(value, new ...`): the line's own indentation.
        var length = 0;
        while (length < indentation.Length && indentation[length] is ' ' or '\t')
        {
            length++;
        }

        return indentation.Substring(0, length);
    }

    /// <summary>Swaps the <paramref name="from"/> prefix of each line's indentation for <paramref name="to"/>; other whitespace stays.</summary>
    private static SyntaxTriviaList Reindent(SyntaxTriviaList leading, string from, string to)
    {
        var result = new List<SyntaxTrivia>(leading.Count);
        for (var i = 0; i < leading.Count; i++)
        {
            var trivia = leading[i];
            var atLineStart = i == 0 || leading[i - 1].IsKind(SyntaxKind.EndOfLineTrivia);
            var whitespace = trivia.ToString();
            result.Add(atLineStart && trivia.IsKind(SyntaxKind.WhitespaceTrivia) && whitespace.StartsWith(from, StringComparison.Ordinal)
                ? Whitespace(to + whitespace.Substring(from.Length))
                : trivia);
        }

        return TriviaList(result);
    }

    /// <summary>Marks every token for the formatter except those of the value marked <paramref name="keep"/>.</summary>
    private static TNode FormatAllBut<TNode>(TNode node, SyntaxAnnotation? keep)
        where TNode : SyntaxNode
    {
        if (keep is null)
        {
            return node.WithAdditionalAnnotations(Formatter.Annotation);
        }

        var own = node.DescendantTokens().Where(t => t.Parent?.AncestorsAndSelf().Any(n => n.HasAnnotation(keep)) != true);
        return node.ReplaceTokens(own, (_, token) => token.WithAdditionalAnnotations(Formatter.Annotation));
    }

    private static (INamedTypeSymbol Type, TypeDeclarationSyntax? Declaration)? FindTarget(SemanticModel model, SyntaxNode site)
    {
        var declaration = site.FirstAncestorOrSelf<TypeDeclarationSyntax>();
        if (declaration is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax)
        {
            return model.GetDeclaredSymbol(declaration) is { } type ? (type, declaration) : null;
        }

        if (declaration is null && site.FirstAncestorOrSelf<GlobalStatementSyntax>() is not null
            && model.GetEnclosingSymbol(site.SpanStart)?.ContainingType is { } program)
        {
            var existing = site.SyntaxTree.GetRoot() is CompilationUnitSyntax unit
                ? unit.Members.OfType<ClassDeclarationSyntax>().FirstOrDefault(c => c.Identifier.ValueText == program.Name && c.Modifiers.Any(SyntaxKind.PartialKeyword))
                : null;
            return (program, existing);
        }

        return null;
    }

    /// <summary>A static readonly field of the type or a type around it (by simple name) with an equivalent initializer.</summary>
    private static string? FindEquivalentField(INamedTypeSymbol type, ITypeSymbol fieldType, ExpressionSyntax initializer, Func<IFieldSymbol, bool>? canShare)
    {
        for (var current = type; current is not null; current = current.ContainingType)
        {
            if (FindEquivalentFieldIn(current, fieldType, initializer, canShare) is { } name && (SymbolEqualityComparer.Default.Equals(current, type) || type.GetMembers(name).IsEmpty))
            {
                return name;
            }
        }

        return null;
    }

    private static string? FindEquivalentFieldIn(INamedTypeSymbol type, ITypeSymbol fieldType, ExpressionSyntax initializer, Func<IFieldSymbol, bool>? canShare)
    {
        foreach (var field in type.GetMembers().OfType<IFieldSymbol>())
        {
            if (!field.IsStatic || !field.IsReadOnly || !SymbolEqualityComparer.Default.Equals(field.Type, fieldType))
            {
                continue;
            }

            foreach (var reference in field.DeclaringSyntaxReferences)
            {
                if (reference.GetSyntax() is VariableDeclaratorSyntax { Initializer.Value: var value } && AreEquivalent(value, initializer)
                    && (canShare is null || canShare(field)))
                {
                    return field.Name;
                }
            }
        }

        return null;
    }

    /// <summary>Syntactic equivalence that treats <c>new()</c> and <c>new T()</c> alike (both fields have the same type).</summary>
    internal static bool AreEquivalent(ExpressionSyntax left, ExpressionSyntax right)
    {
        if (left is BaseObjectCreationExpressionSyntax a && right is BaseObjectCreationExpressionSyntax b)
        {
            var sameType = a is not ObjectCreationExpressionSyntax ca || b is not ObjectCreationExpressionSyntax cb || SyntaxFactory.AreEquivalent(ca.Type, cb.Type);
            return sameType
                && ArgumentsEquivalent(a.ArgumentList, b.ArgumentList)
                && SyntaxFactory.AreEquivalent(a.Initializer, b.Initializer) && (a.Initializer is null) == (b.Initializer is null);
        }

        return SyntaxFactory.AreEquivalent(left, right);
    }

    private static bool ArgumentsEquivalent(ArgumentListSyntax? left, ArgumentListSyntax? right)
    {
        var leftCount = left?.Arguments.Count ?? 0;
        var rightCount = right?.Arguments.Count ?? 0;
        return leftCount == rightCount && (leftCount == 0 || SyntaxFactory.AreEquivalent(left, right));
    }

    /// <summary>Follows the static-field naming the type already uses (<c>s_x</c>, <c>_x</c>, <c>X</c>); PascalCase otherwise.</summary>
    private static string ApplyConvention(INamedTypeSymbol type, string baseName)
    {
        var statics = type.GetMembers().OfType<IFieldSymbol>()
            .Where(f => f.IsStatic && !f.IsConst && !f.IsImplicitlyDeclared && f.CanBeReferencedByName)
            .Select(f => f.Name)
            .ToList();

        var camel = char.ToLowerInvariant(baseName[0]) + baseName.Substring(1);
        var pascal = char.ToUpperInvariant(baseName[0]) + baseName.Substring(1);
        if (statics.Any(n => n.StartsWith("s_", System.StringComparison.Ordinal)))
        {
            return "s_" + camel;
        }

        if (statics.Any(n => n.Length > 1 && n[0] == '_'))
        {
            return "_" + camel;
        }

        return pascal;
    }

    private static bool IsFree(SemanticModel model, int position, INamedTypeSymbol type, string name)
        => SyntaxFacts.GetKeywordKind(name) == SyntaxKind.None
           && name != type.Name
           && type.GetMembers(name).IsEmpty
           && type.GetTypeMembers(name).IsEmpty
           && model.LookupSymbols(position, name: name).IsEmpty;
}
