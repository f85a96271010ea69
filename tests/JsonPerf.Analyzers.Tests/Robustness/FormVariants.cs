using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.Analyzers.Tests.Robustness;

/// <summary>
/// The same code written another way, as real code is: block and line comments inside argument lists, an argument per line, arguments in
/// parentheses, named arguments, block bodies as expression bodies and back, members in <c>#region</c>s, and
/// <c>#nullable enable</c>. None changes what the code does.
/// </summary>
internal static class FormVariants
{
    /// <summary>Each form's name and the source in it; a form that changes nothing is left out.</summary>
    public static IEnumerable<(string Form, string Source)> Of(SemanticModel model)
    {
        var root = model.SyntaxTree.GetRoot();
        var source = root.ToFullString();
        var forms = new (string Name, Func<SyntaxNode>)[]
        {
            ("comments in argument lists", () => new Arguments(a => a.WithLeadingTrivia(a.GetLeadingTrivia().Add(Comment("/* arg */")).Add(Space))).Visit(root)),
            ("line comments in argument lists", () => new Arguments(a => a.WithLeadingTrivia(TriviaList(CarriageReturnLineFeed, Comment("// arg"), CarriageReturnLineFeed, Whitespace("            ")))).Visit(root)),
            ("an argument per line", () => new Arguments(a => a.WithLeadingTrivia(TriviaList(CarriageReturnLineFeed, Whitespace("            ")))).Visit(root)),
            ("arguments in parentheses", () => new Arguments(a => a.RefKindKeyword.IsKind(SyntaxKind.None) && a.Expression is not DeclarationExpressionSyntax
                ? a.WithExpression(ParenthesizedExpression(a.Expression.WithoutTrivia()).WithTriviaFrom(a.Expression))
                : a).Visit(root)),
            ("named arguments", () => NamedArguments(root, model)),
            ("expression bodies", () => new ToExpressionBodies().Visit(root)),
            ("block bodies", () => new ToBlockBodies().Visit(root)),
            ("#region around members", () => new Regions().Visit(root)),
            ("#nullable enable", () => root.WithLeadingTrivia(root.GetLeadingTrivia().Insert(0, ParseLeadingTrivia("#nullable enable\n")[0]).Insert(1, CarriageReturnLineFeed))),
        };

        foreach (var (name, make) in forms)
        {
            var text = make().ToFullString();
            if (text != source)
            {
                yield return (name, text);
            }
        }
    }

    private static SyntaxNode NamedArguments(SyntaxNode root, SemanticModel model)
    {
        var names = new Dictionary<ArgumentSyntax, string>();
        foreach (var list in root.DescendantNodes().OfType<ArgumentListSyntax>())
        {
            if (list.Parent is null || model.GetSymbolInfo(list.Parent).Symbol is not IMethodSymbol method || list.Arguments.Any(a => a.NameColon is not null))
            {
                continue;
            }

            for (var i = 0; i < list.Arguments.Count && i < method.Parameters.Length; i++)
            {
                if (method.Parameters[i].IsParams || method.Parameters[i].Name.Length == 0)
                {
                    break;
                }

                names[list.Arguments[i]] = method.Parameters[i].Name;
            }
        }

        return root.ReplaceNodes(names.Keys, (original, argument) => argument.WithNameColon(NameColon(IdentifierName(names[original]))).WithTriviaFrom(argument));
    }

    private sealed class Arguments(Func<ArgumentSyntax, ArgumentSyntax> change) : CSharpSyntaxRewriter
    {
        public override SyntaxNode? VisitArgument(ArgumentSyntax node)
            => node.Parent is ArgumentListSyntax ? change((ArgumentSyntax)base.VisitArgument(node)!) : base.VisitArgument(node);
    }

    /// <summary>Methods and local functions whose block is one <c>return</c> or one expression statement, as <c>=&gt;</c>.</summary>
    private sealed class ToExpressionBodies : CSharpSyntaxRewriter
    {
        public override SyntaxNode? VisitMethodDeclaration(MethodDeclarationSyntax node)
        {
            var visited = (MethodDeclarationSyntax)base.VisitMethodDeclaration(node)!;
            return Arrow(visited.Body) is { } arrow ? visited.WithBody(null).WithExpressionBody(arrow).WithSemicolonToken(Token(SyntaxKind.SemicolonToken)) : visited;
        }

