namespace JsonPerf.Analyzers;

/// <summary>
/// Whether a hosted rule is on for a file. The compiler skips a whole analyzer only when all its rules are off;
/// a host of several rules asks per rule. Off means the effective severity is <c>none</c>: from the file's
/// <c>.editorconfig</c>, else <c>/nowarn</c>, a global config or the rule's default. When in doubt, on (the
/// compiler still filters what is reported; skipping is only to save work).
/// </summary>
internal sealed class RuleGate
{
    private readonly Compilation compilation;
    private readonly ImmutableArray<DiagnosticDescriptor> descriptors;

    /// <summary>No configuration turns the rule off anywhere: no per-file lookup needed.</summary>
    private readonly bool onEverywhere;

    private RuleGate(Compilation compilation, ImmutableArray<DiagnosticDescriptor> descriptors, bool onEverywhere)
    {
        this.compilation = compilation;
        this.descriptors = descriptors;
        this.onEverywhere = onEverywhere;
    }

    /// <summary>The gate, or null when the rule is off in every file of the compilation.</summary>
    public static RuleGate? Create(Compilation compilation, ImmutableArray<DiagnosticDescriptor> descriptors, CancellationToken cancellationToken)
    {
        var provider = compilation.Options.SyntaxTreeOptionsProvider;
        var offSomewhere = false;
        var onSomewhere = false;
        foreach (var descriptor in descriptors)
        {
            var compilationWide = CompilationWide(compilation, descriptor, cancellationToken);
            offSomewhere |= compilationWide == ReportDiagnostic.Suppress;
            onSomewhere |= compilationWide != ReportDiagnostic.Suppress;
            if (provider is null)
            {
                continue;
            }

            foreach (var tree in compilation.SyntaxTrees)
            {
                if (provider.TryGetDiagnosticValue(tree, descriptor.Id, cancellationToken, out var severity))
                {
                    offSomewhere |= severity == ReportDiagnostic.Suppress;
                    onSomewhere |= severity != ReportDiagnostic.Suppress;
                }
            }
        }

        return onSomewhere ? new RuleGate(compilation, descriptors, onEverywhere: !offSomewhere) : null;
    }

    public bool IsOn(SyntaxTree tree, CancellationToken cancellationToken)
    {
        if (onEverywhere)
        {
            return true;
        }

        var provider = compilation.Options.SyntaxTreeOptionsProvider;
        foreach (var descriptor in descriptors)
        {
            var specific = compilation.Options.SpecificDiagnosticOptions.TryGetValue(descriptor.Id, out var fromOptions);
            if (specific && fromOptions != ReportDiagnostic.Suppress)
            {
                return true;
            }

            if (provider is not null && provider.TryGetDiagnosticValue(tree, descriptor.Id, cancellationToken, out var fromFile))
            {
                if (fromFile != ReportDiagnostic.Suppress)
                {
                    return true;
                }

                continue;
            }

            if (CompilationWide(compilation, descriptor, cancellationToken) != ReportDiagnostic.Suppress)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The severity when no <c>.editorconfig</c> section names the rule for a file.</summary>
    private static ReportDiagnostic CompilationWide(Compilation compilation, DiagnosticDescriptor descriptor, CancellationToken cancellationToken)
    {
        if (compilation.Options.SpecificDiagnosticOptions.TryGetValue(descriptor.Id, out var specific))
        {
            return specific;
        }

        if (compilation.Options.SyntaxTreeOptionsProvider is { } provider && provider.TryGetGlobalDiagnosticValue(descriptor.Id, cancellationToken, out var global))
        {
            return global;
        }

        return descriptor.GetEffectiveSeverity(compilation.Options);
    }
}
