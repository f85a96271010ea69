namespace JsonPerf.Analyzers;

/// <summary>
/// JP0001: a <c>new JsonSerializerOptions(...)</c> that runs per call and only feeds serializer entry points:
/// passed straight as the options argument, held in a local that is only configured and passed on, or returned
/// by a property getter; also through the project's own helpers (<see cref="OptionsHelperSummaries"/>): a creation
/// passed to a wrapper that only passes it on, and a call of a factory that returns new options each time.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("MicrosoftCodeAnalysisCorrectness", "RS1001:Missing diagnostic analyzer attribute", Justification = "Hosted by JsonPerfAnalyzer, which the package exports; exported alone too, the rule would run twice.")]
public sealed partial class JsonSerializerOptionsCreatedPerCallAnalyzer : JsonAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.OptionsCreatedPerCall);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        context.RegisterOperationAction(c => AnalyzeCreation(c, symbols), OperationFilter.Creations(symbols.JsonSerializerOptions));
        context.RegisterOperationAction(c => AnalyzeFactoryCall(c, symbols), OperationFilter.CallsReturning(symbols.JsonSerializerOptions));
        WholeHoists.For(symbols).Register((part, containingSymbol, cancellationToken) => CoversPart(part, containingSymbol, symbols, cancellationToken));
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
                ReportedOptionsCreations.For(symbols).Add(tree, diagnostic.Location.SourceSpan);
            }
        }
    }

    /// <summary>
    /// JP0001's judgement of one creation: the diagnostic to report, or null. Shared with the CA1869 suppressor,
    /// which must agree exactly with what this rule reports.
    /// </summary>
    internal static Diagnostic? Judge(IObjectCreationOperation creation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (containingSymbol is IFieldSymbol { IsStatic: false } field
            && (symbols.IsCreatedPerRequest(field.ContainingType) || RegisteredPerResolution.For(symbols).Contains(field.ContainingType, cancellationToken)))
        {
            return AnalyzePerRequestField(creation, field, symbols, cancellationToken) is { } perInstance ? WithCallState(perInstance, creation, symbols) : null;
        }

        if (!symbols.IsJsonSerializerOptions(creation.Type) || !creation.MayRunPerCall(containingSymbol, symbols, cancellationToken) || symbols.IsInsideExpressionTree(creation))
        {
            return null;
        }

        if (ConverterCopy(creation, containingSymbol, symbols, cancellationToken) is { } copy)
        {
            return copy;
        }

        // Whether code in a private method runs per call is asked last, of options that reach the serializer: it reads
        // every reference to the method in its type's declarations (a partial type's every part, a source-generated
        // context's included), which options that are only built and returned, or go elsewhere, need not pay.
        return JudgeUse(creation, containingSymbol, symbols, cancellationToken) is { } judged
               && WithCallState(judged, creation, symbols) is { } diagnostic
               && creation.RunsPerCall(containingSymbol, symbols, cancellationToken)
            ? diagnostic
            : null;
    }

    /// <summary>JP0001's judgement of where the options <paramref name="creation"/> makes go, whether or not its code runs per call.</summary>
    private static Diagnostic? JudgeUse(IObjectCreationOperation creation, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        // Locals and getters take the value as is (a target-typed `new()` arrives wrapped in a conversion);
        // arguments may also come through casts, parentheses, ?: and ??.
        var converted = creation.WalkUpConversions();

        var use = creation.WalkUpValuePassThrough();
        switch (use.Parent)
        {
            case IArgumentOperation argument when OptionsHelperSummaries.For(symbols).Sink(argument, cancellationToken) is var sink && sink != OptionsSink.None:
                // An entry point's options, or a wrapper's that only passes them on to entry points; or a context's, which
                // binds them: there the fix caches the context, where it can.
                if (IsCopyOfRuntimeOptions(creation, symbols))
                {
                    return null;
                }

                var movable = StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols) && StaticInitializerCheck.CanAddStaticField(creation);
                return sink == OptionsSink.Binds
                    ? CreateBound(creation, movable, movable && ContextBinding.CacheableContext(argument, symbols) is { } context && StaticInitializerCheck.CanMoveToStaticInitializer(context, symbols) ? context : null)
                    : Create(creation, movable ? OptionsPerCallFix.Hoist : null, creation);

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                if (use == converted && References(declarator) is var references && !IsWrittenAgain(references))
                {
                    return AnalyzeLocal(creation, declarator, references, symbols, cancellationToken);
                }

                // Through ?:, ?? or a switch, or a local assigned again later: the creation is replaced where it stands.
                return AnalyzeFlowIntoLocals(creation, ImmutableArray.Create(declarator.Symbol), declarator.Parent?.Parent, symbols, cancellationToken);

            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation } assignment when assignment.Value == use:
                return AssignedLocals(assignment, out var statement) is { IsDefaultOrEmpty: false } locals
                    ? AnalyzeFlowIntoLocals(creation, locals, statement, symbols, cancellationToken)
                    : null;

            case IReturnOperation when use == converted
                                    && creation.EnclosingFunction() is null
                                    && containingSymbol is IMethodSymbol { MethodKind: MethodKind.PropertyGet }:
                var cacheable = StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols) && IsSimpleGetter(creation);
                // A private getter whose options a read hands to a context's constructor: cached, they would be bound there.
                if (cacheable && containingSymbol is IMethodSymbol { AssociatedSymbol: IPropertySymbol property })
                {
                    if (OptionsHelperSummaries.For(symbols).BoundElsewhere(property, cancellationToken))
                    {
                        return CreateBound(creation, movable: true, context: null);
                    }

                    // Shared, the options would reach every reader: each must only pass them on to the serializer or copy them.
                    if (creation.SemanticModel is { } model && !MemberUses.All(property, model.Compilation, (m, name) => OnlyPassesOn(m, name, symbols, cancellationToken), cancellationToken))
                    {
                        return Create(creation, fix: null, CreatesReferenceComparedInstances(creation, creation), note: Rules.NoFixGetterReadersMayChange);
                    }
                }

                return Create(creation, cacheable ? OptionsPerCallFix.Getter : null, creation);

            default:
                return null;
        }
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
        var bound = false;
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
                bound |= ContextBinding.IsContextConstructorArgument(argument, symbols);
            }
        }

        if (entryPointUses == 0)
        {
            return null;
        }

        // A context built per request on the field: a static field would be bound by the first request's context.
        var movable = !qualified && StaticInitializerCheck.CanMoveToStaticInitializer(creation, symbols);
        return bound ? CreateBound(creation, movable, context: null) : Create(creation, movable ? OptionsPerCallFix.StaticField : null, creation);
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

    /// <summary>
    /// A local's creation and the statements that configure it, which the fix folds, and the <paramref name="uses"/> it
    /// rewrites that differ between targets (named as additional locations: EveryTargetNote).
    /// </summary>
    private static Diagnostic Create(IObjectCreationOperation creation, string? fix, IOperation[] costSources, List<Location>? uses)
    {
        var folded = fix is not null && costSources.Length > 1 ? costSources.Skip(1).Select(s => s.Syntax.GetLocation()) : null;
        if (uses is not null)
        {
            folded = folded is null ? uses : folded.Concat(uses);
        }

        return Create(creation, fix, CreatesReferenceComparedInstances(creation, costSources), folded);
    }

    /// <summary>The creation itself is the only cost source (no array per report).</summary>
    private static Diagnostic Create(IObjectCreationOperation creation, string? fix, IOperation costSource)
        => Create(creation, fix, CreatesReferenceComparedInstances(creation, costSource));

    /// <summary>The diagnostic, with <paramref name="fix"/> (an <see cref="OptionsPerCallFix"/> kind) where the fix is offered.</summary>
    private static Diagnostic Create(IObjectCreationOperation creation, string? fix, bool rebuilds, IEnumerable<Location>? folded = null, string? note = null)
    {
        var properties = fix is null ? DiagnosticProperties.None : DiagnosticProperties.With(DiagnosticProperties.FixKind, fix);
        var cost = rebuilds ? Rules.OptionsCostRebuild : Rules.OptionsCostLookup;
        return Diagnostic.Create(Rules.OptionsCreatedPerCall, creation.Syntax.GetLocation(), folded, properties, cost, Rules.OptionsCache, note ?? Rules.FixNote(fix is not null));
    }

    /// <summary>
    /// A read of a getter's or factory's options that shared options cannot hurt: handed to a serializer that only reads
    /// them (not to a context's constructor, which binds them), or copied into new options.
    /// </summary>
    internal static bool OnlyPassesOn(SemanticModel model, SimpleNameSyntax name, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (name.Parent is NameMemberCrefSyntax or QualifiedCrefSyntax || name.Ancestors().Any(a => a is DocumentationCommentTriviaSyntax))
        {
            return true;
        }

        var read = PrivateMemberReferences.UseAt(model, name, cancellationToken);
        return read?.WalkUpValuePassThrough().Parent is IArgumentOperation argument
               && (OptionsHelperSummaries.For(symbols).Sink(argument, cancellationToken) == OptionsSink.Reads
                   || argument.Parent is IObjectCreationOperation copy && symbols.IsJsonSerializerOptions(copy.Type));
    }

    /// <summary>
    /// Options a JsonSerializerContext is built on (<see cref="ContextBinding"/>): the context is a new resolver every call,
    /// so the metadata is built again each time. Shared, the options would throw, so the fix caches the
    /// <paramref name="context"/> built on them, or is not offered (null). <paramref name="movable"/>: the options could
    /// move to a static field but for the context.
    /// </summary>
    private static Diagnostic CreateBound(IObjectCreationOperation creation, bool movable, IObjectCreationOperation? context)
    {
        var fixable = movable && context is not null;
        var properties = fixable ? DiagnosticProperties.With(DiagnosticProperties.FixKind, OptionsPerCallFix.CacheContext) : DiagnosticProperties.None;
        return Diagnostic.Create(Rules.OptionsCreatedPerCall, creation.Syntax.GetLocation(), properties, Rules.OptionsCostRebuild, Rules.OptionsCache, Rules.OptionsFixNote(fixable, onlyBoundToContext: movable));
    }

    /// <summary>
    /// Converters, encoders, naming policies and resolvers are compared by reference in the serializer's global
    /// metadata cache: a new instance per call is a cache miss per call.
    /// </summary>
    internal static bool CreatesReferenceComparedInstances(IObjectCreationOperation options, IOperation[] sources)
    {
        foreach (var source in sources)
        {
            if (CreatesReferenceComparedInstances(options, source))
            {
                return true;
            }
        }

        return false;
    }

    internal static bool CreatesReferenceComparedInstances(IObjectCreationOperation options, IOperation source)
    {
        var pending = OperationTree.Start(source);
        try
        {
            while (OperationTree.Next(pending) is { } operation)
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

            return false;
        }
        finally
        {
            OperationTree.End(pending);
        }
    }
}
