namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002's Fix All, one project at a time: every site is planned on the same compilation, each context gets all its
/// new registrations in one edit (a new context is scaffolded once, with all of its types), every call takes its
/// metadata in one edit of its document, and mirrored options nothing uses any more are removed together. One site at
/// a time, each fix re-ran the System.Text.Json source generator over every type registered so far (several
/// compilations per site), so a project's Fix All grew with the square of its sites.
/// Calls on static options that get the context as their resolver keep their call: each such member is bound once,
/// after its sites' types are registered; in trimmed/AOT projects each options member that gets a context instance
/// gets its field once, and every type used with it is registered. Left to the one-at-a-time pass
/// (<see cref="SequentialFixAllProvider"/>), which sees this pass's edits: a member whose sites would need two contexts,
/// and a new registration whose property name, or a name the generator gives a type it reaches, another new
/// registration on the same context already takes.
/// </summary>
internal static class FixAllAtOnce
{
    public static async Task<(Solution Solution, IReadOnlyCollection<SyntaxAnnotation> Fixed)> FixAsync(Solution solution, IReadOnlyList<FixAllSite> sites, CancellationToken cancellationToken)
    {
        var done = new List<SyntaxAnnotation>();
        foreach (var inProject in sites.GroupBy(s => s.Document.ProjectId))
        {
            // ASP.NET Core's helpers on the app's options (HttpDefaultsFix): planned and written together first.
            solution = await HttpDefaultsFix.FixAllAsync(solution, inProject, done, cancellationToken).ConfigureAwait(false);
            var fixedMarks = new HashSet<SyntaxAnnotation>(done);
            var rest = inProject.Where(s => !fixedMarks.Contains(s.Mark)).ToList();
            solution = await FixProjectAsync(solution, inProject.Key, rest, done, cancellationToken).ConfigureAwait(false);
        }

        return (solution, done);
    }

    /// <summary>The calls that take metadata from one context, existing or to scaffold, and the registrations it gains.</summary>
    private sealed class Target
    {
        public Target(INamedTypeSymbol? context, GenerationOptions? options, FixAllSite first, FixPlan firstPlan)
        {
            Context = context;
            Options = options;
            First = first;
            FirstPlan = firstPlan;
        }

        /// <summary>The existing context; null for one to scaffold, then after scaffolding the new one.</summary>
        public INamedTypeSymbol? Context { get; set; }

        /// <summary>A context to scaffold: its generation options (the key that sites share it by).</summary>
        public GenerationOptions? Options { get; }

        public FixAllSite First { get; }
        public FixPlan FirstPlan { get; }
        /// <summary>The sites: calls that take the metadata, and calls on options bound to the context (which stay as they are).</summary>
        public List<(FixAllSite Site, FixPlan Plan, string PropertyName)> Calls { get; } = new();
        public List<AttributeListSyntax> Registrations { get; } = new();
        public List<ITypeSymbol> Registered { get; } = new();

        /// <summary>The registered types' property names and the generated names of the types they reach: which type each names.</summary>
        public Dictionary<string, ITypeSymbol> Claims { get; } = new(StringComparer.Ordinal);

        public Dictionary<ITypeSymbol, string> Names { get; } = new(SymbolEqualityComparer.Default);
    }

    private static async Task<Solution> FixProjectAsync(Solution solution, ProjectId projectId, List<FixAllSite> sites, List<SyntaxAnnotation> done, CancellationToken cancellationToken)
    {
        // 1. Every site planned on the solution as it is (one compilation, one reference search per options member).
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

            // Static options bound as a resolver or given a context instance: every site of the member on one context,
            // as one at a time the later sites would find the member bound to the first one's.
            if (TargetFor(targets, site, plan) is { } target
                && ((plan.Member ?? plan.InstanceMember) is not { } member || OnOneTarget(members, member, target))
                && Claim(target, plan, model.Compilation) is { } propertyName)
            {
                target.Calls.Add((site, plan, propertyName));
            }
        }

        targets.RemoveAll(t => t.Calls.Count == 0);
        if (targets.Count == 0)
        {
            return solution;
        }

