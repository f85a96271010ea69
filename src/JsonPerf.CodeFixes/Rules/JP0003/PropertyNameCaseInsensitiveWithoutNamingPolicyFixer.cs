using System.Composition;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0003 fix: "Add a camelCase naming policy", keeping <c>PropertyNameCaseInsensitive = true</c> so every input
/// that matched before still matches. A naming policy also renames properties when serializing, so the fix is
/// offered only where the analyzer found that every use of those options deserializes.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PropertyNameCaseInsensitiveWithoutNamingPolicyFixer)), Shared]
public sealed class PropertyNameCaseInsensitiveWithoutNamingPolicyFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.CaseInsensitiveWithoutNamingPolicyId);

    protected override string Title => "Add a camelCase naming policy";

    /// <summary>The analyzer has read every use of the options (they only deserialize).</summary>
    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(EditDocument(ct => FixAsync(document, site, ct)));

    private static async Task<Document?> FixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        if (JsonSymbols.For(editor.SemanticModel.Compilation) is not { } symbols)
        {
            return null;
        }

        switch (site)
        {
            case AttributeArgumentSyntax { Parent: AttributeArgumentListSyntax list } argument:
                var policy = AttributeArgument(CamelCase(editor, symbols.JsonKnownNamingPolicy, "System.Text.Json.Serialization.JsonKnownNamingPolicy"))
                    .WithNameEquals(NameEquals(IdentifierName(CaseInsensitiveFix.NamingPolicy)));
                editor.ReplaceNode(list, list.WithArguments(list.Arguments.Insert(list.Arguments.IndexOf(argument) + 1, policy)));
                break;

            case AssignmentExpressionSyntax { Parent: InitializerExpressionSyntax initializer } entry:
                var assignment = AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, IdentifierName(CaseInsensitiveFix.NamingPolicy), CamelCase(editor, symbols.JsonNamingPolicy, "System.Text.Json.JsonNamingPolicy"));
                var entries = initializer.Expressions.Insert(initializer.Expressions.IndexOf(entry) + 1, assignment.WithLeadingTrivia(entry.GetLeadingTrivia()));
                editor.ReplaceNode(initializer, initializer.WithExpressions(entries).WithAdditionalAnnotations(Formatter.Annotation));
                break;

            case AssignmentExpressionSyntax { Left: MemberAccessExpressionSyntax member, Parent: ExpressionStatementSyntax statement }
                when statement.Parent is BlockSyntax or GlobalStatementSyntax:
                var added = statement.WithExpression(AssignmentExpression(
                        SyntaxKind.SimpleAssignmentExpression,
                        member.WithName(IdentifierName(CaseInsensitiveFix.NamingPolicy)),
                        CamelCase(editor, symbols.JsonNamingPolicy, "System.Text.Json.JsonNamingPolicy")))
                    .WithAdditionalAnnotations(Formatter.Annotation);
                if (statement.Parent is GlobalStatementSyntax global)
                {
                    editor.InsertAfter(global, global.WithStatement(added));
                }
                else
                {
                    editor.InsertAfter(statement, added);
                }

                break;

            default:
                return null;
        }

        return editor.GetChangedDocument();
    }

    /// <summary><c>JsonNamingPolicy.CamelCase</c> or <c>JsonKnownNamingPolicy.CamelCase</c>, simplified and imported.</summary>
    private static ExpressionSyntax CamelCase(DocumentEditor editor, INamedTypeSymbol? type, string typeName)
    {
        var typeSyntax = type is null ? ParseTypeName(typeName) : (TypeSyntax)editor.Generator.TypeExpression(type);
        return MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, typeSyntax.WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation), IdentifierName("CamelCase"));
    }
}
