namespace JsonPerf.Analyzers;

/// <summary>
/// JP0001: a <c>new JsonSerializerOptions(...)</c> that runs per call and only feeds serializer entry points:
/// passed straight as the options argument, held in a local that is only configured and passed on, or returned
/// by a property getter; also through the project's own helpers (<see cref="OptionsHelperSummaries"/>): a creation
/// passed to a wrapper that only passes it on, and a call of a factory that returns new options each time.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("MicrosoftCodeAnalysisCorrectness", "RS1001:Missing diagnostic analyzer attribute", Justification = "Hosted by JsonPerfAnalyzer, which the package exports; exported alone too, the rule would run twice.")]
public sealed class JsonSerializerOptionsCreatedPerCallAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.OptionsCreatedPerCall);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        context.RegisterOperationAction(c => AnalyzeCreation(c, symbols), OperationFilter.Creations(symbols.JsonSerializerOptions));
        context.RegisterOperationAction(c => AnalyzeFactoryCall(c, symbols), OperationFilter.CallsReturning(symbols.JsonSerializerOptions));
    }

    /// <summary>A call of the project's own options factory whose result goes to the serializer (<see cref="OptionsHelperSummaries"/>).</summary>
    private static void AnalyzeFactoryCall(OperationAnalysisContext context, JsonSymbols symbols)
    {
        if (OptionsHelperSummaries.JudgeFactoryCall((IInvocationOperation)context.Operation, context.ContainingSymbol, symbols, context.CancellationToken) is { } diagnostic)
        {
            context.Report(diagnostic);
        }
    }

    private static void AnalyzeCreation(OperationAnalysisContext context, JsonSymbols symbols)
    {
        if (Judge((IObjectCreationOperation)context.Operation, context.ContainingSymbol, symbols, context.CancellationToken) is { } diagnostic)
        {
            context.Report(diagnostic);
            if (diagnostic.Location.SourceTree is { } tree)
            {
                symbols.OptionsCreationReported(tree, diagnostic.Location.SourceSpan);
            }
        }
    }

    /// <summary>
    /// JP0001's judgement of one creation: the diagnostic to report, or null. Shared with the CA1869 suppressor,
    /// which must agree exactly with what this rule reports.
    /// </summary>
    internal static Diagnostic? Judge(IObjectCreationOperation creation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (containingSymbol is IFieldSymbol { IsStatic: false } field && symbols.IsCreatedPerRequest(field.ContainingType))
        {
            return AnalyzePerRequestField(creation, field, symbols, cancellationToken);
        }

        if (!symbols.IsJsonSerializerOptions(creation.Type) || !creation.RunsPerCall(containingSymbol, symbols, cancellationToken) || symbols.IsInsideExpressionTree(creation))
        {
            return null;
        }

        // Locals and getters take the value as is (a target-typed `new()` arrives wrapped in a conversion);
        // arguments may also come through casts, parentheses, ?: and ??.
        var converted = creation.WalkUpConversions();

        var use = creation.WalkUpValuePassThrough();
        switch (use.Parent)
        {
            case IArgumentOperation argument when symbols.HelperSummaries.IsOptionsSink(argument, cancellationToken):
                // An entry point's options, or a wrapper's that only passes them on to entry points.
                return IsCopyOfRuntimeOptions(creation, symbols)
                    ? null
                    : Create(creation, fixable: StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols) && StaticInitializerCheck.CanAddStaticField(creation), creation);

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } when use == converted && !IsWrittenAgain(declarator):
                return AnalyzeLocal(creation, declarator, symbols, cancellationToken);

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                // Through ?:, ?? or a switch, or a local assigned again later: the creation is replaced where it stands.
                return AnalyzeFlowIntoLocals(creation, ImmutableArray.Create(declarator.Symbol), declarator.Parent?.Parent, symbols, cancellationToken);

            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation } assignment when assignment.Value == use:
                return AssignedLocals(assignment, out var statement) is { IsDefaultOrEmpty: false } locals
                    ? AnalyzeFlowIntoLocals(creation, locals, statement, symbols, cancellationToken)
                    : null;

            case IReturnOperation when use == converted
                                    && creation.EnclosingFunction() is null
                                    && containingSymbol is IMethodSymbol { MethodKind: MethodKind.PropertyGet }:
                return Create(creation, fixable: StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols) && IsSimpleGetter(creation), creation);

            default:
                return null;
        }
    }

    private static Diagnostic? AnalyzeLocal(IObjectCreationOperation creation, IVariableDeclaratorOperation declarator, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var local = declarator.Symbol;
        if (local.IsRef || local.IsConst || !symbols.IsJsonSerializerOptions(local.Type) || IsCopyOfRuntimeOptions(creation, symbols))
        {
            return null;
        }

        var function = declarator.EnclosingFunction();
        var configuration = new List<IOperation>();
        var entryPointUses = 0;
        foreach (var operation in declarator.Root().Descendants())
        {
            if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                continue;
            }

            // Captured by a lambda or local function: it may outlive the call, or run many times.
            if (reference.EnclosingFunction() != function)
            {
                return null;
            }

            if (IsDiscarded(reference))
            {
                continue;
            }

            if (reference.WalkUpValuePassThrough().Parent is IArgumentOperation argument && symbols.HelperSummaries.IsOptionsSink(argument, cancellationToken))
            {
                entryPointUses++;
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

        var costSources = new List<IOperation>(configuration.Count + 1) { creation };
        costSources.AddRange(configuration);
        return Create(creation, fixable, costSources.ToArray());
    }

    /// <summary>
    /// <c>private readonly JsonSerializerOptions _options = new() { ... };</c> in a controller, Razor Pages model, SignalR
    /// hub or view component: the framework creates the object per request, so the options are built per request.
    /// Reported when the field is private, in a type declared in this one file, and only ever passed to entry points;
    /// the fix makes it static when its initializer reads nothing per instance and no use goes through <c>this.</c>.
    /// </summary>
    private static Diagnostic? AnalyzePerRequestField(IObjectCreationOperation creation, IFieldSymbol field, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (creation.WalkUpConversions().Parent is not IFieldInitializerOperation
            || field.DeclaredAccessibility != Accessibility.Private
            || !symbols.IsJsonSerializerOptions(field.Type)
            || creation.SemanticModel is not { } model
            || field.DeclaringSyntaxReferences.Length != 1
            || field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1 } }
            || IsCopyOfRuntimeOptions(creation, symbols))
        {
            return null;
        }

        var entryPointUses = 0;
        var qualified = false;
        foreach (var reference in field.ContainingType.DeclaringSyntaxReferences)
        {
            if (reference.SyntaxTree != creation.Syntax.SyntaxTree)
            {
                return null;
            }

            foreach (var name in reference.GetSyntax(cancellationToken).DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                // `this._options` and `other._options` bind on the member access, not on the name.
                SyntaxNode node = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
                if (name.Identifier.ValueText != field.Name
                    || model.GetOperation(node, cancellationToken) is not IFieldReferenceOperation use
                    || !SymbolEqualityComparer.Default.Equals(use.Field, field))
                {
                    continue;
                }

                if (use.WalkUpValuePassThrough().Parent is not IArgumentOperation argument || !SerializerEntryPoints.IsOptionsArgument(argument, symbols))
                {
                    return null;
                }

                entryPointUses++;
                qualified |= use.Instance is { IsImplicit: false };
            }
        }

        if (entryPointUses == 0)
        {
            return null;
        }

        return Create(creation, fixable: !qualified && StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols), creation);
    }

    /// <summary>True when the declared local is also assigned somewhere else in the body.</summary>
    internal static bool IsWrittenAgain(IVariableDeclaratorOperation declarator)
    {
        foreach (var operation in declarator.Root().Descendants())
        {
            if (operation is ILocalReferenceOperation reference
                && SymbolEqualityComparer.Default.Equals(reference.Local, declarator.Symbol)
                && IsWrite(reference))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>_ = local;</c>: a read that goes nowhere.</summary>
    private static bool IsDiscarded(ILocalReferenceOperation reference)
        => reference.Parent is ISimpleAssignmentOperation { Target: IDiscardOperation } discard && discard.Value == reference;

    private static bool IsWrite(ILocalReferenceOperation reference)
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
                    return null;
                }

                if (reference.Parent is ISimpleAssignmentOperation write && write.Target == reference)
                {
                    continue;
                }

                if (IsDiscarded(reference))
                {
                    continue;
                }

                if (reference.WalkUpValuePassThrough().Parent is IArgumentOperation argument && symbols.HelperSummaries.IsOptionsSink(argument, cancellationToken))
                {
                    entryPointUses++;
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

        var fixable = !configured && StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols) && StaticInitializerCheck.CanAddStaticField(creation);
        return Create(creation, fixable, creation);
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

    /// <summary>A getter that is nothing but <c>=> new ...</c> or <c>get { return new ...; }</c>, on a property with no other accessor.</summary>
    private static bool IsSimpleGetter(IObjectCreationOperation creation)
    {
        var property = creation.Syntax.FirstAncestorOrSelf<PropertyDeclarationSyntax>();
        if (property is null || property.ExplicitInterfaceSpecifier is not null || property.Parent is InterfaceDeclarationSyntax)
        {
            return false;
        }

        if (property.ExpressionBody is { } arrow)
        {
            return arrow.Expression == creation.Syntax;
        }

        if (property.AccessorList is not { Accessors.Count: 1 } accessors)
        {
            return false;
        }

        var getter = accessors.Accessors[0];
        return getter.AttributeLists.Count == 0 && getter.Modifiers.Count == 0 && getter.IsKind(SyntaxKind.GetAccessorDeclaration) && (getter.ExpressionBody?.Expression == creation.Syntax
            || getter.Body is { Statements.Count: 1 } body && body.Statements[0] is ReturnStatementSyntax { Expression: var returned } && returned == creation.Syntax);
    }

    /// <summary>
    /// <c>new JsonSerializerOptions(options)</c> where <c>options</c> comes from the caller: deriving per-call
    /// options from someone else's is deliberate, and there is nothing static to cache.
    /// </summary>
    internal static bool IsCopyOfRuntimeOptions(IObjectCreationOperation creation, JsonSymbols symbols)
    {
        foreach (var argument in creation.Arguments)
        {
            if (symbols.IsJsonSerializerOptions(argument.Parameter?.Type) && !StaticInitializerCheck.CanMoveToStaticInitializer(argument.Value, symbols))
            {
                return true;
            }
        }

        return false;
    }

    private static Diagnostic Create(IObjectCreationOperation creation, bool fixable, params IOperation[] costSources)
    {
        var properties = fixable ? DiagnosticProperties.With(DiagnosticProperties.Fixable) : DiagnosticProperties.None;

        var cost = CreatesReferenceComparedInstances(creation, costSources) ? Rules.OptionsCostRebuild : Rules.OptionsCostLookup;
        return Diagnostic.Create(Rules.OptionsCreatedPerCall, creation.Syntax.GetLocation(), properties, cost, Rules.FixNote(fixable));
    }

    /// <summary>
    /// Converters, encoders, naming policies and resolvers are compared by reference in the serializer's global
    /// metadata cache: a new instance per call is a cache miss per call.
    /// </summary>
    internal static bool CreatesReferenceComparedInstances(IObjectCreationOperation options, IOperation[] sources)
    {
        foreach (var source in sources)
        {
            foreach (var operation in source.DescendantsAndSelf())
            {
                if (operation == options || operation.Type is not { IsReferenceType: true, SpecialType: not SpecialType.System_String })
                {
                    continue;
                }

                if (operation is IObjectCreationOperation || operation is IInvocationOperation { IsImplicit: false, TargetMethod.ReturnsVoid: false })
                {
                    return true;
                }
            }
        }

        return false;
    }
}
