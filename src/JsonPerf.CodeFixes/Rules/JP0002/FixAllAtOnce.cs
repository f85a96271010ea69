namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002's Fix All, one project at a time, so that the source generator runs once per project, not once per site: every
/// site planned on one compilation, then each step once for all (registrations per context, scaffolding, bindings,
/// instance fields, the calls per document, unused options). Left to the one-at-a-time pass, which sees these edits: a
/// member whose sites would need two contexts, and a new registration whose names another one here takes.
/// </summary>
internal static class FixAllAtOnce
{
    public static async Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)> FixAsync(Solution solution, IReadOnlyList<FixAllSite> sites, CancellationToken cancellationToken)
    {
        var done = new List<SyntaxAnnotation>();
        foreach (var inProject in sites.GroupBy(s => s.Document.ProjectId))
        {
            solution = await HttpDefaultsFix.FixAllAsync(solution, inProject, done, cancellationToken).ConfigureAwait(false);
            var fixedMarks = new HashSet<SyntaxAnnotation>(done);
            var rest = inProject.Where(s => !fixedMarks.Contains(s.Mark)).ToList();
            solution = await FixProjectAsync(solution, inProject.Key, rest, done, cancellationToken).ConfigureAwait(false);
        }

        return (solution, done);
    }

    /// <summary>The calls that take metadata from one context, existing or to scaffold, and the registrations it gains.</summary>
    private sealed class Target(INamedTypeSymbol? context, GenerationOptions? options, FixAllSite first, FixPlan firstPlan)
    {
        /// <summary>The existing context; null for one to scaffold, until it is.</summary>
        public INamedTypeSymbol? Context { get; set; } = context;

        /// <summary>A context to scaffold: its generation options, by which sites share it.</summary>
        public GenerationOptions? Options { get; } = options;
        public FixAllSite First { get; } = first;
        public FixPlan FirstPlan { get; } = firstPlan;

        public List<(FixAllSite Site, FixPlan Plan, string PropertyName)> Calls { get; } = new();

        public List<AttributeListSyntax> Registrations { get; } = new();
        public List<ITypeSymbol> Registered { get; } = new();

        public Dictionary<string, ITypeSymbol> Claims { get; } = new(StringComparer.Ordinal);
        public Dictionary<ITypeSymbol, string> Names { get; } = new(SymbolEqualityComparer.Default);
    }

    private static async Task<Solution> FixProjectAsync(Solution solution, ProjectId projectId, List<FixAllSite> sites, List<SyntaxAnnotation> done, CancellationToken cancellationToken)
    {
        var targets = await PlanAsync(solution, sites, cancellationToken).ConfigureAwait(false);
        if (targets.Count == 0)
        {
            return solution;
        }

        solution = await ContextsAsync(solution, projectId, targets, cancellationToken).ConfigureAwait(false);
        solution = await BindResolversAsync(solution, projectId, targets, done, cancellationToken).ConfigureAwait(false);
        var (withFields, withoutField) = await AddInstanceFieldsAsync(solution, projectId, targets, cancellationToken).ConfigureAwait(false);
        solution = await RewriteCallsAsync(withFields, targets, withoutField, done, cancellationToken).ConfigureAwait(false);

        // Mirrored options that nothing uses any more, judged together on the result.
        var mirrored = targets.SelectMany(t => t.Calls).Select(c => (c.Plan.Options as MetadataInstead)?.MirroredMember).OfType<ISymbol>().Distinct(SymbolEqualityComparer.Default).ToList();
        return mirrored.Count == 0 ? solution : await UnusedOptions.RemoveUnusedAsync(solution, projectId, mirrored, cancellationToken).ConfigureAwait(false);
    }

    private static async Task<List<Target>> PlanAsync(Solution solution, List<FixAllSite> sites, CancellationToken cancellationToken)
    {
        var cache = new FixPlanner.Cache();
        var targets = new List<Target>();
        var members = new Dictionary<ISymbol, Target>(SymbolEqualityComparer.Default);
        foreach (var site in sites)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (solution.GetDocument(site.Document) is not { } document
                || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
                || root.GetAnnotatedNodes(site.Mark).FirstOrDefault() is not { } node
                || await FixPlanner.PlanAsync(document, node, site.Diagnostic, cancellationToken, cache).ConfigureAwait(false) is not { } plan
                || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
            {
                continue;
            }

            // A kept options member's sites all on one context: one at a time, later sites would find it bound to the first's.
            if (TargetFor(targets, site, plan) is { } target
                && (KeptMember(plan) is not { } member || OnOneTarget(members, member, target))
                && Claim(target, plan, model.Compilation) is { } propertyName)
            {
                target.Calls.Add((site, plan, propertyName));
            }
        }

        targets.RemoveAll(t => t.Calls.Count == 0);
        return targets;
    }

    private static async Task<Solution> ContextsAsync(Solution solution, ProjectId projectId, List<Target> targets, CancellationToken cancellationToken)
    {
        var additions = targets
            .Where(t => t.Context is not null && t.Registrations.Count > 0)
            .Select(t => new ContextRegistration.Additions(t.Context!, t.Registrations, t.Registered))
            .ToList();
        if (additions.Count > 0)
        {
            solution = await ContextRegistration.RegisterAllAsync(solution, projectId, additions, cancellationToken).ConfigureAwait(false);
        }

        foreach (var target in targets.Where(t => t.Context is null).ToList())
        {
            var anchor = Anchor(target);
            if (solution.GetDocument(anchor.Document) is not { } calling
                || (await calling.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))?.GetAnnotatedNodes(anchor.Mark).FirstOrDefault()?.FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } call
                || await ContextScaffolding.ScaffoldAsync(calling, call, target.FirstPlan.Options.Mirror, target.Registrations, target.Registered, target.FirstPlan.Call.Mark, cancellationToken).ConfigureAwait(false) is not var (scaffolded, _, context))
            {
                targets.Remove(target);
                continue;
            }

            solution = scaffolded;
            target.Context = context;
        }

        return solution;
    }

    /// <summary>Each static options member the context becomes the resolver of, once; its calls stay as they are.</summary>
    private static async Task<Solution> BindResolversAsync(Solution solution, ProjectId projectId, List<Target> targets, List<SyntaxAnnotation> done, CancellationToken cancellationToken)
    {
        foreach (var (target, member, calls) in ByKeptMember<BoundAsResolver>(targets))
        {
            if (calls[0].Plan.Options.BoundContext is null)
            {
                if (await ResolverBinding.BindMemberAsync(solution, projectId, member, target.Context!, cancellationToken).ConfigureAwait(false) is not { } withResolver)
                {
                    continue;
                }

                solution = withResolver;
            }

            done.AddRange(calls.Select(c => c.Site.Mark));
        }

        return solution;
    }

    private static async Task<(Solution Solution, HashSet<ISymbol> WithoutField)> AddInstanceFieldsAsync(Solution solution, ProjectId projectId, List<Target> targets, CancellationToken cancellationToken)
    {
        var withoutField = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        foreach (var (target, member, calls) in ByKeptMember<ContextInstance>(targets))
        {
            if (calls[0].Plan.Options is not ContextInstance { FieldExists: false } instance)
            {
                continue;
            }

            if (await ContextInstanceBinding.AddInstanceFieldAsync(solution, projectId, instance, target.Context!, calls[0].Plan.Call, cancellationToken).ConfigureAwait(false) is { } withField)
            {
                solution = withField;
            }
            else
            {
                withoutField.Add(member);
            }
        }

        return (solution, withoutField);
    }

    private static async Task<Solution> RewriteCallsAsync(Solution solution, List<Target> targets, HashSet<ISymbol> withoutField, List<SyntaxAnnotation> done, CancellationToken cancellationToken)
    {
        var calls = targets.SelectMany(t => t.Calls
            .Where(c => c.Plan.Options is not BoundAsResolver && (c.Plan.Options is not ContextInstance instance || !withoutField.Contains(instance.Member)))
            .Select(c => (Target: t, c.Site, c.Plan, c.PropertyName)));
        foreach (var inDocument in calls.GroupBy(c => c.Site.Document))
        {
            if (solution.GetDocument(inDocument.Key) is not { } document || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
            {
                continue;
            }

            var generator = SyntaxGenerator.GetGenerator(document);
            var rewrites = new Dictionary<InvocationExpressionSyntax, (ExpressionSyntax Metadata, FixPlan Plan, SyntaxAnnotation Mark)>();
            foreach (var (target, site, plan, propertyName) in inDocument)
            {
                if (root.GetAnnotatedNodes(site.Mark).FirstOrDefault()?.FirstAncestorOrSelf<InvocationExpressionSyntax>() is { } invocation && !rewrites.ContainsKey(invocation))
                {
                    rewrites.Add(invocation, (ArgumentRewriter.Metadata(generator, plan, target.Context!, propertyName), plan, site.Mark));
                }
            }

            var newRoot = root.ReplaceNodes(rewrites.Keys, (original, rewritten) => rewritten.WithArgumentList(ArgumentRewriter.RewriteArguments(rewritten.ArgumentList, rewrites[original].Plan, rewrites[original].Metadata)));
            solution = document.WithSyntaxRoot(newRoot).Project.Solution;
            done.AddRange(rewrites.Values.Select(r => r.Mark));
        }

        return solution;
    }

    private static ISymbol? KeptMember(FixPlan plan) => plan.Options switch
    {
        BoundAsResolver resolver => resolver.Member,
        ContextInstance instance => instance.Member,
        _ => null,
    };

    private static IEnumerable<(Target Target, ISymbol Member, List<(FixAllSite Site, FixPlan Plan, string PropertyName)> Calls)> ByKeptMember<TOptions>(List<Target> targets)
        where TOptions : OptionsPlan
        => targets.SelectMany(target => target.Calls.Where(c => c.Plan.Options is TOptions)
            .GroupBy(c => KeptMember(c.Plan)!, SymbolEqualityComparer.Default)
            .Select(calls => (target, calls.Key!, calls.ToList())));

    /// <summary>The plan's existing context, or the one to scaffold for its generation options; null where those cannot be compared.</summary>
    private static Target? TargetFor(List<Target> targets, FixAllSite site, FixPlan plan)
    {
        var context = plan.Target.Context;
        var options = context is null ? GenerationOptions.Of(plan.Options.Mirror) : null;
        if (context is null && options is null)
        {
            return null;
        }

        var target = targets.Find(t => options is null ? t.Options is null && SymbolEqualityComparer.Default.Equals(t.Context, context) : t.Options is not null && t.Options.SameAs(options));
        if (target is null)
        {
            targets.Add(target = new Target(context, options, site, plan));
        }

        return target;
    }

    // The site a new context is placed for: in the namespace that holds the most of its calls, itself or under it, so that
    // they name it unqualified (a library's root, not the first calling file's); then the shortest, then the fullest file.
    private static FixAllSite Anchor(Target target)
    {
        var namespaces = target.Calls.Select(c => NamespaceOf(c.Plan.Call.Invocation)).ToList();
        var counts = namespaces.GroupBy(n => n, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.Count(), StringComparer.Ordinal);
        var perDocument = target.Calls.GroupBy(c => c.Site.Document).ToDictionary(g => g.Key, g => g.Count());
        var best = -1;
        var bestScore = (Covered: -1, Length: 0, InFile: 0);
        for (var i = 0; i < namespaces.Count; i++)
        {
            var candidate = namespaces[i];
            var covered = candidate.Length == 0
                ? namespaces.Count
                : counts.Where(c => c.Key == candidate || c.Key.StartsWith(candidate + ".", StringComparison.Ordinal)).Sum(c => c.Value);
            var inFile = perDocument[target.Calls[i].Site.Document];
            if (covered > bestScore.Covered
                || covered == bestScore.Covered && (candidate.Length < bestScore.Length || candidate.Length == bestScore.Length && inFile > bestScore.InFile))
            {
                best = i;
                bestScore = (covered, candidate.Length, inFile);
            }
        }

        return best < 0 ? target.First : target.Calls[best].Site;
    }

    private static string NamespaceOf(SyntaxNode node)
        => string.Join(".", node.Ancestors().OfType<BaseNamespaceDeclarationSyntax>().Reverse().Select(n => n.Name.ToString()));

    private static bool OnOneTarget(Dictionary<ISymbol, Target> members, ISymbol member, Target target)
    {
        if (!members.TryGetValue(member, out var first))
        {
            members.Add(member, first = target);
        }

        return first == target;
    }

    // The property name the call takes its metadata from: the context's registration, the one this pass adds for the
    // type, or a new one (with the plan's extra types); null when a new registration's names are another new one's.
    private static string? Claim(Target target, FixPlan plan, Compilation compilation)
    {
        var wanted = new List<(ITypeSymbol Type, string Name, string? ExplicitName, ImmutableArray<ITypeSymbol> Reachable)>();
        var name = plan.Target.PropertyName;
        if (plan.Target.Registration is null && target.Names.TryGetValue(plan.Call.Type, out var registered))
        {
            name = registered;
        }
        else if (plan.Target.Registration is null)
        {
            wanted.Add((plan.Call.Type, name, plan.Target.NeedsName ? name : null, plan.Call.Reachable));
        }

        foreach (var extra in plan.Target.ExtraTypes.Where(e => !target.Names.ContainsKey(e)))
        {
            if (!GeneratedMetadata.IsSafeForGeneratedMetadata(extra, compilation, out var reachable))
            {
                return null;
            }

            wanted.Add((extra, GeneratedNames.PropertyName(extra), null, reachable));
        }

        // Each new property name, and the generated name of each type it reaches, names one type only.
        var claims = new Dictionary<string, ITypeSymbol>(StringComparer.Ordinal);
        foreach (var (type, propertyName, _, reachable) in wanted)
        {
            if (!Claims(propertyName, type) || reachable.Any(reached => !SymbolEqualityComparer.Default.Equals(reached, type) && !Claims(GeneratedNames.PropertyName(reached), reached)))
            {
                return null;
            }
        }

        foreach (var claim in claims)
        {
            target.Claims[claim.Key] = claim.Value;
        }

        foreach (var (type, propertyName, explicitName, _) in wanted)
        {
            target.Names.Add(type, propertyName);
            target.Registered.Add(type);
            target.Registrations.Add(ContextEditing.Registration(type, explicitName));
        }

        return name;

        bool Claims(string claimed, ITypeSymbol type)
        {
            if (target.Claims.TryGetValue(claimed, out var owner) && !SymbolEqualityComparer.Default.Equals(owner, type)
                || claims.TryGetValue(claimed, out var other) && !SymbolEqualityComparer.Default.Equals(other, type))
            {
                return false;
            }

            claims[claimed] = type;
            return true;
        }
    }
}
