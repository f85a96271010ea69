namespace JsonPerf.Analyzers;

/// <summary>
/// JP0007: follows what a <c>JsonDocument</c> hands out (its elements, properties and enumerators, and the locals
/// holding them) from given starting operations until each becomes a plain value, and sorts where each one ends up,
/// for a <c>using</c> whose scope is [scopeStart, scopeEnd]:
/// <list type="bullet">
/// <item>used up in the scope: read into a value, printed, written, cloned, or kept in a local of the scope that
/// follows the same rule. Nothing to do.</item>
/// <item>outliving the scope from a <c>JsonElement</c> expression (returned, yielded, stored outside the scope, passed
/// to a method that may keep it): a clone site, where <c>.Clone()</c> makes what flows on own its memory.</item>
/// <item>anything else: the walk stops and says why (<see cref="WhyNot"/>).</item>
/// </list>
/// </summary>
internal sealed class ElementEscapes
{
    private readonly JsonSymbols _symbols;
    private readonly IOperation _root;
    private readonly IOperation? _function;
    private readonly int _scopeStart;
    private readonly int _scopeEnd;
    private readonly HashSet<ILocalSymbol> _locals = new(SymbolEqualityComparer.Default);
    private readonly Queue<IOperation> _work = new();
    private List<IOperation>? _cloneSites;
    private Dictionary<ILocalSymbol, List<ILocalReferenceOperation>>? _references;

    public ElementEscapes(JsonSymbols symbols, IOperation root, IOperation? function, int scopeStart, int scopeEnd)
    {
        _symbols = symbols;
        _root = root;
        _function = function;
        _scopeStart = scopeStart;
        _scopeEnd = scopeEnd;
    }

    private enum Next
    {
        Up,
        Done,
        Stop,
    }

    private enum Tracked
    {
        Yes,
        Outside,
        No,
    }

    /// <summary>Where values outlive the scope (valid after <see cref="TryFollow"/> returned true; empty when nothing does).</summary>
    public IReadOnlyList<IOperation> CloneSites => (IReadOnlyList<IOperation>?)_cloneSites ?? Array.Empty<IOperation>();

    /// <summary>Why the walk stopped, in a few words (valid after <see cref="TryFollow"/> returned false).</summary>
    public string WhyNot { get; private set; } = "";

