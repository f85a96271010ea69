using System.Collections.Concurrent;
using System.Runtime.CompilerServices;

namespace JsonPerf.Analyzers;

/// <summary>
/// Whether generated metadata serializes a type as reflection does: JP0002 and JP0008 report by it, their fixes plan by it.
/// </summary>
internal static class GeneratedMetadataSafety
{
    /// <summary>
    /// True when every type the serializer reaches from <paramref name="root"/> (public members, elements, derived types)
    /// serializes the same with generated metadata as with reflection. Never for <c>object</c> or <c>dynamic</c> anywhere:
    /// reflection writes the runtime type, a context only the types it declares.
    /// </summary>
    public static bool IsSafe(ITypeSymbol root, Compilation compilation, JsonSymbols symbols, out ImmutableArray<ITypeSymbol> reachable)
    {
        var walk = WalkState.Rent();
        try
        {
            var safe = Walk(root, compilation, symbols, walk);
            reachable = walk.Visited.ToImmutableArray();
            return safe;
        }
        finally
        {
            WalkState.Return(walk);
        }
    }

    /// <summary>The analyzer's question: the same judgement without the reachable types.</summary>
    public static bool IsSafe(ITypeSymbol root, Compilation compilation, JsonSymbols symbols)
    {
        var walk = WalkState.Rent();
        try
        {
            return Walk(root, compilation, symbols, walk);
        }
        finally
        {
            WalkState.Return(walk);
        }
    }

    /// <summary>A walk's sets and stacks, reused per thread and cleared after each walk so that no symbol outlives it.</summary>
    private sealed class WalkState
    {
        [ThreadStatic]
        private static WalkState? t_free;

        public HashSet<ITypeSymbol> Visited { get; } = new(SymbolEqualityComparer.Default);

        public Stack<ITypeSymbol> Pending { get; } = new();

        /// <summary>Scratch for one type's judgement: the types it leads to, and the types that declare its members.</summary>
        public Stack<ITypeSymbol> Next { get; } = new();

        public List<INamedTypeSymbol> Declaring { get; } = new();

        public static WalkState Rent()
        {
            var walk = t_free ?? new WalkState();
            t_free = null;
            return walk;
        }

        public static void Return(WalkState walk)
        {
            walk.Visited.Clear();
            walk.Pending.Clear();
            walk.Next.Clear();
            walk.Declaring.Clear();
            t_free = walk;
        }
    }

    /// <summary>Per compilation and type: its judgement and the types it leads to, read once though roots share most of what they reach.</summary>
    private static readonly ConditionalWeakTable<Compilation, ConcurrentDictionary<ITypeSymbol, (bool Safe, ImmutableArray<ITypeSymbol> Next)>> s_nodes = new();

    private static bool Walk(ITypeSymbol root, Compilation compilation, JsonSymbols symbols, WalkState walk)
    {
        var nodes = s_nodes.GetValue(compilation, _ => new ConcurrentDictionary<ITypeSymbol, (bool, ImmutableArray<ITypeSymbol>)>(SymbolEqualityComparer.Default));
        var visited = walk.Visited;
        var pending = walk.Pending;
        pending.Push(root);
        while (pending.Count > 0)
        {
            var type = pending.Pop();
            if (!visited.Add(type))
            {
                continue;
            }

            if (visited.Count > 500)
            {
                return false;
            }

            if (!nodes.TryGetValue(type, out var node))
            {
                var next = walk.Next;
                next.Clear();
                var safe = Node(type, next, compilation, symbols, walk.Declaring);
                node = nodes.GetOrAdd(type, (safe, ToArray(next)));
            }

            if (!node.Safe)
            {
                return false;
            }

            foreach (var next in node.Next)
            {
                pending.Push(next);
            }
        }

        return true;
    }

