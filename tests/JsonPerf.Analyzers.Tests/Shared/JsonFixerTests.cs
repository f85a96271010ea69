using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Harness;
using JsonPerf.Analyzers.Tests.Infrastructure;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Text;

namespace JsonPerf.Analyzers.Tests.Shared;

/// <summary>What every fix's action does the same way (<see cref="JsonFixer"/>).</summary>
public class JsonFixerTests
{
    [Fact]
    public async Task The_preview_and_the_apply_of_an_action_compute_its_fix_once()
    {
        // An editor shows the preview, then applies on the click: each computed the whole fix.
        var (solution, id) = FixRunner.CreateProject(FixGuaranteeTests.Program, OutputKind.ConsoleApplication, TestReferences.Net10);
        var document = solution.GetDocument(id)!;
        var diagnostic = (await FixRunner.GetDiagnosticsAsync(document.Project, new JsonSerializerOptionsCreatedPerCallAnalyzer())).Single(d => d.Id == Rules.OptionsCreatedPerCallId);
        var fixer = new CountingFixer();
        var actions = new List<CodeAction>();
        await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None));
        var action = Assert.Single(actions);

        await action.GetPreviewOperationsAsync(CancellationToken.None);
        var operations = await action.GetOperationsAsync(CancellationToken.None);

        var changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
        Assert.Contains("/*fixed*/", (await changed.GetDocument(id)!.GetTextAsync()).ToString(), System.StringComparison.Ordinal);
        Assert.Equal(1, fixer.Computed);
    }

    [Fact]
    public async Task Fix_All_may_not_leave_a_site_whose_diagnostic_says_a_fix_exists()
    {
        // The harness's check on every Fix All a test applies: a fix that declines a site its diagnostic offers it for
        // (no lightbulb, no word of why) is caught.
        var (solution, id) = FixRunner.CreateProject(FixGuaranteeTests.Program, OutputKind.ConsoleApplication, TestReferences.Net10);
        var failure = await Assert.ThrowsAnyAsync<System.Exception>(() => FixRunner.ApplyFixAllAsync(solution.GetDocument(id)!, new JsonSerializerOptionsCreatedPerCallAnalyzer(), new DecliningFixer()));
        Assert.Contains("Fix All left 1 site(s) whose diagnostic still says a fix exists", failure.Message, System.StringComparison.Ordinal);
    }

    /// <summary>A fix of JP0001's sites that never fixes one.</summary>
    private sealed class DecliningFixer : JsonFixer
    {
        public override ImmutableArray<string> FixableDiagnosticIds => ImmutableArray.Create(Rules.OptionsCreatedPerCallId);

        protected override string Title => "Decline";

        protected override bool IsFixable(Diagnostic diagnostic) => diagnostic.Properties.ContainsKey(DiagnosticProperties.FixKind);

        protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
            => Task.FromResult<PreparedFix?>(null);
    }

    /// <summary>A fix of JP0001's sites that marks the program and counts how often it is computed.</summary>
    private sealed class CountingFixer : JsonFixer
    {
        public int Computed;

        public override ImmutableArray<string> FixableDiagnosticIds => ImmutableArray.Create(Rules.OptionsCreatedPerCallId);

        protected override string Title => "Mark the program";

        protected override Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
            => Task.FromResult<PreparedFix?>(EditDocument(async ct =>
            {
                Interlocked.Increment(ref Computed);
                var text = (await document.GetTextAsync(ct).ConfigureAwait(false)).ToString();
                return document.WithText(SourceText.From(text.Replace("/*insert*/", "/*fixed*/", System.StringComparison.Ordinal)));
            }));
    }
}
