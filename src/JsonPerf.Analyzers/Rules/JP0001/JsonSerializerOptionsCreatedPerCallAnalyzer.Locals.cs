namespace JsonPerf.Analyzers;

/// <summary>
/// JP0001 on locals: a creation that is the whole initializer of a local only configured and passed on (shape 2 of the
/// rule's page), and a creation that reaches locals through <c>?:</c>, <c>??</c>, a switch arm or an assignment (shape 3);
/// the local may also be read at entry points inside lambdas and local functions.
/// </summary>
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer
{
    /// <summary>Shape 2; <paramref name="references"/> are the local's (<see cref="References"/>).</summary>
    private static Diagnostic? AnalyzeLocal(IObjectCreationOperation creation, IVariableDeclaratorOperation declarator, List<ILocalReferenceOperation> references, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var local = declarator.Symbol;
        if (local.IsRef || local.IsConst || !symbols.IsJsonSerializerOptions(local.Type) || IsCopyOfRuntimeOptions(creation, symbols))
        {
            return null;
        }

        var function = declarator.EnclosingFunction();
        var configuration = new List<IOperation>();
        var entryPointUses = 0;
        var bindings = 0;
        IArgumentOperation? binding = null;
        foreach (var reference in references)
        {
            // Captured by a lambda or local function, which may run any number of times: only a read at an entry point,
            // and not by a lambda that is returned or stored (the delegate keeps the options, like a factory's result).
            if (reference.EnclosingFunction() != function)
            {
                if (!IsCapturedEntryPointRead(reference, symbols, cancellationToken) || IsCapturedByEscapingLambda(reference, function))
                {
                    return null;
                }

                entryPointUses++;
                continue;
            }

            if (IsDiscarded(reference))
            {
                continue;
            }

            if (reference.WalkUpValuePassThrough().Parent is IArgumentOperation argument
                && OptionsHelperSummaries.For(symbols).Sink(argument, cancellationToken) is var sink && sink != OptionsSink.None)
            {
                entryPointUses++;
                if (sink == OptionsSink.Binds)
                {
                    bindings++;
                    binding = argument.Value.WalkDownConversions() == reference ? argument : null;
                }
            }
            else if (OptionsConfiguration.ConfigurationStatement(reference) is { } statement)
            {
                configuration.Add(statement);
            }
            else
            {
                // Returned, stored, passed elsewhere, reassigned, read: the options escape or do more than configure.
                return null;
            }
        }

        if (entryPointUses == 0)
        {
            return null;
        }

        var fixable = StaticInitializerCheck.CanAddStaticField(creation)
            && StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols)
            && CanFoldConfiguration(declarator, creation, configuration, symbols);

        if (bindings > 0)
        {
            // Only a context built on the local, `new MyContext(options)`: the fix folds the options into a cached context.
            var context = fixable && bindings == 1 && entryPointUses == 1 && binding is not null ? ContextBinding.CacheableContext(binding, symbols) : null;
            return CreateBound(creation, fixable, context);
        }

        var costSources = new List<IOperation>(configuration.Count + 1) { creation };
        costSources.AddRange(configuration);
        return Create(creation, fixable ? OptionsPerCallFix.FoldLocal : null, costSources.ToArray(), fixable ? UsesUnderIf(declarator, references) : null);
    }

    /// <summary>True when the declared local is also assigned somewhere else in the body.</summary>
    internal static bool IsWrittenAgain(IVariableDeclaratorOperation declarator) => IsWrittenAgain(References(declarator));

    /// <summary>True when one of a local's references (<see cref="References"/>) writes it.</summary>
    private static bool IsWrittenAgain(List<ILocalReferenceOperation> references)
    {
        foreach (var reference in references)
        {
            if (IsWrite(reference))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The references to the declared local in its body, in the order of <c>Descendants()</c>: read in one walk (without
    /// Roslyn's iterator) for both <see cref="IsWrittenAgain(IVariableDeclaratorOperation)"/> and <see cref="AnalyzeLocal"/>,
    /// which walked the whole body each before.
    /// </summary>
    private static List<ILocalReferenceOperation> References(IVariableDeclaratorOperation declarator)
    {
        var local = declarator.Symbol;
        var references = new List<ILocalReferenceOperation>();
        var pending = OperationTree.Start(declarator.Root());
        try
        {
            while (OperationTree.Next(pending) is { } operation)
            {
                if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
                {
                    references.Add(reference);
                }
            }
        }
        finally
        {
            OperationTree.End(pending);
        }

        return references;
    }

    /// <summary>
    /// A use inside a lambda or local function that only hands the options to an entry point (or a wrapper that only
    /// passes them on): <c>items.Select(i =&gt; JsonSerializer.Serialize(i, options))</c>. Binding them to a context,
    /// configuring, storing or reassigning them there is left alone: the function may run any number of times.
    /// </summary>
    private static bool IsCapturedEntryPointRead(ILocalReferenceOperation reference, JsonSymbols symbols, CancellationToken cancellationToken)
        => reference.WalkUpValuePassThrough().Parent is IArgumentOperation argument
           && OptionsHelperSummaries.For(symbols).Sink(argument, cancellationToken) == OptionsSink.Reads;

    /// <summary>
    /// The reference sits in a lambda, directly inside <paramref name="function"/> (the local's own function, null for the
    /// member body), that is returned or stored to a field or property: <c>return x =&gt; JsonSerializer.Serialize(x, options);</c>.
    /// </summary>
    private static bool IsCapturedByEscapingLambda(IOperation reference, IOperation? function)
    {
        IOperation? outermost = null;
        for (var current = reference.Parent; current is not null && current != function; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                outermost = current;
            }
        }

        if (outermost is not IAnonymousFunctionOperation)
        {
            return false;
        }

        var value = outermost;
        while (value.Parent is IDelegateCreationOperation or IConversionOperation or IParenthesizedOperation)
        {
            value = value.Parent;
        }

        value = value.WalkUpValuePassThrough();
        return value.Parent switch
        {
            IReturnOperation => true,
            IAssignmentOperation assignment when assignment.Value == value => assignment.Target is IFieldReferenceOperation or IPropertyReferenceOperation,
            _ => false,
        };
    }

    /// <summary><c>_ = local;</c>: a read that goes nowhere.</summary>
    private static bool IsDiscarded(ILocalReferenceOperation reference)
        => reference.Parent is ISimpleAssignmentOperation { Target: IDiscardOperation } discard && discard.Value == reference;

    /// <summary>The reference (to a local or a parameter) is written: assigned, deconstructed into, or passed by ref/out.</summary>
    internal static bool IsWrite(IOperation reference)
        => reference.Parent is IAssignmentOperation assignment && assignment.Target == reference
           || reference.Parent is IDeconstructionAssignmentOperation
           || reference.Parent is IArgumentOperation { Parameter.RefKind: RefKind.Out or RefKind.Ref };

    /// <summary>
    /// The locals of <c>a = new(...)</c> or a chain <c>a = b = new(...)</c> (also as a declaration's initializer:
    /// <c>var a = b = new(...)</c>), with the statement the chain is; empty when the value goes anywhere else.
    /// </summary>
    private static ImmutableArray<ILocalSymbol> AssignedLocals(ISimpleAssignmentOperation assignment, out IOperation? statement)
    {
        statement = null;
        var locals = ImmutableArray.CreateBuilder<ILocalSymbol>();
        IOperation current = assignment;
        while (current is ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } link)
        {
            locals.Add(target.Local);
            var outer = link.WalkUpConversions();
            if (outer.Parent is ISimpleAssignmentOperation next && next.Value == outer)
            {
                current = next;
                continue;
            }

            if (outer.Parent is IExpressionStatementOperation expressionStatement)
            {
                statement = expressionStatement;
                return locals.ToImmutable();
            }

            if (outer.Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator })
            {
                locals.Add(declarator.Symbol);
                statement = declarator.Parent?.Parent;
                return locals.ToImmutable();
            }

            break;
        }

        return ImmutableArray<ILocalSymbol>.Empty;
    }

    /// <summary>
    /// A creation that reaches locals other than as the whole initializer of their declaration: through <c>?:</c>,
    /// <c>??</c> or a switch expression, by assignment after the declaration (also in branches), or by a chained
    /// assignment. Reported when each local is only passed to entry points (or discarded with <c>_ = local;</c>),
    /// never captured, and the creation is not overwritten before any use. The fix replaces the creation where it
    /// stands, so it is offered only when nothing configures the local (that would mutate the cached instance).
    /// </summary>
    private static Diagnostic? AnalyzeFlowIntoLocals(IObjectCreationOperation creation, ImmutableArray<ILocalSymbol> locals, IOperation? statement, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (IsCopyOfRuntimeOptions(creation, symbols))
        {
            return null;
        }

        var function = creation.EnclosingFunction();
        var root = creation.Root();
        var configured = false;
        var bound = false;
        var entryPointUses = 0;
        foreach (var local in locals)
        {
            if (local.IsRef || local.IsConst || !symbols.IsJsonSerializerOptions(local.Type))
            {
                return null;
            }

            foreach (var operation in root.Descendants())
            {
                if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, local))
                {
                    continue;
                }

                if (reference.EnclosingFunction() != function)
                {
                    if (!IsCapturedEntryPointRead(reference, symbols, cancellationToken) || IsCapturedByEscapingLambda(reference, function))
                    {
                        return null;
                    }

                    entryPointUses++;
                    continue;
                }

                if (reference.Parent is ISimpleAssignmentOperation write && write.Target == reference)
                {
                    continue;
                }

                if (IsDiscarded(reference))
                {
                    continue;
                }

                if (reference.WalkUpValuePassThrough().Parent is IArgumentOperation argument
                    && OptionsHelperSummaries.For(symbols).Sink(argument, cancellationToken) is var sink && sink != OptionsSink.None)
                {
                    entryPointUses++;
                    bound |= sink == OptionsSink.Binds;
                }
                else if (OptionsConfiguration.ConfigurationStatement(reference) is not null)
                {
                    configured = true;
                }
                else
                {
                    return null;
                }
            }
        }

        if (entryPointUses == 0 || locals.Length == 1 && IsOverwrittenBeforeUse(statement, locals[0]))
        {
            return null;
        }

        // Bound to a context, the creation replaced where it stands would be bound by every call: no fix.
        var fixable = !configured && StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols) && StaticInitializerCheck.CanAddStaticField(creation);
        return bound ? CreateBound(creation, fixable, context: null) : Create(creation, fixable ? OptionsPerCallFix.Hoist : null, creation);
    }

    /// <summary><c>opt = new(...); opt = other;</c>: the next statement assigns the local again without reading it (a dead store, not a per-call cost).</summary>
    private static bool IsOverwrittenBeforeUse(IOperation? statement, ILocalSymbol local)
    {
        if (statement?.Parent is not IBlockOperation block)
        {
            return false;
        }

        var index = block.Operations.IndexOf(statement);
        if (index < 0 || index + 1 >= block.Operations.Length
            || block.Operations[index + 1] is not IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } next }
            || !SymbolEqualityComparer.Default.Equals(target.Local, local))
        {
            return false;
        }

        foreach (var operation in next.Value.DescendantsAndSelf())
        {
            if (operation is ILocalReferenceOperation read && SymbolEqualityComparer.Default.Equals(read.Local, local))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The configuration statements can be folded into the object initializer when they directly follow the
    /// declaration in the same block, assign each property once, and hold values valid in a static initializer.
    /// </summary>
    private static bool CanFoldConfiguration(IVariableDeclaratorOperation declarator, IObjectCreationOperation creation, List<IOperation> configuration, JsonSymbols symbols)
    {
        if (declarator.Syntax.Parent is not VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax declaration }
            || declaration.UsingKeyword != default
            || declaration.IsConst)
        {
            return false;
        }

        var following = OptionsSyntax.FollowingStatements(declaration, max: configuration.Count);
        if (following is null || following.Count < configuration.Count)
        {
            return false;
        }

        var assigned = new HashSet<string>();
        if (creation.Initializer is { } initializer)
        {
            foreach (var init in initializer.Initializers)
            {
                if (init is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } && !assigned.Add(target.Property.Name))
                {
                    return false;
                }
            }
        }

        configuration.Sort((a, b) => a.Syntax.SpanStart.CompareTo(b.Syntax.SpanStart));
        for (var i = 0; i < configuration.Count; i++)
        {
            if (following[i] != configuration[i].Syntax)
            {
                return false;
            }

            var expression = ((IExpressionStatementOperation)configuration[i]).Operation;
            IOperation value;
            if (expression is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment)
            {
                if (target.Property.Name == "Converters" || !assigned.Add(target.Property.Name))
                {
                    return false;
                }

                value = assignment.Value;
            }
            else if (expression is IInvocationOperation { Arguments.Length: 1 } add)
            {
                value = add.Arguments[0].Value;
            }
            else
            {
                return false;
            }

            if (!StaticInitializerCheck.CanMoveToStaticInitializer(value, symbols))
            {
                return false;
            }
        }

        return true;
    }
}
