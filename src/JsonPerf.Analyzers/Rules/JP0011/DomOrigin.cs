namespace JsonPerf.Analyzers;

/// <summary>
/// Where the DOM a Deserialize call reads comes from, followed back through single-assigned locals, <c>await</c>,
/// <c>?.</c>, <c>RootElement</c> and the DOM's own properties and methods (<c>GetProperty</c>, <c>TryGetProperty</c>'s out
/// value, indexers): the call that read it from JSON, or one that read an object (an envelope) whose property it is.
/// </summary>
internal static class DomOrigin
{
    private const int MaxSteps = 12;

    /// <summary>The call that read the JSON the DOM <paramref name="value"/> holds; null when it is not known to be one.</summary>
    public static IInvocationOperation? Find(IOperation value, MethodLocals locals, JsonSymbols symbols, JsonReadingMethods readers, CancellationToken cancellationToken)
    {
        var envelope = false;
        for (var step = 0; step < MaxSteps; step++)
        {
            value = Down(value);
            switch (value)
            {
                case IConditionalAccessInstanceOperation instance when Receiver(instance) is { } receiver:
                    value = receiver;
                    break;
                case ILocalReferenceOperation local when locals.SingleWrite(local.Local) is { } written:
                    value = written;
                    if (written is IInvocationOperation outCall && outCall.Arguments.Any(a => a.Parameter?.RefKind == RefKind.Out && Holds(a.Value, local.Local)))
                    {
                        // An out value (TryGetProperty): from the DOM the call is made on.
                        if (outCall.Instance is not { } from || !symbols.IsDom(from.Type, orProperty: true))
                        {
                            return null;
                        }

                        value = from;
                    }

                    break;
                case IAwaitOperation awaited:
                    value = awaited.Operation;
                    break;
                case IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } task }:
                    value = task;
                    break;
                case IPropertyReferenceOperation { Instance: { } instance } property when symbols.IsDom(instance.Type, orProperty: true):
                    value = instance;
                    break;
                case IMemberReferenceOperation { Instance: { } instance } member when !envelope && symbols.IsDom(member.Type, orProperty: true)
                                                                                       && member is IPropertyReferenceOperation or IFieldReferenceOperation:
                    // A DOM property of an object: that object must itself come straight from JSON.
                    envelope = true;
                    value = instance;
                    break;
                case IInvocationOperation { Instance: { } instance } domCall when symbols.IsDom(instance.Type, orProperty: true) && symbols.IsDom(domCall.Type, orProperty: true)
                                                                                && domCall.TargetMethod.Name is not ("Clone" or "DeepClone"):
                    value = instance;
                    break;
                case IInvocationOperation read:
                    return DomKinds.IsJsonRead(read.TargetMethod, symbols) || readers.ReadsJson(read.TargetMethod, cancellationToken) ? read : null;
                default:
                    return null;
            }
        }

        return null;
    }

    /// <summary>The receiver a <c>?.</c> tests, for the instance its right side reads.</summary>
    public static IOperation? Receiver(IConditionalAccessInstanceOperation instance)
    {
        IOperation current = instance;
        while (current.Parent is { } parent)
        {
            if (parent is IConditionalAccessOperation access && access.WhenNotNull == current)
            {
                return access.Operation;
            }

            current = parent;
        }

        return null;
    }

    /// <summary>Down through conversions, parentheses and <c>?? throw ...</c> (the value when there is one).</summary>
    private static IOperation Down(IOperation value)
    {
        while (true)
        {
            switch (value)
            {
                case IConversionOperation conversion:
                    value = conversion.Operand;
                    break;
                case IParenthesizedOperation parenthesized:
                    value = parenthesized.Operand;
                    break;
                case ICoalesceOperation coalesce when coalesce.WhenNull.WalkDownConversions() is IThrowOperation:
                    value = coalesce.Value;
                    break;
                default:
                    return value;
            }
        }
    }

    private static bool Holds(IOperation argument, ILocalSymbol local) => argument switch
    {
        ILocalReferenceOperation reference => SymbolEqualityComparer.Default.Equals(reference.Local, local),
        IDeclarationExpressionOperation { Expression: ILocalReferenceOperation reference } => SymbolEqualityComparer.Default.Equals(reference.Local, local),
        _ => false,
    };
}
