namespace JsonPerf.Analyzers;

/// <summary>JP0001 on options held in locals that are only configured and passed to the serializer.</summary>
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer
{
    /// <summary>
    /// A creation held in options locals. As the whole initializer (<paramref name="declared"/>) of a local never written
    /// again, the fix folds the statements that configure it into one field. Reaching locals through <c>?:</c>, <c>??</c>, a
    /// switch arm, a later assignment or a chain of them, it is replaced where it stands, so not where a local is
    /// configured: that would change the cached instance.
    /// </summary>
    private static Diagnostic? AnalyzeLocals(IObjectCreationOperation creation, ImmutableArray<ILocalSymbol> locals, IOperation? statement, IVariableDeclaratorOperation? declared, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (IsCopyOfRuntimeOptions(creation, symbols))
        {
            return null;
        }

        var function = creation.EnclosingFunction();
        var root = creation.Root();
        var summaries = OptionsHelperSummaries.For(symbols);
        var uses = locals.All(local => !local.IsRef && !local.IsConst && symbols.IsJsonSerializerOptions(local.Type))
            ? locals.SelectMany(local => OptionsReferences.Of(local, root)).Select(r => (Reference: r, Use: summaries.UseOf(r, cancellationToken))).ToList()
            : null;
        if (uses is null || !uses.All(u => IsAccepted(u.Reference, u.Use, function)))
        {
            return null;
        }

        var entryPoints = uses.Count(u => u.Use is OptionsUse.Reads or OptionsUse.Binds);
        var bindings = uses.Where(u => u.Use == OptionsUse.Binds).Select(u => u.Reference).ToList();
        var configuration = uses.Where(u => u.Use == OptionsUse.Configured).Select(u => (IOperation)OptionsReferences.ConfigurationStatement(u.Reference)!).ToList();
        var folded = uses.Any(u => u.Use == OptionsUse.Assigned) ? null : declared;
        if (entryPoints == 0 || folded is null && locals.Length == 1 && IsOverwrittenBeforeUse(statement, locals[0]))
        {
            return null;
        }

        var fixable = StaticInitializerCheck.CanAddStaticField(creation)
            && StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols)
            && (folded is null ? configuration.Count == 0 : CanFoldConfiguration(folded, creation, configuration, symbols));
        if (bindings.Count > 0)
        {
            // Only a folded `new MyContext(options)` is fixed, by caching the context: replaced where it stands, the
            // creation would be bound by every call.
            var cacheable = folded is not null && fixable && bindings.Count == 1 && entryPoints == 1
                && bindings[0].WalkUpConversions().Parent is IArgumentOperation binding && ContextBinding.CacheableContext(binding, symbols) is not null;
            return CreateBound(creation, fixable, cacheable, symbols);
        }

        if (folded is null)
        {
            return Create(creation, fixable ? OptionsPerCallFix.Hoist : null, Cost(creation), symbols);
        }

        // The fix rewrites the configuration and every use; those under #if differ between targets (EveryTargetNote).
        var rewritten = fixable ? configuration.Select(s => s.Syntax.GetLocation()).Concat(UsesUnderIf(folded)) : null;
        return Create(creation, fixable ? OptionsPerCallFix.FoldLocal : null, Cost(creation, configuration), symbols, additionalLocations: rewritten);
    }

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
            switch (outer.Parent)
            {
                case ISimpleAssignmentOperation next when next.Value == outer:
                    current = next;
                    continue;
                case IExpressionStatementOperation expressionStatement:
                    statement = expressionStatement;
                    return locals.ToImmutable();
                case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                    locals.Add(declarator.Symbol);
                    statement = declarator.Parent?.Parent;
                    return locals.ToImmutable();
            }

            break;
        }

        return ImmutableArray<ILocalSymbol>.Empty;
    }

    /// <summary><c>opt = new(...); opt = other;</c>: the next statement assigns the local again without reading it (a dead store, not a per-call cost).</summary>
    private static bool IsOverwrittenBeforeUse(IOperation? statement, ILocalSymbol local)
        => statement?.Parent is IBlockOperation block
           && block.Operations.IndexOf(statement) is >= 0 and var index
           && index + 1 < block.Operations.Length
           && block.Operations[index + 1] is IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } next }
           && SymbolEqualityComparer.Default.Equals(target.Local, local)
           && OptionsReferences.Of(local, next.Value).Count == 0;

    /// <summary>
    /// The configuration statements can be folded into the object initializer when they directly follow the
    /// declaration in the same block, assign each property once, and hold values valid in a static initializer.
    /// </summary>
    private static bool CanFoldConfiguration(IVariableDeclaratorOperation declarator, IObjectCreationOperation creation, List<IOperation> configuration, JsonSymbols symbols)
    {
        if (declarator.Syntax.Parent is not VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax declaration }
            || declaration.UsingKeyword != default
            || declaration.IsConst
            || OptionsSyntax.FollowingStatements(declaration, max: configuration.Count) is not { } following
            || following.Count < configuration.Count)
        {
            return false;
        }

        var assigned = new HashSet<string>();
        foreach (var init in creation.Initializer?.Initializers ?? ImmutableArray<IOperation>.Empty)
        {
            if (init is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } && !assigned.Add(target.Property.Name))
            {
                return false;
            }
        }

        configuration.Sort((a, b) => a.Syntax.SpanStart.CompareTo(b.Syntax.SpanStart));
        for (var i = 0; i < configuration.Count; i++)
        {
            var value = ((IExpressionStatementOperation)configuration[i]).Operation switch
            {
                ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment
                    when target.Property.Name != "Converters" && assigned.Add(target.Property.Name) => assignment.Value,
                IInvocationOperation { Arguments.Length: 1 } add => add.Arguments[0].Value,
                _ => null,
            };

            if (following[i] != configuration[i].Syntax || value is null || !StaticInitializerCheck.CanMoveToStaticInitializer(value, symbols))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The local's uses under <c>#if</c>, and the inactive branches of its scope that name it: what the fix rewrites that other targets compile differently.</summary>
    private static IEnumerable<Location> UsesUnderIf(IVariableDeclaratorOperation declarator)
    {
        var statement = declarator.Syntax.FirstAncestorOrSelf<LocalDeclarationStatementSyntax>();
        if ((statement?.Parent is GlobalStatementSyntax global ? global.Parent : statement?.Parent) is not { ContainsDirectives: true } scope)
        {
            return Array.Empty<Location>();
        }

        var regions = ConditionalCompilation.Regions(scope.SyntaxTree.GetRoot());
        return OptionsReferences.Of(declarator).Where(r => regions.Any(region => region.Contains(r.Syntax.SpanStart))).Select(r => r.Syntax.GetLocation())
            .Concat(scope.DescendantTrivia(static n => n.ContainsDirectives)
                .Where(t => t.IsKind(SyntaxKind.DisabledTextTrivia) && ConditionalCompilation.HasIdentifier(t.ToString(), declarator.Symbol.Name))
                .Select(t => Location.Create(scope.SyntaxTree, t.Span)))
            .ToList();
    }

    /// <summary>
    /// The uses of options locals JP0001 accepts: they are configured or passed to the serializer, and only assigned or
    /// discarded otherwise (a discard as <c>_ = local</c> itself, not through <c>?:</c> or <c>??</c>). A lambda or local
    /// function may run any number of times: there only a read at an entry point, and not by a lambda that is returned or
    /// stored (the delegate keeps the options, like a factory's result).
    /// </summary>
    private static bool IsAccepted(ILocalReferenceOperation reference, OptionsUse use, IOperation? function)
        => reference.EnclosingFunction() != function
            ? use == OptionsUse.Reads && !IsCapturedByEscapingLambda(reference, function)
            : use is OptionsUse.Assigned or OptionsUse.Reads or OptionsUse.Binds or OptionsUse.Configured
              || use == OptionsUse.Discarded && reference.Parent is ISimpleAssignmentOperation;
}
