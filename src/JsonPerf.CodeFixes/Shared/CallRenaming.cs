using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace JsonPerf.CodeFixes;

internal static class CallRenaming
{
    /// <summary>The called name of <c>X.M(...)</c>, <c>X.M&lt;T&gt;(...)</c> or <c>M(...)</c> renamed, trivia and type arguments kept; else null.</summary>
    public static ExpressionSyntax? WithName(ExpressionSyntax called, string name) => called switch
    {
        MemberAccessExpressionSyntax { Name: var simple } access => access.WithName(Rename(simple, name)),
        SimpleNameSyntax simple => Rename(simple, name),
        _ => null,
    };

    /// <summary>The name <see cref="WithName"/> replaces; null for any other shape.</summary>
    public static string? Name(ExpressionSyntax called) => called switch
    {
        MemberAccessExpressionSyntax { Name: var simple } => simple.Identifier.ValueText,
        SimpleNameSyntax simple => simple.Identifier.ValueText,
        _ => null,
    };

    private static SimpleNameSyntax Rename(SimpleNameSyntax simple, string name)
        => simple.WithIdentifier(Identifier(simple.Identifier.LeadingTrivia, name, simple.Identifier.TrailingTrivia));
}
