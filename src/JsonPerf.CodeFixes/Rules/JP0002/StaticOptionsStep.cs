namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002's step for options in a static member, which stays, so the fix must know its every use. Settings a context
/// attribute expresses are mirrored on a context; others (an encoder, converters) get a context bound as the options'
/// resolver, with reflection behind it, except where reflection is off: there a context instance built on them.
/// </summary>
internal static class StaticOptionsStep
{
    public static async Task<OptionsPlan?> PlanAsync(PlanningSite site, FixPlanner.Cache? cache, CancellationToken cancellationToken)
    {
        var reflectionFree = AnyTargetReflectionFree(site.Document);
        if (site.Call.Options is not { Parameter: { } optionsParameter } options
            || (options.Value.WalkDownConversions() as IMemberReferenceOperation)?.Member is not { } member
            || member.DeclaringSyntaxReferences.Any(r => ConditionalCompilation.IsConditional(r.GetSyntax(cancellationToken)))
            || await OnceAsync(cache?.Bindable, member, () => ResolverBinding.BindableMemberAsync(site.Document.Project, member, site.Symbols, cancellationToken, acceptContextInstance: reflectionFree)).ConfigureAwait(false) is not (true, var bound))
        {
            return null;
        }

        if (bound is null && await MirrorAsync(site, member, cancellationToken).ConfigureAwait(false) is { } mirror
            && FixPlanner.MetadataOverloadParameter(site, optionsParameter) is { } mirroredParameter)
        {
            return new MetadataInstead(mirroredParameter, mirror, member);
        }

        if (!reflectionFree)
        {
            return new BoundAsResolver(optionsParameter, member, bound);
        }

        return bound is null
               && FixPlanner.MetadataOverloadParameter(site, optionsParameter) is { } instanceParameter
               && await OnceAsync(cache?.InstanceUses, member, () => ContextInstanceBinding.UsesAsync(site.Document.Project, member, site.Symbols, cancellationToken)).ConfigureAwait(false) is { } uses
            ? new ContextInstance(instanceParameter, member, uses)
            : null;
    }

    // Whether any target framework that compiles the document is trimmed, AOT or reflection-free: each is a project of
    // the workspace, IsAotCompatible is often set for some only, and the fix lands in the file they share.
    private static bool AnyTargetReflectionFree(Document document)
        => IsReflectionFree(document.Project)
           || document.FilePath is { Length: > 0 } path
              && document.Project.Solution.GetDocumentIdsWithFilePath(path).Any(id => id.ProjectId != document.Project.Id && document.Project.Solution.GetProject(id.ProjectId) is { } sibling && IsReflectionFree(sibling));

    private static bool IsReflectionFree(Project project) => ReflectionFreeProject.Is(project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GlobalOptions);

    private static async Task<MirroredOptions?> MirrorAsync(PlanningSite site, ISymbol member, CancellationToken cancellationToken)
        => ResolverBinding.OptionsCreation(await member.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is { } creation
           && site.Document.Project.Solution.GetDocument(member.DeclaringSyntaxReferences[0].SyntaxTree) is { } document
           && await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is { } model
            ? MirroredOptions.TryCreate(creation, model, member.Name, cancellationToken)
            : null;

    private static async Task<T> OnceAsync<T>(Dictionary<ISymbol, T>? cache, ISymbol member, Func<Task<T>> search)
    {
        if (cache is null || !cache.TryGetValue(member, out var result))
        {
            result = await search().ConfigureAwait(false);
            cache?.Add(member, result);
        }

        return result;
    }
}
