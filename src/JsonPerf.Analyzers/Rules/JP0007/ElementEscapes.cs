namespace JsonPerf.Analyzers;

/// <summary>
/// JP0007: follows what a <c>JsonDocument</c> hands out (its elements, properties and enumerators, and the locals
/// holding them) from given starting operations until each becomes a plain value, and sorts where each one ends up,
/// for a <c>using</c> whose scope is [scopeStart, scopeEnd]:
/// <list type="bullet">
/// <item>used up in the scope: read into a string, number or bool, printed, written, cloned, or kept in a local
/// declared in the scope that follows the same rule. Nothing to do.</item>
/// <item>outliving the scope from a <c>JsonElement</c> expression: returned, yielded, stored in a field, property,
/// array, tuple or variable declared outside the scope, or passed to a method that may keep it. That expression is
/// a clone site: <c>.Clone()</c> there, and what flows on owns its memory.</item>
/// <item>anything else (used in a lambda or local function, by ref, in a pattern, an escape with no
/// <c>JsonElement</c> to clone, such as a <c>JsonProperty</c> or an enumerator): the walk cannot tell.</item>
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

    /// <summary>Where values outlive the scope (valid after <see cref="TryFollow"/> returned true; empty when nothing does).</summary>
    public IReadOnlyList<IOperation> CloneSites => (IReadOnlyList<IOperation>?)_cloneSites ?? Array.Empty<IOperation>();

    /// <summary>False when some value goes where the walk cannot tell whether it outlives the scope.</summary>
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
        if (current.EnclosingFunction() != _function)
        {
            return false;
        }

        var element = IsCloneable(current) ? current : null;
        while (current.Parent is { } parent)
        {
            switch (parent)
            {
                case IConversionOperation or IParenthesizedOperation:
                    break;

                case IConditionalOperation conditional when conditional.WhenTrue == current || conditional.WhenFalse == current:
                    break;

                case IPropertyReferenceOperation property when property.Instance == current:
                    if (!IsElementType(property.Type))
                    {
                        return true;
                    }

                    break;

                case IInvocationOperation call when call.Instance == current:
                    if (call.TargetMethod.Name == "Clone" && call.Arguments.Length == 0)
                    {
                        return true;
                    }

                    if (!TrackOutArguments(call))
                    {
                        return false;
                    }

                    if (!IsElementType(call.Type))
                    {
                        return true;
                    }

                    break;

                case IArgumentOperation argument:
                    if (argument.Parameter is not { RefKind: RefKind.None })
                    {
                        return false;
                    }

                    if (argument.Parent is not IInvocationOperation callee || !ConsumesImmediately(callee.TargetMethod.ContainingType))
                    {
                        // A method or constructor that may keep it.
                        return Escapes(element);
                    }

                    if (!IsElementType(callee.Type))
                    {
                        return true;
                    }

                    parent = callee;
                    break;

                case IInterpolationOperation:
                case IExpressionStatementOperation:
                    return true;

                case IBinaryOperation binary:
                    return !IsElementType(binary.Type);

                case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                    return Track(declarator.Symbol) switch
                    {
                        true => true,
                        null => Escapes(element),
                        false => false,
                    };

                case ISimpleAssignmentOperation assignment when assignment.Target == current:
                    // The local is overwritten, not read.
                    return true;

                case ISimpleAssignmentOperation assignment when assignment.Value == current:
                    if (!FollowAssignment(assignment.Target, out var escapes))
                    {
                        return false;
                    }

                    if (escapes)
                    {
                        return Escapes(element);
                    }

                    // Kept in a local of the scope: the assignment's own value goes on.
                    break;

                case IForEachLoopOperation loop when loop.Collection == current:
                    foreach (var local in loop.Locals)
                    {
                        if (Track(local) != true)
                        {
                            return false;
                        }
                    }

                    return true;

                case IReturnOperation returned when returned.ReturnedValue == current:
                    // return and yield return: the value leaves the method, the using disposes the document.
                    return Escapes(element);

                case IArrayInitializerOperation:
                case ITupleOperation:
                    return Escapes(element);

                default:
                    return false;
            }

            current = parent;
            if (IsCloneable(current))
            {
                element = current;
            }
        }

        return false;
    }

    /// <summary>Where an assigned value goes: a local of the scope (followed), somewhere that outlives it (<paramref name="escapes"/>), or false.</summary>
    private bool FollowAssignment(IOperation target, out bool escapes)
    {
        escapes = false;
        switch (target)
        {
            case IDiscardOperation:
                return true;
            case ILocalReferenceOperation local:
                var tracked = Track(local.Local);
                escapes = tracked is null;
                return tracked != false;
            case IFieldReferenceOperation or IPropertyReferenceOperation or IArrayElementReferenceOperation or IParameterReferenceOperation:
                escapes = true;
                return true;
            default:
                return false;
        }
    }

    private bool Escapes(IOperation? element)
    {
        if (element is null)
        {
            return false;
        }

        (_cloneSites ??= new List<IOperation>()).Add(element);
        return true;
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
            if (argument.Parameter is { RefKind: RefKind.Out or RefKind.Ref })
            {
                var value = argument.Value is IDeclarationExpressionOperation declaration ? declaration.Expression : argument.Value;
                if (value is IDiscardOperation)
                {
                    continue;
                }

                // An out local declared outside the scope cannot take a Clone: not followed.
                if (value is not ILocalReferenceOperation reference || Track(reference.Local) != true)
                {
                    return false;
                }
            }
        }

        return true;
    }

    /// <summary>True: a local of the scope, whose reads are followed. Null: declared outside the scope. False: not followed (a ref local).</summary>
    private bool? Track(ILocalSymbol local)
    {
        if (local.IsRef || local.DeclaringSyntaxReferences.Length != 1)
        {
            return false;
        }

        var span = local.DeclaringSyntaxReferences[0].Span;
        if (span.Start < _scopeStart || span.End > _scopeEnd)
        {
            return null;
        }

        if (!_locals.Add(local))
        {
            return true;
        }

        if (_references is null)
        {
            _references = new Dictionary<ILocalSymbol, List<ILocalReferenceOperation>>(SymbolEqualityComparer.Default);
            foreach (var operation in _root.Descendants())
            {
                if (operation is ILocalReferenceOperation reference)
                {
                    if (!_references.TryGetValue(reference.Local, out var list))
                    {
                        _references[reference.Local] = list = new List<ILocalReferenceOperation>();
                    }

                    list.Add(reference);
                }
            }
        }

        if (_references.TryGetValue(local, out var references))
        {
            foreach (var reference in references)
            {
                if (!(reference.IsDeclaration && reference.Parent is IDeclarationExpressionOperation))
                {
                    _work.Enqueue(reference);
                }
            }
        }

        return true;
    }

    /// <summary>Types whose values may point into the document's buffers.</summary>
    private bool IsElementType(ITypeSymbol? type)
    {
        if (type is null)
        {
            return true;
        }

        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            type = nullable.TypeArguments[0];
        }

        return type.SpecialType == SpecialType.System_Object
               || type.TypeKind is TypeKind.Interface or TypeKind.TypeParameter or TypeKind.Array or TypeKind.Error
               || IsJsonType(type)
               || IsJsonType(type.ContainingType);
    }

    private bool IsJsonType(ITypeSymbol? type)
        => type is not null
           && (SymbolEqualityComparer.Default.Equals(type, _symbols.JsonElement)
               || SymbolEqualityComparer.Default.Equals(type, _symbols.JsonProperty)
               || SymbolEqualityComparer.Default.Equals(type, _symbols.JsonDocument));

    /// <summary>
    /// Static methods that read an element and keep nothing: JsonElement's own, the serializer's (it builds new objects
    /// from it), Console's and string's (they call ToString).
    /// </summary>
    private bool ConsumesImmediately(INamedTypeSymbol? type)
        => type is not null
           && (IsJsonType(type)
               || type.SpecialType == SpecialType.System_String
               || SymbolEqualityComparer.Default.Equals(type, _symbols.JsonSerializer)
               || SymbolEqualityComparer.Default.Equals(type, _symbols.Console));
}
