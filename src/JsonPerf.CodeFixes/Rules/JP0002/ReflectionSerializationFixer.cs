using System.Composition;
using Fix = JsonPerf.Analyzers.ReflectionSerializationFix;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002 fix, by the kind the analyzer named (<see cref="Fix"/>). The kinds that take a context are planned
/// (<see cref="FixPlanner"/>) and applied here: the type registered on a context or one scaffolded, then the call given
/// its metadata, or the context bound to the options.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ReflectionSerializationFixer)), Shared]
public sealed class ReflectionSerializationFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.ReflectionSerializationId);

    protected override string Title => "Use source-generated metadata";

    internal override Func<Solution, IReadOnlyList<FixAllSite>, CancellationToken, Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)>>? FixAllAtOnceAsync
        => FixAllAtOnce.FixAsync;

    protected override async Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
        => diagnostic.Properties[DiagnosticProperties.FixKind] switch
        {
            Fix.DomApi => await DomApiFix.PrepareAsync(document, site, diagnostic.Properties[Fix.Rewrite], cancellationToken).ConfigureAwait(false) is { } dom ? ct => dom(ct) : null,
            Fix.HttpDefaults => await HttpDefaultsFix.PrepareAsync(document, site, diagnostic, cancellationToken).ConfigureAwait(false) is { } http ? ct => http(ct) : null,
            _ => await FixPlanner.PlanAsync(document, site, diagnostic, cancellationToken).ConfigureAwait(false) is { } plan ? ct => ApplyAsync(document, plan, ct) : null,
        };

    private static async Task<Solution?> ApplyAsync(Document document, FixPlan plan, CancellationToken cancellationToken)
    {
        var solution = document.Project.Solution;
        var context = plan.Target.Context;
        if (context is null)
        {
            if (await ContextScaffolding.ScaffoldAsync(document, plan, cancellationToken).ConfigureAwait(false) is not { } scaffolded)
            {
                return null;
            }

            (solution, _, context) = scaffolded;
        }
        else if (plan.Target.Registration is null || !plan.Target.ExtraTypes.IsEmpty)
        {
            solution = await ContextRegistration.RegisterAsync(solution, plan, context, cancellationToken).ConfigureAwait(false);
        }

        if (plan.Options is BoundAsResolver resolver)
        {
            return resolver.BoundContext is not null ? solution : await ResolverBinding.BindMemberAsync(solution, document.Project.Id, resolver.Member, context, cancellationToken).ConfigureAwait(false);
        }

        if (plan.Options is ContextInstance { FieldExists: false } instance)
        {
            if (await ContextInstanceBinding.AddInstanceFieldAsync(solution, document.Project.Id, instance, context, plan.Call, cancellationToken).ConfigureAwait(false) is not { } withField)
            {
                return null;
            }

            solution = withField;
        }

        var callingDocument = solution.GetDocument(document.Id)!;
        var root = (await callingDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        if (ArgumentRewriter.FindCall(root, plan.Call) is not { } invocation)
        {
            return null;
        }

        var metadata = ArgumentRewriter.Metadata(SyntaxGenerator.GetGenerator(callingDocument), plan, context, plan.Target.PropertyName);
        solution = callingDocument.WithSyntaxRoot(root.ReplaceNode(invocation, invocation.WithArgumentList(ArgumentRewriter.RewriteArguments(invocation.ArgumentList, plan, metadata)))).Project.Solution;
        return plan.Options is MetadataInstead { MirroredMember: { } mirrored }
            ? await UnusedOptions.RemoveUnusedAsync(solution, document.Project.Id, new[] { mirrored }, cancellationToken).ConfigureAwait(false)
            : solution;
    }
}
