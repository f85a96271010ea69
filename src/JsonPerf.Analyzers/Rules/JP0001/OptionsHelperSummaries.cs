using System.Collections.Concurrent;
using Forwarding = System.Collections.Generic.Dictionary<int, (System.Collections.Immutable.ImmutableArray<(Microsoft.CodeAnalysis.IMethodSymbol, int)> Helpers, bool Binds)>;

namespace JsonPerf.Analyzers;

/// <summary>
/// JP0001 through the project's own helpers. A <em>factory</em> is a method whose every return is a fresh
/// <c>new JsonSerializerOptions(...)</c> (or <c>p ?? new ...</c>); a <em>wrapper</em> only passes an options parameter on
/// to serializer entry points or to another wrapper (up to <see cref="MaxWrapperDepth"/> deep). Each helper is summarized
/// from its own body, once per compilation, when a call site first reaches it. A summary names the methods the helper
/// forwards to without following them, so it does not depend on the order call sites come in; the depth applies where
/// summaries are chained, at the call site.
/// </summary>
internal sealed partial class OptionsHelperSummaries
{
    /// <summary>How many helpers deep a creation is followed: the first wrapper, and the wrappers it forwards to.</summary>
    public const int MaxWrapperDepth = 3;

    private readonly Compilation _compilation;
    private readonly JsonSymbols _symbols;

    /// <summary>
    /// Per wrapper: for each options parameter only passed on, the helpers (method, parameter ordinal) it is also passed
    /// to, and whether the wrapper itself builds a JsonSerializerContext on it; other parameters are absent.
    /// </summary>
    private readonly ConcurrentDictionary<IMethodSymbol, Forwarding> _wrappers = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<IMethodSymbol, ImmutableHashSet<int>> _passThrough = new(SymbolEqualityComparer.Default);

    private OptionsHelperSummaries(Compilation compilation, JsonSymbols symbols)
    {
        _compilation = compilation;
        _symbols = symbols;
    }

    public static OptionsHelperSummaries For(JsonSymbols symbols) => symbols.RuleState(static (compilation, s) => new OptionsHelperSummaries(compilation, s));

    /// <summary>
    /// What the serializer does with the options <paramref name="argument"/> hands it: only reads them (an entry point, or
    /// a wrapper that passes them on to entry points), binds them (a JsonSerializerContext's constructor, directly or
    /// through wrappers), or nothing known (<see cref="OptionsUse.Other"/>: not a serializer sink).
    /// </summary>
    public OptionsUse Sink(IArgumentOperation argument, CancellationToken cancellationToken)
    {
        if (SerializerEntryPoints.IsOptionsArgument(argument, _symbols))
        {
            return ContextBinding.IsContextConstructorArgument(argument, _symbols) ? OptionsUse.Binds : OptionsUse.Reads;
        }

        // GetOptions(options) where GetOptions is `o => o ?? new ...`: the options come out again, and go where its result goes.
        if (PassedThroughHelper(argument, cancellationToken) is { } factoryCall)
        {
            return factoryCall.WalkUpValuePassThrough().Parent is IArgumentOperation outer ? Sink(outer, cancellationToken) : OptionsUse.Other;
        }

        return argument is { Parameter: { RefKind: RefKind.None, IsParams: false } parameter, Parent: IInvocationOperation invocation }
               && argument.ArgumentKind != ArgumentKind.ParamArray
               && _symbols.IsJsonSerializerOptions(parameter.Type)
            ? Forwards(invocation.TargetMethod, parameter.Ordinal, MaxWrapperDepth, cancellationToken)
            : OptionsUse.Other;
    }

    /// <summary>
    /// The call, when <paramref name="argument"/> is a parameter of a coalescing helper that only returns it when not null
    /// (<c>GetOptions(JsonSerializerOptions o) =&gt; o ?? new JsonSerializerOptions { ... }</c>): the options the caller
    /// passes come out of the call unchanged. Null otherwise.
    /// </summary>
    private IInvocationOperation? PassedThroughHelper(IArgumentOperation argument, CancellationToken cancellationToken)
        => argument is { Parameter: { RefKind: RefKind.None } parameter, Parent: IInvocationOperation invocation }
           && _symbols.IsJsonSerializerOptions(parameter.Type)
           && _symbols.IsJsonSerializerOptions(invocation.TargetMethod.ReturnType)
           && Followable(invocation.TargetMethod) is { } method
           && (_passThrough.TryGetValue(method, out var passThrough) ? passThrough : _passThrough.GetOrAdd(method, SummarizePassThrough(method, cancellationToken))).Contains(parameter.Ordinal)
            ? invocation
            : null;

    /// <summary>
    /// The options parameters used only as the left of a returned <c>??</c> (<c>o ?? new ...</c>, <c>o ?? s_cached</c>):
    /// options passed for them come out of the call unchanged, or are not used at all.
    /// </summary>
    private ImmutableHashSet<int> SummarizePassThrough(IMethodSymbol method, CancellationToken cancellationToken)
    {
        if (Body(method, mustCreate: false, cancellationToken) is not { } body)
        {
            return ImmutableHashSet<int>.Empty;
        }

        return body.Descendants().OfType<IParameterReferenceOperation>()
            .Where(r => _symbols.IsJsonSerializerOptions(r.Parameter.Type))
            .GroupBy(r => r.Parameter.Ordinal)
            .Where(uses => uses.All(r => r.WalkUpConversions() is var value
                                         && value.Parent is ICoalesceOperation coalesce && coalesce.Value == value
                                         && coalesce.WalkUpConversions().Parent is IReturnOperation returned && returned.EnclosingFunction() is null))
            .Select(uses => uses.Key)
            .ToImmutableHashSet();
    }

