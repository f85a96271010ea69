using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Fixer = JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0001's fix for options a JsonSerializerContext is built on (<see cref="ContextBinding"/>): they cannot be shared,
/// but the context can. The context, with the options (a local's configuration folded in), moves into a static readonly
/// field the code uses instead: <c>new ShopContext(new JsonSerializerOptions { ... }).Order</c> becomes
/// <c>IndentedShopContext.Order</c>, and a context local initialized with it is replaced by the field.
/// </summary>
internal static class ContextCaching
{
    public const string Title = "Cache the JsonSerializerContext built on these options in a static readonly field";

    public static async Task<Document?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (site is not BaseObjectCreationExpressionSyntax creation
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetOperation(creation, cancellationToken) is not IObjectCreationOperation operation
            || JsonSymbols.For(model.Compilation) is not { } symbols)
        {
            return null;
        }

        var removed = new List<StatementSyntax>();
        IArgumentOperation? argument;
        ExpressionSyntax initializer;
        BaseObjectCreationExpressionSyntax options = creation;
        if (operation.WalkUpValuePassThrough().Parent is IArgumentOperation { Parent.Syntax: ExpressionSyntax inlineContext } inline)
        {
            // `new ShopContext(new JsonSerializerOptions { ... })`: the context's creation moves as written.
            argument = inline;
            initializer = inlineContext;
        }
        else if (operation.InitializedDeclarator() is { } declarator
                 && declarator.Syntax.FirstAncestorOrSelf<LocalDeclarationStatementSyntax>() is { } declaration
                 && OptionsReferences.Of(declarator).FirstOrDefault(r => r.Parent is IArgumentOperation passed && ContextBinding.IsContextConstructorArgument(passed, symbols)) is { } reference
                 && reference.Parent is IArgumentOperation { Parent.Syntax: ExpressionSyntax boundContext } bound)
        {
            // A local only configured and handed to the context: folded into the context's argument.
            var statements = Fixer.ConfigurationStatements(declarator);
            options = Fixer.Fold(creation, statements);
            argument = bound;
            initializer = boundContext.ReplaceNode(reference.Syntax, options.WithoutTrivia());
            removed.Add(declaration);
            removed.AddRange(statements);
        }
        else
        {
            return null;
        }

        if (ContextBinding.CacheableContext(argument, symbols) is not { Syntax: BaseObjectCreationExpressionSyntax contextSyntax, Type: { } contextType } context)
        {
            return null;
        }

        var contextLocal = context.WalkUpValuePassThrough() == context.WalkUpConversions() ? ContextBinding.ContextLocal(context) : null;
        var names = OptionsFieldNames.ForContext(options, contextLocal?.Symbol.Name, contextType.Name);
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        if (StaticFieldHoister.GetOrAddField(editor, model, contextSyntax, contextType, initializer, names) is not { } name)
        {
            return null;
        }

        if (contextLocal is not null && contextLocal.Syntax.FirstAncestorOrSelf<LocalDeclarationStatementSyntax>() is { } contextDeclaration)
        {
            foreach (var use in OptionsReferences.Of(contextLocal))
            {
                editor.ReplaceNode(use.Syntax, IdentifierName(name).WithTriviaFrom(use.Syntax));
            }

            removed.Add(contextDeclaration);
        }
        else
        {
            editor.ReplaceNode(contextSyntax, IdentifierName(name).WithTriviaFrom(contextSyntax));
        }

        RemoveInRuns(editor, removed);
        return editor.GetChangedDocument();
    }

    /// <summary>Removes the statements in runs of neighbours: each run's comments move to the statement after it.</summary>
    private static void RemoveInRuns(DocumentEditor editor, List<StatementSyntax> statements)
    {
        var run = new List<StatementSyntax>();
        foreach (var statement in statements.OrderBy(s => s.SpanStart))
        {
            if (run.Count > 0 && OptionsSyntax.FollowingStatements(run[run.Count - 1], max: 1)?.FirstOrDefault() != statement)
            {
                StatementRemoval.Remove(editor, run);
                run = new List<StatementSyntax>();
            }

            run.Add(statement);
        }

        StatementRemoval.Remove(editor, run);
    }
}
