namespace JsonPerf.Analyzers;

/// <summary>
/// JP0010 on the reader: <c>GetString()</c> whose string is only compared, ordinally, with constants: by <c>==</c>,
/// <c>!=</c>, <c>string.Equals</c>, <c>is "x"</c>, or as the value of a switch on constant cases; directly or through a
/// local whose every other use is such a comparison, a null check, or sits inside a <c>throw</c> (an error message).
/// </summary>
internal static class ReaderTextComparison
{
    private enum Use
    {
        /// <summary>Anything else: the string is needed.</summary>
        Other,

        /// <summary>Compared with a string constant.</summary>
        Literal,

        /// <summary>Compared with null, or used in a throw: needs no string.</summary>
        Harmless,
    }

    public static bool IsComparedWithLiterals(IInvocationOperation getString)
    {
        var value = WalkUp(getString);
        var use = Classify(value);
        if (use != Use.Other)
        {
            return use == Use.Literal;
        }

        var local = value.Parent switch
        {
            IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => declarator.Symbol,
            ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when assignment.Value == value => target.Local,
            _ => null,
        };
        return local is not null && LocalIsOnlyCompared(local, value, getString.Root());
    }

    private static bool LocalIsOnlyCompared(ILocalSymbol local, IOperation written, IOperation root)
    {
        var literals = 0;
        var pending = OperationTree.Start(root);
        try
        {
            while (OperationTree.Next(pending) is { } operation)
            {
                if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, local) || reference.IsDeclaration)
                {
                    continue;
                }

                if (reference.Parent is ISimpleAssignmentOperation assignment && assignment.Target == reference)
                {
                    if (assignment.Value.WalkDownConversions() != written.WalkDownConversions())
                    {
                        return false;
                    }

                    continue;
                }

                switch (InThrow(reference) ? Use.Harmless : Classify(WalkUp(reference)))
                {
                    case Use.Other:
                        return false;
                    case Use.Literal:
                        literals++;
                        break;
                }
            }

            return literals > 0;
        }
        finally
        {
            OperationTree.End(pending);
        }
    }

    private static Use Classify(IOperation value) => value.Parent switch
    {
        IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } binary when IsStringEquality(binary)
            => Constant(binary.LeftOperand == value ? binary.RightOperand : binary.LeftOperand),
        IArgumentOperation { Parent: IInvocationOperation invocation } => StringEquals(invocation, value),
        IInvocationOperation invocation when invocation.Instance == value => StringEquals(invocation, value),
        IIsPatternOperation pattern when pattern.Value == value => Pattern(pattern.Pattern),
        ISwitchOperation switchStatement when switchStatement.Value == value => Cases(switchStatement.Cases.SelectMany(c => c.Clauses).Select(Clause)),
        ISwitchExpressionOperation switchExpression when switchExpression.Value == value
            => Cases(switchExpression.Arms.Select(a => a.Guard is null ? Pattern(a.Pattern) : Use.Other)),
        _ => Use.Other,
    };

    private static bool IsStringEquality(IBinaryOperation binary)
        => binary.LeftOperand.Type?.SpecialType == SpecialType.System_String && binary.RightOperand.Type?.SpecialType == SpecialType.System_String;

    /// <summary><c>string.Equals(a, b)</c>, <c>a.Equals(b)</c>, with <c>StringComparison.Ordinal</c> or without a comparison.</summary>
    private static Use StringEquals(IInvocationOperation invocation, IOperation value)
    {
        var method = invocation.TargetMethod;
        if (method.Name != "Equals" || method.ContainingType.SpecialType != SpecialType.System_String)
        {
            return Use.Other;
        }

        var operands = (invocation.Instance is { } instance ? new[] { instance } : Array.Empty<IOperation>())
            .Concat(invocation.Arguments.Select(a => a.Value))
            .ToList();
        if (operands.Count == 3 && operands[2].ConstantValue is not { HasValue: true, Value: (int)StringComparison.Ordinal })
        {
            return Use.Other;
        }

        return operands.Count is 2 or 3 && operands.IndexOf(value) is var index and (0 or 1) ? Constant(operands[1 - index]) : Use.Other;
    }

    private static Use Constant(IOperation other) => other.WalkDownConversions().ConstantValue switch
    {
        { HasValue: true, Value: string } => Use.Literal,
        { HasValue: true, Value: null } => Use.Harmless,
        _ => Use.Other,
    };

    private static Use Pattern(IPatternOperation pattern) => pattern switch
    {
        IConstantPatternOperation constant => Constant(constant.Value),
        IDiscardPatternOperation => Use.Harmless,
        IBinaryPatternOperation { OperatorKind: BinaryOperatorKind.Or } or => Cases(new[] { Pattern(or.LeftPattern), Pattern(or.RightPattern) }),
        INegatedPatternOperation negated => Pattern(negated.Pattern),
        _ => Use.Other,
    };

    private static Use Clause(ICaseClauseOperation clause) => clause switch
    {
        ISingleValueCaseClauseOperation single => Constant(single.Value),
        IDefaultCaseClauseOperation => Use.Harmless,
        IPatternCaseClauseOperation { Guard: null } patternClause => Pattern(patternClause.Pattern),
        _ => Use.Other,
    };

    /// <summary>Literal when every use is a literal or harmless and one at least a literal.</summary>
    private static Use Cases(IEnumerable<Use> uses)
    {
        var result = Use.Harmless;
        foreach (var use in uses)
        {
            if (use == Use.Other)
            {
                return Use.Other;
            }

            result = use == Use.Literal ? Use.Literal : result;
        }

        return result;
    }

    internal static IOperation WalkUp(IOperation value)
    {
        while (value.Parent is IConversionOperation { IsImplicit: true } or IParenthesizedOperation)
        {
            value = value.Parent;
        }

        return value;
    }

    /// <summary>Inside a <c>throw</c>'s expression: an error message, built once the value is already wrong.</summary>
    internal static bool InThrow(IOperation operation)
    {
        for (var current = operation.Parent; current is not null and not IBlockOperation; current = current.Parent)
        {
            if (current is IThrowOperation)
            {
                return true;
            }
        }

        return false;
    }
}