        // 2. The contexts: registrations on the existing ones in one edit per file, then each new one scaffolded.
        var additions = targets
            .Where(t => t.Context is not null && t.Registrations.Count > 0)
            .Select(t => new ContextRegistration.Additions(t.Context!, t.Registrations, NamedTypes(t.Registered, null, solution, projectId)))
            .ToList();
        if (additions.Count > 0)
        {
            solution = await ContextRegistration.RegisterAllAsync(solution, projectId, additions, cancellationToken).ConfigureAwait(false);
        }

        foreach (var target in targets.Where(t => t.Context is null).ToList())
        {
            // Named after the first site's options; placed for the site whose namespace the most calls see it from.
            var anchor = Anchor(target);
            if (solution.GetDocument(anchor.Document) is not { } calling
                || await CallAsync(calling, anchor.Mark, cancellationToken).ConfigureAwait(false) is not { } call
                || await ContextScaffolding.ScaffoldAsync(calling, call, target.FirstPlan.Mirror, target.Registrations, target.Registered, target.FirstPlan.Mark, cancellationToken).ConfigureAwait(false) is not var (scaffolded, _, context))
            {
                targets.Remove(target);
                continue;
            }

            solution = scaffolded;
            target.Context = context;
        }

        // 3. Each static options member the context becomes the resolver of, once (its calls stay as they are).
        foreach (var target in targets)
        {
            foreach (var onMember in target.Calls.Where(c => c.Plan.Member is not null).GroupBy(c => c.Plan.Member!, SymbolEqualityComparer.Default))
            {
                if (onMember.First().Plan.BoundContext is null)
                {
                    if (await ResolverBinding.BindMemberAsync(solution, projectId, onMember.Key, target.Context!, cancellationToken).ConfigureAwait(false) is not var (withResolver, _))
                    {
                        continue;
                    }

                    solution = withResolver;
                }

                done.AddRange(onMember.Select(c => c.Site.Mark));
            }
        }

        // 4. Each options member that gets a context instance: its field, once.
        var withoutField = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        foreach (var target in targets)
        {
            foreach (var onMember in target.Calls.Where(c => c.Plan.InstanceMember is not null).GroupBy(c => c.Plan.InstanceMember!, SymbolEqualityComparer.Default))
            {
                var first = onMember.First().Plan;
                if (!first.InstanceFieldExists)
                {
                    if (first.InstanceField is null
                        || await ContextInstanceBinding.AddInstanceFieldAsync(solution, projectId, onMember.Key, target.Context!, first.InstanceField, new SyntaxAnnotation(), first.Invocation, cancellationToken).ConfigureAwait(false) is not var (withField, _))
                    {
                        withoutField.Add(onMember.Key);
                        continue;
                    }

                    solution = withField;
                }
            }
        }

        // 5. The calls, each document in one edit.
        var calls = targets.SelectMany(t => t.Calls.Where(c => c.Plan.Member is null && (c.Plan.InstanceMember is null || !withoutField.Contains(c.Plan.InstanceMember))).Select(c => (Target: t, c.Site, c.Plan, c.PropertyName)));
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

