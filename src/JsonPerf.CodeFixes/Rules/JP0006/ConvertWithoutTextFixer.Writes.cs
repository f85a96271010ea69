using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

public sealed partial class ConvertWithoutTextFixer
{
    /// <summary>
    /// <c>JsonSerializer.SerializeToElement(x, o).WriteTo(writer)</c> becomes <c>JsonSerializer.Serialize(writer, x, o)</c>; for a
    /// local whose one use is <c>local.WriteTo(writer)</c>, the call takes the local's serialization and its declaration goes.
    /// </summary>
    private static async Task<Document?> SerializeToWriterAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (site is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: var receiver }, ArgumentList.Arguments.Count: 1 } writeTo)
        {
            return null;
        }

        var writer = writeTo.ArgumentList.Arguments[0];
        if (CallTrivia.WalkDownParenthesesAndCasts(receiver) is InvocationExpressionSyntax serializeTo)
        {
            return WithWriter(serializeTo, writer) is { } inline && await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root
                ? document.WithSyntaxRoot(root.ReplaceNode(writeTo, inline.WithTriviaFrom(writeTo)))
                : null;
        }

        if (receiver is not IdentifierNameSyntax local
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetSymbolInfo(local, cancellationToken).Symbol is not ILocalSymbol symbol
            || symbol.DeclaringSyntaxReferences.Length != 1
            || await symbol.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not VariableDeclaratorSyntax { Initializer.Value: var value, Parent.Parent: LocalDeclarationStatementSyntax declaration }
            || CallTrivia.WalkDownParenthesesAndCasts(value) is not InvocationExpressionSyntax declared
            || WithWriter(declared, writer) is not { } serialize)
        {
            return null;
        }

        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        editor.ReplaceNode(writeTo, serialize.WithTriviaFrom(writeTo));
        StatementRemoval.Remove(editor, new StatementSyntax[] { declaration });
        return editor.GetChangedDocument();
    }

    /// <summary><c>JsonSerializer.SerializeToX(args)</c> as <c>JsonSerializer.Serialize(writer, args)</c>.</summary>
    private static InvocationExpressionSyntax? WithWriter(InvocationExpressionSyntax serializeTo, ArgumentSyntax writer)
        => CallRenaming.WithName(serializeTo.Expression, "Serialize") is { } renamed
            ? serializeTo.WithExpression(renamed).WithArgumentList(serializeTo.ArgumentList.WithArguments(serializeTo.ArgumentList.Arguments.Insert(0, writer.WithoutTrivia())))
            : null;
}
