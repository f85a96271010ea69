namespace JsonPerf.Analyzers;

/// <summary>
/// JP0010 on the writer: a property name (any <c>propertyName</c> parameter) or a string value (<c>WriteStringValue</c>,
/// <c>WriteString</c>) passed as a string that is a constant, or a name taken from a fixed set (an element of a static
/// readonly array or dictionary, a static readonly string field, a switch expression or <c>?:</c> of constants), where the
/// writer has the same method taking a <c>JsonEncodedText</c> there.
/// </summary>
internal static class WriterConstantText
{
    public enum Text
    {
        /// <summary>A constant of ASCII letters, digits, '_', '-' and '.': encoded alike by the default encoder and by every encoder that allows Basic Latin.</summary>
        Plain,

        /// <summary>A constant with other characters, which encoders escape differently.</summary>
        Other,

        /// <summary>A name from a fixed set: not a constant at this site.</summary>
        Mapped,
    }

    public static IEnumerable<(IArgumentOperation Argument, Text Text)> Find(IInvocationOperation invocation, JsonSymbols symbols)
    {
        var method = invocation.TargetMethod;
        if (method.IsStatic || symbols.JsonEncodedText is not { } encodedText)
        {
            yield break;
        }

        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is not { Type.SpecialType: SpecialType.System_String } parameter
                || !(parameter.Name == "propertyName" || (parameter.Name == "value" && method.Name is "WriteStringValue" or "WriteString"))
                || argument.ArgumentKind != ArgumentKind.Explicit
                || !HasEncodedTextOverload(method, parameter.Ordinal, encodedText))
            {
                continue;
            }

            var value = argument.Value.WalkDownConversions();
            if (value.ConstantValue is { HasValue: true, Value: string text })
            {
                yield return (argument, IsPlain(text) ? Text.Plain : Text.Other);
            }
            else if (IsFixedSet(value))
            {
                yield return (argument, Text.Mapped);
            }
        }
    }

    /// <summary>Characters no built-in encoder that allows Basic Latin escapes, and that the default encoder leaves as they are.</summary>
    internal static bool IsPlain(string text)
    {
        foreach (var c in text)
        {
            if (!(c is >= 'a' and <= 'z' or >= 'A' and <= 'Z' or >= '0' and <= '9' or '_' or '-' or '.'))
            {
                return false;
            }
        }

        return true;
    }

    private static bool HasEncodedTextOverload(IMethodSymbol method, int ordinal, INamedTypeSymbol encodedText)
    {
        foreach (var member in method.ContainingType.GetMembers(method.Name))
        {
            if (member is IMethodSymbol candidate && candidate.Parameters.Length == method.Parameters.Length
                && candidate.Parameters.Select((p, i) => i == ordinal ? SymbolEqualityComparer.Default.Equals(p.Type, encodedText) : p.Type.IsSameTypeAs(method.Parameters[i].Type)).All(same => same))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsFixedSet(IOperation value) => value switch
    {
        IArrayElementReferenceOperation element => IsStaticReadOnly(element.ArrayReference),
        IPropertyReferenceOperation { Property.IsIndexer: true } indexer => IsStaticReadOnly(indexer.Instance),
        IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true } } => true,
        ISwitchExpressionOperation switchExpression => switchExpression.Arms.All(a => IsConstantOrThrow(a.Value)) && switchExpression.Arms.Any(a => IsConstant(a.Value)),
        IConditionalOperation conditional => conditional.WhenFalse is not null && IsConstant(conditional.WhenTrue) && IsConstant(conditional.WhenFalse),
        _ => false,
    };

    private static bool IsStaticReadOnly(IOperation? operation)
        => operation?.WalkDownConversions() is IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true } };

    private static bool IsConstant(IOperation value) => value.WalkDownConversions().ConstantValue is { HasValue: true, Value: string };

    private static bool IsConstantOrThrow(IOperation value) => IsConstant(value) || value.WalkDownConversions() is IThrowOperation;
}
