using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace JsonPerf.Analyzers.Tests.Harness;

/// <summary>
/// Fakes of JP0001's fix for <see cref="FixGuaranteeTests"/>: each does what the fix does on
/// <see cref="FixGuaranteeTests.Program"/> (the per-call options become the shared field) and breaks one guarantee by
/// writing <see cref="Insertion"/> where the program has <c>/*insert*/</c>.
/// </summary>
public abstract class BrokenFixer : CodeFixProvider
{
    public const string PerCall = "new JsonSerializerOptions { WriteIndented = true })";

    public override ImmutableArray<string> FixableDiagnosticIds => ImmutableArray.Create(Rules.OptionsCreatedPerCallId);

    protected abstract string Insertion { get; }

    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        context.RegisterCodeFix(
            CodeAction.Create("Use the shared options", async cancellationToken =>
            {
                var text = (await context.Document.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString();
                var fixedText = text.Replace(PerCall, "Indented)").Replace("/*insert*/", Insertion);
                return context.Document.WithText(Microsoft.CodeAnalysis.Text.SourceText.From(fixedText));
            }, equivalenceKey: GetType().Name),
            context.Diagnostics);
        return Task.CompletedTask;
    }
}

/// <summary>Adds a local assigned and never read: CS0219, a compiler warning the original does not have.</summary>
public sealed class AddsUnusedLocal : BrokenFixer
{
    protected override string Insertion => "int unused = 0;";
}

/// <summary>Adds a reflection-based call (no metadata): <c>JsonSerializer.Serialize(1)</c>, marked [RequiresUnreferencedCode].</summary>
public sealed class AddsReflectionCall : BrokenFixer
{
    protected override string Insertion => "JsonSerializer.Serialize(1);";
}

/// <summary>Prints a line only when reflection-based serialization is off: same output otherwise.</summary>
public sealed class PrintsOnlyWithoutReflection : BrokenFixer
{
    protected override string Insertion => "if (!JsonSerializer.IsReflectionEnabledByDefault) Console.WriteLine(\"reflection off\");";
}

/// <summary>Does what <see cref="BrokenFixer"/> does and nothing else: the control.</summary>
public sealed class SharesTheOptions : BrokenFixer
{
    protected override string Insertion => "";
}