        public override SyntaxNode? VisitLocalFunctionStatement(LocalFunctionStatementSyntax node)
        {
            var visited = (LocalFunctionStatementSyntax)base.VisitLocalFunctionStatement(node)!;
            return Arrow(visited.Body) is { } arrow ? visited.WithBody(null).WithExpressionBody(arrow).WithSemicolonToken(Token(SyntaxKind.SemicolonToken)) : visited;
        }

        private static ArrowExpressionClauseSyntax? Arrow(BlockSyntax? body)
            => body is { Statements.Count: 1 } && !body.DescendantTrivia().Any(t => t.IsDirective || t.IsKind(SyntaxKind.SingleLineCommentTrivia))
                ? body.Statements[0] switch
                {
                    ReturnStatementSyntax { Expression: { } value } => ArrowExpressionClause(value.WithoutTrivia()).WithLeadingTrivia(Space),
                    ExpressionStatementSyntax statement => ArrowExpressionClause(statement.Expression.WithoutTrivia()).WithLeadingTrivia(Space),
                    _ => null,
                }
                : null;
    }

    /// <summary>Expression-bodied methods, local functions, properties and accessors as blocks.</summary>
    private sealed class ToBlockBodies : CSharpSyntaxRewriter
    {
        public override SyntaxNode? VisitMethodDeclaration(MethodDeclarationSyntax node)
        {
            var visited = (MethodDeclarationSyntax)base.VisitMethodDeclaration(node)!;
            return visited.ExpressionBody is { } arrow
                ? visited.WithExpressionBody(null).WithSemicolonToken(default).WithBody(Block(visited.ReturnType, visited.Modifiers, arrow))
                : visited;
        }

        public override SyntaxNode? VisitLocalFunctionStatement(LocalFunctionStatementSyntax node)
        {
            var visited = (LocalFunctionStatementSyntax)base.VisitLocalFunctionStatement(node)!;
            return visited.ExpressionBody is { } arrow
                ? visited.WithExpressionBody(null).WithSemicolonToken(default).WithBody(Block(visited.ReturnType, visited.Modifiers, arrow))
                : visited;
        }

        public override SyntaxNode? VisitPropertyDeclaration(PropertyDeclarationSyntax node)
        {
            var visited = (PropertyDeclarationSyntax)base.VisitPropertyDeclaration(node)!;
            return visited.ExpressionBody is { } arrow
                ? visited.WithExpressionBody(null).WithSemicolonToken(default)
                    .WithAccessorList(AccessorList(SingletonList(AccessorDeclaration(SyntaxKind.GetAccessorDeclaration, SyntaxFactory.Block(ReturnStatement(arrow.Expression.WithoutTrivia()))))).WithLeadingTrivia(Space))
                : visited;
        }

        private static BlockSyntax Block(TypeSyntax returnType, SyntaxTokenList modifiers, ArrowExpressionClauseSyntax arrow)
        {
            var isVoid = returnType is PredefinedTypeSyntax { Keyword.RawKind: (int)SyntaxKind.VoidKeyword }
                         || (modifiers.Any(SyntaxKind.AsyncKeyword) && returnType is IdentifierNameSyntax { Identifier.ValueText: "Task" or "ValueTask" });
            StatementSyntax statement = isVoid ? ExpressionStatement(arrow.Expression.WithoutTrivia()) : ReturnStatement(arrow.Expression.WithoutTrivia());
            return SyntaxFactory.Block(statement).NormalizeWhitespace().WithLeadingTrivia(Space);
        }
    }

    /// <summary>Every member of a type in a <c>#region</c> of its own.</summary>
    private sealed class Regions : CSharpSyntaxRewriter
    {
        public override SyntaxNode? VisitClassDeclaration(ClassDeclarationSyntax node)
        {
            var visited = (ClassDeclarationSyntax)base.VisitClassDeclaration(node)!;
            return visited.WithMembers(List(visited.Members.Select(m => m
                .WithLeadingTrivia(m.GetLeadingTrivia().InsertRange(0, ParseLeadingTrivia("#region member\n")))
                .WithTrailingTrivia(m.GetTrailingTrivia().AddRange(ParseLeadingTrivia("\n#endregion\n"))))));
        }
    }
}
