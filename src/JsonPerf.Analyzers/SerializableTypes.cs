using System.Collections.Generic;
using System.Text;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers;

/// <summary>
/// What a JsonSerializerContext can describe, what the source generator names its properties, and (for the fix)
/// whether switching a type from reflection to generated metadata is known to serialize the same JSON.
/// </summary>
internal static class SerializableTypes
{
    /// <summary>
    /// A named type (or an array, collection, dictionary or closed generic of such types) that code at namespace
    /// scope in this assembly can name: not a type parameter, <c>object</c>, <c>dynamic</c>, an anonymous or
    /// file-local type, a private nested type, a delegate, a pointer or a ref struct.
    /// </summary>
    public static bool IsDescribable(ITypeSymbol type, Compilation compilation)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return array.IsSZArray && IsDescribable(array.ElementType, compilation);

            case INamedTypeSymbol named:
                if (named.SpecialType == SpecialType.System_Object || named.IsAnonymousType || named.IsUnboundGenericType
                    || named.IsRefLikeType || named.IsStatic || named.IsFileLocal
                    || named.TypeKind is TypeKind.Error or TypeKind.Delegate or TypeKind.Pointer or TypeKind.FunctionPointer or TypeKind.Submission
                    || !compilation.IsSymbolAccessibleWithin(named, compilation.Assembly))
                {
                    return false;
                }

                for (var current = named; current is not null; current = current.ContainingType)
                {
                    foreach (var argument in current.TypeArguments)
                    {
                        if (!IsDescribable(argument, compilation))
                        {
                            return false;
                        }
                    }
                }

                return true;

            default:
                return false;
        }
    }

    /// <summary>
    /// The name the source generator gives the type's property on a context: <c>Order</c>, <c>ListOrder</c>,
    /// <c>OrderArray</c>, <c>DictionaryStringInt32</c>, <c>NullableInt32</c>.
    /// </summary>
    public static string GeneratedPropertyName(ITypeSymbol type)
    {
        var name = new StringBuilder();
        Append(type, name);
        return name.ToString();

        static void Append(ITypeSymbol type, StringBuilder name)
        {
            switch (type)
            {
                case IArrayTypeSymbol array:
                    Append(array.ElementType, name);
                    name.Append("Array");
                    break;

                case INamedTypeSymbol named:
                    name.Append(named.Name);
                    foreach (var argument in named.TypeArguments)
                    {
                        Append(argument, name);
                    }

                    break;

                default:
                    name.Append(type.Name);
                    break;
            }
        }
    }

    /// <summary>
    /// True when every type the serializer reaches from <paramref name="root"/> through public properties and fields
    /// (and collection elements) is describable and serializes the same with generated metadata as with reflection
    /// under default options. Not known to be the same: <c>object</c> or <c>dynamic</c> anywhere (reflection writes the
    /// runtime type, a context only knows the types it declares), non-public members or constructors the
    /// serializer was told to use (<c>[JsonInclude]</c>, <c>[JsonConstructor]</c>), delegates and pointers.
    /// </summary>
    public static bool IsSafeForGeneratedMetadata(ITypeSymbol root, Compilation compilation)
    {
        var visited = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        var pending = new Stack<ITypeSymbol>();
        pending.Push(root);
        while (pending.Count > 0)
        {
            var type = pending.Pop();
            if (!visited.Add(type))
            {
                continue;
            }

            if (visited.Count > 500 || !IsDescribable(type, compilation))
            {
                return false;
            }

            switch (type)
            {
                case IArrayTypeSymbol array:
                    pending.Push(array.ElementType);
                    continue;

                case INamedTypeSymbol named:
                    foreach (var argument in named.TypeArguments)
                    {
                        pending.Push(argument);
                    }

                    // The framework's own types (primitives, collections, JsonElement, ...) are known to the generator.
                    if (IsFrameworkType(named))
                    {
                        continue;
                    }

                    if (!MembersAreSafe(named, pending))
                    {
                        return false;
                    }

                    continue;

                default:
                    return false;
            }
        }

        return true;
    }

    private static bool MembersAreSafe(INamedTypeSymbol type, Stack<ITypeSymbol> pending)
    {
        for (var current = type; current is not null && current.SpecialType != SpecialType.System_Object; current = current.BaseType)
        {
            foreach (var member in current.GetMembers())
            {
                if (member.IsStatic || member.IsImplicitlyDeclared)
                {
                    continue;
                }

                var included = HasAttribute(member, "JsonIncludeAttribute");
                switch (member)
                {
                    case IMethodSymbol { MethodKind: MethodKind.Constructor } constructor when HasAttribute(constructor, "JsonConstructorAttribute") && constructor.DeclaredAccessibility != Accessibility.Public:
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

    private static bool HasAttribute(ISymbol symbol, string name)
    {
        foreach (var attribute in symbol.GetAttributes())
        {
            if (attribute.AttributeClass is { Name: var attributeName, ContainingNamespace: { Name: "Serialization", ContainingNamespace: { Name: "Json", ContainingNamespace.Name: "Text" } } }
                && attributeName == name)
            {
                return true;
            }
        }

        return false;
    }
}
