namespace JsonPerf.Analyzers;

/// <summary>Follows the document's elements (and locals holding them) until they become plain values.</summary>
internal sealed class ElementScopeCheck
{
    private readonly JsonSymbols _symbols;
    private readonly IOperation _root;
    private readonly IOperation? _function;
    private readonly int _scopeStart;
    private readonly int _scopeEnd;
    private readonly HashSet<ILocalSymbol> _locals = new(SymbolEqualityComparer.Default);
    private readonly Queue<IOperation> _work = new();
    private Dictionary<ILocalSymbol, List<ILocalReferenceOperation>>? _references;

    public ElementScopeCheck(JsonSymbols symbols, IOperation root, IOperation? function, int scopeStart, int scopeEnd)
    {
        _symbols = symbols;
        _root = root;
        _function = function;
        _scopeStart = scopeStart;
        _scopeEnd = scopeEnd;
    }

    public bool StaysInScope(List<IOperation> uses)
    {
        foreach (var use in uses)
        {
            _work.Enqueue(use);
        }

        while (_work.Count > 0)
        {
            var operation = _work.Dequeue();
            if (operation.EnclosingFunction() != _function || !IsConsumedInPlace(operation))
            {
                return false;
            }
        }

        return true;
    }

    private bool IsConsumedInPlace(IOperation current)
    {
        while (current.Parent is { } parent)
        {
            switch (parent)
            {
                case IConversionOperation or IParenthesizedOperation:
                    current = parent;
                    continue;

                case IPropertyReferenceOperation property when property.Instance == current:
                    if (!IsElementType(property.Type))
                    {
                        return true;
                    }

                    current = parent;
                    continue;

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

                    current = parent;
                    continue;

                case IArgumentOperation argument:
                    if (argument.Parameter is not { RefKind: RefKind.None } || argument.Parent is not IInvocationOperation callee || !ConsumesImmediately(callee.TargetMethod.ContainingType))
                    {
                        return false;
                    }

                    if (!IsElementType(callee.Type))
                    {
                        return true;
                    }

                    current = callee;
                    continue;

                case IInterpolationOperation:
                case IExpressionStatementOperation:
                    return true;

                case IBinaryOperation binary:
                    return !IsElementType(binary.Type);

                case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                    return Track(declarator.Symbol);

                case ISimpleAssignmentOperation assignment when assignment.Value == current && assignment.Target is ILocalReferenceOperation target:
                    return Track(target.Local);

                case ISimpleAssignmentOperation assignment when assignment.Target == current:
                    // The local is overwritten, not read.
                    return true;

                case IForEachLoopOperation loop when loop.Collection == current:
                    foreach (var local in loop.Locals)
                    {
                        if (!Track(local))
                        {
                            return false;
                        }
                    }

                    return true;

                default:
                    return false;
            }
        }

        return false;
    }

    /// <summary><c>el.TryGetProperty("x", out var value)</c>: the out local holds an element of the document too.</summary>
    private bool TrackOutArguments(IInvocationOperation call)
    {
        foreach (var argument in call.Arguments)
        {
            if (argument.Parameter is { RefKind: RefKind.Out or RefKind.Ref })
            {
                var value = argument.Value is IDeclarationExpressionOperation declaration ? declaration.Expression : argument.Value;
                if (value is not ILocalReferenceOperation reference || !Track(reference.Local))
                {
                    return false;
                }
            }
        }

        return true;
    }

    private bool Track(ILocalSymbol local)
    {
        if (!_locals.Add(local))
        {
            return true;
        }

        if (local.IsRef
            || local.DeclaringSyntaxReferences.Length != 1
            || local.DeclaringSyntaxReferences[0].Span is var span && (span.Start < _scopeStart || span.End > _scopeEnd))
        {
            return false;
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

    /// <summary>Types whose values point into the document's buffers.</summary>
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

    /// <summary>Static methods that read an element and keep nothing: JsonElement's own, Console's and string's (they call ToString).</summary>
    private bool ConsumesImmediately(INamedTypeSymbol? type)
        => type is not null
           && (IsJsonType(type)
               || type.SpecialType == SpecialType.System_String
               || SymbolEqualityComparer.Default.Equals(type, _symbols.Console));
}
