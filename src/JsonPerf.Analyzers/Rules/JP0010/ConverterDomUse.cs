namespace JsonPerf.Analyzers;

/// <summary>
/// JP0010 on a DOM parsed from a reader (<c>JsonDocument</c>/<c>JsonElement.[Try]ParseValue(ref reader)</c>,
/// <c>JsonNode.Parse(ref reader)</c>, <c>JsonSerializer.Deserialize&lt;JsonElement&gt;(ref reader)</c>): followed through
/// locals, <c>RootElement</c>, properties, indexers, <c>TryGetProperty</c> and <c>foreach</c>. Reported when it is only
/// read and then deserialized (from the DOM, its text, or from another reader after peeking), or read for one scalar at
/// its root. Silent when any part of it is kept: returned, stored, passed to other code, or written.
/// </summary>
internal sealed partial class ConverterDomUse
{
    private readonly JsonSymbols symbols;
    private readonly List<ILocalReferenceOperation> references = new();
    private readonly Dictionary<ILocalSymbol, bool> locals = new(SymbolEqualityComparer.Default);
    private readonly Queue<ILocalSymbol> pending = new();
    private bool kept;
    private bool deserialized;
    private bool readBelowRoot;
    private bool readAtRoot;

    private ConverterDomUse(JsonSymbols symbols, string typeName)
    {
        this.symbols = symbols;
        TypeName = typeName;
    }

    public string TypeName { get; }

    /// <summary>Deserialized again (else: read for one scalar).</summary>
    public bool Deserialized => deserialized;

    /// <summary>Only an array walked front to back with scalar reads (else, when not deserialized: one scalar).</summary>
    public bool WalksArray { get; private set; }

    /// <summary>What Read does with the DOM <paramref name="invocation"/> parses; null when it is not such a parse or nothing to report.</summary>
    public static ConverterDomUse? Find(IInvocationOperation invocation, JsonSymbols symbols, INamedTypeSymbol converterType)
    {
        if (ParsedType(invocation, symbols) is not { } type)
        {
            return null;
        }

        var use = new ConverterDomUse(symbols, type.Name) { parseFunction = EnclosingFunction(invocation), converterType = converterType };
        var readerDeserialized = use.Collect(invocation.Root(), ReaderSymbol(invocation.Arguments[0].Value));
        if (invocation.TargetMethod.Name != "TryParseValue")
        {
            use.Follow(invocation, belowRoot: false);
        }
        else if (OutLocal(invocation.Arguments.FirstOrDefault(a => a.Parameter?.RefKind == RefKind.Out)) is { } target)
        {
            use.Track(target, belowRoot: false);
        }

        while (!use.kept && use.pending.Count > 0)
        {
            var local = use.pending.Dequeue();
            foreach (var reference in use.references.Where(r => SymbolEqualityComparer.Default.Equals(r.Local, local)))
            {
                use.FollowReference(reference, use.locals[local]);
            }
        }

        // Read, then the value deserialized from the reader the DOM was parsed from a copy of.
        use.deserialized |= readerDeserialized && (use.readAtRoot || use.readBelowRoot);
        var scalar = use.readAtRoot && !use.readBelowRoot;
        use.WalksArray = !use.deserialized && !scalar && use.IsArrayWalk;
        return use.kept || !(use.deserialized || scalar || use.WalksArray) ? null : use;
    }

