using System.Composition;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0011 has no fix: the DOM comes through the project's own methods or envelope types (a <c>JsonNode</c> property, a
/// helper returning <c>JsonElement</c>), and reading or writing the typed value in one pass changes their shape. The
/// fixer is registered so that the rule sits in every list of rules like the others; it offers nothing.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(DomBetweenJsonAndTypeFixer)), Shared]
public sealed class DomBetweenJsonAndTypeFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.DomBetweenJsonAndTypeId);

    protected override string Title => "Read or write the typed value in one pass";

    protected override bool IsFixable(Diagnostic diagnostic) => false;

    protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Task.FromResult<PreparedFix?>(null);
}
