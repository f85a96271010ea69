using System.Collections.Concurrent;

namespace JsonPerf.Analyzers;

/// <summary>
/// Types the project registers with the dependency-injection container to be created per resolution or per scope:
/// typed HTTP clients (<c>AddHttpClient&lt;TClient&gt;</c>, <c>AddHttpClient&lt;TClient, TImplementation&gt;</c>, transient)
/// and <c>AddTransient</c>/<c>AddScoped</c> registrations with type arguments. Options an instance field of such a type
/// builds are built per instance, as in a controller. Singletons, and registrations by factory or instance, are not.
/// Read once per compilation, from the files that name a registration method, when JP0001 first asks.
/// </summary>
internal sealed class RegisteredPerResolution
{
    private static readonly string[] Methods = { "AddHttpClient", "AddTransient", "AddScoped" };

    private readonly Compilation compilation;
    private HashSet<INamedTypeSymbol>? types;

    private RegisteredPerResolution(Compilation compilation) => this.compilation = compilation;

    public static RegisteredPerResolution For(JsonSymbols symbols) => symbols.RuleState(static (compilation, _) => new RegisteredPerResolution(compilation));

    public bool Contains(INamedTypeSymbol type, CancellationToken cancellationToken)
        => (Volatile.Read(ref types) ?? Interlocked.CompareExchange(ref types, Read(cancellationToken), null) ?? types!).Contains(type.OriginalDefinition);

    private HashSet<INamedTypeSymbol> Read(CancellationToken cancellationToken)
    {
        var found = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var tree in compilation.SyntaxTrees.Where(t => t.GetText(cancellationToken).ToString() is var text && Methods.Any(m => text.IndexOf(m, StringComparison.Ordinal) >= 0)))
        {
#pragma warning disable RS1030 // Only files that name a registration method, once per compilation.
            var model = compilation.GetSemanticModel(tree);
#pragma warning restore RS1030
            foreach (var name in tree.GetRoot(cancellationToken).DescendantNodes().OfType<GenericNameSyntax>())
            {
                if (Array.IndexOf(Methods, name.Identifier.ValueText) >= 0
                    && model.GetSymbolInfo(name, cancellationToken).Symbol is IMethodSymbol { IsGenericMethod: true } method
                    && method.ContainingNamespace?.ToDisplayString() == "Microsoft.Extensions.DependencyInjection"
                    && method.Parameters.All(p => p.Type.TypeKind != TypeKind.Delegate || method.Name == "AddHttpClient")
                    && method.TypeArguments[method.TypeArguments.Length - 1] is INamedTypeSymbol implementation)
                {
                    found.Add(implementation.OriginalDefinition);
                }
            }
        }

        return found;
    }
}
