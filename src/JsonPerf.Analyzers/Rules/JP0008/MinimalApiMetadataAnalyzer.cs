namespace JsonPerf.Analyzers;

/// <summary>
/// JP0008: in a trimmed or native-AOT project (or one with reflection-based serialization off), a minimal API endpoint
/// (<c>MapGet</c>, <c>MapPost</c>, <c>MapPut</c>, <c>MapPatch</c>, <c>MapDelete</c>, <c>MapMethods</c> with a handler
/// delegate) whose JSON body parameter or return type has no metadata in the resolvers set by
/// <c>ConfigureHttpJsonOptions</c> (<see cref="HttpJsonChain"/>): building the endpoints throws
/// NotSupportedException ("JsonTypeInfo metadata for type ... was not provided") at run time, and no build tool says so.
/// Types: the return type (through <c>Task&lt;T&gt;</c>/<c>ValueTask&lt;T&gt;</c>, and the value of typed results such as
/// <c>Ok&lt;T&gt;</c>, also inside <c>Results&lt;...&gt;</c>), parameters marked <c>[FromBody]</c>, and a parameter
/// inferred from the body only where that is certain enough (see <see cref="IsInferredBody"/>). Nothing when the chain is
/// not provable, for <c>IResult</c>, <c>string</c> and other special types, or for a type generated metadata cannot serve.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class MinimalApiMetadataAnalyzer : JsonAnalyzer
{
    private static readonly ImmutableHashSet<string> MapMethods = ImmutableHashSet.Create(
        StringComparer.Ordinal, "MapGet", "MapPost", "MapPut", "MapPatch", "MapDelete", "MapMethods");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.MinimalApiTypeWithoutMetadata);

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        if (symbols.JsonSerializableAttribute is null
            || MinimalApiSymbols.For(context.Compilation) is not { } api
            || !ReflectionFreeProject.Is(context.Options.AnalyzerConfigOptionsProvider.GlobalOptions))
        {
            return;
        }

        context.RegisterOperationAction(c => AnalyzeInvocation(c, symbols, api), OperationKind.Invocation);
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, MinimalApiSymbols api)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (EndpointTypes(invocation, symbols, api) is not { Count: > 0 } types
            || HttpJsonChain.Find(invocation.SemanticModel!.Compilation, symbols, api, context.CancellationToken) is not { } chain)
        {
            return;
        }

        foreach (var (type, location, role) in types)
        {
            if (chain.Covers(type) || !GeneratedMetadataSafety.IsSafe(type, invocation.SemanticModel!.Compilation, symbols, out var reachable))
            {
                continue;
            }

            // The fix registers the type on the first context written in the project, where the generator can name it as
            // it needs (GeneratedNames.CanRegister, the fix's own test); elsewhere the message says there is no fix.
            var fixable = chain.Contexts.FirstOrDefault(IsEditable) is { } target && GeneratedNames.CanRegister(type, reachable, target, chain.CoveredTypes);
            context.Report(Diagnostic.Create(
                Rules.MinimalApiTypeWithoutMetadata, location, additionalLocations: null,
                fixable ? DiagnosticProperties.With(DiagnosticProperties.TypeName, type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)).Add(DiagnosticProperties.Contexts, chain.ContextNames) : DiagnosticProperties.None,
                type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat), role, chain.Contexts[0].Name, Rules.FixNote(fixable)));
        }
    }

    /// <summary>
    /// A context written in the project as partial classes only, the generator's own part aside (a file named *.g.cs):
    /// the one the fix can add <c>[JsonSerializable]</c> to.
    /// </summary>
    internal static bool IsEditable(INamedTypeSymbol context)
    {
        var written = context.DeclaringSyntaxReferences.Where(r => !r.SyntaxTree.FilePath.EndsWith(".g.cs", StringComparison.OrdinalIgnoreCase)).ToList();
        return written.Count > 0 && written.All(r => r.GetSyntax() is ClassDeclarationSyntax declaration && declaration.Modifiers.Any(SyntaxKind.PartialKeyword));
    }

    /// <summary>
    /// For a <c>MapGet</c>/<c>MapPost</c>/... call with a handler delegate, the JSON types of its request body and response,
    /// where each is reported; null for any other invocation. The analyzer and the fix both ask it.
    /// </summary>
    internal static List<(ITypeSymbol Type, Location Location, string Role)>? EndpointTypes(IInvocationOperation invocation, JsonSymbols symbols, MinimalApiSymbols api)
    {
        var method = invocation.TargetMethod;
        if (!SymbolEqualityComparer.Default.Equals(method.ContainingType, api.EndpointRouteBuilderExtensions)
            || !MapMethods.Contains(method.Name)
            || Handler(invocation) is not var (handler, handlerSyntax))
        {
            return null;
        }

        var types = new List<(ITypeSymbol Type, Location Location, string Role)>();
        foreach (var type in ResponseTypes(handler.ReturnType, api))
        {
            types.Add((type, handlerSyntax.GetLocation(), "the response of this endpoint"));
        }

        var bodyParameters = handler.Parameters.Where(p => IsFromBody(p, api)).ToList();
        if (bodyParameters.Count == 0)
        {
            var inferred = handler.Parameters.Where(p => IsInferredBody(p, method.Name, api)).ToList();
            if (inferred.Count == 1)
            {
                bodyParameters = inferred;
            }
        }

        foreach (var parameter in bodyParameters)
        {
            // The parameter's declaration in the lambda (attributes, type and name); a method group's are elsewhere: the argument.
            var location = parameter.DeclaringSyntaxReferences.FirstOrDefault(r => r.SyntaxTree == handlerSyntax.SyntaxTree && handlerSyntax.Span.Contains(r.Span)) is { } declaration
                ? Location.Create(declaration.SyntaxTree, declaration.Span)
                : handlerSyntax.GetLocation();
            types.Add((parameter.Type, location, "the request body of this endpoint"));
        }

        types.RemoveAll(t => !IsJsonPayload(t.Type, symbols));
        return types;
    }

    /// <summary>The handler delegate's method (a lambda's, or a method group's) and the argument's syntax.</summary>
    private static (IMethodSymbol Method, SyntaxNode Syntax)? Handler(IInvocationOperation invocation)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is { Name: "handler", Type.SpecialType: SpecialType.System_Delegate }
                && argument.Value.WalkDownConversions() is IDelegateCreationOperation creation)
            {
                return creation.Target switch
                {
                    IAnonymousFunctionOperation lambda => (lambda.Symbol, argument.Value.Syntax),
                    IMethodReferenceOperation reference => (reference.Method, argument.Value.Syntax),
                    _ => null,
                };
            }
        }

        return null;
    }

    /// <summary>
    /// The types the framework asks the options' metadata for when it writes the response: the return type (unwrapped
    /// from <c>Task&lt;T&gt;</c>/<c>ValueTask&lt;T&gt;</c>), or for typed results the value of each one that writes JSON
    /// with the configured options (<c>Ok&lt;T&gt;</c>, <c>Created&lt;T&gt;</c>, ... not <c>JsonHttpResult&lt;T&gt;</c>,
    /// which may carry its own options); any other <c>IResult</c>: none.
    /// </summary>
    private static IEnumerable<ITypeSymbol> ResponseTypes(ITypeSymbol returnType, MinimalApiSymbols api)
    {
        if (returnType is INamedTypeSymbol { IsGenericType: true } generic
            && (SymbolEqualityComparer.Default.Equals(generic.OriginalDefinition, api.TaskOfT) || SymbolEqualityComparer.Default.Equals(generic.OriginalDefinition, api.ValueTaskOfT)))
        {
            returnType = generic.TypeArguments[0];
        }

        if (!returnType.InheritsFromOrEquals(api.IResult) && !returnType.AllInterfaces.Contains(api.IResult, SymbolEqualityComparer.Default))
        {
            // void, Task and ValueTask write no body.
            return returnType.SpecialType == SpecialType.System_Void
                   || SymbolEqualityComparer.Default.Equals(returnType, api.Task)
                   || SymbolEqualityComparer.Default.Equals(returnType, api.ValueTask)
                ? Enumerable.Empty<ITypeSymbol>()
                : new[] { returnType };
        }

        return ResultValues(returnType, api, depth: 0);
    }

    private static IEnumerable<ITypeSymbol> ResultValues(ITypeSymbol result, MinimalApiSymbols api, int depth)
    {
        if (result is not INamedTypeSymbol { IsGenericType: true } named || depth > 2)
        {
            yield break;
        }

        // Results<TResult1, ..., TResultN>: each of the results it can be.
        if (named.Name == "Results" && SymbolEqualityComparer.Default.Equals(named.ContainingNamespace, api.JsonHttpResult?.ContainingNamespace))
        {
            foreach (var argument in named.TypeArguments)
            {
                foreach (var value in ResultValues(argument, api, depth + 1))
                {
                    yield return value;
                }
            }

            yield break;
        }

        if (api.IValueHttpResult is null || SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, api.JsonHttpResult)
            || !SymbolEqualityComparer.Default.Equals(named.ContainingNamespace, api.JsonHttpResult?.ContainingNamespace))
        {
            yield break;
        }

        foreach (var contract in named.AllInterfaces)
        {
            if (SymbolEqualityComparer.Default.Equals(contract.OriginalDefinition, api.IValueHttpResult))
            {
                yield return contract.TypeArguments[0];
                yield break;
            }
        }
    }

    /// <summary>A type the options must describe as JSON: not <c>string</c> (written as text), other special types, <c>Nullable&lt;T&gt;</c>, type parameters or <c>object</c>.</summary>
    private static bool IsJsonPayload(ITypeSymbol type, JsonSymbols symbols)
        => type.SpecialType == SpecialType.None
           && type.TypeKind is TypeKind.Class or TypeKind.Struct or TypeKind.Interface or TypeKind.Array
           && type.OriginalDefinition.SpecialType != SpecialType.System_Nullable_T
           && !symbols.IsInSerializerNamespace(type)
           && !type.IsAnonymousType;

    /// <summary>A parameter with an attribute that says it is bound from the body (<c>[FromBody]</c>).</summary>
    private static bool IsFromBody(IParameterSymbol parameter, MinimalApiSymbols api)
        => api.IFromBodyMetadata is { } fromBody
           && parameter.GetAttributes().Any(a => a.AttributeClass?.AllInterfaces.Contains(fromBody, SymbolEqualityComparer.Default) == true);

    /// <summary>
    /// A parameter ASP.NET Core takes from the JSON body without being told, conservatively: in a POST, PUT or PATCH
    /// endpoint, with no attribute at all, of a record declared in this project (not abstract, no static
    /// <c>TryParse</c> or <c>BindAsync</c>: those bind from the route, query or request). A class could be a service from
    /// dependency injection (bound from the container, no metadata needed), which the compilation cannot tell; a record
    /// registered as a service and injected without <c>[FromServices]</c> would be reported wrongly.
    /// </summary>
    private static bool IsInferredBody(IParameterSymbol parameter, string mapMethod, MinimalApiSymbols api)
        => mapMethod is "MapPost" or "MapPut" or "MapPatch"
           && parameter.GetAttributes().IsEmpty
           && parameter.Type is INamedTypeSymbol { IsRecord: true, IsAbstract: false } type
           && type.Locations.Any(l => l.IsInSource)
           && !type.InheritsFromOrEquals(api.IResult)
           && !HasBindingMethod(type);

    private static bool HasBindingMethod(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (current.GetMembers("TryParse").Any(m => m.IsStatic) || current.GetMembers("BindAsync").Any(m => m.IsStatic))
            {
                return true;
            }
        }

        return false;
    }
}
