using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// The one judgement of "runs per call" (JP0001, JP0004, and through JP0001 the CA1869 suppressor). Code runs once in
/// initializers, static constructors, the entry point and <c>[ModuleInitializer]</c>s outside loops; in a <c>Lazy&lt;T&gt;</c>
/// factory or an immediately invoked lambda there; and in a private method whose every reference is a call or a Lazy
/// factory in such code. A stored delegate may be invoked per call.
/// </summary>
internal sealed class RunOnce
{
    /// <summary>How many private methods deep a run-once caller is followed (the method, its caller, their caller).</summary>
    private const int MaxDepth = 3;

    private readonly JsonSymbols _symbols;

    // Per private method: where it runs from (null when a reference is not a call or a Lazy factory).
    private readonly ConcurrentDictionary<IMethodSymbol, Runner[]?> _runners = new(SymbolEqualityComparer.Default);

    // Per private method, the judgement at full depth: a pure function of the method, so the same whichever call asks first.
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _onlyOnce = new(SymbolEqualityComparer.Default);

    public RunOnce(JsonSymbols symbols) => _symbols = symbols;

    /// <summary>True when <paramref name="operation"/> runs every time its code is called (see the class summary).</summary>
    public static bool RunsPerCall(IOperation operation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
        => RunsPerCall(operation, containingSymbol, symbols, MaxDepth, cancellationToken);

    /// <summary>
    /// False only where the operation runs once without following a private method to its callers: the cheap question a
    /// rule asks first; <see cref="RunsPerCall(IOperation, ISymbol, JsonSymbols, CancellationToken)"/> reads those callers.
    /// </summary>
    public static bool MayRunPerCall(IOperation operation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
        => RunsPerCall(operation, containingSymbol, symbols, depth: 0, cancellationToken);

    private static bool RunsPerCall(IOperation operation, ISymbol containingSymbol, JsonSymbols symbols, int depth, CancellationToken cancellationToken)
    {
        if (operation.EnclosingFunction() is { } function)
        {
            // A lambda runs as often as what runs it, when that is known; a local function or a stored delegate may run any number of times.
            return function is not IAnonymousFunctionOperation lambda
                || InLoop(operation, function)
                || RunnerOf(lambda, symbols) is not { } runner
                || RunsPerCall(runner, containingSymbol, symbols, depth, cancellationToken);
        }

        if (containingSymbol is not IMethodSymbol { MethodKind: not MethodKind.StaticConstructor } method)
        {
            return false;
        }

        if (symbols.RunsOncePerProcess(method, cancellationToken))
        {
            return InLoop(operation, stop: null);
        }

        return depth == 0 || !Followable(method) || InLoop(operation, stop: null) || !symbols.RunOnceMethods.OnlyRunsOnce(method, depth, cancellationToken);
    }

    /// <summary>The <c>new Lazy&lt;T&gt;(factory)</c> or the immediate invocation that runs a lambda, or null.</summary>
    private static IOperation? RunnerOf(IOperation function, JsonSymbols symbols)
    {
        var current = function;
        while (current.Parent is IDelegateCreationOperation or IConversionOperation or IParenthesizedOperation)
        {
            current = current.Parent;
        }

        return current.Parent switch
        {
            IArgumentOperation { Parameter.Name: "valueFactory", Parent: IObjectCreationOperation creation } when symbols.IsLazy(creation.Type) => creation,
            IInvocationOperation { TargetMethod.MethodKind: MethodKind.DelegateInvoke } invocation when invocation.Instance == current => invocation,
            _ => null,
        };
    }

    private static bool InLoop(IOperation operation, IOperation? stop)
    {
        for (var current = operation.Parent; current is not null && current != stop; current = current.Parent)
        {
            if (current is ILoopOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Private ordinary methods declared once: their references in their type are all the calls there are.</summary>
    private static bool Followable(IMethodSymbol method)
        => method is { MethodKind: MethodKind.Ordinary, DeclaredAccessibility: Accessibility.Private, IsAbstract: false, IsVirtual: false, IsOverride: false, IsExtern: false, IsImplicitlyDeclared: false, PartialDefinitionPart: null, PartialImplementationPart: null }
           && method.DeclaringSyntaxReferences.Length == 1;

    /// <summary>True when every reference to <paramref name="method"/> runs it once (and there is at least one).</summary>
    internal bool OnlyRunsOnce(IMethodSymbol method, int depth, CancellationToken cancellationToken)
    {
        method = method.OriginalDefinition;
        if (depth == MaxDepth && _onlyOnce.TryGetValue(method, out var known))
        {
            return known;
        }

        var runners = _runners.TryGetValue(method, out var found) ? found : _runners.GetOrAdd(method, Runners(method, cancellationToken));
        var result = runners is { Length: > 0 };
        foreach (var runner in runners ?? Array.Empty<Runner>())
        {
            if (RunsPerCall(runner.Operation, runner.Container, _symbols, depth - 1, cancellationToken))
            {
                result = false;
                break;
            }
        }

        if (depth == MaxDepth)
        {
            _onlyOnce.TryAdd(method, result);
        }

        return result;
    }

    /// <summary>The calls and <c>new Lazy&lt;T&gt;(method)</c>s that run the method; null when another reference (<c>nameof</c>, a stored group) exists.</summary>
    private Runner[]? Runners(IMethodSymbol method, CancellationToken cancellationToken)
    {
        var uses = _symbols.PrivateMemberReferences;
        if (uses.NamesOf(method, cancellationToken) is not { } candidates)
        {
            return null;
        }

        var runners = new List<Runner>();
        foreach (var name in candidates)
        {
            var model = uses.ModelOf(name);
            var info = model.GetSymbolInfo(name, cancellationToken);
            if (!SymbolEqualityComparer.Default.Equals(info.Symbol?.OriginalDefinition, method))
            {
                if (info.Symbol is null && info.CandidateSymbols.Any(c => SymbolEqualityComparer.Default.Equals(c.OriginalDefinition, method)))
                {
                    return null;
                }

                continue;
            }

            if (RunnerAt(model, name, cancellationToken) is not { } runner)
            {
                return null;
            }

            runners.Add(runner);
        }

        return runners.ToArray();
    }

    private Runner? RunnerAt(SemanticModel model, SimpleNameSyntax name, CancellationToken cancellationToken)
    {
        IOperation? runner = PrivateMemberReferences.UseAt(model, name, cancellationToken) switch
        {
            IInvocationOperation call => call,
            { } group and (IMethodReferenceOperation or IDelegateCreationOperation) => RunnerOf(group, _symbols) as IObjectCreationOperation,
            _ => null,
        };

        // The member the code belongs to, not the lambda or local function around it (RunsPerCall walks those itself).
        return runner is not null && model.GetEnclosingSymbol(runner.Syntax.SpanStart, cancellationToken) is { } container
            ? new Runner(runner, container.ContainingMember())
            : null;
    }

    private sealed class Runner
    {
        public Runner(IOperation operation, ISymbol container)
        {
            Operation = operation;
            Container = container;
        }

        public IOperation Operation { get; }

        public ISymbol Container { get; }
    }
}
