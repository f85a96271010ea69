namespace JsonPerf.Analyzers;

/// <summary>
/// Whether a hosted rule is on for a file: the compiler skips an analyzer only when all its rules are off. Off means the
/// effective severity is <c>none</c> (the file's .editorconfig, else /nowarn, a global config or the default); in doubt,
/// on. A file is looked up only when a rule's callback first runs in it, and only for that rule.
/// </summary>
internal sealed class RuleGate
{
    private readonly FileSettings settings;
    private readonly int index;

    private RuleGate(FileSettings settings, int index)
    {
        this.settings = settings;
        this.index = index;
    }

    /// <summary>The gate, or null when the rule is off in every file (off compilation-wide, and no .editorconfig provider).</summary>
    public static RuleGate? Create(Compilation compilation, ImmutableArray<DiagnosticDescriptor> descriptors, CancellationToken cancellationToken)
        => CreateAll(compilation, ImmutableArray.Create(descriptors), cancellationToken)[0];

    /// <summary>One gate per rule (each rule's descriptors), sharing what they know of each file; at most 32 rules.</summary>
    public static ImmutableArray<RuleGate?> CreateAll(Compilation compilation, ImmutableArray<ImmutableArray<DiagnosticDescriptor>> rules, CancellationToken cancellationToken)
    {
        if (rules.Length > 32)
        {
            throw new ArgumentOutOfRangeException(nameof(rules), "at most 32 rules share one set of gates");
        }

        var settings = new FileSettings(compilation, rules, cancellationToken);
        var gates = ImmutableArray.CreateBuilder<RuleGate?>(rules.Length);
        for (var i = 0; i < rules.Length; i++)
        {
            gates.Add(settings.HasPerFileSettings || (settings.OnByDefault & (1u << i)) != 0 ? new RuleGate(settings, i) : null);
        }

        return gates.MoveToImmutable();
    }

    public bool IsOn(SyntaxTree tree, CancellationToken cancellationToken) => settings.IsOn(tree, index, cancellationToken);

    /// <summary>Which rules are on per file; each thread keeps its last file's answers, as operations come file by file.</summary>
    private sealed class FileSettings
    {
        // This thread's last answer, by the gates' id: it keeps one syntax tree alive per thread, never a compilation.
        [ThreadStatic]
        private static Entry? t_last;

        private static int s_nextId;

        private readonly int id = Interlocked.Increment(ref s_nextId);
        private readonly Compilation compilation;
        private readonly ImmutableArray<ImmutableArray<DiagnosticDescriptor>> rules;

        /// <summary>Per rule and descriptor: on where no <c>.editorconfig</c> section names it (/nowarn, global config, default).</summary>
        private readonly bool[][] onByDefault;

        /// <summary>Per rule and descriptor: set on in the compilation options, which win over a file's setting.</summary>
        private readonly bool[][] onInCompilationOptions;

        public FileSettings(Compilation compilation, ImmutableArray<ImmutableArray<DiagnosticDescriptor>> rules, CancellationToken cancellationToken)
        {
            this.compilation = compilation;
            this.rules = rules;
            var options = compilation.Options;
            onByDefault = rules.Select(r => r.Select(d => CompilationWide(compilation, d, cancellationToken) != ReportDiagnostic.Suppress).ToArray()).ToArray();
            onInCompilationOptions = rules.Select(r => r.Select(d => options.SpecificDiagnosticOptions.TryGetValue(d.Id, out var specific) && specific != ReportDiagnostic.Suppress).ToArray()).ToArray();
            for (var i = 0; i < rules.Length; i++)
            {
                if (onByDefault[i].Contains(true))
                {
                    OnByDefault |= 1u << i;
                }
            }

            HasPerFileSettings = options.SyntaxTreeOptionsProvider is not null;
        }

        /// <summary>The rules on where no file setting names them.</summary>
        public uint OnByDefault { get; }

        /// <summary>A file may have settings of its own (an <c>.editorconfig</c> provider exists).</summary>
        public bool HasPerFileSettings { get; }

        public bool IsOn(SyntaxTree tree, int rule, CancellationToken cancellationToken)
        {
            var bit = 1u << rule;
            if (!HasPerFileSettings)
            {
                return (OnByDefault & bit) != 0;
            }

            // Only this thread reads or writes its entry: no lock.
            var last = t_last ??= new Entry();
            if (last.SettingsId != id || last.Tree != tree)
            {
                last.SettingsId = id;
                last.Tree = tree;
                last.Known = 0;
                last.On = 0;
            }

            if ((last.Known & bit) == 0)
            {
                // Known only once the lookup returned: a cancelled lookup must not leave the rule off for the file.
                if (Lookup(tree, rule, cancellationToken))
                {
                    last.On |= bit;
                }

                last.Known |= bit;
            }

            return (last.On & bit) != 0;
        }

        private bool Lookup(SyntaxTree tree, int rule, CancellationToken cancellationToken)
        {
            var provider = compilation.Options.SyntaxTreeOptionsProvider!;
            for (var j = 0; j < rules[rule].Length; j++)
            {
                var descriptorOn = onInCompilationOptions[rule][j]
                    || (provider.TryGetDiagnosticValue(tree, rules[rule][j].Id, cancellationToken, out var fromFile)
                        ? fromFile != ReportDiagnostic.Suppress
                        : onByDefault[rule][j]);
                if (descriptorOn)
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

        /// <summary>A thread's last file: which rules' settings are known there and which of those are on.</summary>
        private sealed class Entry
        {
            public int SettingsId { get; set; }

            public SyntaxTree? Tree { get; set; }

            public uint Known { get; set; }

            public uint On { get; set; }
        }
    }
}