    public bool TryFollow(IEnumerable<IOperation> starts)
    {
        foreach (var start in starts)
        {
            _work.Enqueue(start);
        }

        while (_work.Count > 0)
        {
            if (!Follow(_work.Dequeue()))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Walks up from one value of the document; <c>element</c> is the last JsonElement on the way (where a Clone can go).</summary>
    private bool Follow(IOperation current)
    {
        if (current.EnclosingFunction() is var function && function != _function)
        {
            return Stop(current, function is ILocalFunctionOperation local ? "is used in local function " + local.Symbol.Name : "is used in a lambda") == Next.Done;
        }

        var element = IsCloneable(current) ? current : null;
        while (current.Parent is { } parent)
        {
            switch (Step(ref parent, current, element))
            {
                case Next.Done:
                    return true;
                case Next.Stop:
                    return false;
            }

            current = parent;
            if (IsCloneable(current))
            {
                element = current;
            }
        }

        return Stop(current, "is used where the fix cannot follow it") == Next.Done;
    }

    /// <summary>One step up from <paramref name="current"/> into <paramref name="parent"/> (which an argument replaces with its call).</summary>
    private Next Step(ref IOperation parent, IOperation current, IOperation? element)
    {
        switch (parent)
        {
            case IConversionOperation or IParenthesizedOperation:
            case IConditionalOperation conditional when conditional.WhenTrue == current || conditional.WhenFalse == current:
            case ICoalesceOperation coalesce when coalesce.Value == current || coalesce.WhenNull == current:
                return Next.Up;
            case ISwitchExpressionArmOperation arm when arm.Value == current:
                parent = arm.Parent!;
                return Next.Up;
            case ISwitchExpressionOperation switchExpression when switchExpression.Value == current:
                return Matched(switchExpression.Arms.Select(arm => arm.Pattern), current);
            case ISwitchOperation switchStatement when switchStatement.Value == current:
                return Matched(switchStatement.Cases.SelectMany(c => c.Clauses).OfType<IPatternCaseClauseOperation>().Select(c => c.Pattern), current);
            case IIsPatternOperation isPattern when isPattern.Value == current:
                return Matched(new[] { isPattern.Pattern }, current);
            case IIsTypeOperation:
                return Next.Done;
            case IPropertyReferenceOperation property when property.Instance == current:
                return IsElementType(property.Type) ? Next.Up : Next.Done;
            case IInvocationOperation call when call.Instance == current:
                return call.TargetMethod.Name == "Clone" && call.Arguments.Length == 0 ? Next.Done
                    : !TrackOutArguments(call) ? Next.Stop
                    : IsElementType(call.Type) ? Next.Up : Next.Done;
            case IArgumentOperation argument:
                return Passed(argument, ref parent, current, element);
            case IInterpolationOperation or IExpressionStatementOperation:
                return Next.Done;
            case IBinaryOperation binary when !IsElementType(binary.Type):
                return Next.Done;
            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                return Kept(declarator.Symbol, current, element) is var kept && kept == Next.Up ? Next.Done : kept;
            case ISimpleAssignmentOperation assignment when assignment.Target == current:
                // The local is overwritten, not read.
                return Next.Done;
            case ISimpleAssignmentOperation assignment when assignment.Value == current:
                return Assigned(assignment.Target, current, element);
            case IForEachLoopOperation loop when loop.Collection == current:
                return loop.Locals.All(local => Track(local) == Tracked.Yes) ? Next.Done : Stop(current, "is enumerated into a variable the fix cannot follow");
            case IReturnOperation returned when returned.ReturnedValue == current:
                return Escapes(element, current, returned.Kind == OperationKind.YieldReturn ? "is yielded" : "is returned");
            case IArrayInitializerOperation:
                return Escapes(element, current, "is stored in an array");
            case ITupleOperation:
                return Escapes(element, current, "is stored in a tuple");
            default:
                return Stop(current, "is used where the fix cannot follow it (" + Words(parent.Kind) + ")");
        }
    }

    /// <summary>An argument: a call that reads the element and keeps nothing goes on with its result; any other may keep it.</summary>
    private Next Passed(IArgumentOperation argument, ref IOperation parent, IOperation current, IOperation? element)
    {
        var callee = argument.Parent switch
        {
            IInvocationOperation call => call.TargetMethod.ContainingType.Name + "." + call.TargetMethod.Name,
            IObjectCreationOperation creation => "new " + creation.Type?.Name,
            _ => "a call",
        };

        if (argument.Parameter is not { RefKind: RefKind.None })
        {
            return Stop(current, "is passed by ref to " + callee);
        }

        if (argument.Parent is IInvocationOperation serializer && SymbolEqualityComparer.Default.Equals(serializer.TargetMethod.ContainingType, _symbols.JsonSerializer))
        {
            // Deserialize, Serialize, SerializeToElement/Node/Document copy what they read: what they return holds no element.
            return Next.Done;
        }

        if (argument.Parent is not IInvocationOperation invocation || !ConsumesImmediately(invocation.TargetMethod.ContainingType))
        {
            return Escapes(element, current, "is passed to " + callee);
        }

        parent = invocation;
        return IsElementType(invocation.Type) ? Next.Up : Next.Done;
    }

    /// <summary>A value matched against patterns: only the locals they declare hold it on (a switch's result comes from its arms).</summary>
    private Next Matched(IEnumerable<IPatternOperation> patterns, IOperation current)
    {
        foreach (var pattern in patterns)
        {
            foreach (var declared in pattern.DescendantsAndSelf())
            {
                var local = declared switch
                {
                    IDeclarationPatternOperation declaration => declaration.DeclaredSymbol,
                    IRecursivePatternOperation recursive => recursive.DeclaredSymbol,
                    _ => null,
                };
                if (local is ILocalSymbol { Type: var type } symbol && IsElementType(type) && Track(symbol) != Tracked.Yes)
                {
                    return Stop(current, "is matched into a variable the fix cannot follow");
                }
            }
        }

        return Next.Done;
    }

    /// <summary>Where an assigned value goes: a local of the scope (followed), somewhere that outlives the scope (a clone site), or a stop.</summary>
    private Next Assigned(IOperation target, IOperation current, IOperation? element)
        => target switch
        {
            IDiscardOperation => Next.Done,
            ILocalReferenceOperation local => Kept(local.Local, current, element),
            IFieldReferenceOperation field => Escapes(element, current, "is stored in field " + field.Field.Name),
            IPropertyReferenceOperation property => Escapes(element, current, "is stored in property " + property.Property.Name),
            IArrayElementReferenceOperation => Escapes(element, current, "is stored in an array"),
            IParameterReferenceOperation parameter => Escapes(element, current, "is stored in parameter " + parameter.Parameter.Name),
            _ => Stop(current, "is assigned where the fix cannot follow it"),
        };

    /// <summary>A value kept in a local: followed when the local is the scope's (Up), a clone site when it is declared outside.</summary>
    private Next Kept(ILocalSymbol local, IOperation current, IOperation? element)
        => Track(local) switch
        {
            Tracked.Yes => Next.Up,
            Tracked.Outside => Escapes(element, current, "is stored in a variable declared outside the block"),
            _ => Stop(current, "is kept in a ref local"),
        };

    private Next Escapes(IOperation? element, IOperation current, string how)
    {
        if (element is null)
        {
            return Stop(current, how);
        }

        (_cloneSites ??= new List<IOperation>()).Add(element);
        return Next.Done;
    }

    private Next Stop(IOperation current, string how)
    {
        WhyNot = Subject(current.Type) + " " + how;
        return Next.Stop;
    }

    /// <summary>What the value is, for a message: "an element", "a JsonProperty", "an enumerator", "the document".</summary>
    private string Subject(ITypeSymbol? type)
        => SymbolEqualityComparer.Default.Equals(type, _symbols.JsonElement) ? "an element"
            : SymbolEqualityComparer.Default.Equals(type, _symbols.JsonProperty) ? "a JsonProperty"
            : SymbolEqualityComparer.Default.Equals(type, _symbols.JsonDocument) ? "the document"
            : SymbolEqualityComparer.Default.Equals(type?.ContainingType, _symbols.JsonElement) ? "an enumerator"
            : type is { SpecialType: SpecialType.System_Object } or { TypeKind: TypeKind.Interface } ? "a boxed element"
            : "a value of the document";

    private static string Words(OperationKind kind)
    {
        var name = kind.ToString();
        var words = new System.Text.StringBuilder();
        foreach (var c in name)
        {
            if (char.IsUpper(c) && words.Length > 0)
            {
                words.Append(' ');
            }

            words.Append(char.ToLowerInvariant(c));
        }

        return words.ToString();
    }

    /// <summary>A JsonElement expression written in the source, which <c>.Clone()</c> can follow.</summary>
    private bool IsCloneable(IOperation operation)
        => !operation.IsImplicit
           && operation.Syntax is ExpressionSyntax
           && SymbolEqualityComparer.Default.Equals(operation.Type, _symbols.JsonElement);

    /// <summary><c>el.TryGetProperty("x", out var value)</c>: the out local holds an element of the document too.</summary>
    private bool TrackOutArguments(IInvocationOperation call)
    {
        foreach (var argument in call.Arguments)
        {
            if (argument.Parameter is not { RefKind: RefKind.Out or RefKind.Ref })
            {
                continue;
            }

            var value = argument.Value is IDeclarationExpressionOperation declaration ? declaration.Expression : argument.Value;
            if (value is not IDiscardOperation && IsElementType(value.Type) && (value is not ILocalReferenceOperation reference || Track(reference.Local) != Tracked.Yes))
            {
                // An out local declared outside the scope cannot take a Clone.
                WhyNot = call.TargetMethod.Name + " writes its out value to a variable the fix cannot follow";
                return false;
            }
        }

        return true;
    }

    /// <summary>Yes: a local of the scope, whose reads are followed. Outside: declared outside the scope. No: not followed (a ref local).</summary>
    private Tracked Track(ILocalSymbol local)
    {
        if (local.IsRef || local.DeclaringSyntaxReferences.Length != 1)
        {
            return Tracked.No;
        }

        var span = local.DeclaringSyntaxReferences[0].Span;
        if (span.Start < _scopeStart || span.End > _scopeEnd)
        {
            return Tracked.Outside;
        }

        if (_locals.Add(local))
        {
            foreach (var reference in References(local))
            {
                if (!(reference.IsDeclaration && reference.Parent is IDeclarationExpressionOperation))
                {
                    _work.Enqueue(reference);
                }
            }
        }

        return Tracked.Yes;
    }

    private IEnumerable<ILocalReferenceOperation> References(ILocalSymbol local)
    {
        if (_references is null)
        {
            _references = new Dictionary<ILocalSymbol, List<ILocalReferenceOperation>>(SymbolEqualityComparer.Default);
            foreach (var reference in _root.Descendants().OfType<ILocalReferenceOperation>())
            {
                if (!_references.TryGetValue(reference.Local, out var list))
                {
                    _references[reference.Local] = list = new List<ILocalReferenceOperation>();
                }

                list.Add(reference);
            }
        }

        return _references.TryGetValue(local, out var references) ? references : Enumerable.Empty<ILocalReferenceOperation>();
    }

    /// <summary>Types whose values may point into the document's buffers.</summary>
    private bool IsElementType(ITypeSymbol? type)
    {
        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            type = nullable.TypeArguments[0];
        }

        return type is null
               || type.SpecialType == SpecialType.System_Object
               || type.TypeKind is TypeKind.Interface or TypeKind.TypeParameter or TypeKind.Array or TypeKind.Error
               || IsJsonType(type)
               || IsJsonType(type.ContainingType);
    }

    private bool IsJsonType(ITypeSymbol? type)
        => type is not null
           && (SymbolEqualityComparer.Default.Equals(type, _symbols.JsonElement)
               || SymbolEqualityComparer.Default.Equals(type, _symbols.JsonProperty)
               || SymbolEqualityComparer.Default.Equals(type, _symbols.JsonDocument));

    /// <summary>Static methods that read an element and keep nothing: JsonElement's own, Console's and string's (they call ToString).</summary>
    private bool ConsumesImmediately(INamedTypeSymbol? type)
        => type is not null
           && (IsJsonType(type)
               || type.SpecialType == SpecialType.System_String
               || SymbolEqualityComparer.Default.Equals(type, _symbols.Console));
}
