namespace JsonPerf.Analyzers;

/// <summary>
/// JP0003: <c>PropertyNameCaseInsensitive = true</c> on options that set no <c>PropertyNamingPolicy</c>: in an
/// object initializer, in an assignment to a local or member, or as a named argument of
/// <c>[JsonSourceGenerationOptions]</c>. Options built from <c>JsonSerializerDefaults.Web</c> (camelCase already)
/// or copied from other options are left alone, as are values that are not the constant <c>true</c>.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer : JsonAnalyzer
{
    public const string CaseInsensitive = "PropertyNameCaseInsensitive";
    public const string NamingPolicy = CaseInsensitiveFix.NamingPolicy;

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.CaseInsensitiveWithoutNamingPolicy);

    // The context check reports at the attribute, which may sit on a generated part of a partial context: the compiler
    // checks each report (JP0003 is hidden by default, so this costs builds nothing).
    private protected override GeneratedCodeAnalysisFlags GeneratedCode => GeneratedCodeAnalysisFlags.None;

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        context.RegisterOperationAction(c => AnalyzeAssignment(c, symbols), OperationKind.SimpleAssignment);
        if (symbols.JsonSourceGenerationOptionsAttribute is { } attribute)
        {
            context.RegisterSymbolAction(c => AnalyzeContext(c, symbols, attribute), SymbolKind.NamedType);
        }
    }

    private static void AnalyzeAssignment(OperationAnalysisContext context, JsonSymbols symbols)
    {
        var assignment = (ISimpleAssignmentOperation)context.Operation;
        if (assignment.Target is not IPropertyReferenceOperation { Property.Name: CaseInsensitive } target
            || !symbols.IsJsonSerializerOptions(target.Property.ContainingType)
            || assignment.Value.ConstantValue is not { HasValue: true, Value: true })
        {
            return;
        }

        var sameOptionsSetPolicy = target.Instance switch
        {
            // new JsonSerializerOptions { PropertyNameCaseInsensitive = true, ... }
            IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ImplicitReceiver }
                when assignment.Parent is IObjectOrCollectionInitializerOperation { Parent: IObjectCreationOperation creation }
                => CreationSetsPolicy(creation, symbols) || creation.InitializedDeclarator()?.Symbol is { } local && LocalSetsPolicy(local, creation.Root(), symbols),

            // options.PropertyNameCaseInsensitive = true;
            ILocalReferenceOperation local => LocalSetsPolicy(local.Local, assignment.Root(), symbols),
            IFieldReferenceOperation or IPropertyReferenceOperation => MemberSetsPolicy(target.Instance, assignment.Root(), symbols),

            // A parameter or anything else: where its policy is set cannot be seen here.
            _ => true,
        };

        if (!sameOptionsSetPolicy)
        {
            var inInitializer = target.Instance is IInstanceReferenceOperation && assignment.Parent?.Parent is IObjectCreationOperation;
            var whyNoFix = inInitializer
                ? WhyNoFixForCreation((IObjectCreationOperation)assignment.Parent!.Parent!, context.Compilation, symbols, context.CancellationToken)
                : assignment.Syntax.Parent is not ExpressionStatementSyntax { Parent: BlockSyntax or GlobalStatementSyntax } ? Rules.NoAutomaticFix
                : DeserializeOnly.WhyNoFix(target.Instance!, context.Compilation, symbols, context.CancellationToken);
            context.Report(Create(assignment.Syntax.GetLocation(), inInitializer ? CaseInsensitiveFix.InitializerEntry : CaseInsensitiveFix.Statement, whyNoFix));
        }
    }

    /// <summary>The options built here go to a reading call, a local, or a member whose every use deserializes.</summary>
    private static string? WhyNoFixForCreation(IObjectCreationOperation creation, Compilation compilation, JsonSymbols symbols, CancellationToken cancellationToken)
        => creation.WalkUpValuePassThrough().Parent switch
        {
            IArgumentOperation argument => DeserializeOnly.WhyNoFix(argument, compilation, symbols, cancellationToken),
            IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => DeserializeOnly.WhyNoFix(declarator, compilation, symbols, cancellationToken),
            IFieldInitializerOperation { InitializedFields: { Length: 1 } fields } => DeserializeOnly.Member(fields[0], compilation, symbols, cancellationToken),
            IPropertyInitializerOperation { InitializedProperties: { Length: 1 } properties } => DeserializeOnly.Member(properties[0], compilation, symbols, cancellationToken),
            _ => Rules.NoFixSerializes,
        };

    private static Diagnostic Create(Location location, string fix, string? whyNoFix)
        => Diagnostic.Create(Rules.CaseInsensitiveWithoutNamingPolicy, location, whyNoFix is null ? DiagnosticProperties.With(DiagnosticProperties.FixKind, fix) : DiagnosticProperties.None, whyNoFix ?? "");

    /// <summary>The creation sets a policy itself, starts from Web defaults (camelCase), or copies other options.</summary>
    private static bool CreationSetsPolicy(IObjectCreationOperation creation, JsonSymbols symbols)
    {
        foreach (var argument in creation.Arguments)
        {
            if (symbols.IsJsonSerializerOptions(argument.Value.Type) || symbols.IsJsonSerializerOptions(argument.Parameter?.Type) || IsWebDefaults(argument.Value, symbols))
            {
                return true;
            }
        }

        foreach (var initializer in creation.Initializer?.Initializers ?? ImmutableArray<IOperation>.Empty)
        {
            if (initializer is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Property.Name: NamingPolicy } })
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsWebDefaults(IOperation value, JsonSymbols symbols)
        => SymbolEqualityComparer.Default.Equals(value.Type, symbols.JsonSerializerDefaults) && value.ConstantValue is { HasValue: true, Value: not 0 };

    /// <summary>The local's creation or any statement on it in the same body sets a policy (or the local is not ours to judge).</summary>
    private static bool LocalSetsPolicy(ILocalSymbol local, IOperation root, JsonSymbols symbols)
    {
        foreach (var operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    if (declarator.Initializer?.Value.WalkDownConversions() is not IObjectCreationOperation creation || CreationSetsPolicy(creation, symbols))
                    {
                        return true;
                    }

                    break;

                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation reassigned } when SymbolEqualityComparer.Default.Equals(reassigned.Local, local):
                    return true;

                case ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Property.Name: NamingPolicy, Instance: ILocalReferenceOperation receiver } }
                    when SymbolEqualityComparer.Default.Equals(receiver.Local, local):
                    return true;
            }
        }

        return false;
    }

    /// <summary>
    /// <c>_options.PropertyNameCaseInsensitive = true;</c>: the member's initializer in source, or a statement in
    /// the same body, sets a policy; a member without an initializer we can read is not judged.
    /// </summary>
    private static bool MemberSetsPolicy(IOperation receiver, IOperation root, JsonSymbols symbols)
    {
        var member = receiver switch
        {
            IFieldReferenceOperation field => (ISymbol)field.Field,
            IPropertyReferenceOperation property => property.Property,
            _ => null,
        };

        if (member is null || member.DeclaringSyntaxReferences.Length != 1)
        {
            return true;
        }

        var initializer = OptionsSyntax.Initializer(member.DeclaringSyntaxReferences[0].GetSyntax());

        var model = receiver.SemanticModel;
        if (initializer is null || model is null || initializer.SyntaxTree != model.SyntaxTree
            || model.GetOperation(initializer) is not { } value)
        {
            return true;
        }

        if (value.WalkDownConversions() is not IObjectCreationOperation creation || CreationSetsPolicy(creation, symbols))
        {
            return true;
        }

        foreach (var operation in root.Descendants())
        {
            if (operation is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Property.Name: NamingPolicy, Instance: { } instance } }
                && instance switch
                {
                    IFieldReferenceOperation field => SymbolEqualityComparer.Default.Equals(field.Field, member),
                    IPropertyReferenceOperation property => SymbolEqualityComparer.Default.Equals(property.Property, member),
                    _ => false,
                })
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>[JsonSourceGenerationOptions(PropertyNameCaseInsensitive = true)]</c> with no naming policy and no Web defaults.</summary>
    private static void AnalyzeContext(SymbolAnalysisContext context, JsonSymbols symbols, INamedTypeSymbol attributeType)
    {
        // The attribute only means something on a context. Checking the base type first keeps this callback from
        // binding the attributes of every type in the compilation (it was JP0003's hot spot on the 2,000-file build).
        if (!symbols.IsDerivedFromJsonSerializerContext((INamedTypeSymbol)context.Symbol))
        {
            return;
        }

        foreach (var attribute in context.Symbol.GetAttributes())
        {
            if (!SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, attributeType)
                || attribute.ApplicationSyntaxReference?.GetSyntax(context.CancellationToken) is not AttributeSyntax syntax)
            {
                continue;
            }

            var caseInsensitive = false;
            var policy = false;
            foreach (var named in attribute.NamedArguments)
            {
                caseInsensitive |= named.Key == CaseInsensitive && named.Value.Value is true;
                policy |= named.Key == NamingPolicy;
            }

            var web = attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is int defaults && defaults != 0;
            if (!caseInsensitive || policy || web)
            {
                continue;
            }

            foreach (var argument in syntax.ArgumentList?.Arguments ?? default)
            {
                if (argument.NameEquals?.Name.Identifier.ValueText == CaseInsensitive)
                {
                    context.Report(Create(argument.GetLocation(), CaseInsensitiveFix.Attribute, DeserializeOnly.Member(context.Symbol, context.Compilation, symbols, context.CancellationToken)));
                }
            }
        }
    }
}
