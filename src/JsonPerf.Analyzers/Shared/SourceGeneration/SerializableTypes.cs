namespace JsonPerf.Analyzers;

/// <summary>What a JsonSerializerContext can describe (JP0002 reports only such types).</summary>
internal static class SerializableTypes
{
    /// <summary>
    /// A type (or array or closed generic of such) that namespace-level code of this assembly can name: not a type
    /// parameter, <c>object</c>, <c>dynamic</c>, anonymous, file-local, private nested, a delegate, pointer or ref struct.
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
}
