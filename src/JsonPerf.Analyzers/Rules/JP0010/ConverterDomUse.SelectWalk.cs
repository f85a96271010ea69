namespace JsonPerf.Analyzers;

/// <summary>
/// JP0010's array walk through LINQ (typesense-dotnet's <c>GroupKeyConverter</c>): <c>EnumerateArray().Select(M)</c> (or
/// <c>e =&gt; M(e)</c>) consumed at once by <c>ToList()</c>, <c>ToArray()</c> or <c>string.Join</c>, each element once and in
/// order, where M is a non-virtual method of the converter whose element is only read with <c>ValueKind</c>, scalar
/// getters and the same walk of its own array (M itself or another such method). Anything else it does with the element
/// (kept, passed on, captured, looked up) makes it no walk.
/// </summary>
internal sealed partial class ConverterDomUse
{
    // Per Find; a method being looked at counts as a walk, so recursion ends (any other failure fails the whole walk).
    private readonly Dictionary<IMethodSymbol, bool> elementWalkers = new(SymbolEqualityComparer.Default);
    private INamedTypeSymbol? converterType;

    /// <summary>The call consuming <paramref name="enumerate"/>'s <c>Select</c> when its selector only walks each element; else null.</summary>
    private IInvocationOperation? SelectWalk(IInvocationOperation enumerate)
        => SelectChain(enumerate) is var (select, consumer) && enumerate.SemanticModel is { } model && SelectorWalks(select, model) ? consumer : null;

    /// <summary><c>source.Select(selector)</c> handed straight to <c>ToList()</c>, <c>ToArray()</c> or <c>string.Join(separator, ...)</c>.</summary>
    private (IInvocationOperation Select, IInvocationOperation Consumer)? SelectChain(IOperation source)
    {
        if (source.WalkUpConversions().Parent is not IArgumentOperation { Parameter.Ordinal: 0, Parent: IInvocationOperation { Arguments.Length: 2 } select }
            || !IsEnumerable(select.TargetMethod, "Select")
            || select.WalkUpConversions().Parent is not IArgumentOperation { Parameter: { } parameter, Parent: IInvocationOperation consumer })
        {
            return null;
        }

        var consumed = (IsEnumerable(consumer.TargetMethod, "ToList") || IsEnumerable(consumer.TargetMethod, "ToArray")) && consumer.Arguments.Length == 1
                       || consumer.TargetMethod is { Name: "Join", ContainingType.SpecialType: SpecialType.System_String } && consumer.Arguments.Length == 2
                          && parameter.Ordinal == 1 && parameter.Type.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T;
        return consumed ? (select, consumer) : null;
    }

