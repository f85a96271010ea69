using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;
using Analyzer = JsonPerf.Analyzers.ReflectionSerializationAnalyzer;

namespace JsonPerf.CodeFixes;

/// <summary>
/// JP0002 fix: "Use source-generated metadata", for calls on the default options. It registers the type on a
/// partial context of the project that has default generation options (no <c>[JsonSourceGenerationOptions]</c>),
/// or scaffolds one in a new file next to the calling code, and passes that context's metadata to the call:
/// <c>Ctx.Default.Order</c> for a type argument, <c>Ctx.Default</c> beside a <c>typeof</c>. Offered only when every
/// type the serializer reaches is known to serialize the same with generated metadata
/// (<see cref="SerializableTypes.IsSafeForGeneratedMetadata"/>) and the language version runs the generator (C# 9+).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ReflectionSerializationFixer)), Shared]
public sealed class ReflectionSerializationFixer : JsonFixer
{
    private const string SerializationNamespace = "System.Text.Json.Serialization";

    /// <summary>Names a context already has from JsonSerializerContext or its generated code.</summary>
    private static readonly string[] ReservedNames = { "Default", "Options", "GeneratedSerializerOptions", "GetTypeInfo" };

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.ReflectionSerializationId);

    protected override string Title => "Use source-generated metadata";

    protected override bool IsFixable(Diagnostic diagnostic)
        => diagnostic.Properties.ContainsKey(Analyzer.DefaultOptionsProperty) || diagnostic.Properties.ContainsKey(Analyzer.StaticOptionsProperty);

    protected override async Task<bool> CanFixAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
        => await PlanAsync(document, site, cancellationToken).ConfigureAwait(false) is not null;

    protected override async Task<Solution?> FixSolutionAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        if (await PlanAsync(document, site, cancellationToken).ConfigureAwait(false) is not { } plan)
        {
            return null;
        }

        var solution = document.Project.Solution;
        var context = plan.Context;
        DocumentId? contextDocument = null;
        if (context is null)
        {
            if (await ScaffoldAsync(document, plan, cancellationToken).ConfigureAwait(false) is not { } scaffolded)
            {
                return null;
            }

            (solution, contextDocument, context) = scaffolded;
        }
        else if (plan.Registration is null)
        {
            (solution, contextDocument) = await RegisterAsync(solution, plan, context, cancellationToken).ConfigureAwait(false);
        }

        if (plan.Member is not null)
        {
            // Options in a static member: the context becomes their resolver (with reflection behind it); the call stays.
            var changed = new List<DocumentId> { document.Id };
            if (contextDocument is not null)
            {
                changed.Add(contextDocument);
            }

            if (plan.BoundContext is null)
            {
                if (await BindMemberAsync(solution, document.Project.Id, plan.Member, context, cancellationToken).ConfigureAwait(false) is not var (bound, memberDocument))
                {
                    return null;
                }

                solution = bound;
                changed.Add(memberDocument);
            }

            return await CleanUpAsync(solution, changed.Distinct(), cancellationToken).ConfigureAwait(false);
        }

        // The call, on the calling document as the registration left it (it may be the same document).
        var callingDocument = solution.GetDocument(document.Id)!;
        var root = (await callingDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        var invocation = root.GetAnnotatedNodes(plan.Mark).OfType<InvocationExpressionSyntax>().FirstOrDefault()
                         ?? root.FindNode(plan.Invocation.Span, getInnermostNodeForTie: true).FirstAncestorOrSelf<InvocationExpressionSyntax>();
        if (invocation is null)
        {
            return null;
        }

        var contextExpression = (ExpressionSyntax)SyntaxGenerator.GetGenerator(callingDocument).TypeExpression(context).WithAdditionalAnnotations(Simplifier.Annotation);
        ExpressionSyntax metadata = MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, contextExpression, IdentifierName("Default"));
        if (!plan.PassContext)
        {
            metadata = MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, metadata, IdentifierName(plan.PropertyName));
        }

        var newInvocation = invocation.WithArgumentList(RewriteArguments(invocation.ArgumentList, plan, metadata));
        callingDocument = callingDocument.WithSyntaxRoot(root.ReplaceNode(invocation, newInvocation));
        callingDocument = await Simplifier.ReduceAsync(callingDocument, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        callingDocument = await Formatter.FormatAsync(callingDocument, Formatter.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        solution = callingDocument.Project.Solution;

        if (contextDocument is not null && contextDocument != document.Id && solution.GetDocument(contextDocument) is { } other)
        {
            other = await Simplifier.ReduceAsync(other, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
            other = await Formatter.FormatAsync(other, Formatter.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
            solution = other.Project.Solution;
        }

        return solution;
    }

    /// <summary>Simplifies and formats what the fix annotated, in each document it changed.</summary>
    private static async Task<Solution> CleanUpAsync(Solution solution, IEnumerable<DocumentId> changed, CancellationToken cancellationToken)
    {
        foreach (var id in changed.ToList())
        {
            if (solution.GetDocument(id) is { } changedDocument)
            {
                changedDocument = await Simplifier.ReduceAsync(changedDocument, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
                changedDocument = await Formatter.FormatAsync(changedDocument, Formatter.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
                solution = changedDocument.Project.Solution;
            }
        }

        return solution;
    }

    private const string MetadataNamespace = "System.Text.Json.Serialization.Metadata";

    /// <summary>
    /// Option settings whose effect metadata from a context bound as the resolver is known to keep (the tests run
    /// each): the ones a context's generation options can mirror, plus instances no attribute can express.
    /// </summary>
    private static readonly HashSet<string> BindableSettings = new(MirroredOptions.Settings) { "Encoder", "Converters" };

    /// <summary>
    /// Whether a context can be bound to the static options member as its resolver without changing what any of its
    /// users serialize: a readonly field or get-only property of this project, initialized with
    /// <c>new JsonSerializerOptions(...)</c> (no arguments or <c>JsonSerializerDefaults.X</c>) whose object initializer
    /// sets only <see cref="BindableSettings"/>, and referenced nowhere but as an argument to a framework method (no
    /// code configures it later, or hands it to code that could). Also the context an earlier fix bound it to.
    /// </summary>
    private static async Task<(bool Bindable, INamedTypeSymbol? Bound)?> BindableMemberAsync(Project project, ISymbol member, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var stable = member switch
        {
            IFieldSymbol { IsStatic: true, IsReadOnly: true } => true,
            IPropertySymbol { IsStatic: true, SetMethod: null } => true,
            _ => false,
        };
        if (!stable
            || member.ContainingType is not { } containing
            || MetadataName(containing) is null
            || member.DeclaringSyntaxReferences.Length != 1
            || project.Solution.GetDocument(member.DeclaringSyntaxReferences[0].SyntaxTree) is not { } memberDocument
            || memberDocument is SourceGeneratedDocument
            || memberDocument.Project.Id != project.Id
            || OptionsCreation(await member.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is not { } creation
            || symbols.JsonSerializerDefaults is null
            || await memberDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.Compilation.GetTypeByMetadataName(MetadataNamespace + ".JsonTypeInfoResolver") is null
            || model.Compilation.GetTypeByMetadataName(MetadataNamespace + ".DefaultJsonTypeInfoResolver") is not { } defaultResolver)
        {
            return null;
        }

        // Arguments: none, or JsonSerializerDefaults.General/Web.
        if (creation.ArgumentList is { Arguments: { Count: > 0 } arguments }
            && (arguments.Count != 1 || model.GetTypeInfo(arguments[0].Expression, cancellationToken).Type is not { } argumentType
                || !SymbolEqualityComparer.Default.Equals(argumentType, symbols.JsonSerializerDefaults)
                || !model.GetConstantValue(arguments[0].Expression, cancellationToken).HasValue))
        {
            return null;
        }

        INamedTypeSymbol? bound = null;
        foreach (var expression in creation.Initializer?.Expressions ?? default)
        {
            if (expression is not AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting } } assignment)
            {
                return null;
            }

            if (setting == "TypeInfoResolver")
            {
                // Combine(Ctx.Default, new DefaultJsonTypeInfoResolver()), as an earlier fix wrote it.
                if (assignment.Right is not InvocationExpressionSyntax { ArgumentList.Arguments: { Count: 2 } combine } call
                    || model.GetSymbolInfo(call, cancellationToken).Symbol is not IMethodSymbol { Name: "Combine" }
                    || model.GetSymbolInfo(combine[0].Expression, cancellationToken).Symbol is not IPropertySymbol { Name: "Default", ContainingType: { } context }
                    || !SymbolEqualityComparer.Default.Equals(context.BaseType, symbols.JsonSerializerContext)
                    || combine[1].Expression is not ObjectCreationExpressionSyntax { ArgumentList.Arguments.Count: 0, Initializer: null } fallback
                    || !SymbolEqualityComparer.Default.Equals(model.GetTypeInfo(fallback, cancellationToken).Type, defaultResolver))
                {
                    return null;
                }

                bound = context;
            }
            else if (!BindableSettings.Contains(setting))
            {
                return null;
            }
        }

        // Every reference: an argument to a framework method (JsonSerializer, HttpClient's JSON extensions, Results.Json...).
        foreach (var referenced in await SymbolFinder.FindReferencesAsync(member, project.Solution, cancellationToken).ConfigureAwait(false))
        {
            foreach (var location in referenced.Locations)
            {
                if (location.IsImplicit
                    || await location.Document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
                    || await location.Document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } referenceModel)
                {
                    return null;
                }

                var node = root.FindNode(location.Location.SourceSpan, getInnermostNodeForTie: true);
                var use = node.Parent is MemberAccessExpressionSyntax qualified && qualified.Name == node ? qualified : node;
                if (use.Parent is not ArgumentSyntax { RefKindKeyword.RawKind: 0, Parent.Parent: { } callSite }
                    || callSite is not (InvocationExpressionSyntax or BaseObjectCreationExpressionSyntax)
                    || referenceModel.GetSymbolInfo(callSite, cancellationToken).Symbol is not IMethodSymbol target
                    || !IsFrameworkNamespace(target.ContainingNamespace))
                {
                    return null;
                }
            }
        }

        return (true, bound);
    }

    private static bool IsFrameworkNamespace(INamespaceSymbol? ns)
    {
        while (ns is { ContainingNamespace.IsGlobalNamespace: false })
        {
            ns = ns.ContainingNamespace;
        }

        return ns?.Name is "System" or "Microsoft";
    }

    /// <summary><c>new JsonSerializerOptions(...) { ... }</c> or <c>new(...) { ... }</c> initializing the declarator or property.</summary>
    private static BaseObjectCreationExpressionSyntax? OptionsCreation(SyntaxNode declaration)
        => Analyzer.AsOptionsCreation(Analyzer.Initializer(declaration));

    /// <summary>The name <see cref="Compilation.GetTypeByMetadataName"/> finds a type by (<c>Ns.Outer+Inner</c>).</summary>
    private static string? MetadataName(INamedTypeSymbol type)
    {
        if (type.ContainingType is { } container)
        {
            return MetadataName(container) is { } outer ? outer + "+" + type.MetadataName : null;
        }

        return type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() + "." + type.MetadataName : type.MetadataName;
    }

    /// <summary>
    /// Adds <c>TypeInfoResolver = JsonTypeInfoResolver.Combine(Ctx.Default, new DefaultJsonTypeInfoResolver())</c> to
    /// the member's initializer: the context's metadata, bound to these options (so naming policy, converters and
    /// encoder still apply), for the types it registers; reflection, as before, for every other type.
    /// </summary>
    private static async Task<(Solution Solution, DocumentId Document)?> BindMemberAsync(Solution solution, ProjectId projectId, ISymbol member, INamedTypeSymbol context, CancellationToken cancellationToken)
    {
        // The member as the solution is now (the context step may have edited its document).
        if (member.ContainingType is not { } containing
            || MetadataName(containing) is not { } metadataName
            || solution.GetProject(projectId) is not { } project
            || await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation
            || compilation.GetTypeByMetadataName(metadataName)?.GetMembers(member.Name).FirstOrDefault(m => m.Kind == member.Kind && m.IsStatic) is not { } current
            || current.DeclaringSyntaxReferences.Length != 1
            || solution.GetDocument(current.DeclaringSyntaxReferences[0].SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || OptionsCreation(await current.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is not { } creation)
        {
            return null;
        }

        if (compilation.GetTypeByMetadataName(MetadataNamespace + ".JsonTypeInfoResolver") is not { } combiner
            || compilation.GetTypeByMetadataName(MetadataNamespace + ".DefaultJsonTypeInfoResolver") is not { } reflection
            || compilation.GetTypeByMetadataName(MetadataName(context) ?? "") is not { } currentContext)
        {
            return null;
        }

        var generator = SyntaxGenerator.GetGenerator(document);
        TypeSyntax Type(INamedTypeSymbol type) => ((TypeSyntax)generator.TypeExpression(type)).WithAdditionalAnnotations(Simplifier.Annotation);
        var resolver = InvocationExpression(
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Type(combiner), IdentifierName("Combine")),
            ArgumentList(SeparatedList(new[]
            {
                Argument(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Type(currentContext), IdentifierName("Default"))),
                Argument(ObjectCreationExpression(Type(reflection)).WithArgumentList(ArgumentList())),
            })));
        var assignment = AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, IdentifierName("TypeInfoResolver"), resolver).WithAdditionalAnnotations(Formatter.Annotation);
        BaseObjectCreationExpressionSyntax updated = creation.Initializer is { } initializer
            ? creation.WithInitializer(initializer.AddExpressions(assignment))
            : creation.WithInitializer(InitializerExpression(SyntaxKind.ObjectInitializerExpression, SingletonSeparatedList<ExpressionSyntax>(assignment)).WithAdditionalAnnotations(Formatter.Annotation));
        var newRoot = EnsureUsing(root.ReplaceNode(creation, updated), compilation, MetadataNamespace, "JsonTypeInfoResolver");
        return (document.WithSyntaxRoot(newRoot).Project.Solution, document.Id);
    }

    private sealed class Plan
    {
        public Plan(InvocationExpressionSyntax invocation, ITypeSymbol type, IArgumentOperation options, string metadataParameter, bool passContext, INamedTypeSymbol? context, AttributeData? registration, string propertyName, bool newRegistrationNeedsName)
        {
            Invocation = invocation;
            MetadataParameter = metadataParameter;
            Type = type;
            Options = options;
            PassContext = passContext;
            Context = context;
            Registration = registration;
            PropertyName = propertyName;
            NewRegistrationNeedsName = newRegistrationNeedsName;
        }

        public InvocationExpressionSyntax Invocation { get; }
        public ITypeSymbol Type { get; }
        public IArgumentOperation Options { get; }

        /// <summary>The name of the metadata overload's parameter that takes the place of the options.</summary>
        public string MetadataParameter { get; }

        /// <summary>A <c>typeof</c> overload: pass the context itself (<c>Serialize(value, typeof(T), Ctx.Default)</c>).</summary>
        public bool PassContext { get; }

        /// <summary>An existing context to register on; null to scaffold one.</summary>
        public INamedTypeSymbol? Context { get; }

        /// <summary>The context's existing <c>[JsonSerializable]</c> for the type, if any.</summary>
        public AttributeData? Registration { get; }

        public string PropertyName { get; }
        public bool NewRegistrationNeedsName { get; }
        public SyntaxAnnotation Mark { get; } = new SyntaxAnnotation();

        /// <summary>Generation options mirroring the call's static options: the context must have exactly these (null: none).</summary>
        public MirroredOptions? Mirror { get; set; }

        /// <summary>The static options member the context is bound to as resolver, for calls on such options.</summary>
        public ISymbol? Member { get; set; }

        /// <summary>The context the member's initializer already names as its resolver (an earlier fix), if any.</summary>
        public INamedTypeSymbol? BoundContext { get; set; }
    }

    private static async Task<Plan?> PlanAsync(Document document, SyntaxNode site, CancellationToken cancellationToken)
    {
        var invocation = site.FirstAncestorOrSelf<InvocationExpressionSyntax>();
        if (invocation is null
            || invocation.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp9 }
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || JsonSymbols.TryCreate(model.Compilation) is not { JsonSerializerContext: not null } symbols
            || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
            || !Analyzer.TryGetSerializedType(operation, symbols, out var type, out var maybeOptions)
            || maybeOptions is not { Parameter: { } optionsParameter } options
            || !SerializableTypes.IsSafeForGeneratedMetadata(type, model.Compilation, out var reachable)
            || HasNameTheGeneratorCannotGive(type, reachable))
        {
            return null;
        }

        var passContext = !operation.TargetMethod.IsGenericMethod;
        ISymbol? optionsMember = null;
        INamedTypeSymbol? boundContext = null;
        MirroredOptions? mirror = null;
        string? metadataParameter;
        if (Analyzer.IsDefaultOptions(options.Value, symbols))
        {
            // The overload that takes metadata where this one takes the options; none (DeserializeAsyncEnumerable's
            // topLevelValues overload puts them elsewhere): no fix.
            metadataParameter = MetadataOverloadParameter(operation.TargetMethod, optionsParameter.Ordinal, passContext, symbols);
        }
        else
        {
            // Options in a static member: the call keeps them, the context is bound to them as their resolver.
            metadataParameter = "";
            optionsMember = (options.Value.WalkDownConversions() as IMemberReferenceOperation)?.Member;
            if (optionsMember is null
                || await BindableMemberAsync(document.Project, optionsMember, symbols, cancellationToken).ConfigureAwait(false) is not var (bindable, bound)
                || !bindable)
            {
                return null;
            }

            boundContext = bound;

            // Settings that [JsonSourceGenerationOptions] can express: a context with those options instead, and the
            // call takes its metadata (trim- and AOT-safe); the member stays as it is.
            if (bound is null
                && OptionsCreation(await optionsMember.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)) is { } creation
                && await optionsDocumentModelAsync(optionsMember).ConfigureAwait(false) is { } optionsModel
                && MirroredOptions.TryCreate(creation, optionsModel, cancellationToken) is { } mirrored
                && MetadataOverloadParameter(operation.TargetMethod, optionsParameter.Ordinal, passContext, symbols) is { } mirroredParameter)
            {
                mirror = mirrored;
                mirror.SourceName = optionsMember.Name;
                optionsMember = null;
                metadataParameter = mirroredParameter;
            }
        }

        if (metadataParameter is not { } parameterName)
        {
            return null;
        }

        var callingType = model.GetEnclosingSymbol(invocation.SpanStart, cancellationToken)?.ContainingType;
        var plan = ChoosePlan();
        if (plan is not null)
        {
            plan.Member = optionsMember;
            plan.BoundContext = boundContext;
            plan.Mirror = mirror;
        }

        return plan;

        async Task<SemanticModel?> optionsDocumentModelAsync(ISymbol member)
            => document.Project.Solution.GetDocument(member.DeclaringSyntaxReferences[0].SyntaxTree) is { } memberDocument
                ? await memberDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false)
                : null;

        // The context to use: an existing one (the one the options are bound to, if they are), or a new one.
        Plan? ChoosePlan()
        {
            foreach (var context in FindContexts(document.Project, model.Compilation, symbols, type, callingType, mirror, cancellationToken))
            {
                if (!CanHold(context, type, reachable, symbols)
                    || boundContext is not null && !SymbolEqualityComparer.Default.Equals(context, boundContext))
                {
                    continue;
                }

                // Taken names: the context's members (with the generator running, its generated properties too), except a
                // generated JsonTypeInfo<T> for this very type, whose name the new registration shares.
                var names = new HashSet<string>(ReservedNames);
                foreach (var member in context.GetMembers())
                {
                    if (member is not IPropertySymbol { Type: INamedTypeSymbol { IsGenericType: true } propertyType }
                        || propertyType.TypeArguments.Length != 1
                        || !SymbolEqualityComparer.Default.Equals(propertyType.TypeArguments[0], type)
                        || !SymbolEqualityComparer.Default.Equals(propertyType.ConstructedFrom.BaseType, symbols.JsonTypeInfo))
                    {
                        names.Add(member.Name);
                    }
                }

                foreach (var attribute in context.GetAttributes())
                {
                    if (IsJsonSerializable(attribute) && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol registered)
                    {
                        var name = attribute.NamedArguments.FirstOrDefault(a => a.Key == "TypeInfoPropertyName").Value.Value as string ?? SerializableTypes.GeneratedPropertyName(registered);
                        if (SymbolEqualityComparer.Default.Equals(registered, type))
                        {
                            // A registration that generates only the fast serialization path has no metadata to deserialize with.
                            if (attribute.NamedArguments.Any(a => a.Key == "GenerationMode" && a.Value.Value is int mode && mode > 1))
                            {
                                return null;
                            }

                            return new Plan(invocation, type, options, parameterName, passContext, context, attribute, name, newRegistrationNeedsName: false);
                        }

                        names.Add(name);
                    }
                }

                var propertyName = UniqueName(type, names);
                return new Plan(invocation, type, options, parameterName, passContext, context, null, propertyName, propertyName != SerializableTypes.GeneratedPropertyName(type));
            }

            // Options already bound to a context that no longer qualifies: no second context.
            if (boundContext is not null)
            {
                return null;
            }

            // A new context: its only taken names are JsonSerializerContext's own (a type named Options gets another name).
            var scaffoldName = UniqueName(type, new HashSet<string>(ReservedNames));
            return new Plan(invocation, type, options, parameterName, passContext, null, null, scaffoldName, scaffoldName != SerializableTypes.GeneratedPropertyName(type));
        }
    }

    /// <summary>
    /// The name of the <c>JsonTypeInfo&lt;T&gt;</c> (generic call) or <c>JsonSerializerContext</c> (<c>typeof</c> call)
    /// parameter of the overload that has the same parameters as <paramref name="method"/> with that one in place of
    /// the options; null when there is none.
    /// </summary>
    private static string? MetadataOverloadParameter(IMethodSymbol method, int optionsOrdinal, bool passContext, JsonSymbols symbols)
    {
        var original = method.OriginalDefinition;
        foreach (var candidate in method.ContainingType.GetMembers(method.Name).OfType<IMethodSymbol>())
        {
            if (candidate.Arity != original.Arity || candidate.Parameters.Length != original.Parameters.Length)
            {
                continue;
            }

            var matches = true;
            for (var i = 0; i < candidate.Parameters.Length && matches; i++)
            {
                var parameterType = candidate.Parameters[i].Type;
                matches = i == optionsOrdinal
                    ? passContext
                        ? SymbolEqualityComparer.Default.Equals(parameterType, symbols.JsonSerializerContext)
                        : parameterType is INamedTypeSymbol { IsGenericType: true } typeInfo && SymbolEqualityComparer.Default.Equals(typeInfo.BaseType, symbols.JsonTypeInfo)
                    : candidate.Parameters[i].RefKind == original.Parameters[i].RefKind
                      && parameterType.ToDisplayString() == original.Parameters[i].Type.ToDisplayString();
            }

            if (matches)
            {
                return candidate.Parameters[optionsOrdinal].Name;
            }
        }

        return null;
    }

    /// <summary>
    /// Types the generator would not name as the fix needs: two reachable types with the same property name (the
    /// generator only generates the first, SYSLIB1031), or a reachable type (other than the root, which can be given a
    /// <c>TypeInfoPropertyName</c>) whose name is one of JsonSerializerContext's own.
    /// </summary>
    private static bool HasNameTheGeneratorCannotGive(ITypeSymbol root, ImmutableArray<ITypeSymbol> reachable)
    {
        var names = new Dictionary<string, ITypeSymbol>();
        foreach (var type in reachable)
        {
            var name = SerializableTypes.GeneratedPropertyName(type);
            if (names.TryGetValue(name, out var other) && !SymbolEqualityComparer.Default.Equals(other, type)
                || !SymbolEqualityComparer.Default.Equals(type, root) && ReservedNames.Contains(name))
            {
                return true;
            }

            names[name] = type;
        }

        return false;
    }

    /// <summary>
    /// Whether the context's generated properties leave room for the types the root reaches: a property that the
    /// generator already wrote for another type under one of their names would shadow them.
    /// </summary>
    private static bool CanHold(INamedTypeSymbol context, ITypeSymbol root, ImmutableArray<ITypeSymbol> reachable, JsonSymbols symbols)
    {
        foreach (var type in reachable)
        {
            if (SymbolEqualityComparer.Default.Equals(type, root))
            {
                continue;
            }

            foreach (var member in context.GetMembers(SerializableTypes.GeneratedPropertyName(type)))
            {
                if (member is not IPropertySymbol { Type: INamedTypeSymbol { IsGenericType: true, TypeArguments.Length: 1 } propertyType }
                    || !SymbolEqualityComparer.Default.Equals(propertyType.BaseType, symbols.JsonTypeInfo)
                    || !SymbolEqualityComparer.Default.Equals(propertyType.TypeArguments[0], type))
                {
                    return false;
                }
            }
        }

        return true;
    }

    /// <summary>
    /// Partial contexts written in this project, with default generation options, that the calling code can use and
    /// whose generated properties can expose the type; the one that already registers the type first.
    /// </summary>
    private static IEnumerable<INamedTypeSymbol> FindContexts(Project project, Compilation compilation, JsonSymbols symbols, ITypeSymbol type, INamedTypeSymbol? callingType, MirroredOptions? mirror, CancellationToken cancellationToken)
    {
        var found = new List<(INamedTypeSymbol Context, bool Registers, string Path, int Position)>();
        foreach (var candidate in compilation.GetSymbolsWithName(_ => true, SymbolFilter.Type, cancellationToken).OfType<INamedTypeSymbol>())
        {
            if (candidate.TypeKind != TypeKind.Class || candidate.IsGenericType || candidate.ContainingType is not null || candidate.IsStatic
                || !SymbolEqualityComparer.Default.Equals(candidate.BaseType, symbols.JsonSerializerContext)
                || WrittenParts(project, candidate) is not { Count: > 0 } parts
                || parts.Any(r => r.GetSyntax(cancellationToken) is not ClassDeclarationSyntax declaration || !declaration.Modifiers.Any(SyntaxKind.PartialKeyword))
                || !MirroredOptions.Matches(candidate, mirror)
                || !compilation.IsSymbolAccessibleWithin(candidate, (ISymbol?)callingType ?? compilation.Assembly)
                || IsEffectivelyPublic(candidate) && !IsEffectivelyPublic(type))
            {
                continue;
            }

            var registers = candidate.GetAttributes().Any(a => IsJsonSerializable(a) && a.ConstructorArguments.Length == 1 && a.ConstructorArguments[0].Value is ITypeSymbol t && SymbolEqualityComparer.Default.Equals(t, type));
            var first = WrittenParts(project, candidate)[0];
            found.Add((candidate, registers, first.SyntaxTree.FilePath ?? "", first.Span.Start));
        }

        return found.OrderByDescending(f => f.Registers).ThenBy(f => f.Path, System.StringComparer.Ordinal).ThenBy(f => f.Position).Select(f => f.Context);
    }

    /// <summary>The parts of a type in the project's own documents: not the source generator's output.</summary>
    private static List<SyntaxReference> WrittenParts(Project project, INamedTypeSymbol type)
        => type.DeclaringSyntaxReferences
            .Where(r => project.Solution.GetDocument(r.SyntaxTree) is { } document && document is not SourceGeneratedDocument && document.Project.Id == project.Id)
            .OrderBy(r => r.SyntaxTree.FilePath, System.StringComparer.Ordinal).ThenBy(r => r.Span.Start)
            .ToList();

    private static bool IsJsonSerializable(AttributeData attribute)
        => attribute.AttributeClass is { Name: "JsonSerializableAttribute" } attributeClass && attributeClass.ContainingNamespace.ToDisplayString() == SerializationNamespace;

    private static bool IsEffectivelyPublic(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return IsEffectivelyPublic(array.ElementType);

            case INamedTypeSymbol named:
                for (var current = named; current is not null; current = current.ContainingType)
                {
                    if (current.DeclaredAccessibility != Accessibility.Public || current.TypeArguments.Any(a => !IsEffectivelyPublic(a)))
                    {
                        return false;
                    }
                }

                return true;

            default:
                return false;
        }
    }

    /// <summary>The generator's name, or on a clash the namespace-qualified one (<c>ShopOrder</c>), numbered if need be.</summary>
    private static string UniqueName(ITypeSymbol type, HashSet<string> taken)
    {
        var name = SerializableTypes.GeneratedPropertyName(type);
        if (!taken.Contains(name))
        {
            return name;
        }

        var qualified = new StringBuilder();
        for (var ns = type.ContainingNamespace; ns is { IsGlobalNamespace: false }; ns = ns.ContainingNamespace)
        {
            qualified.Insert(0, ns.Name);
        }

        qualified.Append(name);
        var candidate = qualified.ToString();
        for (var i = 2; taken.Contains(candidate); i++)
        {
            candidate = qualified.ToString() + i;
        }

        return candidate;
    }

    /// <summary><c>System.Text.Json.Serialization.X</c>, simplified to <c>X</c> where the file imports the namespace.</summary>
    private static NameSyntax SerializationName(string name)
        => ParseName("global::" + SerializationNamespace + "." + name).WithAdditionalAnnotations(Simplifier.Annotation);

    private static AttributeListSyntax Registration(ITypeSymbol type, Plan plan)
    {
        var typeOf = TypeOfExpression(ParseTypeName(type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)).WithAdditionalAnnotations(Simplifier.Annotation));
        var arguments = SeparatedList(new[] { AttributeArgument(typeOf) });
        if (plan.NewRegistrationNeedsName)
        {
            arguments = arguments.Add(AttributeArgument(NameEquals(IdentifierName("TypeInfoPropertyName")), null, LiteralExpression(SyntaxKind.StringLiteralExpression, Literal(plan.PropertyName))));
        }

        return AttributeList(SingletonSeparatedList(Attribute(SerializationName("JsonSerializable"), AttributeArgumentList(arguments))));
    }

    /// <summary>Adds <c>[JsonSerializable(typeof(T))]</c> to the context's first part, after its other attributes.</summary>
    private static async Task<(Solution Solution, DocumentId? Document)> RegisterAsync(Solution solution, Plan plan, INamedTypeSymbol context, CancellationToken cancellationToken)
    {
        if (solution.GetDocument(plan.Invocation.SyntaxTree)?.Project is not { } project
            || WrittenParts(project, context).FirstOrDefault() is not { } reference
            || solution.GetDocument(reference.SyntaxTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root
            || root.FindNode(reference.Span, getInnermostNodeForTie: true).FirstAncestorOrSelf<ClassDeclarationSyntax>() is not { } declaration)
        {
            return (solution, null);
        }

        // Mark the call when it is in this document, so that it can be found after the edit.
        var nodes = new List<SyntaxNode> { declaration };
        if (document.Id == solution.GetDocumentId(plan.Invocation.SyntaxTree)
            && root.FullSpan.Contains(plan.Invocation.Span)
            && root.FindNode(plan.Invocation.Span, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<InvocationExpressionSyntax>().FirstOrDefault(i => i.Span == plan.Invocation.Span) is { } call)
        {
            nodes.Add(call);
        }

        var marked = root.ReplaceNodes(nodes, (original, rewritten) => original is InvocationExpressionSyntax ? rewritten.WithAdditionalAnnotations(plan.Mark) : rewritten);
        declaration = marked.DescendantNodes().OfType<ClassDeclarationSyntax>().First(d => d.Identifier.ValueText == context.Name && d.SpanStart == declaration.SpanStart);

        var list = Registration(plan.Type, plan);
        ClassDeclarationSyntax updated;
        if (declaration.AttributeLists.Count == 0)
        {
            // The new list takes the declaration's leading trivia (comments, indentation); the keyword after it keeps the indentation.
            var leading = declaration.GetLeadingTrivia();
            var indentation = leading.Count > 0 && leading.Last().IsKind(SyntaxKind.WhitespaceTrivia) ? TriviaList(leading.Last()) : TriviaList();
            var first = declaration.GetFirstToken();
            updated = declaration.ReplaceToken(first, first.WithLeadingTrivia(indentation))
                .WithAttributeLists(SingletonList(list.WithLeadingTrivia(leading).WithTrailingTrivia(EndOfLine(NewLine(root)))));
        }
        else
        {
            // Indentation only: the first list's leading trivia may also hold blank lines and comments.
            var last = declaration.AttributeLists.Last();
            var leading = last.GetLeadingTrivia();
            var indentation = leading.Count > 0 && leading.Last().IsKind(SyntaxKind.WhitespaceTrivia) ? TriviaList(leading.Last()) : TriviaList();
            updated = declaration.WithAttributeLists(declaration.AttributeLists.Add(list.WithLeadingTrivia(indentation).WithTrailingTrivia(last.GetTrailingTrivia())));
        }

        var compilation = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var newRoot = EnsureUsing(marked.ReplaceNode(declaration, updated), compilation);
        document = document.WithSyntaxRoot(newRoot);
        return (document.Project.Solution, document.Id);
    }

    /// <summary>
    /// A new <c>internal partial class XJsonContext : JsonSerializerContext</c> at the end of the calling code's namespace
    /// (or file). Not a new file: <c>dotnet format</c> applies fixes through MSBuildWorkspace, which writes a
    /// <c>&lt;Compile Include&gt;</c> for an added document into SDK-style projects, and the build then fails with
    /// NETSDK1022 (dotnet/roslyn#36781).
    /// </summary>
    private static async Task<(Solution Solution, DocumentId Document, INamedTypeSymbol Context)?> ScaffoldAsync(Document calling, Plan plan, CancellationToken cancellationToken)
    {
        var model = (await calling.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false))!;
        var root = (CompilationUnitSyntax)(await calling.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        var call = root.FindNode(plan.Invocation.Span, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<InvocationExpressionSyntax>().FirstOrDefault(i => i.Span == plan.Invocation.Span);
        if (call is null)
        {
            return null;
        }

        var container = call.FirstAncestorOrSelf<BaseNamespaceDeclarationSyntax>();
        var namespaceName = container is null ? null : (model.GetDeclaredSymbol(container, cancellationToken) as INamespaceSymbol)?.ToDisplayString();

        var baseName = (plan.Mirror?.SourceName is { } source ? Identifier(TrimFieldPrefix(source)) : Identifier(calling.Project.AssemblyName)) + "JsonContext";
        var name = baseName;
        for (var i = 2; model.Compilation.GetSymbolsWithName(name, SymbolFilter.Type, cancellationToken).Any(); i++)
        {
            name = baseName + i;
        }

        var typeOf = Registration(plan.Type, plan);
        typeOf = typeOf.ReplaceNodes(typeOf.DescendantNodes().OfType<TypeOfExpressionSyntax>(), (_, rewritten) => rewritten.WithType(rewritten.Type.WithAdditionalAnnotations(Simplifier.Annotation)));
        var attributes = plan.Mirror is { } mirror
            ? List(new[] { AttributeList(SingletonSeparatedList(mirror.ToAttribute(model.Compilation))), typeOf })
            : SingletonList(typeOf);
        var declaration = ClassDeclaration(name)
            .WithAttributeLists(attributes)
            .WithModifiers(TokenList(Token(SyntaxKind.InternalKeyword), Token(SyntaxKind.PartialKeyword)))
            .WithBaseList(BaseList(SingletonSeparatedList<BaseTypeSyntax>(SimpleBaseType(SerializationName("JsonSerializerContext")))))
            .WithAdditionalAnnotations(Formatter.Annotation);

        // Mark the call first, so that it is found again after the edit.
        var marked = root.ReplaceNode(call, call.WithAdditionalAnnotations(plan.Mark));
        CompilationUnitSyntax newRoot;
        if (container is not null)
        {
            var currentContainer = marked.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().First(n => n.Span == container.Span);
            newRoot = marked.ReplaceNode(currentContainer, currentContainer.AddMembers(declaration));
        }
        else
        {
            newRoot = marked.AddMembers(declaration);
        }

        var document = calling.WithSyntaxRoot(EnsureUsing(newRoot, model.Compilation));
        var compilation = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
        var context = compilation.GetTypeByMetadataName(namespaceName is null ? name : namespaceName + "." + name);
        return context is null ? null : (document.Project.Solution, document.Id, context);
    }

    /// <summary><c>s_web</c>, <c>_web</c>, <c>m_web</c>: <c>web</c>.</summary>
    private static string TrimFieldPrefix(string name)
    {
        var trimmed = name.Length > 2 && name[1] == '_' && name[0] is 's' or 'm' or 't' ? name.Substring(2) : name;
        return trimmed.TrimStart('_');
    }

    private static string Identifier(string? assemblyName)
    {
        var name = new StringBuilder();
        var upper = true;
        foreach (var c in assemblyName ?? "")
        {
            if (char.IsLetterOrDigit(c))
            {
                name.Append(upper ? char.ToUpperInvariant(c) : c);
                upper = false;
            }
            else
            {
                upper = true;
            }
        }

        return name.Length == 0 || char.IsDigit(name[0]) ? "App" + name : name.ToString();
    }

    private static int CompareUsings(string left, string right)
    {
        static int Group(string name) => name == "System" || name.StartsWith("System.", System.StringComparison.Ordinal) ? 0 : 1;
        var group = Group(left).CompareTo(Group(right));
        return group != 0 ? group : string.CompareOrdinal(left, right);
    }

    private static string NewLine(SyntaxNode root)
        => root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia)).ToString() is { Length: > 0 } newLine ? newLine : "\n";

    /// <summary>
    /// Adds <c>using System.Text.Json.Serialization;</c> unless the file has it, or it would make a name the code
    /// already uses ambiguous (CS0104): Newtonsoft.Json also has <c>JsonIgnore</c>, <c>JsonConverter</c>,
    /// <c>JsonConstructor</c>... Without it, the new names stay qualified.
    /// </summary>
    private static CompilationUnitSyntax EnsureUsing(CompilationUnitSyntax root, Compilation compilation, string namespaceName = SerializationNamespace, string probeType = "JsonSerializableAttribute")
    {
        if (root.Usings.Any(u => u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None) && u.Name?.ToString() == namespaceName)
            || root.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().Any(n => n.Usings.Any(u => u.Alias is null && u.Name?.ToString() == namespaceName))
            || ImportsClashingNames(root, compilation, namespaceName, probeType))
        {
            return root;
        }

        var directive = UsingDirective(ParseName(namespaceName)).WithAdditionalAnnotations(Formatter.Annotation);
        // System directives first, then ordinal: the usual order (and dotnet_sort_system_directives_first's).
        var usings = root.Usings;
        var index = usings.Count;
        for (var i = 0; i < usings.Count; i++)
        {
            if (usings[i].Alias is null && usings[i].StaticKeyword.IsKind(SyntaxKind.None) && usings[i].Name is { } name
                && CompareUsings(name.ToString(), namespaceName) > 0)
            {
                index = i;
                break;
            }
        }

        if (usings.Count == 0)
        {
            return root.WithUsings(SingletonList(directive.WithTrailingTrivia(EndOfLine(NewLine(root)), EndOfLine(NewLine(root)))));
        }

        return root.WithUsings(usings.Insert(index, directive.WithTrailingTrivia(usings[0].GetTrailingTrivia())));
    }

    /// <summary>Whether a namespace the file imports (or the project imports globally) has a type named like one of System.Text.Json.Serialization's.</summary>
    private static bool ImportsClashingNames(CompilationUnitSyntax root, Compilation compilation, string namespaceName, string probeType)
    {
        if (compilation.GetTypeByMetadataName(namespaceName + "." + probeType)?.ContainingNamespace is not { } serialization)
        {
            return true;
        }

        var names = new HashSet<string>(serialization.GetTypeMembers().Where(t => t.DeclaredAccessibility == Accessibility.Public).Select(t => t.Name));
        var imports = new List<UsingDirectiveSyntax>(root.DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax).OfType<UsingDirectiveSyntax>());
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (tree.GetRoot() is CompilationUnitSyntax unit)
            {
                imports.AddRange(unit.Usings.Where(u => u.GlobalKeyword.IsKind(SyntaxKind.GlobalKeyword)));
            }
        }

        foreach (var directive in imports)
        {
            if (directive.Alias is not null || !directive.StaticKeyword.IsKind(SyntaxKind.None) || directive.Name is null || directive.Name.ToString() == namespaceName)
            {
                continue;
            }

            if (GlobalNamespace(compilation, directive.Name.ToString()) is { } imported && imported.GetTypeMembers().Any(t => names.Contains(t.Name)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The namespace with this dotted name as the compilation sees it (source and references merged).</summary>
    private static INamespaceSymbol? GlobalNamespace(Compilation compilation, string dotted)
    {
        INamespaceSymbol? current = compilation.GlobalNamespace;
        foreach (var part in dotted.Replace("global::", "").Split('.'))
        {
            current = current?.GetNamespaceMembers().FirstOrDefault(n => n.Name == part);
        }

        return current;
    }

    /// <summary>
    /// Puts the metadata where the options were, or where they would go; named when other arguments are named.
    /// Positions come from the call as analyzed (<see cref="Plan.Invocation"/>): the argument list is the same, but
    /// the edits above it (a using, a context) have moved its spans.
    /// </summary>
    private static ArgumentListSyntax RewriteArguments(ArgumentListSyntax list, Plan plan, ExpressionSyntax metadata)
    {
        var original = plan.Invocation.ArgumentList.Arguments;
        var arguments = list.Arguments;
        if (arguments.Count != original.Count)
        {
            return list;
        }

        if (!plan.Options.IsImplicit && plan.Options.Syntax is ArgumentSyntax written && original.IndexOf(a => a.Span == written.Span) is var index and >= 0)
        {
            var replacement = Argument(metadata).WithTriviaFrom(arguments[index]);
            if (arguments[index].NameColon is not null)
            {
                replacement = replacement.WithNameColon(NameColon(IdentifierName(plan.MetadataParameter)));
            }

            return list.WithArguments(arguments.Replace(arguments[index], replacement));
        }

        // No options written: the metadata goes before the first argument for a parameter after the options.
        var ordinal = plan.Options.Parameter?.Ordinal ?? int.MaxValue;
        var insertAt = arguments.Count;
        if (plan.Options.Parent is IInvocationOperation invocation)
        {
            for (var i = 0; i < original.Count; i++)
            {
                var argument = invocation.Arguments.FirstOrDefault(a => !a.IsImplicit && a.Syntax.Span == original[i].Span);
                if (argument?.Parameter is { } parameter && parameter.Ordinal > ordinal)
                {
                    insertAt = i;
                    break;
                }
            }
        }

        var added = Argument(metadata);
        if (arguments.Any(a => a.NameColon is not null))
        {
            added = added.WithNameColon(NameColon(IdentifierName(plan.MetadataParameter)));
        }

        return list.WithArguments(arguments.Insert(insertAt, added));
    }

    /// <summary>
    /// Options settings that <c>[JsonSourceGenerationOptions]</c> expresses exactly: <c>JsonSerializerDefaults</c>, and
    /// constant settings (bool, int, enum) or a known naming policy (<c>JsonNamingPolicy.CamelCase</c> ->
    /// <c>JsonKnownNamingPolicy.CamelCase</c>). Anything else (an encoder, converter instances, a resolver): null.
    /// </summary>
    internal sealed class MirroredOptions
    {
        internal static readonly HashSet<string> Settings = new()
        {
            "WriteIndented", "PropertyNameCaseInsensitive", "AllowTrailingCommas", "IgnoreReadOnlyProperties",
            "DefaultIgnoreCondition", "NumberHandling", "ReadCommentHandling", "MaxDepth", "PropertyNamingPolicy", "DictionaryKeyPolicy",
        };

        private static readonly HashSet<string> KnownPolicies = new() { "CamelCase", "SnakeCaseLower", "SnakeCaseUpper", "KebabCaseLower", "KebabCaseUpper" };

        private MirroredOptions(int? defaults, SortedDictionary<string, (ITypeSymbol Type, object Value)> named)
        {
            Defaults = defaults;
            Named = named;
        }

        /// <summary>The options member these come from; a new context is named after it (<c>s_web</c>: <c>WebJsonContext</c>).</summary>
        public string? SourceName { get; set; }

        /// <summary>The <c>JsonSerializerDefaults</c> value passed to the constructor, if any.</summary>
        public int? Defaults { get; }

        /// <summary>Setting name to its type (bool, int, an enum) and constant value (enums as their underlying value).</summary>
        public SortedDictionary<string, (ITypeSymbol Type, object Value)> Named { get; }

        public static MirroredOptions? TryCreate(BaseObjectCreationExpressionSyntax creation, SemanticModel model, CancellationToken cancellationToken)
        {
            var compilation = model.Compilation;
            if (compilation.GetTypeByMetadataName(SerializationNamespace + ".JsonSourceGenerationOptionsAttribute") is not { } attribute
                || compilation.GetTypeByMetadataName(SerializationNamespace + ".JsonKnownNamingPolicy") is not { } knownPolicy)
            {
                return null;
            }

            int? defaults = null;
            if (creation.ArgumentList is { Arguments.Count: > 0 } arguments)
            {
                if (arguments.Arguments.Count != 1
                    || model.GetConstantValue(arguments.Arguments[0].Expression, cancellationToken) is not { HasValue: true, Value: int value }
                    || !attribute.InstanceConstructors.Any(c => c.Parameters.Length == 1))
                {
                    return null;
                }

                defaults = value;
            }

            var named = new SortedDictionary<string, (ITypeSymbol, object)>(System.StringComparer.Ordinal);
            foreach (var expression in creation.Initializer?.Expressions ?? default)
            {
                if (expression is not AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: var setting } } assignment
                    || !Settings.Contains(setting)
                    || named.ContainsKey(setting)
                    || attribute.GetMembers(setting).OfType<IPropertySymbol>().FirstOrDefault() is not { SetMethod: not null } target)
                {
                    return null;
                }

                if (target.Type.Equals(knownPolicy, SymbolEqualityComparer.Default))
                {
                    // JsonNamingPolicy.CamelCase and the like: the attribute's JsonKnownNamingPolicy of the same name.
                    if (model.GetSymbolInfo(assignment.Right, cancellationToken).Symbol is not IPropertySymbol { IsStatic: true, Name: var policy, ContainingType.Name: "JsonNamingPolicy" }
                        || !KnownPolicies.Contains(policy)
                        || knownPolicy.GetMembers(policy).OfType<IFieldSymbol>().FirstOrDefault() is not { ConstantValue: { } policyValue })
                    {
                        return null;
                    }

                    named.Add(setting, (knownPolicy, policyValue));
                    continue;
                }

                if (model.GetConstantValue(assignment.Right, cancellationToken) is not { HasValue: true, Value: { } constant }
                    || !SymbolEqualityComparer.Default.Equals(model.GetTypeInfo(assignment.Right, cancellationToken).ConvertedType, target.Type))
                {
                    return null;
                }

                named.Add(setting, (target.Type, constant));
            }

            return new MirroredOptions(defaults, named);
        }

        /// <summary>Whether the context's generation options are exactly these (null: the context has none).</summary>
        public static bool Matches(INamedTypeSymbol context, MirroredOptions? mirror)
        {
            var attributes = context.GetAttributes().Where(a => a.AttributeClass is { Name: "JsonSourceGenerationOptionsAttribute" }).ToList();
            if (mirror is null)
            {
                return attributes.Count == 0;
            }

            if (attributes.Count != 1)
            {
                return false;
            }

            var attribute = attributes[0];
            var defaults = attribute.ConstructorArguments.Length == 1 ? attribute.ConstructorArguments[0].Value as int? : null;
            if (attribute.ConstructorArguments.Length > 1 || defaults != mirror.Defaults || attribute.NamedArguments.Length != mirror.Named.Count)
            {
                return false;
            }

            foreach (var argument in attribute.NamedArguments)
            {
                if (!mirror.Named.TryGetValue(argument.Key, out var expected) || !Equals(argument.Value.Value, expected.Value))
                {
                    return false;
                }
            }

            return true;
        }

        public AttributeSyntax ToAttribute(Compilation compilation)
        {
            var arguments = new List<AttributeArgumentSyntax>();
            if (Defaults is { } defaults && compilation.GetTypeByMetadataName("System.Text.Json.JsonSerializerDefaults") is { } defaultsType)
            {
                arguments.Add(AttributeArgument(EnumValue(defaultsType, defaults)));
            }

            foreach (var (name, (type, value)) in Named.Select(p => (p.Key, p.Value)))
            {
                ExpressionSyntax expression = value switch
                {
                    bool flag => LiteralExpression(flag ? SyntaxKind.TrueLiteralExpression : SyntaxKind.FalseLiteralExpression),
                    _ when type.TypeKind == TypeKind.Enum => EnumValue((INamedTypeSymbol)type, value),
                    int number => LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal(number)),
                    _ => throw new System.InvalidOperationException("Not a mirrored setting: " + name),
                };
                arguments.Add(AttributeArgument(NameEquals(IdentifierName(name)), null, expression));
            }

            return Attribute(SerializationName("JsonSourceGenerationOptions"), AttributeArgumentList(SeparatedList(arguments)));
        }

        /// <summary><c>Enum.Member</c> for a named value, <c>Enum.A | Enum.B</c> for flags, else <c>(Enum)value</c>.</summary>
        private static ExpressionSyntax EnumValue(INamedTypeSymbol type, object value)
        {
            ExpressionSyntax Member(IFieldSymbol field)
                => MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ParseTypeName("global::" + type.ToDisplayString()).WithAdditionalAnnotations(Simplifier.Annotation), IdentifierName(field.Name));

            var fields = type.GetMembers().OfType<IFieldSymbol>().Where(f => f.HasConstantValue).ToList();
            if (fields.FirstOrDefault(f => Equals(f.ConstantValue, value)) is { } exact)
            {
                return Member(exact);
            }

            var bits = System.Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture);
            var parts = fields.Select(f => (Field: f, Bits: System.Convert.ToInt64(f.ConstantValue, System.Globalization.CultureInfo.InvariantCulture)))
                .Where(f => f.Bits != 0 && (f.Bits & (f.Bits - 1)) == 0 && (bits & f.Bits) == f.Bits)
                .OrderBy(f => f.Bits)
                .ToList();
            if (type.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.FlagsAttribute") && parts.Aggregate(0L, (all, f) => all | f.Bits) == bits && parts.Count > 1)
            {
                return parts.Skip(1).Aggregate(Member(parts[0].Field), (left, f) => BinaryExpression(SyntaxKind.BitwiseOrExpression, left, Member(f.Field)));
            }

            return CastExpression(ParseTypeName("global::" + type.ToDisplayString()).WithAdditionalAnnotations(Simplifier.Annotation), LiteralExpression(SyntaxKind.NumericLiteralExpression, Literal(bits)));
        }
    }
}
