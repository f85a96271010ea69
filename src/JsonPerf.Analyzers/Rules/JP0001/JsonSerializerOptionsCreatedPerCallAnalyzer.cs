namespace JsonPerf.Analyzers;

/// <summary>JP0001: <c>new JsonSerializerOptions(...)</c> that runs per call and only feeds the serializer, directly or through the project's helpers.</summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("MicrosoftCodeAnalysisCorrectness", "RS1001:Missing diagnostic analyzer attribute", Justification = "Hosted by JsonPerfAnalyzer, which the package exports; exported alone too, the rule would run twice.")]
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.OptionsCreatedPerCall);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        context.RegisterOperationAction(c => AnalyzeCreation(c, symbols), OperationFilter.Creations(symbols.JsonSerializerOptions));
        context.RegisterOperationAction(c => AnalyzeFactoryCall(c, symbols), OperationFilter.CallsReturning(symbols.JsonSerializerOptions));
        var globalOptions = context.Options.AnalyzerConfigOptionsProvider.GlobalOptions;
        WholeHoists.For(symbols).Register((part, containingSymbol, cancellationToken) => CoversPart(part, containingSymbol, symbols, globalOptions, cancellationToken));
    }

    private static void AnalyzeCreation(OperationAnalysisContext context, JsonSymbols symbols)
    {
        if (Judge((IObjectCreationOperation)context.Operation, context.ContainingSymbol, symbols, context.CancellationToken) is { } diagnostic)
        {
            context.Report(diagnostic);
            if (diagnostic.Location.SourceTree is { } tree)
            {
                ReportedOptionsCreations.For(symbols).Add(tree, diagnostic.Location.SourceSpan);
            }
        }
    }

    /// <summary>JP0001's judgement of one creation, shared with the CA1869 suppressor, which must agree exactly.</summary>
    internal static Diagnostic? Judge(IObjectCreationOperation creation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (containingSymbol is IFieldSymbol { IsStatic: false } field
            && (symbols.IsCreatedPerRequest(field.ContainingType) || RegisteredPerResolution.For(symbols).Contains(field.ContainingType, cancellationToken)))
        {
            return AnalyzePerRequestField(creation, field, symbols, cancellationToken);
        }

        if (!symbols.IsJsonSerializerOptions(creation.Type) || !creation.MayRunPerCall(containingSymbol, symbols, cancellationToken) || symbols.IsInsideExpressionTree(creation))
        {
            return null;
        }

        // Asked last: whether a private method runs per call reads every reference to it in its type's declarations.
        return ConverterCopy(creation, creation.Arguments, containingSymbol, symbols, cancellationToken)
               ?? (JudgeUse(creation, containingSymbol, symbols, cancellationToken) is { } diagnostic && creation.RunsPerCall(containingSymbol, symbols, cancellationToken) ? diagnostic : null);
    }

    /// <summary>Where the options go, whether or not the code runs per call.</summary>
    private static Diagnostic? JudgeUse(IObjectCreationOperation creation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        // Locals and getters take the value as is (a target-typed `new()` arrives wrapped in a conversion);
        // arguments may also come through casts, parentheses, ?: and ??.
        var converted = creation.WalkUpConversions();
        var use = creation.WalkUpValuePassThrough();
        switch (use.Parent)
        {
            case IArgumentOperation argument when OptionsHelperSummaries.For(symbols).Sink(argument, cancellationToken) is var sink && sink != OptionsUse.Other && !IsCopyOfRuntimeOptions(creation, symbols):
                var movable = StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols) && StaticInitializerCheck.CanAddStaticField(creation);
                return sink == OptionsUse.Binds
                    ? CreateBound(creation, movable, movable && ContextBinding.CacheableContext(argument, symbols) is { } context && StaticInitializerCheck.CanMoveToStaticInitializer(context, symbols), symbols)
                    : Create(creation, movable ? OptionsPerCallFix.Hoist : null, Cost(creation), symbols);

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                return AnalyzeLocals(creation, ImmutableArray.Create(declarator.Symbol), declarator.Parent?.Parent, use == converted ? declarator : null, symbols, cancellationToken);

            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation } assignment when assignment.Value == use:
                return AssignedLocals(assignment, out var statement) is { IsDefaultOrEmpty: false } locals
                    ? AnalyzeLocals(creation, locals, statement, declared: null, symbols, cancellationToken)
                    : null;

            case IReturnOperation when use == converted && creation.EnclosingFunction() is null && containingSymbol is IMethodSymbol { MethodKind: MethodKind.PropertyGet, AssociatedSymbol: IPropertySymbol property }:
                if (!StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols) || !IsSimpleGetter(creation) || !StaticInitializerCheck.CanAddStaticField(creation))
                {
                    return Create(creation, fix: null, Cost(creation), symbols);
                }

                var summaries = OptionsHelperSummaries.For(symbols);
                if (summaries.BoundElsewhere(property, cancellationToken))
                {
                    return CreateBound(creation, movable: true, contextCacheable: false, symbols);
                }

                // Shared, the options would reach every reader: each must only pass them on to the serializer or copy them.
                return summaries.UsesOnlyPassOn(property, cancellationToken)
                    ? Create(creation, OptionsPerCallFix.Getter, Cost(creation), symbols)
                    : Create(creation, fix: null, Cost(creation), symbols, Rules.NoFixGetterReadersMayChange);

            default:
                return null;
        }
    }

    /// <summary>
    /// An options field of a type the framework or the container creates per request or resolution: reported when it is
    /// private, its type is declared in this one file, and every use passes it to the serializer.
    /// </summary>
    private static Diagnostic? AnalyzePerRequestField(IObjectCreationOperation creation, IFieldSymbol field, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (creation.WalkUpConversions().Parent is not IFieldInitializerOperation
            || field.DeclaredAccessibility != Accessibility.Private
            || !symbols.IsJsonSerializerOptions(field.Type)
            || creation.SemanticModel is not { } model
            || field.DeclaringSyntaxReferences.Length != 1
            || field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1 } }
            || IsCopyOfRuntimeOptions(creation, symbols)
            || OptionsReferences.Of(field, tree => tree == creation.Syntax.SyntaxTree ? model : null, cancellationToken) is not { Count: > 0 } uses)
        {
            return null;
        }

        // Each use passes the options to the serializer, or to the type's own method that only does (T01), or is a
        // constructor's assignment of the field (then the field keeps its instance, and there is no fix).
        var summaries = OptionsHelperSummaries.For(symbols);
        var (bound, assignedInConstructor) = (false, false);
        foreach (var use in uses)
        {
            var sink = use.WalkUpValuePassThrough().Parent is IArgumentOperation argument ? summaries.Sink(argument, cancellationToken) : OptionsUse.Other;
            if (sink == OptionsUse.Other && !IsConstructorAssignment(use, field))
            {
                return null;
            }

            bound |= sink == OptionsUse.Binds;
            assignedInConstructor |= sink == OptionsUse.Other;
        }

        // Replaced by every constructor that runs the initializers, the initializer's options never reach the serializer.
        if (assignedInConstructor && EveryConstructorReplaces(field, cancellationToken))
        {
            return null;
        }

        // `this._options` would still read the field after it became static: no fix.
        var movable = !assignedInConstructor && !uses.Any(use => use.Instance is { IsImplicit: false }) && StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols);
        return bound
            ? CreateBound(creation, movable, contextCacheable: false, symbols)
            : Create(creation, movable ? OptionsPerCallFix.StaticField : null, Cost(creation), symbols, assignedInConstructor ? Rules.NoFixFieldAssignedInConstructor : null);
    }

    /// <summary>Every instance constructor that runs the field initializers (no <c>: this(...)</c>) assigns the field in a statement of its own body.</summary>
    private static bool EveryConstructorReplaces(IFieldSymbol field, CancellationToken cancellationToken)
        => field.ContainingType.InstanceConstructors.All(constructor =>
            constructor.DeclaringSyntaxReferences.Length == 1
            && constructor.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is ConstructorDeclarationSyntax declaration
            && (declaration.Initializer?.ThisOrBaseKeyword.IsKind(SyntaxKind.ThisKeyword) == true
                || (declaration.Body?.Statements.Select(s => (s as ExpressionStatementSyntax)?.Expression) ?? new[] { declaration.ExpressionBody?.Expression })
                    .Any(e => e is AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } assignment
                              && (assignment.Left as IdentifierNameSyntax ?? (assignment.Left as MemberAccessExpressionSyntax is { Expression: ThisExpressionSyntax } access ? access.Name as IdentifierNameSyntax : null))?.Identifier.ValueText == field.Name)));

    /// <summary>The field assigned (<c>_options = ...</c>) or copied from another instance (<c>_options = source._options</c>) in an instance constructor's own body.</summary>
    private static bool IsConstructorAssignment(IFieldReferenceOperation use, IFieldSymbol field)
        => use.Parent is ISimpleAssignmentOperation assignment
           && (assignment.Target == use || assignment.Target is IFieldReferenceOperation { Instance: IInstanceReferenceOperation } target && SymbolEqualityComparer.Default.Equals(target.Field, field))
           && use.EnclosingFunction() is null
           && use.Syntax.FirstAncestorOrSelf<ConstructorDeclarationSyntax>() is { } constructor
           && !constructor.Modifiers.Any(SyntaxKind.StaticKeyword);

    /// <summary>A getter that is nothing but <c>=> new ...</c> or <c>get { return new ...; }</c>, on a property with no other accessor.</summary>
    private static bool IsSimpleGetter(IObjectCreationOperation creation)
        => creation.Syntax.FirstAncestorOrSelf<PropertyDeclarationSyntax>() is { ExplicitInterfaceSpecifier: null, Parent: not InterfaceDeclarationSyntax } property
           && (property.ExpressionBody is { } arrow
               ? arrow.Expression == creation.Syntax
               : property.AccessorList is { Accessors: { Count: 1 } accessors }
                 && accessors[0] is { AttributeLists.Count: 0, Modifiers.Count: 0 } getter
                 && getter.IsKind(SyntaxKind.GetAccessorDeclaration)
                 && (getter.ExpressionBody?.Expression == creation.Syntax || getter.Body is { Statements: { Count: 1 } body } && body[0] is ReturnStatementSyntax { Expression: var returned } && returned == creation.Syntax));

    /// <summary><c>new JsonSerializerOptions(options)</c> of the caller's options: deliberate per-call options, with nothing static to cache.</summary>
    internal static bool IsCopyOfRuntimeOptions(IObjectCreationOperation creation, JsonSymbols symbols)
        => creation.Arguments.Any(a => symbols.IsJsonSerializerOptions(a.Parameter?.Type) && !StaticInitializerCheck.CanMoveToStaticInitializer(a.Value, symbols));

    /// <summary>A call of the project's own factory in per-call code whose fresh options go to the serializer, reported at the call.</summary>
    private static void AnalyzeFactoryCall(OperationAnalysisContext context, JsonSymbols symbols)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (ConverterCopy(invocation, invocation.Arguments, context.ContainingSymbol, symbols, context.CancellationToken) is { } copy)
        {
            context.Report(copy);
            return;
        }

        var target = invocation.TargetMethod;
        if (!symbols.IsJsonSerializerOptions(target.ReturnType)
            || target.OriginalDefinition.DeclaringSyntaxReferences.IsEmpty
            || invocation.WalkUpValuePassThrough().Parent is not IArgumentOperation argument
            || !invocation.MayRunPerCall(context.ContainingSymbol, symbols, context.CancellationToken)
            || symbols.IsInsideExpressionTree(invocation))
        {
            return;
        }

        var summaries = OptionsHelperSummaries.For(symbols);
        var sink = summaries.Sink(argument, context.CancellationToken);
        if (sink == OptionsUse.Other
            || summaries.FreshFactory(invocation, out var byDefault, context.CancellationToken) is not { } factory
            || !invocation.RunsPerCall(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            return;
        }

        // A cached factory hands every call one instance: none may bind it to a context, or change it.
        var bound = sink == OptionsUse.Binds;
        var boundByAnother = !bound && factory.Fixable && summaries.BoundElsewhere(target, context.CancellationToken);
        var callersMayChange = factory.Fixable && !bound && !boundByAnother && !summaries.UsesOnlyPassOn(target, context.CancellationToken);
        var fixable = factory.Fixable && !bound && !boundByAnother && !callersMayChange;
        var cost = bound || factory.RebuildsMetadata ? Rules.OptionsCostRebuild : Rules.OptionsCostLookup;
        context.Report(NewDiagnostic(
            invocation,
            fixable ? OptionsPerCallFix.Factory : null,
            Rules.OptionsCostThroughFactory(target.ContainingType.Name + "." + target.Name, cost, byDefault),
            Rules.OptionsCache,
            callersMayChange ? Rules.NoFixFactoryCallersMayChange : Rules.OptionsFixNote(fixable, onlyBoundToContext: (bound || boundByAnother) && factory.Fixable)));
    }

    /// <summary>
    /// Whether JP0001's fix moves <paramref name="part"/> along with the options (<see cref="WholeHoists"/>): a creation in
    /// their initializer, or in a statement that configures the local the fix folds. An encoder there is hoisted inside them.
    /// </summary>
    private static bool CoversPart(IOperation part, ISymbol containingSymbol, JsonSymbols symbols, AnalyzerConfigOptions globalOptions, CancellationToken cancellationToken)
    {
        for (var current = part.Parent; current is not null; current = current.Parent)
        {
            if (current is IObjectCreationOperation creation && symbols.IsJsonSerializerOptions(creation.Type))
            {
                return IsFixable(Judge(creation, containingSymbol, symbols, cancellationToken), globalOptions);
            }

            if (current is IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Instance: ILocalReferenceOperation local } } } statement
                && local.Local.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Initializer.Value: { } value }
                && statement.SemanticModel?.GetOperation(value, cancellationToken)?.WalkDownConversions() is IObjectCreationOperation folded
                && symbols.IsJsonSerializerOptions(folded.Type))
            {
                var diagnostic = Judge(folded, containingSymbol, symbols, cancellationToken);
                return IsFixable(diagnostic, globalOptions) && diagnostic!.AdditionalLocations.Any(l => l.SourceSpan.Contains(part.Syntax.Span));
            }

            if (current.Syntax is StatementSyntax or MemberDeclarationSyntax)
            {
                return false;
            }
        }

        return false;
    }

    /// <summary>Fixable as reported: in a multi-targeted project a fix that edits code under <c>#if</c> is withheld, so it covers nothing.</summary>
    private static bool IsFixable(Diagnostic? diagnostic, AnalyzerConfigOptions globalOptions)
        => diagnostic is { Properties.Count: > 0 } && EveryTargetNote.Apply(diagnostic, globalOptions).Properties.Count > 0;
}