    /// <summary>The types a judgement pushed, in the order they would be popped.</summary>
    private static ImmutableArray<ITypeSymbol> ToArray(Stack<ITypeSymbol> next)
    {
        if (next.Count == 0)
        {
            return ImmutableArray<ITypeSymbol>.Empty;
        }

        var builder = ImmutableArray.CreateBuilder<ITypeSymbol>(next.Count);
        foreach (var type in next)
        {
            builder.Add(type);
        }

        return builder.MoveToImmutable();
    }

    /// <summary>The type's own judgement; pushes onto <paramref name="pending"/> the types it leads to.</summary>
    private static bool Node(ITypeSymbol type, Stack<ITypeSymbol> pending, Compilation compilation, JsonSymbols symbols, List<INamedTypeSymbol> declaring)
    {
        if (!SerializableTypes.IsDescribable(type, compilation))
        {
            return false;
        }

        switch (type)
        {
            case IArrayTypeSymbol array:
                pending.Push(array.ElementType);
                return true;

            case INamedTypeSymbol named:
                foreach (var argument in named.TypeArguments)
                {
                    pending.Push(argument);
                }

                if (HasGenericContainer(named) || !PushElements(named, pending) || !ConvertersAreSafe(named, compilation, symbols))
                {
                    return false;
                }

                // The framework's own types (primitives, collections, JsonElement, ...) are known to the generator.
                if (IsFrameworkType(named))
                {
                    return true;
                }

                if (!MembersAreSafe(named, pending, compilation, symbols, declaring))
                {
                    return false;
                }

                foreach (var attribute in named.GetAttributes())
                {
                    if (SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, symbols.JsonDerivedTypeAttribute))
                    {
                        if (attribute.ConstructorArguments.Length == 0 || attribute.ConstructorArguments[0].Value is not ITypeSymbol derived)
                        {
                            return false;
                        }

                        pending.Push(derived);
                    }
                }

                return true;

            default:
                return false;
        }
    }

    private static bool HasGenericContainer(INamedTypeSymbol type)
    {
        for (var container = type.ContainingType; container is not null; container = container.ContainingType)
        {
            if (container.IsGenericType)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Pushes a collection's element types; false for a non-generic <c>IEnumerable</c>, which holds <c>object</c>s.</summary>
    private static bool PushElements(INamedTypeSymbol type, Stack<ITypeSymbol> pending)
    {
        if (type.SpecialType == SpecialType.System_String)
        {
            return true;
        }

        var enumerable = false;
        var generic = false;
        foreach (var candidate in type.TypeKind == TypeKind.Interface ? type.AllInterfaces.Add(type) : type.AllInterfaces)
        {
            if (candidate.SpecialType == SpecialType.System_Collections_IEnumerable)
            {
                enumerable = true;
            }
            else if (candidate.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T)
            {
                generic = true;
                pending.Push(candidate.TypeArguments[0]);
            }
        }

        return !enumerable || generic;
    }

    /// <summary>Only <c>[JsonConverter(typeof(C))]</c> itself (a derived attribute picks in code), naming a converter the generated code can <c>new</c>.</summary>
    private static bool ConvertersAreSafe(ISymbol symbol, Compilation compilation, JsonSymbols symbols)
    {
        foreach (var attribute in symbol.GetAttributes())
        {
            if (!IsSafeConverterAttribute(attribute, compilation, symbols))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Whether a member's converters are safe, and whether it is <c>[JsonInclude]</c>, from one read of its attributes.</summary>
    private static bool MemberAttributesAreSafe(ISymbol member, Compilation compilation, JsonSymbols symbols, out bool included)
    {
        included = false;
        var include = symbols.JsonIncludeAttribute;
        foreach (var attribute in member.GetAttributes())
        {
            if (!IsSafeConverterAttribute(attribute, compilation, symbols))
            {
                return false;
            }

            included |= include is not null && SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, include);
        }

        return true;
    }

    private static bool IsSafeConverterAttribute(AttributeData attribute, Compilation compilation, JsonSymbols symbols)
    {
        if (attribute.AttributeClass is not { } attributeClass || !attributeClass.InheritsFromOrEquals(symbols.JsonConverterAttribute))
        {
            return true;
        }

        return SymbolEqualityComparer.Default.Equals(attributeClass, symbols.JsonConverterAttribute)
               && attribute.ConstructorArguments.Length == 1
               && attribute.ConstructorArguments[0].Value is INamedTypeSymbol { IsUnboundGenericType: false } converter
               && !converter.IsAbstract
               && !IsNonGenericStringEnumConverter(converter)
               && compilation.IsSymbolAccessibleWithin(converter, compilation.Assembly)
               && converter.InstanceConstructors.Any(c => c.Parameters.Length == 0 && c.DeclaredAccessibility == Accessibility.Public);
    }

    /// <summary><c>JsonStringEnumConverter</c> without its type argument makes its converter with reflection (SYSLIB1034).</summary>
    private static bool IsNonGenericStringEnumConverter(INamedTypeSymbol converter)
        => converter is { Name: "JsonStringEnumConverter", Arity: 0, ContainingNamespace: { Name: "Serialization", ContainingNamespace: { Name: "Json", ContainingNamespace: { Name: "Text", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } } } };

    private static bool MembersAreSafe(INamedTypeSymbol type, Stack<ITypeSymbol> pending, Compilation compilation, JsonSymbols symbols, List<INamedTypeSymbol> declaring)
    {
        // An interface's serialized properties include those of the interfaces it extends.
        declaring.Clear();
        for (var current = type; current is not null && current.SpecialType != SpecialType.System_Object; current = current.BaseType)
        {
            declaring.Add(current);
        }

        if (type.TypeKind == TypeKind.Interface)
        {
            declaring.AddRange(type.AllInterfaces);
        }

        foreach (var current in declaring)
        {
            foreach (var member in current.GetMembers())
            {
                // Methods are most members: skipped before anything is read (IsImplicitlyDeclared is not free on accessors).
                if (member.Kind is not (SymbolKind.Property or SymbolKind.Field) && member is not IMethodSymbol { MethodKind: MethodKind.Constructor })
                {
                    continue;
                }

                if (member.IsStatic || member.IsImplicitlyDeclared)
                {
                    continue;
                }

                var included = false;
                if (member.Kind != SymbolKind.Method && !MemberAttributesAreSafe(member, compilation, symbols, out included))
                {
                    return false;
                }

                switch (member)
                {
                    case IMethodSymbol { MethodKind: MethodKind.Constructor } constructor when constructor.HasAttribute(symbols.JsonConstructorAttribute) && constructor.DeclaredAccessibility != Accessibility.Public:
                        return false;

                    case IPropertySymbol property when !property.IsIndexer:
                        if (included && (property.DeclaredAccessibility != Accessibility.Public
                                         || property.GetMethod is { DeclaredAccessibility: not Accessibility.Public }
                                         || property.SetMethod is { DeclaredAccessibility: not Accessibility.Public }))
                        {
                            return false;
                        }

                        if (property.DeclaredAccessibility == Accessibility.Public || included)
                        {
                            pending.Push(property.Type);
                        }

                        break;

                    case IFieldSymbol field:
                        if (included && field.DeclaredAccessibility != Accessibility.Public)
                        {
                            return false;
                        }

                        if (included)
                        {
                            pending.Push(field.Type);
                        }

                        break;
                }
            }
        }

        return true;
    }

    private static bool IsFrameworkType(INamedTypeSymbol type)
    {
        if (type.SpecialType != SpecialType.None)
        {
            return true;
        }

        var root = type.ContainingNamespace;
        while (root is { ContainingNamespace.IsGlobalNamespace: false })
        {
            root = root.ContainingNamespace;
        }

        return root?.Name == "System" && type.ContainingAssembly?.Name is { } assembly
            && (assembly.StartsWith("System.", System.StringComparison.Ordinal) || assembly is "System" or "mscorlib" or "netstandard");
    }
}