    private bool IsEnumerable(IMethodSymbol method, string name)
        => method.Name == name && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.Enumerable);

    /// <summary>
    /// A method group or a lambda <c>e =&gt; M(e)</c> whose method only walks the element, or a lambda that only walks it itself
    /// (<c>e =&gt; e.GetString()</c>).
    /// </summary>
    private bool SelectorWalks(IInvocationOperation select, SemanticModel model)
    {
        var selector = select.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 1)?.Value.WalkDownConversions();
        if (selector is IDelegateCreationOperation { Target: IMethodReferenceOperation group })
        {
            return WalksElement(group.Method, model);
        }

        if (selector is not IDelegateCreationOperation { Target: IAnonymousFunctionOperation { Symbol.Parameters.Length: 1 } lambda })
        {
            return false;
        }

        var element = lambda.Symbol.Parameters[0];
        if (lambda.Body.Operations.Length == 1 && lambda.Body.Operations[0] is IReturnOperation { ReturnedValue: { } returned }
            && returned.WalkDownConversions() is IInvocationOperation { Instance: null or IInstanceReferenceOperation, Arguments.Length: 1 } call
            && call.Arguments[0].Value is IParameterReferenceOperation passed && SymbolEqualityComparer.Default.Equals(passed.Parameter, element))
        {
            return WalksElement(call.TargetMethod, model);
        }

        return OnlyWalked(lambda.Body, element, lambda);
    }

    /// <summary>True when <paramref name="method"/>, a method of the converter in source, only walks the element it is given.</summary>
    private bool WalksElement(IMethodSymbol method, SemanticModel model)
    {
        if (elementWalkers.TryGetValue(method, out var known))
        {
            return known;
        }

        elementWalkers[method] = true;
        var walks = IsElementMethod(method) && Body(method, model) is { } body && OnlyWalked(body, method.Parameters[0]);
        elementWalkers[method] = walks;
        return walks;
    }

    private bool IsElementMethod(IMethodSymbol method)
        => method is { MethodKind: MethodKind.Ordinary, IsVirtual: false, IsAbstract: false, IsOverride: false, IsExtern: false }
           && method is { IsAsync: false, IsGenericMethod: false, ReturnsByRef: false, ReturnsByRefReadonly: false }
           && method.Parameters.Length == 1 && method.Parameters[0].RefKind == RefKind.None && SymbolEqualityComparer.Default.Equals(method.Parameters[0].Type, symbols.JsonElement)
           && !symbols.IsDom(method.ReturnType, orProperty: true) && method.DeclaringSyntaxReferences.Length == 1
           && converterType is not null && SymbolEqualityComparer.Default.Equals(method.ContainingType.OriginalDefinition, converterType.OriginalDefinition);

    private static IOperation? Body(IMethodSymbol method, SemanticModel model)
    {
        if (method.DeclaringSyntaxReferences[0].GetSyntax() is not MethodDeclarationSyntax { } declaration || (declaration.Body is null && declaration.ExpressionBody is null))
        {
            return null;
        }

#pragma warning disable RS1030 // Only a selector method of a converter's Read that passed the checks above, in another file of a partial type.
        var bodyModel = declaration.SyntaxTree == model.SyntaxTree ? model : model.Compilation.GetSemanticModel(declaration.SyntaxTree);
#pragma warning restore RS1030
        return bodyModel.GetOperation(declaration) as IMethodBodyOperation;
    }

    /// <summary>
    /// Every use of <paramref name="element"/> in <paramref name="body"/> (of a method, or of <paramref name="function"/>) reads it:
    /// ValueKind, a scalar getter, one walk of its array; none in a lambda or a local function of its own.
    /// </summary>
    private bool OnlyWalked(IOperation body, IParameterSymbol element, IOperation? function = null)
    {
        var walks = 0;
        var pending = OperationTree.Start(body);
        try
        {
            while (OperationTree.Next(pending) is { } operation)
            {
                if (operation.Kind is OperationKind.YieldReturn or OperationKind.YieldBreak
                    || (operation is IParameterReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Parameter, element)
                        && !ElementRead(reference, function, ref walks)))
                {
                    return false;
                }
            }

            return true;
        }
        finally
        {
            OperationTree.End(pending);
        }
    }

    private bool ElementRead(IParameterReferenceOperation reference, IOperation? function, ref int walks)
    {
        if (reference.EnclosingFunction() != function)
        {
            return false;
        }

        switch (reference.Parent)
        {
            case IPropertyReferenceOperation { Property.Name: "ValueKind" } property when property.Instance == reference:
                return true;
            case IInvocationOperation call when call.Instance == reference && IsScalarGetter(call.TargetMethod):
                return true;
            case IInvocationOperation { TargetMethod.Name: "EnumerateArray" } call when call.Instance == reference:
                walks++;
                if (walks > 1 || SelectWalk(call) is not { } consumer)
                {
                    return false;
                }

                for (var current = consumer.Parent; current is not null && current != function; current = current.Parent)
                {
                    if (current is ILoopOperation)
                    {
                        return false;
                    }
                }

                return true;
            default:
                return false;
        }
    }
}
