using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>JP0001's fix: the options, or the context built on them, created once; one edit per kind of <see cref="OptionsPerCallFix"/>.</summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(JsonSerializerOptionsCreatedPerCallFixer)), Shared]
public sealed class JsonSerializerOptionsCreatedPerCallFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.OptionsCreatedPerCallId);

    protected override string Title => "Cache JsonSerializerOptions in a static readonly field";

    protected override string TitleFor(Diagnostic diagnostic) => Kind(diagnostic) == OptionsPerCallFix.CacheContext ? ContextCaching.Title : Title;

    /// <summary>The kind the analyzer named; a factory's call is fixed in the factory, which may be in another document.</summary>
    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(Kind(diagnostic) switch
        {
            OptionsPerCallFix.CacheContext => EditDocument(ct => ContextCaching.FixAsync(document, site, ct)),
            OptionsPerCallFix.Factory => ct => OptionsFactoryCaching.FixAsync(document, site, ct),
            OptionsPerCallFix.CachePerSource => EditDocument(ct => ConverterCopyCache.FixAsync(document, site, ct)),
            OptionsPerCallFix.Getter when site is BaseObjectCreationExpressionSyntax creation
                => EditDocument(ct => ReplaceAsync(document, creation.FirstAncestorOrSelf<PropertyDeclarationSyntax>(), property => AutoProperty(property, creation), ct)),
            OptionsPerCallFix.StaticField => EditDocument(ct => ReplaceAsync(document, site.FirstAncestorOrSelf<FieldDeclarationSyntax>(), MakeStatic, ct)),
            OptionsPerCallFix.FoldLocal or OptionsPerCallFix.Hoist => EditDocument(ct => HoistAsync(document, site, Kind(diagnostic) == OptionsPerCallFix.FoldLocal, ct)),
            _ => null,
        });

    private static string? Kind(Diagnostic diagnostic) => diagnostic.Properties.TryGetValue(DiagnosticProperties.FixKind, out var kind) ? kind : null;

    private static async Task<Document?> ReplaceAsync<T>(Document document, T? node, Func<T, SyntaxNode> replace, CancellationToken cancellationToken)
        where T : SyntaxNode
        => node is not null && await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root
            ? document.WithSyntaxRoot(root.ReplaceNode(node, replace(node)))
            : null;

    /// <summary>The creation becomes a shared instance or a hoisted field; with <paramref name="foldLocal"/>, the local and its configuration too.</summary>
    internal static async Task<Document?> HoistAsync(Document document, SyntaxNode site, bool foldLocal, CancellationToken cancellationToken)
    {
        if (site is not BaseObjectCreationExpressionSyntax creation
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetOperation(creation, cancellationToken) is not IObjectCreationOperation operation
            || JsonSymbols.For(model.Compilation) is not { } symbols
            || !symbols.IsJsonSerializerOptions(operation.Type))
        {
            return null;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var declarator = foldLocal ? operation.InitializedDeclarator() : null;
        var declaration = declarator?.Syntax.FirstAncestorOrSelf<LocalDeclarationStatementSyntax>();
        var statements = declarator is null ? new List<ExpressionStatementSyntax>() : ConfigurationStatements(declarator);
        var folded = Fold(creation, statements);

        // An equivalent static readonly field is reused only where everything it reaches only reads it.
        var names = OptionsFieldNames.For(folded, AssignedName(operation));
        var replacement = SharedInstance(editor, operation, folded, symbols)
            ?? (StaticFieldHoister.GetOrAddField(editor, model, creation, symbols.JsonSerializerOptions, folded, names, f => SharedOptionsField.OnlyRead(f, model.Compilation, symbols, cancellationToken)) is { } field
                ? IdentifierName(field)
                : null);
        if (replacement is null || declarator is not null && declaration is null)
        {
            return null;
        }

        // The creation where it stands, or each use of the local it initializes (which goes, with its configuration).
        var uses = declarator is null ? new SyntaxNode[] { creation } : OptionsReferences.Of(declarator).Select(r => r.Syntax);
        foreach (var use in uses)
        {
            editor.ReplaceNode(use, replacement.WithTriviaFrom(use));
        }

        StatementRemoval.Remove(editor, declaration is null ? new List<StatementSyntax>() : new StatementSyntax[] { declaration }.Concat(statements).ToList());
        return editor.GetChangedDocument();
    }

    /// <summary><c>JsonSerializerOptions.Default</c> / <c>.Web</c>, where the property exists, for options with no settings after folding.</summary>
    private static ExpressionSyntax? SharedInstance(DocumentEditor editor, IObjectCreationOperation operation, BaseObjectCreationExpressionSyntax folded, JsonSymbols symbols)
    {
        // Built with no arguments or from a constant JsonSerializerDefaults: General (0) gives Default, Web (1) gives Web.
        var defaults = operation.Arguments.Length switch
        {
            0 => 0,
            1 when SymbolEqualityComparer.Default.Equals(operation.Arguments[0].Value.Type, symbols.JsonSerializerDefaults) => operation.Arguments[0].Value.ConstantValue.Value,
            _ => null,
        };
        var name = folded.Initializer is { Expressions.Count: > 0 } ? null : defaults switch { 0 => "Default", 1 => "Web", _ => null };
        if (name is null || !symbols.HasStaticOptionsProperty(name))
        {
            return null;
        }

        var type = ((ExpressionSyntax)editor.Generator.TypeExpression(symbols.JsonSerializerOptions))
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        return MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, type, IdentifierName(name));
    }

    /// <summary>
    /// The local a creation reaches through <c>?:</c>, <c>??</c>, a switch arm or an assignment, if any; for the creation a
    /// factory returns (the only return fixed here), its name without the verb: <c>GetIndentedOptions</c> gives <c>IndentedOptions</c>.
    /// </summary>
    private static string? AssignedName(IObjectCreationOperation creation)
        => creation.WalkUpValuePassThrough().Parent switch
        {
            IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => declarator.Symbol.Name,
            ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } => target.Local.Name,
            IReturnOperation when creation.Syntax.FirstAncestorOrSelf<MethodDeclarationSyntax>() is { } factory => MemberNames.WithoutVerb(factory.Identifier.ValueText, "Get", "Create", "Build", "Make", "New"),
            _ => null,
        };

    /// <summary>The statements the analyzer accepted as configuration (it checked that they directly follow the declaration).</summary>
    internal static List<ExpressionStatementSyntax> ConfigurationStatements(IVariableDeclaratorOperation declarator)
        => OptionsReferences.Of(declarator)
            .Select(r => OptionsReferences.ConfigurationStatement(r)?.Syntax)
            .OfType<ExpressionStatementSyntax>()
            .OrderBy(s => s.SpanStart)
            .ToList();

    /// <summary>Folds <c>x.P = v;</c> and <c>x.Converters.Add(c);</c> into the object initializer, in order.</summary>
    internal static BaseObjectCreationExpressionSyntax Fold(BaseObjectCreationExpressionSyntax creation, List<ExpressionStatementSyntax> statements)
    {
        if (statements.Count == 0)
        {
            return creation;
        }

        var entries = creation.Initializer?.Expressions.ToList() ?? new List<ExpressionSyntax>();
        foreach (var statement in statements)
        {
            switch (statement.Expression)
            {
                case AssignmentExpressionSyntax { Left: MemberAccessExpressionSyntax member } assignment:
                    entries.Add(AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, IdentifierName(member.Name.Identifier.WithoutTrivia()), assignment.Right.WithoutTrivia()));
                    break;

                case InvocationExpressionSyntax { ArgumentList.Arguments: { Count: 1 } arguments }:
                    var index = entries.FindIndex(e => e is AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: "Converters" }, Right: InitializerExpressionSyntax });
                    if (index < 0)
                    {
                        entries.Add(AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, IdentifierName("Converters"), InitializerExpression(SyntaxKind.CollectionInitializerExpression)));
                        index = entries.Count - 1;
                    }

                    var existing = (AssignmentExpressionSyntax)entries[index];
                    var collection = (InitializerExpressionSyntax)existing.Right;
                    entries[index] = existing.WithRight(collection.WithExpressions(collection.Expressions.Add(arguments[0].Expression.WithoutTrivia())));
                    break;
            }
        }

        var initializer = InitializerExpression(SyntaxKind.ObjectInitializerExpression, SeparatedList(entries)).WithAdditionalAnnotations(Formatter.Annotation);
        if (creation is ObjectCreationExpressionSyntax { ArgumentList.Arguments.Count: 0 } explicitCreation)
        {
            // `new T() { ... }` reads better as `new T { ... }`.
            return explicitCreation.WithArgumentList(null).WithType(explicitCreation.Type.WithTrailingTrivia(Space)).WithInitializer(initializer);
        }

        return creation.WithInitializer(initializer);
    }

    /// <summary><c>private readonly T x = ...;</c> becomes <c>private static readonly T x = ...;</c> (static after the accessibility).</summary>
    private static FieldDeclarationSyntax MakeStatic(FieldDeclarationSyntax field)
    {
        var index = field.Modifiers.ToList().FindLastIndex(m => SyntaxFacts.IsAccessibilityModifier(m.Kind())) + 1;
        var keyword = Token(SyntaxKind.StaticKeyword).WithTrailingTrivia(Space);
        if (index == 0)
        {
            // `readonly T x` → `static readonly T x`, `T x` → `static T x`: the first token's leading trivia (indentation) moves to static.
            var first = field.Modifiers.Count > 0 ? field.Modifiers[0] : field.Declaration.Type.GetFirstToken(includeZeroWidth: true);
            keyword = keyword.WithLeadingTrivia(first.LeadingTrivia);
            field = field.ReplaceToken(first, first.WithLeadingTrivia());
        }

        return field.WithModifiers(field.Modifiers.Insert(index, keyword));
    }

    /// <summary><c>X => new ...;</c> or <c>X { get { return new ...; } }</c> becomes <c>X { get; } = new ...;</c>.</summary>
    private static PropertyDeclarationSyntax AutoProperty(PropertyDeclarationSyntax property, BaseObjectCreationExpressionSyntax creation)
        => property
            .WithExpressionBody(null)
            .WithAccessorList(AccessorList(SingletonList(AccessorDeclaration(SyntaxKind.GetAccessorDeclaration).WithSemicolonToken(Token(SyntaxKind.SemicolonToken)))))
            .WithInitializer(EqualsValueClause(creation.WithoutLeadingTrivia().WithoutTrailingTrivia()))
            .WithSemicolonToken(Token(SyntaxKind.SemicolonToken))
            .WithTriviaFrom(property)
            .WithAdditionalAnnotations(Formatter.Annotation);
}