        // 6. Mirrored options that nothing uses any more, judged together on the result.
        var mirrored = targets.SelectMany(t => t.Calls).Select(c => c.Plan.MirroredMember).OfType<ISymbol>().Distinct(SymbolEqualityComparer.Default).ToList();
        return mirrored.Count == 0 ? solution : await UnusedOptions.RemoveAllUnusedAsync(solution, projectId, mirrored, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// The context a plan's call takes its metadata from: the existing one it chose, or the one to scaffold for its
    /// generation options (the first site scaffolds it, as one at a time the later sites would find it). Null when the
    /// plan's options are not understood well enough to share a new context.
    /// </summary>
    private static Target? TargetFor(List<Target> targets, FixAllSite site, FixPlan plan)
    {
        Target? target;
        if (plan.Context is { } context)
        {
            target = targets.Find(t => t.Options is null && SymbolEqualityComparer.Default.Equals(t.Context, context));
        }
        else if (GenerationOptions.Of(plan.Mirror) is { } options)
        {
            target = targets.Find(t => t.Options is not null && t.Options.SameAs(options));
            context = null;
            if (target is null)
            {
                targets.Add(target = new Target(null, options, site, plan));
            }

            return target;
        }
        else
        {
            return null;
        }

        if (target is null)
        {
            targets.Add(target = new Target(context, null, site, plan));
        }

        return target;
    }

    /// <summary>
    /// The site a new context is placed for (where the host writes it into a calling file: <c>dotnet format</c>): one in
    /// the namespace that holds the most of the context's calls, itself or in namespaces under it, which then name the
    /// context without qualifying it (a library's root namespace where a call is there; not the first calling file's
    /// namespace, which in a real SDK was another library's, so that 1,769 calls spelled it out in full); the
    /// shortest such namespace on a tie, then the site in the file that holds the most calls, then the first site.
    /// </summary>
    private static FixAllSite Anchor(Target target)
    {
        var namespaces = target.Calls.Select(c => NamespaceOf(c.Plan.Invocation)).ToList();
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

    /// <summary>The namespace the node is declared in, as written (<c>A.B</c> for <c>namespace A { namespace B { } }</c>); empty for the global one.</summary>
    private static string NamespaceOf(SyntaxNode node)
        => string.Join(".", node.Ancestors().OfType<BaseNamespaceDeclarationSyntax>().Reverse().Select(n => n.Name.ToString()));

    /// <summary>Whether <paramref name="member"/>'s sites so far are all on <paramref name="target"/> (the first one decides).</summary>
    private static bool OnOneTarget(Dictionary<ISymbol, Target> members, ISymbol member, Target target)
    {
        if (members.TryGetValue(member, out var first))
        {
            return first == target;
        }

        members.Add(member, target);
        return true;
    }

    /// <summary>
    /// The property name the call takes its metadata from: the registration the context has, the one this pass
    /// already adds for the type, or a new one; with the other types used with options that get a context instance,
    /// registered under the generator's names. Null when a new registration's names are another new one's.
    /// </summary>
    private static string? Claim(Target target, FixPlan plan, Compilation compilation)
    {
        var wanted = new List<(ITypeSymbol Type, string Name, string? ExplicitName, ImmutableArray<ITypeSymbol> Reachable)>();
        string name;
        if (plan.Registration is not null)
        {
            name = plan.PropertyName;
        }
        else if (target.Names.TryGetValue(plan.Type, out var registered))
        {
            name = registered;
        }
        else
        {
            name = plan.PropertyName;
            wanted.Add((plan.Type, name, plan.NewRegistrationNeedsName ? name : null, plan.Reachable));
        }

        foreach (var extra in plan.ExtraTypes)
        {
            if (!target.Names.ContainsKey(extra))
            {
                if (!GeneratedMetadata.IsSafeForGeneratedMetadata(extra, compilation, out var reachable))
                {
                    return null;
                }

                wanted.Add((extra, GeneratedNames.PropertyName(extra), null, reachable));
            }
        }

        // Each new property name, and the generated name of each type it reaches, names one type only.
        var claims = new Dictionary<string, ITypeSymbol>(StringComparer.Ordinal);
        foreach (var (type, propertyName, _, reachable) in wanted)
        {
            if (!Claims(propertyName, type))
            {
                return null;
            }

            foreach (var reached in reachable)
            {
                if (!SymbolEqualityComparer.Default.Equals(reached, type) && !Claims(GeneratedNames.PropertyName(reached), reached))
                {
                    return null;
                }
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

    private static IReadOnlyList<INamedTypeSymbol> NamedTypes(IEnumerable<ITypeSymbol> registered, MirroredOptions? mirror, Solution solution, ProjectId projectId)
        => solution.GetProject(projectId)?.TryGetCompilation(out var compilation) == true && JsonSymbols.For(compilation) is { } symbols
            ? ContextScaffolding.NamedTypes(registered, mirror, symbols).ToList()
            : Array.Empty<INamedTypeSymbol>();

    private static async Task<InvocationExpressionSyntax?> CallAsync(Document document, SyntaxAnnotation mark, CancellationToken cancellationToken)
        => (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))?.GetAnnotatedNodes(mark).FirstOrDefault()?.FirstAncestorOrSelf<InvocationExpressionSyntax>();
}
