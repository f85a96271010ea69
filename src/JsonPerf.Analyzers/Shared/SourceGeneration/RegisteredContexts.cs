using System.Runtime.CompilerServices;

namespace JsonPerf.Analyzers;

/// <summary>The project's own contexts and the types they register, once per compilation: metadata a fix can pass instead of reflection.</summary>
internal static class RegisteredContexts
{
    /// <summary>A context written in this project (top level or in a namespace, every part unconditional) that registers <see cref="Type"/>.</summary>
    internal sealed class Registration
    {
        public Registration(INamedTypeSymbol context, ITypeSymbol type, string propertyName, AttributeData? generationOptions)
        {
            Context = context;
            Type = type;
            PropertyName = propertyName;
            GenerationOptions = generationOptions;
        }

        public INamedTypeSymbol Context { get; }

        public ITypeSymbol Type { get; }

        /// <summary>The generated <c>JsonTypeInfo&lt;T&gt;</c> property: <c>TypeInfoPropertyName</c>, or the type's own name.</summary>
        public string PropertyName { get; }

        /// <summary>The context's <c>[JsonSourceGenerationOptions]</c>, if any.</summary>
        public AttributeData? GenerationOptions { get; }
    }

    private static readonly ConditionalWeakTable<Compilation, List<Registration>> s_cache = new();

    /// <summary>The first registration of <paramref name="type"/> (by file and position) usable in <paramref name="within"/> that <paramref name="accept"/> takes.</summary>
    public static Registration? Find(Compilation compilation, JsonSymbols symbols, ITypeSymbol type, ISymbol within, Func<Registration, bool>? accept = null)
    {
        // IsSymbolAccessibleWithin takes a type or an assembly: a method's type.
        ISymbol scope = within as INamedTypeSymbol ?? (ISymbol?)within.ContainingType ?? compilation.Assembly;
        foreach (var registration in s_cache.GetValue(compilation, c => Read(c, symbols)))
        {
            if (SymbolEqualityComparer.Default.Equals(registration.Type, type)
                && compilation.IsSymbolAccessibleWithin(registration.Context, scope)
                && (accept is null || accept(registration)))
            {
                return registration;
            }
        }

        return null;
    }

    private static List<Registration> Read(Compilation compilation, JsonSymbols symbols)
    {
        var found = new List<Registration>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (tree.GetRoot() is CompilationUnitSyntax unit)
            {
                Collect(unit.Members, names);
            }
        }

        if (names.Count == 0 || symbols.JsonSerializableAttribute is not { } serializable)
        {
            return found;
        }

        foreach (var candidate in compilation.GetSymbolsWithName(names.Contains, SymbolFilter.Type).OfType<INamedTypeSymbol>().OrderBy(t => t.Locations[0].SourceTree?.FilePath, StringComparer.Ordinal).ThenBy(t => t.Locations[0].SourceSpan.Start))
        {
            if (candidate.TypeKind != TypeKind.Class || candidate.IsGenericType || candidate.ContainingType is not null
                || !symbols.IsDerivedFromJsonSerializerContext(candidate)
                || candidate.DeclaringSyntaxReferences.Any(r => ConditionalCompilation.IsConditional(r.GetSyntax())))
            {
                continue;
            }

            AttributeData? generationOptions = null;
            foreach (var attribute in candidate.GetAttributes())
            {
                if (SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, symbols.JsonSourceGenerationOptionsAttribute))
                {
                    generationOptions = attribute;
                }
            }

            foreach (var attribute in candidate.GetAttributes())
            {
                if (SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, serializable)
                    && attribute.ConstructorArguments.Length == 1
                    && attribute.ConstructorArguments[0].Value is ITypeSymbol registered)
                {
                    var name = registered.Name;
                    foreach (var named in attribute.NamedArguments)
                    {
                        if (named.Key == "TypeInfoPropertyName" && named.Value.Value is string { Length: > 0 } given)
                        {
                            name = given;
                        }
                    }

                    found.Add(new Registration(candidate, registered, name, generationOptions));
                }
            }
        }

        return found;
    }

    /// <summary>Names of partial classes with attributes or a base list (on any part), declared at the top of a file or in a namespace.</summary>
    private static void Collect(SyntaxList<MemberDeclarationSyntax> members, HashSet<string> names)
    {
        foreach (var member in members)
        {
            switch (member)
            {
                case BaseNamespaceDeclarationSyntax ns:
                    Collect(ns.Members, names);
                    break;

                case ClassDeclarationSyntax { TypeParameterList: null } declaration
                    when (declaration.BaseList is not null || declaration.AttributeLists.Count > 0) && declaration.Modifiers.Any(SyntaxKind.PartialKeyword):
                    names.Add(declaration.Identifier.ValueText);
                    break;
            }
        }
    }
}
