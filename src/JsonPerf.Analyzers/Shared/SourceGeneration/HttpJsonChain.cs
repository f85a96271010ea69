using System.Runtime.CompilerServices;

namespace JsonPerf.Analyzers;

/// <summary>
/// The resolvers minimal APIs serialize with, where the compilation proves them: every <c>ConfigureHttpJsonOptions</c>
/// call of the project only adds contexts and sets other options, and nothing else touches ASP.NET Core's
/// <c>JsonOptions</c>. <see cref="Find"/> is null otherwise, and JP0008 then reports nothing.
/// </summary>
internal sealed class HttpJsonChain
{
    private const string ConfigureMethod = "ConfigureHttpJsonOptions";
    private const string OptionsTypeName = "JsonOptions";

    private static readonly ConditionalWeakTable<Compilation, StrongBox<HttpJsonChain?>> s_cache = new();

    private readonly HashSet<ITypeSymbol> _covered;

    private HttpJsonChain(ImmutableArray<INamedTypeSymbol> contexts, HashSet<ITypeSymbol> covered, bool onlyResolvers)
    {
        Contexts = contexts;
        _covered = covered;
        OnlyResolvers = onlyResolvers;
    }

    /// <summary>The contexts' metadata names, ';'-separated (what JP0008 hands its fix: <see cref="FromContextNames"/>).</summary>
    public string ContextNames => string.Join(";", Contexts.Select(SymbolsAfterEdit.MetadataName));

    /// <summary>The app's options are ASP.NET Core's defaults with these resolvers first, and nothing sets them out of sight.</summary>
    public bool OnlyResolvers { get; }

    /// <summary>The contexts in the chain, in the order the code adds them (the first is where the fix registers types).</summary>
    public ImmutableArray<INamedTypeSymbol> Contexts { get; }

    /// <summary>True when a context of the chain registers <paramref name="type"/> or a type that reaches it.</summary>
    public bool Covers(ITypeSymbol type) => _covered.Contains(type);

    public IEnumerable<ITypeSymbol> CoveredTypes => _covered;

    /// <summary>The compilation's chain, computed on first use and cached while the compilation lives; null when not provable.</summary>
    public static HttpJsonChain? Find(Compilation compilation, JsonSymbols symbols, MinimalApiSymbols api, CancellationToken cancellationToken)
        => s_cache.GetValue(compilation, c => new StrongBox<HttpJsonChain?>(Compute(c, symbols, api, cancellationToken))).Value;

