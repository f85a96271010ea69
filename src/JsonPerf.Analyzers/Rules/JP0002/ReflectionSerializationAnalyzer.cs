using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// JP0002: a <c>JsonSerializer</c> call, or a web helper with a metadata overload, that takes neither a <c>JsonTypeInfo</c>
/// nor a context, for a type known at compile time that generated metadata can serve (<see cref="GeneratedMetadataSafety"/>).
/// Options from where a resolver could have been set (a parameter, another method, copied options, a member whose
/// initializer cannot be read or mentions a resolver) are not judged: they may already use generated metadata.
/// </summary>
[DiagnosticAnalyzer(Microsoft.CodeAnalysis.LanguageNames.CSharp)]
public sealed partial class ReflectionSerializationAnalyzer : JsonAnalyzer
{
    // Asked on every serializer call: a HashSet's lookup is a fraction of an ImmutableHashSet's.
    private static readonly HashSet<string> Methods = new(StringComparer.Ordinal)
    {
        "Serialize", "SerializeAsync", "SerializeToUtf8Bytes", "SerializeToElement", "SerializeToNode", "SerializeToDocument",
        "Deserialize", "DeserializeAsync", "DeserializeAsyncEnumerable",
    };

    private static readonly HashSet<string> WebMethods = new(StringComparer.Ordinal)
    {
        "GetFromJsonAsync", "DeleteFromJsonAsync", "GetFromJsonAsAsyncEnumerable", "PostAsJsonAsync", "PutAsJsonAsync", "PatchAsJsonAsync",
        "ReadFromJsonAsync", "ReadFromJsonAsAsyncEnumerable", "WriteAsJsonAsync",
    };

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.ReflectionSerialization);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonSerializer is null || symbols.JsonSerializerContext is null || symbols.JsonTypeInfo is null)
        {
            return;
        }

        var state = new CompilationState(context.Compilation, symbols, context.Options.AnalyzerConfigOptionsProvider.GlobalOptions);
        context.RegisterOperationAction(
            c => AnalyzeInvocation(c, symbols, state),
            OperationFilter.CallsDeclaredIn(
                symbols.JsonSerializer, symbols.HttpClientJsonExtensions, symbols.HttpContentJsonExtensions, symbols.JsonContent, symbols.AspNetResults,
                symbols.AspNetTypedResults, symbols.HttpRequestJsonExtensions, symbols.HttpResponseJsonExtensions, symbols.AspNetJsonResult, symbols.AspNetController));
    }

    // What JP0002 reads once per compilation and reuses (calls on the same options, types and helpers are many): each
    // answer is cached per symbol, scope or file, and the delegates are made once, not per call.
    private sealed class CompilationState
    {
        private readonly ConcurrentDictionary<ISymbol, bool> setsNoResolver = new(SymbolEqualityComparer.Default);
        private readonly ConcurrentDictionary<SyntaxNode, bool> mentionsResolver = new();
        private readonly ConcurrentDictionary<ITypeSymbol, string?> describable = new(SymbolEqualityComparer.Default);
        private readonly ConcurrentDictionary<IMethodSymbol, HelperKind> helpers = new(SymbolEqualityComparer.Default);
        private readonly ConcurrentDictionary<IMethodSymbol, string> callNames = new(SymbolEqualityComparer.Default);
        private readonly ConcurrentDictionary<SyntaxTree, NameUses.FileText> files = new();
        private readonly ConcurrentDictionary<ISymbol, bool> onlyPassed = new(SymbolEqualityComparer.Default);
        private readonly Func<ISymbol, bool> onlyPassedToSerializerCalls;
        private readonly Func<ISymbol, bool> localSetsNoResolver;
        private readonly Func<ISymbol, bool> memberSetsNoResolver;
        private readonly Func<ITypeSymbol, string?> describe;
        private readonly Func<IMethodSymbol, HelperKind> classify;
        private readonly Lazy<bool> hasConditionalContext;
        private readonly Lazy<MinimalApiSymbols?> minimalApi;

        public CompilationState(Compilation compilation, JsonSymbols symbols, AnalyzerConfigOptions globalOptions)
        {
            ReflectionFree = ReflectionFreeProject.Is(globalOptions);
            hasConditionalContext = new Lazy<bool>(() => HasConditionalContext(compilation));
            minimalApi = new Lazy<MinimalApiSymbols?>(() => MinimalApiSymbols.For(compilation));
            localSetsNoResolver = local => ReflectionSerializationAnalyzer.LocalSetsNoResolver(local, this);
            memberSetsNoResolver = member => ReflectionSerializationAnalyzer.MemberSetsNoResolver(member, this);
            onlyPassedToSerializerCalls = member => ReflectionSerializationAnalyzer.OnlyPassedToSerializerCalls(member, this);
            describe = type => GeneratedMetadataSafety.IsSafe(type, compilation, symbols) ? type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat) : null;
            classify = method => ClassifyHelper(method, symbols);
        }

        /// <summary>Whether an <c>#if</c> region mentions <c>JsonSerializerContext</c>: a context some targets compile and others do not.</summary>
        public bool HasConditionalContext => hasConditionalContext.Value;
        public bool ReflectionFree { get; }
        public MinimalApiSymbols? MinimalApi => minimalApi.Value;
        public bool LocalSetsNoResolver(ILocalSymbol local) => setsNoResolver.GetOrAdd(local, localSetsNoResolver);
        public bool MemberSetsNoResolver(ISymbol member) => setsNoResolver.GetOrAdd(member, memberSetsNoResolver);
        public bool OnlyPassedToSerializerCalls(ISymbol member) => onlyPassed.GetOrAdd(member, onlyPassedToSerializerCalls);

        public string? Describe(ITypeSymbol type) => describable.GetOrAdd(type, describe);
        public NameUses.FileText File(SyntaxNode node) => files.GetOrAdd(node.SyntaxTree, s_readFile);
        public HelperKind Helper(IMethodSymbol method) => helpers.GetOrAdd(method.OriginalDefinition, classify);
        public string CallName(IMethodSymbol method) => callNames.GetOrAdd(method.OriginalDefinition, s_callName);

        public bool LeavesResolverAlone(SyntaxNode scope, string name)
        {
            var file = File(scope);
            if (!mentionsResolver.TryGetValue(scope, out var mentions))
            {
                mentions = mentionsResolver.GetOrAdd(scope, NameUses.MentionsResolver(scope, file));
            }

            return !mentions && !NameUses.Any(scope, name, prefix: false, NameUses.MayChangeResolver, file);
        }
    }

    // Whose web helper a method is says what it serializes with without options: System.Net.Http.Json the Web defaults,
    // ASP.NET Core the app's options. One not marked [RequiresUnreferencedCode] (HttpRequest.ReadFromJsonAsync<T>() in
    // .NET 10) reads through the configured resolver chain, not seen here: only its calls that pass options are judged.
    private enum HelperKind
    {
        None,
        HttpJson,
        AspNet,
        AspNetConfigured,
    }

    private static HelperKind ClassifyHelper(IMethodSymbol method, JsonSymbols symbols)
        => !SerializerEntryPoints.HasMetadataOverload(method, symbols) ? HelperKind.None
            : symbols.IsHttpJsonType(method.ContainingType) ? HelperKind.HttpJson
            : !symbols.IsAspNetJsonType(method.ContainingType) ? HelperKind.None
            : symbols.RequiresUnreferencedCodeAttribute is { } requires && method.HasAttribute(requires) ? HelperKind.AspNet
            : HelperKind.AspNetConfigured;

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, CompilationState state)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        var containing = method.ContainingType;
        var helper = HelperKind.None;
        if (!(SymbolEqualityComparer.Default.Equals(containing, symbols.JsonSerializer) && Methods.Contains(method.Name))
            && (!symbols.IsEntryPointType(containing) || (helper = state.Helper(method)) == HelperKind.None))
        {
            return;
        }

        if (!SerializerEntryPoints.TryGetSerializedType(invocation, symbols, out var type, out var options)
            || state.Describe(type) is not { } typeName
            || symbols.IsInsideExpressionTree(invocation))
        {
            return;
        }

        var isDom = symbols.IsDom(type);
        var fixability = isDom
            ? DomFixability(invocation, helper, type, options, symbols, state, context.CancellationToken)
            : Fixability(invocation, helper, type, options, symbols, state, context.CancellationToken);
        if (fixability is not var (properties, note))
        {
            return;
        }

        // A DOM type's own API where one fits (what the fix writes, or a reader's or a copy's), else a context's metadata.
        var advice = !isDom || properties.ContainsKey(ReflectionSerializationFix.RegisteredOnly) ? Rules.ReflectionUseContext(typeName)
            : DomAdvice(invocation, helper, type, options, symbols) ?? Rules.ReflectionDomOwnApi(typeName);
        var location = invocation.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } ? access.Name.GetLocation() : invocation.Syntax.GetLocation();
        context.Report(Diagnostic.Create(
            Rules.ReflectionSerialization, location, additionalLocations: null, properties,
            CalledAsStatic(invocation, context.CancellationToken) ? StaticCallName(method) : state.CallName(method), typeName, advice, note));
    }

    /// <summary>An extension method called as a static one (<c>JsonSerializer.Deserialize&lt;T&gt;(element)</c>), named as called.</summary>
    private static bool CalledAsStatic(IInvocationOperation invocation, CancellationToken cancellationToken)
        => invocation.TargetMethod.IsExtensionMethod
           && invocation.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: var receiver } }
           && invocation.SemanticModel?.GetSymbolInfo(receiver, cancellationToken).Symbol is INamedTypeSymbol;

    /// <summary><c>JsonSerializer.Deserialize&lt;T&gt;(JsonElement, ...)</c>: the overload by its first parameter's type.</summary>
    private static string StaticCallName(IMethodSymbol method)
        => method.ContainingType.Name + "." + method.Name + (method.IsGenericMethod ? "<T>" : "") + "(" + method.Parameters[0].Type.Name + ", ...)";

    private static bool HasConditionalContext(Compilation compilation)
        => compilation.SyntaxTrees.Any(tree => tree.GetRoot() is { ContainsDirectives: true } root && ConditionalCompilation.RegionMentions(root, tree.GetText(), "JsonSerializerContext"));

    private static readonly Func<IMethodSymbol, string> s_callName = CallName;
    private static readonly Func<SyntaxTree, NameUses.FileText> s_readFile = NameUses.Read;

    private static string CallName(IMethodSymbol method)
        => (method.IsExtensionMethod && method.Parameters.Length > 0 ? method.Parameters[0].Type.Name : method.ContainingType.Name) + "." + method.Name;

    /// <summary>Options none, <c>null</c> or <c>JsonSerializerOptions.Default</c>; built in source with no resolver; or not judged.</summary>
    private enum OptionsKind
    {
        Default,
        Reflection,
        Unknown,
    }

    private static OptionsKind ClassifyOptions(IOperation? value, JsonSymbols symbols, CompilationState state)
    {
        if (SerializerEntryPoints.IsDefaultOptions(value, symbols))
        {
            return OptionsKind.Default;
        }

        var setsNoResolver = value?.WalkDownConversions() switch
        {
            IPropertyReferenceOperation { Property: { IsStatic: true, Name: "Web" } property } when symbols.IsJsonSerializerOptions(property.ContainingType) => true,
            IObjectCreationOperation creation => CreationSetsNoResolver(creation, symbols, state),
            ILocalReferenceOperation local => state.LocalSetsNoResolver(local.Local),
            IFieldReferenceOperation field => state.MemberSetsNoResolver(field.Field),
            IPropertyReferenceOperation property => state.MemberSetsNoResolver(property.Property),
            _ => false,
        };
        return setsNoResolver ? OptionsKind.Reflection : OptionsKind.Unknown;
    }

    private static bool CreationSetsNoResolver(IObjectCreationOperation creation, JsonSymbols symbols, CompilationState state)
        => !creation.Arguments.Any(argument => symbols.IsJsonSerializerOptions(argument.Parameter?.Type))
           && (creation.Initializer is null || !NameUses.MentionsResolver(creation.Initializer.Syntax, state.File(creation.Syntax)));

    /// <summary>A local of plain options in a body that leaves their resolver alone; read from syntax only, to be cached per local.</summary>
    private static bool LocalSetsNoResolver(ISymbol local, CompilationState state)
    {
        if (local.DeclaringSyntaxReferences.Length != 1
            || local.DeclaringSyntaxReferences[0].GetSyntax() is not VariableDeclaratorSyntax { Initializer.Value: { } initializer } declarator
            || !IsPlainOptionsCreation(initializer))
        {
            return false;
        }

        var body = declarator.FirstAncestorOrSelf<BlockSyntax>() ?? (SyntaxNode?)declarator.FirstAncestorOrSelf<CompilationUnitSyntax>();
        return body is not null && state.LeavesResolverAlone(body, local.Name);
    }

    // A readonly field or get-only property (an init accessor can be set from any object initializer) of plain options, in a
    // type that never mentions a resolver nor assigns, calls on or passes on the member. Syntax only: cached per member.
    private static bool MemberSetsNoResolver(ISymbol member, CompilationState state)
        => member is IFieldSymbol { IsReadOnly: true } or IPropertySymbol { SetMethod: null }
           && member.DeclaringSyntaxReferences.Length == 1
           && IsPlainOptionsCreation(OptionsSyntax.Initializer(member.DeclaringSyntaxReferences[0].GetSyntax()))
           && member.ContainingType.DeclaringSyntaxReferences.All(part => state.LeavesResolverAlone(part.GetSyntax(), member.Name));

    /// <summary>Whether a private member is passed only to serializer calls, as the fix needs; other members' uses are left to the fix.</summary>
    private static bool OnlyPassedToSerializerCalls(ISymbol member, CompilationState state)
        => member.DeclaredAccessibility != Accessibility.Private || member.ContainingType is null
           || !member.ContainingType.DeclaringSyntaxReferences.Select(part => part.GetSyntax())
               .Any(scope => NameUses.Any(scope, member.Name, prefix: false, NameUses.IsNotSerializerArgument, state.File(scope)));

    /// <summary>A call that only reads its options, by name: a serializer method or web helper (<c>Create</c>, <c>Json</c> on their types only).</summary>
    private static bool IsSerializerCall(ExpressionSyntax callee)
        => OptionsSyntax.RightmostName(callee) is { } method
           && (Methods.Contains(method) || WebMethods.Contains(method)
               || method is "Create" or "Json" && callee is MemberAccessExpressionSyntax { Expression: var type } && OptionsSyntax.RightmostName(type) is "JsonContent" or "Results" or "TypedResults");

    /// <summary><c>new JsonSerializerOptions()</c> or <c>(JsonSerializerDefaults.X)</c>: other arguments may be options to copy, resolver and all.</summary>
    private static bool IsPlainOptionsCreation(ExpressionSyntax? expression)
        => OptionsSyntax.AsOptionsCreation(expression) is { } creation
           && (creation.ArgumentList is not { Arguments.Count: > 0 } arguments
               || arguments.Arguments.Count == 1 && arguments.Arguments[0].Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "General" or "Web" } defaults
                  && OptionsSyntax.RightmostName(defaults.Expression) == "JsonSerializerDefaults");
}