    /// <summary>The DOM type <paramref name="invocation"/> parses from a reader, when it is such a parse.</summary>
    private static ITypeSymbol? ParsedType(IInvocationOperation invocation, JsonSymbols symbols)
    {
        var method = invocation.TargetMethod;
        if (method.Parameters.Length == 0 || method.Parameters[0] is not { RefKind: RefKind.Ref } first
            || !SymbolEqualityComparer.Default.Equals(first.Type, symbols.Utf8JsonReader))
        {
            return null;
        }

        return method.Name switch
        {
            "ParseValue" or "TryParseValue" when symbols.IsDom(method.ContainingType, orProperty: true) => method.ContainingType,
            "Parse" when SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonNode) => method.ContainingType,
            "Deserialize" when method.IsGenericMethod && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonSerializer) && symbols.IsDom(method.ReturnType, orProperty: true)
                => JsonSymbols.WithoutNullable(method.ReturnType),
            _ => null,
        };
    }

    private static ISymbol? ReaderSymbol(IOperation value) => value switch
    {
        IParameterReferenceOperation parameter => parameter.Parameter,
        ILocalReferenceOperation local => local.Local,
        _ => null,
    };

    private static ILocalSymbol? OutLocal(IArgumentOperation? argument) => argument?.Value switch
    {
        ILocalReferenceOperation local => local.Local,
        IDeclarationExpressionOperation { Expression: ILocalReferenceOperation local } => local.Local,
        _ => null,
    };

    /// <summary>
    /// Collects the body's local references; true when the body also deserializes from a reader other than
    /// <paramref name="parsed"/> (the DOM was then parsed from a copy, to peek).
    /// </summary>
    private bool Collect(IOperation root, ISymbol? parsed)
    {
        var deserializesAnother = false;
        var walk = OperationTree.Start(root);
        try
        {
            while (OperationTree.Next(walk) is { } operation)
            {
                if (operation is ILocalReferenceOperation reference)
                {
                    references.Add(reference);
                }
                else if (parsed is not null && operation is IInvocationOperation { TargetMethod: { Name: "Deserialize", Parameters.Length: > 0 } method } call
                         && method.Parameters[0].RefKind == RefKind.Ref
                         && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonSerializer) && !symbols.IsDom(method.ReturnType, orProperty: true)
                         && ReaderSymbol(call.Arguments[0].Value) is { } reader && !SymbolEqualityComparer.Default.Equals(reader, parsed))
                {
                    deserializesAnother = true;
                }
            }
        }
        finally
        {
            OperationTree.End(walk);
        }

        return deserializesAnother;
    }

    private void Track(ILocalSymbol local, bool belowRoot)
    {
        if (!locals.ContainsKey(local))
        {
            locals[local] = belowRoot;
            pending.Enqueue(local);
        }
    }

    private void FollowReference(ILocalReferenceOperation reference, bool belowRoot)
    {
        var written = reference.IsDeclaration
                      || reference.Parent is ISimpleAssignmentOperation assignment && assignment.Target == reference
                      || reference.Parent is IArgumentOperation { Parameter.RefKind: RefKind.Out };
        if (!written)
        {
            notWalk |= EnclosingFunction(reference) != parseFunction;
            Follow(reference, belowRoot);
        }
    }

    /// <summary>Where the DOM value <paramref name="value"/> goes.</summary>
    private void Follow(IOperation value, bool belowRoot)
    {
        value = PassThrough(value);
        if (ReaderTextComparison.InThrow(value))
        {
            return;
        }

        switch (value.Parent)
        {
            case IPropertyReferenceOperation property when property.Instance == value:
                Member(property, belowRoot || property.Property.Name is not ("RootElement" or "Value"), belowRoot);
                break;
            case IInvocationOperation invocation when invocation.Instance == value:
                Call(invocation, belowRoot);
                break;
            case IArgumentOperation { Parent: IInvocationOperation invocation } argument:
                var fromDom = IsDeserialize(invocation, argument, p => symbols.IsDom(p.Type, orProperty: true));
                notWalk = true;
                deserialized |= fromDom;
                kept |= !fromDom;
                break;
            case IConditionalAccessOperation access when access.Operation == value:
                notWalk = true;
                if (access.WhenNotNull.DescendantsAndSelf().OfType<IConditionalAccessInstanceOperation>().FirstOrDefault() is { } instance)
                {
                    Follow(instance, belowRoot);
                }
                else
                {
                    kept = true;
                }

                break;
            case IConditionalAccessOperation access when symbols.IsDom(access.Type, orProperty: true):
                Follow(access, belowRoot);
                break;
            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                notWalk |= belowRoot;
                Track(declarator.Symbol, belowRoot);
                break;
            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when assignment.Value == value:
                notWalk |= belowRoot;
                Track(target.Local, belowRoot);
                break;
            case IForEachLoopOperation loop when loop.Collection == value:
                foreach (var local in loop.Locals)
                {
                    loopOf[local] = loop;
                    Track(local, belowRoot: true);
                }

                break;
            case IBinaryOperation:
                Read(belowRoot);
                break;
            case IIsPatternOperation or IIsTypeOperation or IConversionOperation:
                notWalk = true;
                Read(belowRoot);
                break;
            case IConditionalAccessOperation or IUsingOperation or IExpressionStatementOperation:
                break;
            default:
                kept = true;
                break;
        }
    }

    /// <summary>A property or an indexer of the DOM: more DOM (at <paramref name="domBelowRoot"/>), or a value read from it.</summary>
    private void Member(IOperation member, bool domBelowRoot, bool belowRoot)
    {
        notWalk |= member is not IPropertyReferenceOperation { Property.Name: "RootElement" or "ValueKind" or "Value" } property
                   || (property.Property.Name == "Value" && belowRoot);
        if (symbols.IsDom(member.Type, orProperty: true) || member.Type is INamedTypeSymbol { IsGenericType: true, Name: "KeyValuePair" })
        {
            Follow(member, domBelowRoot);
        }
        else
        {
            Read(belowRoot);
        }
    }

    private void Call(IInvocationOperation invocation, bool belowRoot)
    {
        var name = invocation.TargetMethod.Name;
        if (WalkStep(invocation, belowRoot))
        {
            return;
        }

        switch (name)
        {
            case "Dispose":
                return;
            case "GetRawText" or "ToString" or "ToJsonString" when ReaderTextComparison.InThrow(invocation):
                return;
            case "GetRawText" or "ToString" or "ToJsonString":
                var fromText = PassThrough(invocation).Parent is IArgumentOperation { Parent: IInvocationOperation deserialize } argument
                               && IsDeserialize(deserialize, argument, p => p.Type.SpecialType == SpecialType.System_String);
                deserialized |= fromText;
                kept |= !fromText;
                return;
            case "WriteTo":
                kept = true;
                return;
        }

        var outs = invocation.Arguments.Where(a => a.Parameter?.RefKind == RefKind.Out && a.Value is not IDiscardOperation).Select(OutLocal).ToList();
        foreach (var local in outs)
        {
            if (local is null)
            {
                kept = true;
                return;
            }

            Track(local, belowRoot: true);
        }

        if (symbols.IsDom(invocation.Type, orProperty: true) || invocation.Type is { Name: "ObjectEnumerator" or "ArrayEnumerator", ContainingType.Name: "JsonElement" })
        {
            Follow(invocation, belowRoot || name is not ("AsObject" or "AsArray" or "AsValue" or "Clone"));
        }
        else
        {
            Read(belowRoot || invocation.Arguments.Any(a => a.Parameter?.RefKind == RefKind.Out));
        }
    }

    private void Read(bool belowRoot)
    {
        readBelowRoot |= belowRoot;
        readAtRoot |= !belowRoot;
    }

    /// <summary>A JsonSerializer.Deserialize call whose first parameter (what it deserializes) is <paramref name="argument"/>'s.</summary>
    private bool IsDeserialize(IInvocationOperation invocation, IArgumentOperation argument, Func<IParameterSymbol, bool> input)
        => invocation.TargetMethod is { Name: "Deserialize" } method && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.JsonSerializer)
           && argument.Parameter is { Ordinal: 0 } parameter && input(parameter);

    /// <summary>Up through what hands the value on unchanged: implicit conversions and casts between DOM types, parentheses, <c>?:</c>, <c>??</c>.</summary>
    private IOperation PassThrough(IOperation value)
    {
        while (value.Parent is { } parent
               && (parent is IParenthesizedOperation
                   || (parent is IConversionOperation conversion && (conversion.IsImplicit || symbols.IsDom(conversion.Type, orProperty: true)))
                   || (parent is IConditionalOperation conditional && conditional.Condition != value)
                   || (parent is ICoalesceOperation coalesce && coalesce.Value == value)))
        {
            value = parent;
        }

        return value;
    }
}