    /// <summary>None when the parameter is not only passed on to the serializer; Binds when a context is built on it, here or deeper.</summary>
    private OptionsUse Forwards(IMethodSymbol target, int ordinal, int depth, CancellationToken cancellationToken)
    {
        // Looked up before anything is allocated (a lambda capturing the token was a closure per call).
        if (depth <= 0
            || Followable(target) is not { } method
            || !(_wrappers.TryGetValue(method, out var known) ? known : _wrappers.GetOrAdd(method, SummarizeWrapper(method, cancellationToken))).TryGetValue(ordinal, out var forwarded))
        {
            return OptionsUse.Other;
        }

        var result = forwarded.Binds ? OptionsUse.Binds : OptionsUse.Reads;
        foreach (var (helper, helperOrdinal) in forwarded.Helpers)
        {
            switch (Forwards(helper, helperOrdinal, depth - 1, cancellationToken))
            {
                case OptionsUse.Other:
                    return OptionsUse.Other;
                case OptionsUse.Binds:
                    result = OptionsUse.Binds;
                    break;
            }
        }

        return result;
    }

    /// <summary>The method's definition when its body is what runs for every call to it; null otherwise.</summary>
    private IMethodSymbol? Followable(IMethodSymbol method)
    {
        method = method.OriginalDefinition;
        return method is { MethodKind: MethodKind.Ordinary, IsVirtual: false, IsAbstract: false, IsOverride: false, IsExtern: false, ReturnsByRef: false, ReturnsByRefReadonly: false, PartialDefinitionPart: null, PartialImplementationPart: null }
               && method.ContainingType is { TypeKind: not TypeKind.Interface }
               && method.DeclaringSyntaxReferences.Length == 1
               && SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, _compilation.Assembly)
            ? method
            : null;
    }

    /// <summary>
    /// The operation tree of the method's body, read from its one declaration; with <paramref name="mustCreate"/>, null
    /// without binding anything when the body has no <c>new</c> (it creates nothing).
    /// </summary>
    private IMethodBodyOperation? Body(IMethodSymbol method, bool mustCreate, CancellationToken cancellationToken)
    {
        var reference = method.DeclaringSyntaxReferences[0];
        if (reference.GetSyntax(cancellationToken) is not MethodDeclarationSyntax declaration
            || (declaration.Body ?? (SyntaxNode?)declaration.ExpressionBody) is not { } code
            || !_compilation.ContainsSyntaxTree(reference.SyntaxTree)
            || (mustCreate && !code.DescendantTokens().Any(static t => t.IsKind(SyntaxKind.NewKeyword))))
        {
            return null;
        }

        // The helper may sit in another file than the call site. While analyzers run, the compiler hands out its
        // cached model for the tree; the body is read once per compilation (the summary is cached).
#pragma warning disable RS1030 // Do not invoke Compilation.GetSemanticModel() method within a diagnostic analyzer
        var model = _compilation.GetSemanticModel(reference.SyntaxTree);
#pragma warning restore RS1030
        return model.GetOperation(declaration, cancellationToken) as IMethodBodyOperation;
    }

    /// <summary>The options parameters only passed on: never stored, changed, captured, returned or read otherwise.</summary>
    private Forwarding SummarizeWrapper(IMethodSymbol method, CancellationToken cancellationToken)
    {
        var forwarding = new Forwarding();
        if (Body(method, mustCreate: false, cancellationToken) is not { } body)
        {
            return forwarding;
        }

        foreach (var parameter in method.Parameters)
        {
            if (parameter is { RefKind: RefKind.None, IsParams: false }
                && _symbols.IsJsonSerializerOptions(parameter.Type)
                && ForwardedTo(body, parameter, out var binds, cancellationToken) is { } helpers)
            {
                forwarding[parameter.Ordinal] = (helpers, binds);
            }
        }

        return forwarding;
    }

    private ImmutableArray<(IMethodSymbol, int)>? ForwardedTo(IMethodBodyOperation body, IParameterSymbol parameter, out bool binds, CancellationToken cancellationToken)
    {
        binds = false;
        var helpers = ImmutableArray.CreateBuilder<(IMethodSymbol, int)>();
        var uses = 0;
        foreach (var reference in body.Descendants().OfType<IParameterReferenceOperation>().Where(r => SymbolEqualityComparer.Default.Equals(r.Parameter, parameter)))
        {
            var use = reference.WalkUpValuePassThrough();
            while (use.Parent is IArgumentOperation through && PassedThroughHelper(through, cancellationToken) is { } factoryCall)
            {
                use = factoryCall.WalkUpValuePassThrough();
            }

            // Captured by a lambda or local function, it may outlive the call.
            if (reference.EnclosingFunction() is not null || use.Parent is not IArgumentOperation argument)
            {
                return null;
            }

            uses++;
            if (SerializerEntryPoints.IsOptionsArgument(argument, _symbols))
            {
                binds |= ContextBinding.IsContextConstructorArgument(argument, _symbols);
                continue;
            }

            if (argument is not { ArgumentKind: not ArgumentKind.ParamArray, Parameter: { RefKind: RefKind.None, IsParams: false } next, Parent: IInvocationOperation invocation }
                || !_symbols.IsJsonSerializerOptions(next.Type))
            {
                return null;
            }

            helpers.Add((invocation.TargetMethod, next.Ordinal));
        }

        return uses == 0 ? null : helpers.ToImmutable();
    }
}