    private static HttpJsonChain? Compute(Compilation compilation, JsonSymbols symbols, MinimalApiSymbols api, CancellationToken cancellationToken)
    {
        var contexts = new List<INamedTypeSymbol>();
        var configured = false;
        var onlyResolvers = true;

        foreach (var tree in compilation.SyntaxTrees)
        {
            var sourceText = tree.GetText(cancellationToken);
            var text = sourceText.ToString();
            if (text.IndexOf(OptionsTypeName, StringComparison.Ordinal) < 0)
            {
                continue;
            }

            // Configuration this reading does not see: generated code that configures the options (not the request
            // delegate generator's, which reads them), or an #if region that mentions them (not compiled here).
            if (IsGenerated(tree, text))
            {
                onlyResolvers &= text.IndexOf(ConfigureMethod, StringComparison.Ordinal) < 0 && text.IndexOf("Configure<", StringComparison.Ordinal) < 0 && text.IndexOf("ConfigureOptions<", StringComparison.Ordinal) < 0;
                continue;
            }

            onlyResolvers &= !ConditionalCompilation.RegionMentions(tree.GetRoot(cancellationToken), sourceText, OptionsTypeName)
                             && !ConditionalCompilation.RegionMentions(tree.GetRoot(cancellationToken), sourceText, "SerializerOptions");

            var model = compilation.GetSemanticModel(tree);
            var configureCalls = new List<InvocationExpressionSyntax>();
            foreach (var name in tree.GetRoot(cancellationToken).DescendantNodes().OfType<SimpleNameSyntax>())
            {
                var identifier = name.Identifier.ValueText;
                if (identifier != ConfigureMethod && identifier != OptionsTypeName || configureCalls.Any(call => call.Span.Contains(name.Span)))
                {
                    continue;
                }

                var info = model.GetSymbolInfo(name, cancellationToken);
                var symbol = info.Symbol ?? (info.CandidateSymbols.IsEmpty ? null : info.CandidateSymbols[0]);
                if (symbol is IMethodSymbol method && SymbolEqualityComparer.Default.Equals(method.ContainingType, api.HttpJsonServiceExtensions))
                {
                    if (name.Parent?.FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } call
                        || model.GetOperation(call, cancellationToken) is not IInvocationOperation invocation
                        || !SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ReducedFrom ?? invocation.TargetMethod, method.ReducedFrom ?? method)
                        || !TryReadConfiguration(invocation, symbols, contexts, ref onlyResolvers))
                    {
                        return null;
                    }

                    configureCalls.Add(call);
                    configured = true;
                }
                else if (symbol is not null && SymbolEqualityComparer.Default.Equals(symbol is ITypeSymbol type ? type.OriginalDefinition : symbol.ContainingType, api.HttpJsonOptions))
                {
                    // The options configured, read or replaced another way: the chain is not known.
                    return null;
                }
            }
        }

        if (!configured || contexts.Count == 0)
        {
            return null;
        }

        onlyResolvers &= !AnotherAssemblyMayConfigure(compilation);
        return Covering(contexts, compilation, symbols, onlyResolvers);
    }

    /// <summary>The chain of the contexts <see cref="ContextNames"/> named, in the compilation as earlier fixes left it.</summary>
    public static HttpJsonChain? FromContextNames(Compilation compilation, JsonSymbols symbols, string? names)
    {
        var contexts = new List<INamedTypeSymbol>();
        foreach (var name in names?.Split(';') ?? Array.Empty<string>())
        {
            if (SymbolsAfterEdit.FindType(compilation, name) is not { } context)
            {
                return null;
            }

            contexts.Add(context);
        }

        return contexts.Count == 0 ? null : Covering(contexts, compilation, symbols, onlyResolvers: false);
    }

    private static HttpJsonChain? Covering(List<INamedTypeSymbol> contexts, Compilation compilation, JsonSymbols symbols, bool onlyResolvers)
    {
        var covered = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var context in contexts)
        {
            foreach (var attribute in context.GetAttributes())
            {
                if (!SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, symbols.JsonSerializableAttribute)
                    || attribute.ConstructorArguments.Length != 1
                    || attribute.ConstructorArguments[0].Value is not ITypeSymbol root)
                {
                    continue;
                }

                // A registered type whose graph the walk cannot follow to its end: what it covers is not known.
                if (!GeneratedMetadataSafety.IsSafe(root, compilation, symbols, out var reachable))
                {
                    return null;
                }

                covered.UnionWith(reachable);
            }
        }

        return new HttpJsonChain(contexts.Distinct<INamedTypeSymbol>(SymbolEqualityComparer.Default).ToImmutableArray(), covered, onlyResolvers);
    }

    /// <summary>A referenced assembly using ASP.NET Core's HTTP extensions may configure the options (a package's <c>AddXyz()</c>).</summary>
    private static bool AnotherAssemblyMayConfigure(Compilation compilation)
    {
        foreach (var assembly in compilation.SourceModule.ReferencedAssemblySymbols)
        {
            var name = assembly.Identity.Name;
            if (name.StartsWith("System.", StringComparison.Ordinal) || name.StartsWith("Microsoft.AspNetCore.", StringComparison.Ordinal)
                || name.StartsWith("Microsoft.Extensions.", StringComparison.Ordinal) || name.StartsWith("Microsoft.NETCore.", StringComparison.Ordinal)
                || name is "System" or "mscorlib" or "netstandard")
            {
                continue;
            }

            foreach (var module in assembly.Modules)
            {
                if (module.ReferencedAssemblies.Any(r => r.Name == "Microsoft.AspNetCore.Http.Extensions"))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static bool IsGenerated(SyntaxTree tree, string text)
        => tree.FilePath.EndsWith(".g.cs", StringComparison.OrdinalIgnoreCase)
           || tree.FilePath.EndsWith(".generated.cs", StringComparison.OrdinalIgnoreCase)
           || text.IndexOf("<auto-generated", 0, Math.Min(text.Length, 500), StringComparison.OrdinalIgnoreCase) >= 0;

    /// <summary>Reads <c>ConfigureHttpJsonOptions(o =&gt; { ... })</c> that only adds contexts, sets the resolver or sets other options.</summary>
    private static bool TryReadConfiguration(IInvocationOperation invocation, JsonSymbols symbols, List<INamedTypeSymbol> contexts, ref bool onlyResolvers)
    {
        var argument = invocation.Arguments.FirstOrDefault(a => a.Parameter?.Type.TypeKind == TypeKind.Delegate);
        if (argument?.Value.WalkDownConversions() is not IDelegateCreationOperation { Target: IAnonymousFunctionOperation lambda }
            || lambda.Symbol.Parameters.Length != 1)
        {
            return false;
        }

        var parameter = lambda.Symbol.Parameters[0];
        foreach (var statement in lambda.Body.Operations)
        {
            if (statement is IReturnOperation { ReturnedValue: null, IsImplicit: true })
            {
                continue;
            }

            switch ((statement as IExpressionStatementOperation)?.Operation)
            {
                // o.SerializerOptions.TypeInfoResolverChain.Insert(0, X.Default) / .Add(X.Default)
                case IInvocationOperation { TargetMethod.Name: "Insert" or "Add", Instance: IPropertyReferenceOperation { Property.Name: "TypeInfoResolverChain" } chain } add
                    when IsSerializerOptionsOf(chain.Instance, parameter, symbols)
                         && add.Arguments.Length > 0
                         && ContextDefault(add.Arguments[add.Arguments.Length - 1].Value, symbols) is { } added:
                    contexts.Add(added);
                    // Added after ASP.NET Core's own resolver (reflection, where the app allows it): that one answers first.
                    onlyResolvers &= add.TargetMethod.Name == "Insert" && add.Arguments[0].Value.ConstantValue is { HasValue: true, Value: 0 };
                    break;

                // o.SerializerOptions.Converters.Add(...): converters still need metadata for the types they write.
                case IInvocationOperation { TargetMethod.Name: "Add", Instance: IPropertyReferenceOperation { Property.Name: "Converters" } converters }
                    when IsSerializerOptionsOf(converters.Instance, parameter, symbols):
                    onlyResolvers = false;
                    break;

                case ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment
                    when IsSerializerOptionsOf(target.Instance, parameter, symbols):
                    switch (target.Property.Name)
                    {
                        case "TypeInfoResolverChain":
                            return false;
                        case "TypeInfoResolver":
                            if (ContextDefault(assignment.Value, symbols) is not { } resolver)
                            {
                                return false;
                            }

                            contexts.Add(resolver);
                            break;
                        default:
                            onlyResolvers = false;
                            break;
                    }

                    break;

                default:
                    return false;
            }
        }

        return true;
    }

    /// <summary><c>o.SerializerOptions</c> on the lambda's parameter.</summary>
    private static bool IsSerializerOptionsOf(IOperation? instance, IParameterSymbol parameter, JsonSymbols symbols)
        => instance is IPropertyReferenceOperation { Property.Name: "SerializerOptions", Instance: IParameterReferenceOperation reference } property
           && symbols.IsJsonSerializerOptions(property.Type)
           && SymbolEqualityComparer.Default.Equals(reference.Parameter, parameter);

    /// <summary><c>X.Default</c>, the static instance of a source-generated context <c>X</c>.</summary>
    private static INamedTypeSymbol? ContextDefault(IOperation value, JsonSymbols symbols)
        => value.WalkDownConversions() is IPropertyReferenceOperation { Property: { Name: "Default", IsStatic: true } property }
           && symbols.IsDerivedFromJsonSerializerContext(property.ContainingType)
           && SymbolEqualityComparer.Default.Equals(property.Type, property.ContainingType)
            ? property.ContainingType
            : null;
}
