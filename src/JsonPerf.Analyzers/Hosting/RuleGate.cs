using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// Whether a hosted rule is on for a file. The compiler skips a whole analyzer only when all its rules are off;
/// a host of several rules asks per rule. Off means the effective severity is <c>none</c>: from the file's
/// <c>.editorconfig</c>, else <c>/nowarn</c>, a global config or the rule's default. When in doubt, on (the
/// compiler still filters what is reported; skipping is only to save work).
/// Nothing is looked up per file until a rule's callback runs in that file: a look at every file when the
/// compilation starts (thousands of lookups per rule) cost more than the rules' own work in a project with few
/// JSON sites. A file's answer is then cached.
/// </summary>
internal sealed class RuleGate
{
    private readonly Compilation compilation;
    private readonly ImmutableArray<DiagnosticDescriptor> descriptors;

    /// <summary>Null when no file can have a setting of its own (no <c>.editorconfig</c> provider): on everywhere.</summary>
    private readonly ConcurrentDictionary<SyntaxTree, bool>? perFile;

    private RuleGate(Compilation compilation, ImmutableArray<DiagnosticDescriptor> descriptors, bool perFileSettings)
    {
        this.compilation = compilation;
        this.descriptors = descriptors;
        perFile = perFileSettings ? new ConcurrentDictionary<SyntaxTree, bool>() : null;
    }

    /// <summary>
    /// The gate, or null when the rule is off in every file of the compilation: off compilation-wide and no file can
    /// turn it back on (no <c>.editorconfig</c> provider).
    /// </summary>
    public static RuleGate? Create(Compilation compilation, ImmutableArray<DiagnosticDescriptor> descriptors, CancellationToken cancellationToken)
    {
        if (compilation.Options.SyntaxTreeOptionsProvider is not null)
        {
            return new RuleGate(compilation, descriptors, perFileSettings: true);
        }

        foreach (var descriptor in descriptors)
        {
            if (CompilationWide(compilation, descriptor, cancellationToken) != ReportDiagnostic.Suppress)
            {
                return new RuleGate(compilation, descriptors, perFileSettings: false);
            }
        }

        return null;
    }

    public bool IsOn(SyntaxTree tree, CancellationToken cancellationToken)
    {
        if (perFile is null)
        {
            return true;
        }

        if (perFile.TryGetValue(tree, out var on))
        {
            return on;
        }

        on = Lookup(tree, cancellationToken);
        perFile.TryAdd(tree, on);
        return on;
    }

    private bool Lookup(SyntaxTree tree, CancellationToken cancellationToken)
    {
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
