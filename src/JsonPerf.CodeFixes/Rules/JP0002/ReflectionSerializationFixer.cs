using System.Composition;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002 fix: "Use source-generated metadata". <see cref="FixPlanner"/> decides once what to do; this class applies
/// it: register the type on a context (<see cref="ContextEditing"/>) or scaffold one (<see cref="ContextScaffolding"/>), then either pass the context's
/// metadata to the call (<see cref="ArgumentRewriter"/>) or, for options in a static member, bind the context to
/// them as their resolver (<see cref="ResolverBinding"/>). JSON's own DOM types get their own API instead
/// (<see cref="DomApiFix"/>) or a context of the project that already registers them, never a new one.
/// docs/rules/JP0002.md lists when it is offered.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ReflectionSerializationFixer)), Shared]
public sealed class ReflectionSerializationFixer : JsonFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.ReflectionSerializationId);

    protected override string Title => "Use source-generated metadata";

    protected override bool IsFixable(Diagnostic diagnostic)
        => diagnostic.Properties.ContainsKey(DiagnosticProperties.DomApi)
           || diagnostic.Properties.ContainsKey(DiagnosticProperties.DefaultOptions) || diagnostic.Properties.ContainsKey(DiagnosticProperties.StaticOptions)
           || diagnostic.Properties.ContainsKey(DiagnosticProperties.WebDefaults) || diagnostic.Properties.ContainsKey(DiagnosticProperties.HttpDefaults);

    /// <summary>Fix All plans the project's sites on one compilation and applies them together (<see cref="FixAllAtOnce"/>).</summary>
    internal override Func<Solution, IReadOnlyList<FixAllSite>, CancellationToken, Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)>>? FixAllAtOnceAsync
        => FixAllAtOnce.FixAsync;

    protected override async Task<PreparedFix?> PrepareAsync(Document document, SyntaxNode site, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        // JSON's own DOM types: their own API, no context (DomApiFix).
        if (diagnostic.Properties.TryGetValue(DiagnosticProperties.DomApi, out var rewrite) && rewrite is not null)
        {
            return await DomApiFix.PrepareAsync(document, site, rewrite, cancellationToken).ConfigureAwait(false) is { } dom ? ct => dom(ct) : null;
        }

        // ASP.NET Core's helpers without options: the context on ASP.NET Core's defaults (one at a time in Fix All too:
        // the planner leaves them, and each later site finds the property the first one added).
        if (diagnostic.Properties.ContainsKey(DiagnosticProperties.HttpDefaults))
        {
            return await HttpDefaultsFix.PrepareAsync(document, site, cancellationToken).ConfigureAwait(false) is { } http ? ct => http(ct) : null;
        }

        return await FixPlanner.PlanAsync(document, site, diagnostic, cancellationToken).ConfigureAwait(false) is { } plan
            ? ct => ApplyAsync(document, plan, ct)
            : null;
    }

    private static async Task<Solution?> ApplyAsync(Document document, FixPlan plan, CancellationToken cancellationToken)
    {
        var solution = document.Project.Solution;
        var context = plan.Context;
        if (context is null)
        {
            if (await ContextScaffolding.ScaffoldAsync(document, plan, cancellationToken).ConfigureAwait(false) is not { } scaffolded)
            {
                return null;
            }

            (solution, _, context) = scaffolded;
        }
        else if (plan.Registration is null || !plan.ExtraTypes.IsEmpty)
        {
            (solution, _) = await ContextRegistration.RegisterAsync(solution, plan, context, cancellationToken).ConfigureAwait(false);
        }

        if (plan.Member is not null)
        {
            // Options in a static member: the context becomes their resolver (with reflection behind it); the call stays.
            return plan.BoundContext is not null ? solution
                : await ResolverBinding.BindMemberAsync(solution, document.Project.Id, plan.Member, context, cancellationToken).ConfigureAwait(false) is var (bound, _) ? bound : null;
        }

        // Options that get a context instance (trimmed/AOT projects): the field holding it, after the options.
        if (plan.InstanceMember is { } instanceMember && plan.InstanceField is { } fieldName && !plan.InstanceFieldExists)
        {
            if (await ContextInstanceBinding.AddInstanceFieldAsync(solution, document.Project.Id, instanceMember, context, fieldName, plan.Mark, plan.Invocation, cancellationToken).ConfigureAwait(false) is not var (withField, _))
            {
                return null;
            }

            solution = withField;
        }

        // The call, on the calling document as the registration left it (it may be the same document).
        var callingDocument = solution.GetDocument(document.Id)!;
        var root = (await callingDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        var invocation = root.GetAnnotatedNodes(plan.Mark).OfType<InvocationExpressionSyntax>().FirstOrDefault()
                         ?? root.FindNode(plan.Invocation.Span, getInnermostNodeForTie: true).FirstAncestorOrSelf<InvocationExpressionSyntax>();
        if (invocation is null)
        {
            return null;
        }

        var generator = SyntaxGenerator.GetGenerator(callingDocument);
        var metadata = ArgumentRewriter.Metadata(generator, plan, context, plan.PropertyName);
        var newInvocation = invocation.WithArgumentList(ArgumentRewriter.RewriteArguments(invocation.ArgumentList, plan, metadata));
        solution = callingDocument.WithSyntaxRoot(root.ReplaceNode(invocation, newInvocation)).Project.Solution;
        if (plan.MirroredMember is { } mirrored)
        {
            solution = await UnusedOptions.RemoveIfUnusedAsync(solution, document.Project.Id, mirrored, cancellationToken).ConfigureAwait(false);
        }

        return solution;
    }
}
