namespace JsonPerf.Analyzers;

/// <summary>
/// A DOM read from JSON in the method (<see cref="DomOrigin"/>), or a part of it, handed to the project's own method
/// that only deserializes it (<see cref="DeserializingHelpers"/>): as an argument (<c>Handle&lt;T&gt;(results[0])</c>), or each
/// element of <c>EnumerateArray()</c> to a method group in <c>Select</c>. Reported at the call or the method group, where
/// the DOM is read; silent when the DOM is used for anything else (<see cref="DomUses"/>).
/// </summary>
internal static class HelperCalls
{
    /// <summary>Where to report, the DOM type and the helper; null when <paramref name="call"/> hands no such DOM on.</summary>
    public static (IOperation At, ITypeSymbol Dom, IMethodSymbol Helper)? Find(IInvocationOperation call, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var target = call.TargetMethod;
        if (target is { Name: "Select", IsStatic: true, ContainingType.Name: "Enumerable" } && call.Arguments.Length == 2
            && target.ContainingType.ContainingNamespace?.ToDisplayString() == "System.Linq")
        {
            return FromSelect(call, symbols, cancellationToken);
        }

        if (target.DeclaringSyntaxReferences.Length != 1 || target.MethodKind != MethodKind.Ordinary)
        {
            return null;
        }

        foreach (var argument in call.Arguments)
        {
            if (argument.Parameter is { } parameter && symbols.IsDom(parameter.Type, orProperty: true)
                && DeserializingHelpers.For(symbols).OnlyDeserializes(parameter, cancellationToken)
                && ReadHere(argument.Value, argument, symbols, cancellationToken))
            {
                return (call, JsonSymbols.WithoutNullable(parameter.Type), target);
            }
        }

        return null;
    }

    private static (IOperation At, ITypeSymbol Dom, IMethodSymbol Helper)? FromSelect(IInvocationOperation call, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var source = call.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 0)?.Value.WalkDownConversions();
        var selector = call.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 1)?.Value.WalkDownConversions();
        if (selector is not IDelegateCreationOperation { Target: IMethodReferenceOperation { Method: { Parameters.Length: 1 } helper } group }
            || helper.DeclaringSyntaxReferences.Length != 1
            || source is not IInvocationOperation { TargetMethod.Name: "EnumerateArray", Instance: { } dom } enumerate
            || !symbols.IsDom(dom.Type, orProperty: true)
            || !symbols.IsDom(helper.Parameters[0].Type, orProperty: true)
            || !DeserializingHelpers.For(symbols).OnlyDeserializes(helper.Parameters[0], cancellationToken)
            || !ReadHere(dom, enumerate, symbols, cancellationToken))
        {
            return null;
        }

        return (group, JsonSymbols.WithoutNullable(helper.Parameters[0].Type), helper);
    }

    /// <summary>True when <paramref name="value"/> comes from JSON read in this method and goes nowhere but <paramref name="use"/>.</summary>
    private static bool ReadHere(IOperation value, IOperation use, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var locals = new MethodLocals(value.Root());
        return DomOrigin.Find(value, locals, symbols, JsonReadingMethods.For(symbols), cancellationToken) is { } origin
               && DomUses.OnlyDeserializedOnce(origin, locals, symbols, use);
    }
}
