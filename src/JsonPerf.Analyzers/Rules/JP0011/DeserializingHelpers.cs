using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// The project's own methods whose DOM parameter is only deserialized (<c>HandleDeserialize&lt;T&gt;(JsonElement e) =&gt;
/// e.Deserialize&lt;T&gt;(options) ?? throw ...</c>): the parameter is read once, as the input of a JsonSerializer.Deserialize,
/// and otherwise only in a thrown exception. Its body is read once per method and compilation, one level deep.
/// </summary>
internal sealed class DeserializingHelpers
{
    private readonly Compilation compilation;
    private readonly JsonSymbols symbols;
    private readonly ConcurrentDictionary<IParameterSymbol, bool> known = new(SymbolEqualityComparer.Default);

    private DeserializingHelpers(Compilation compilation, JsonSymbols symbols)
    {
        this.compilation = compilation;
        this.symbols = symbols;
    }

    public static DeserializingHelpers For(JsonSymbols symbols) => symbols.RuleState(static (c, s) => new DeserializingHelpers(c, s));

    /// <summary>True when <paramref name="parameter"/>, a DOM parameter of a method in source, is only deserialized in its body.</summary>
    public bool OnlyDeserializes(IParameterSymbol parameter, CancellationToken cancellationToken)
    {
        if (parameter.ContainingSymbol is not IMethodSymbol { ReducedFrom: null } called)
        {
            return false;
        }

        var method = called.OriginalDefinition;
        parameter = method.Parameters[parameter.Ordinal];
        return known.TryGetValue(parameter, out var only) ? only : known.GetOrAdd(parameter, Judge(method, parameter, cancellationToken));
    }

    private bool Judge(IMethodSymbol method, IParameterSymbol parameter, CancellationToken cancellationToken)
    {
        if (method.MethodKind != MethodKind.Ordinary || method.DeclaringSyntaxReferences.Length != 1 || method.IsAsync
            || method.IsVirtual || method.IsAbstract || (method.IsOverride && !method.IsSealed)
            || parameter.RefKind != RefKind.None || !symbols.IsDom(parameter.Type, orProperty: true)
            || method.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not MethodDeclarationSyntax declaration
            || (declaration.Body is null && declaration.ExpressionBody is null)
            || !compilation.ContainsSyntaxTree(declaration.SyntaxTree))
        {
            return false;
        }

#pragma warning disable RS1030 // Once per DOM parameter of a project's method a DOM read from JSON is handed to, cached.
        var model = compilation.GetSemanticModel(declaration.SyntaxTree);
#pragma warning restore RS1030
        if (model.GetOperation(declaration, cancellationToken) is not { } body)
        {
            return false;
        }

        var deserialized = 0;
        foreach (var reference in body.DescendantsAndSelf().OfType<IParameterReferenceOperation>())
        {
            if (!SymbolEqualityComparer.Default.Equals(reference.Parameter, parameter))
            {
                continue;
            }

            var value = reference.WalkUpConversions();
            if (reference.EnclosingFunction() is not null)
            {
                return false;
            }

            if (value.Parent is IArgumentOperation { Parameter: { Ordinal: 0 } input, Parent: IInvocationOperation call }
                && call.TargetMethod.Name == "Deserialize" && SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, symbols.JsonSerializer)
                && symbols.IsDom(input.Type, orProperty: true) && !symbols.IsDom(call.TargetMethod.ReturnType, orProperty: true))
            {
                deserialized++;
            }
            else if (!InThrow(value))
            {
                return false;
            }
        }

        return deserialized == 1;
    }

    private static bool InThrow(IOperation operation)
    {
        for (var current = operation.Parent; current is not null and not IBlockOperation; current = current.Parent)
        {
            if (current is IThrowOperation)
            {
                return true;
            }
        }

        return false;
    }
}
