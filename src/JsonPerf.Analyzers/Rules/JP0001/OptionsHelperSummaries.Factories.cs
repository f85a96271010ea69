using System.Collections.Concurrent;
using FactorySummary = System.Nullable<(System.Collections.Immutable.ImmutableHashSet<int> NullParameters, bool RebuildsMetadata, bool Fixable)>;

namespace JsonPerf.Analyzers;

/// <summary>The factories of <see cref="OptionsHelperSummaries"/>: methods whose every return creates new options.</summary>
internal sealed partial class OptionsHelperSummaries
{
    private readonly ConcurrentDictionary<IMethodSymbol, FactorySummary> _factories = new(SymbolEqualityComparer.Default);

    /// <summary>
    /// The factory <paramref name="invocation"/> calls, when this call gets fresh options: each parameter whose null
    /// selects the creation (<c>p ?? new ...</c>, its NullParameters) gets null here, or at most one is the caller's optional
    /// parameter with a null default (<paramref name="byDefault"/>: <c>ToJson(T value, JsonSerializerOptions? options = null) =&gt; ... GetOptions(options)</c>).
    /// RebuildsMetadata: a creation makes converters, an encoder, a policy or a resolver, and each call misses the metadata
    /// cache. Fixable: the factory is only <c>=> creation</c> (or <c>p ?? creation</c>) and the creation can move to a static field.
    /// </summary>
    public FactorySummary FreshFactory(IInvocationOperation invocation, out IParameterSymbol? byDefault, CancellationToken cancellationToken)
    {
        byDefault = null;
        if (!_symbols.IsJsonSerializerOptions(invocation.TargetMethod.ReturnType)
            || Followable(invocation.TargetMethod) is not { } method
            || (_factories.TryGetValue(method, out var known) ? known : _factories.GetOrAdd(method, SummarizeFactory(method, cancellationToken))) is not { } summary)
        {
            return null;
        }

        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is { } parameter && summary.NullParameters.Contains(parameter.Ordinal) && !IsNull(argument.Value))
            {
                if (byDefault is not null || DefaultNullParameter(argument.Value, invocation) is not { } optional)
                {
                    return null;
                }

                byDefault = optional;
            }
        }

        return summary;
    }

    /// <summary>An optional parameter with a null default, read here and never written in its method.</summary>
    private static IParameterSymbol? DefaultNullParameter(IOperation value, IInvocationOperation invocation)
        => value.WalkDownConversions() is IParameterReferenceOperation { Parameter: { IsOptional: true, HasExplicitDefaultValue: true, ExplicitDefaultValue: null, RefKind: RefKind.None } parameter }
           && !invocation.Root().Descendants().Any(o => o is IParameterReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Parameter, parameter) && OptionsReferences.IsWrite(reference))
            ? parameter
            : null;

    /// <summary>Null unless every return (outside lambdas and local functions) is a fresh creation, or <c>p ?? creation</c>.</summary>
    private FactorySummary SummarizeFactory(IMethodSymbol method, CancellationToken cancellationToken)
    {
        // A body without `new` (a helper that returns cached options) is no factory, and is not bound to find that out.
        if (Body(method, mustCreate: true, cancellationToken) is not { } body)
        {
            return null;
        }

        var creations = new List<IObjectCreationOperation>();
        var nullParameters = ImmutableHashSet.CreateBuilder<int>();
        foreach (var @return in body.Descendants().OfType<IReturnOperation>().Where(r => r.EnclosingFunction() is null))
        {
            var value = @return.ReturnedValue?.WalkDownConversions();
            if (value is ICoalesceOperation { Value: var first, WhenNull: var fallback } && first.WalkDownConversions() is IParameterReferenceOperation parameter)
            {
                nullParameters.Add(parameter.Parameter.Ordinal);
                value = fallback.WalkDownConversions();
            }

            if (value is not IObjectCreationOperation creation
                || !_symbols.IsJsonSerializerOptions(creation.Type)
                || JsonSerializerOptionsCreatedPerCallAnalyzer.IsCopyOfRuntimeOptions(creation, _symbols))
            {
                return null;
            }

            creations.Add(creation);
        }

        if (creations.Count == 0)
        {
            return null;
        }

        var rebuilds = creations.Any(c => JsonSerializerOptionsCreatedPerCallAnalyzer.CreatesReferenceComparedInstances(c, c));

        // The fix caches the one creation of a factory that is nothing but `=> creation` or `{ return creation; }`.
        var fixable = creations.Count == 1
            && IsOnlyStatement(body, creations[0])
            && StaticInitializerCheck.CanMoveToStaticInitializer(creations[0], _symbols)
            && StaticInitializerCheck.CanAddStaticField(creations[0]);
        return (nullParameters.ToImmutable(), rebuilds, fixable);
    }

    /// <summary>The body is one return statement (or an arrow), whose value is the creation, possibly after <c>p ??</c> and casts to its own type.</summary>
    private static bool IsOnlyStatement(IMethodBodyOperation body, IObjectCreationOperation creation)
        => (body.BlockBody ?? body.ExpressionBody) is { Operations.Length: 1 } block
           && block.Operations[0] is IReturnOperation { ReturnedValue: { } returned }
           && returned.DescendantsAndSelf().Contains(creation)
           && !returned.DescendantsAndSelf().Any(o => o is IConversionOperation { Conversion.IsIdentity: false, IsImplicit: false });

    /// <summary><c>null</c>, <c>default</c>, or an omitted optional argument whose default is null.</summary>
    private static bool IsNull(IOperation value)
        => value.WalkDownConversions() is { ConstantValue: { HasValue: true, Value: null } } or IDefaultValueOperation;
}
