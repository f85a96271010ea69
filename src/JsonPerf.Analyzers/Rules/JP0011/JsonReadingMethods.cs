using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// The project's own methods that read JSON into what they return (<c>Post&lt;T&gt;</c> returning
/// <c>ReadFromJsonAsync&lt;T&gt;</c>, a method deserializing the envelope it returns): a call in the body reads JSON into
/// the method's return type (its type parameter for a generic one), directly or through such methods (three
/// methods deep in all). Once per method and compilation.
/// </summary>
internal sealed class JsonReadingMethods
{
    private const int MaxDepth = 2;

    private readonly Compilation compilation;
    private readonly JsonSymbols symbols;
    private readonly ConcurrentDictionary<IMethodSymbol, bool> known = new(SymbolEqualityComparer.Default);

    private JsonReadingMethods(Compilation compilation, JsonSymbols symbols)
    {
        this.compilation = compilation;
        this.symbols = symbols;
    }

    public static JsonReadingMethods For(JsonSymbols symbols) => symbols.RuleState(static (c, s) => new JsonReadingMethods(c, s));

    public bool ReadsJson(IMethodSymbol method, CancellationToken cancellationToken)
    {
        method = (method.ReducedFrom ?? method).OriginalDefinition;
        return known.TryGetValue(method, out var reads) ? reads : known.GetOrAdd(method, Reads(method, 0, cancellationToken));
    }

    private bool Reads(IMethodSymbol method, int depth, CancellationToken cancellationToken)
    {
        if (method.MethodKind != MethodKind.Ordinary || method.DeclaringSyntaxReferences.Length != 1
            || DomKinds.Awaited(method.ReturnType) is not { } returned || returned.SpecialType == SpecialType.System_Object
            || method.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not MethodDeclarationSyntax declaration
            || (declaration.Body is null && declaration.ExpressionBody is null)
            || !compilation.ContainsSyntaxTree(declaration.SyntaxTree))
        {
            return false;
        }

#pragma warning disable RS1030 // Once per method of the project that returns a DOM or an envelope a Deserialize reads, cached.
        var model = compilation.GetSemanticModel(declaration.SyntaxTree);
#pragma warning restore RS1030
        if (model.GetOperation(declaration, cancellationToken) is not { } operation)
        {
            return false;
        }

        foreach (var call in operation.DescendantsAndSelf().OfType<IInvocationOperation>())
        {
            if (call.EnclosingFunction() is null
                && SymbolEqualityComparer.Default.Equals(DomKinds.Awaited(call.Type), returned)
                && (DomKinds.IsJsonRead(call.TargetMethod, symbols)
                    || (depth < MaxDepth && Reads((call.TargetMethod.ReducedFrom ?? call.TargetMethod).OriginalDefinition, depth + 1, cancellationToken) && SameInstantiation(call.TargetMethod, returned))))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A generic callee returns the caller's type only when instantiated with it; a non-generic one returns its own type.</summary>
    private static bool SameInstantiation(IMethodSymbol callee, ITypeSymbol returned)
        => !callee.IsGenericMethod || callee.TypeArguments.Any(t => SymbolEqualityComparer.Default.Equals(t, returned));
}
