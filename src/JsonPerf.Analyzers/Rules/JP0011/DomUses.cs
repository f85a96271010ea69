namespace JsonPerf.Analyzers;

/// <summary>
/// What a method does with the DOM (or the envelope holding it) a call read from JSON, followed forward through locals,
/// <c>await</c>, <c>?.</c>, <c>RootElement</c>, properties, indexers and out values: reported only when it is
/// deserialized exactly once and otherwise only read (a property peeked at, a null check, a thrown exception's message),
/// never kept: returned, stored, passed to other code, enumerated, written, copied or captured by a lambda.
/// </summary>
internal sealed class DomUses
{
    private static readonly HashSet<string> KeepingCalls = new(StringComparer.Ordinal)
    {
        "WriteTo", "GetRawText", "ToString", "ToJsonString", "Clone", "DeepClone", "EnumerateArray", "EnumerateObject", "GetEnumerator", "ReplaceWith",
    };

    private readonly MethodLocals locals;
    private readonly JsonSymbols symbols;
    private readonly IOperation? function;
    private readonly IOperation? helperUse;
    private readonly HashSet<ILocalSymbol> tracked = new(SymbolEqualityComparer.Default);
    private readonly Queue<ILocalSymbol> pending = new();
    private int deserialized;
    private bool kept;

    private DomUses(MethodLocals locals, JsonSymbols symbols, IOperation? function, IOperation? helperUse)
    {
        this.locals = locals;
        this.symbols = symbols;
        this.function = function;
        this.helperUse = helperUse;
    }

    /// <summary>
    /// True when what <paramref name="source"/> read is deserialized once and kept nowhere; <paramref name="helperUse"/>, an
    /// argument or an <c>EnumerateArray</c> call, hands it to a helper that only deserializes it (that counts as the one).
    /// </summary>
    public static bool OnlyDeserializedOnce(IInvocationOperation source, MethodLocals locals, JsonSymbols symbols, IOperation? helperUse = null)
    {
        var uses = new DomUses(locals, symbols, source.EnclosingFunction(), helperUse);
        uses.Follow(source);
        while (!uses.kept && uses.pending.Count > 0)
        {
            var local = uses.pending.Dequeue();
            foreach (var reference in uses.locals.Reads(local))
            {
                if (reference.EnclosingFunction() != uses.function)
                {
                    uses.kept = true;
                    break;
                }

                uses.Follow(reference);
            }
        }

        return !uses.kept && uses.deserialized == 1;
    }

    private void Follow(IOperation value)
    {
        value = Up(value);
        if (InThrow(value))
        {
            return;
        }

        if (helperUse is not null && value.Parent == helperUse)
        {
            deserialized++;
            return;
        }

        switch (value.Parent)
        {
            case IAwaitOperation awaited:
                Follow(awaited);
                break;
            case IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configured when configured.Instance == value:
                Follow(configured);
                break;
            case IInvocationOperation call when call.Instance == value:
                Call(call, symbols.IsDom(value.Type, orProperty: true));
                break;
            case IMemberReferenceOperation member when member.Instance == value && member is IPropertyReferenceOperation or IFieldReferenceOperation:
                if (symbols.IsDom(member.Type, orProperty: true))
                {
                    Follow(member);
                }

                break;
            case IArgumentOperation { Parent: IInvocationOperation call } argument when IsDeserializeFromDom(call, argument):
                deserialized++;
                break;
            case IConditionalAccessOperation access when access.Operation == value:
                if (access.WhenNotNull.DescendantsAndSelf().OfType<IConditionalAccessInstanceOperation>().FirstOrDefault() is { } instance)
                {
                    Follow(instance);
                }

                break;
            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                Track(declarator.Symbol);
                break;
            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when assignment.Value == value:
                Track(target.Local);
                break;
            case IIsPatternOperation pattern:
                // A pattern that names the value (is JsonObject o) hands it to a new local.
                kept |= pattern.Pattern.DescendantsAndSelf().Any(p => p is IDeclarationPatternOperation { DeclaredSymbol: not null } or IRecursivePatternOperation { DeclaredSymbol: not null });
                break;
            case IBinaryOperation or IIsTypeOperation or IUsingOperation or IExpressionStatementOperation:
                break;
            default:
                kept = true;
                break;
        }
    }

    /// <summary>A method of the DOM: disposed, read, or more DOM (its out values too); a method of an envelope may hand it on.</summary>
    private void Call(IInvocationOperation call, bool onDom)
    {
        var name = call.TargetMethod.Name;
        if (!onDom || KeepingCalls.Contains(name))
        {
            kept = true;
            return;
        }

        foreach (var argument in call.Arguments.Where(a => a.Parameter?.RefKind == RefKind.Out && symbols.IsDom(a.Parameter.Type, orProperty: true)))
        {
            var target = argument.Value is IDeclarationExpressionOperation declaration ? declaration.Expression : argument.Value;
            if (target is ILocalReferenceOperation reference)
            {
                Track(reference.Local);
            }
            else if (target is not IDiscardOperation)
            {
                kept = true;
                return;
            }
        }

        if (symbols.IsDom(call.Type, orProperty: true))
        {
            Follow(call);
        }
    }

    private void Track(ILocalSymbol local)
    {
        if (tracked.Add(local))
        {
            kept |= locals.SingleWrite(local) is null;
            pending.Enqueue(local);
        }
    }

    /// <summary>A JsonSerializer.Deserialize whose input (first parameter, a DOM) is <paramref name="argument"/>.</summary>
    private bool IsDeserializeFromDom(IInvocationOperation call, IArgumentOperation argument)
        => call.TargetMethod is { Name: "Deserialize" } method && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonSerializer)
           && argument.Parameter is { Ordinal: 0 } parameter && symbols.IsDom(parameter.Type, orProperty: true) && !symbols.IsDom(method.ReturnType, orProperty: true);

    /// <summary>Up through what hands the value on unchanged: conversions, parentheses, the branches of <c>?:</c>, the left of <c>??</c>, <c>a?.b</c>.</summary>
    private static IOperation Up(IOperation value)
    {
        while (value.Parent is { } parent
               && (parent is IParenthesizedOperation or IConversionOperation
                   || (parent is IConditionalAccessOperation access && access.WhenNotNull == value)
                   || (parent is IConditionalOperation conditional && conditional.Condition != value)
                   || (parent is ICoalesceOperation coalesce && coalesce.Value == value)))
        {
            value = parent;
        }

        return value;
    }

    /// <summary>Inside a <c>throw</c> (an exception's message): the error path keeps nothing.</summary>
    private static bool InThrow(IOperation operation)
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
