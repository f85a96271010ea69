namespace JsonPerf.Analyzers;

internal static class OperationExtensions
{
    /// <summary>Whether any argument is written with its name (<c>options: o</c>): a rewrite that moves arguments must keep them.</summary>
    public static bool HasNamedArgument(this IInvocationOperation invocation)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.WrittenSyntax() is { NameColon: not null })
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The argument <paramref name="invocation"/> passes for <paramref name="parameter"/> (of the method or its definition), or null.</summary>
    public static IArgumentOperation? ArgumentFor(this IInvocationOperation invocation, IParameterSymbol parameter)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (SymbolEqualityComparer.Default.Equals(argument.Parameter?.OriginalDefinition, parameter.OriginalDefinition))
            {
                return argument;
            }
        }

        return null;
    }

    /// <summary>The argument as written, also where an implicit argument points inside parentheses (<c>M((x))</c>); null if not written.</summary>
    public static ArgumentSyntax? WrittenSyntax(this IArgumentOperation argument)
    {
        if (argument.Syntax is ArgumentSyntax syntax)
        {
            return syntax;
        }

        if (argument.ArgumentKind != ArgumentKind.Explicit)
        {
            return null;
        }

        var node = argument.Syntax;
        while (node.Parent is ParenthesizedExpressionSyntax parenthesized)
        {
            node = parenthesized;
        }

        return node.Parent as ArgumentSyntax;
    }

    /// <summary>The outermost operation passing the value on unchanged: conversions, parentheses, <c>?:</c>, <c>??</c>, switch arms.</summary>
    public static IOperation WalkUpValuePassThrough(this IOperation operation)
    {
        var current = operation;
        while (current.Parent is { } parent)
        {
            var passesThrough = parent switch
            {
                IConversionOperation => true,
                IParenthesizedOperation => true,
                IConditionalOperation conditional => conditional.WhenTrue == current || conditional.WhenFalse == current,
                ICoalesceOperation coalesce => coalesce.Value == current || coalesce.WhenNull == current,
                ISwitchExpressionArmOperation arm => arm.Value == current,
                ISwitchExpressionOperation switchExpression => switchExpression.Arms.Contains(current),
                _ => false,
            };

            if (!passesThrough)
            {
                break;
            }

            current = parent;
        }

        return current;
    }

    /// <summary>The value under any implicit or explicit conversions (casts, target-typed <c>new()</c>, boxing).</summary>
    public static IOperation WalkDownConversions(this IOperation operation)
    {
        while (operation is IConversionOperation conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
    }

    /// <summary>The outermost conversion around <paramref name="operation"/> (a target-typed <c>new()</c> arrives wrapped in one), or the operation itself.</summary>
    public static IOperation WalkUpConversions(this IOperation operation)
    {
        var current = operation;
        while (current.Parent is IConversionOperation conversion)
        {
            current = conversion;
        }

        return current;
    }

    /// <summary>The local declarator whose initializer is <paramref name="value"/> (through conversions): <c>var x = value;</c>.</summary>
    public static IVariableDeclaratorOperation? InitializedDeclarator(this IOperation value)
        => value.WalkUpConversions().Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } ? declarator : null;

    /// <summary>The nearest lambda or local function around <paramref name="operation"/>, or null at member level.</summary>
    public static IOperation? EnclosingFunction(this IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return current;
            }
        }

        return null;
    }

    public static IOperation Root(this IOperation operation)
    {
        var current = operation;
        while (current.Parent is { } parent)
        {
            current = parent;
        }

        return current;
    }

    /// <summary>True when the operation runs every time its code is called: the one judgement of <see cref="RunOnce"/>.</summary>
    public static bool RunsPerCall(this IOperation operation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
        => RunOnce.RunsPerCall(operation, containingSymbol, symbols, cancellationToken);

    /// <summary>See <see cref="RunOnce.MayRunPerCall"/>: the cheap half of <see cref="RunsPerCall"/>, asked first.</summary>
    public static bool MayRunPerCall(this IOperation operation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
        => RunOnce.MayRunPerCall(operation, containingSymbol, symbols, cancellationToken);
}
