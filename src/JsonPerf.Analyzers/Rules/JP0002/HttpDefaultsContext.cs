using System.Runtime.CompilerServices;

namespace JsonPerf.Analyzers;

/// <summary>
/// JP0002 on ASP.NET Core's helpers called without options (<c>Results.Json(value)</c>, <c>response.WriteAsJsonAsync(value)</c>)
/// in a trimmed or AOT app: they serialize with the app's configured JSON options, and where the app's own
/// <c>ConfigureHttpJsonOptions</c> only puts one context first in the chain (<see cref="HttpJsonChain.OnlyResolvers"/>),
/// those are ASP.NET Core's defaults (Web, relaxed encoder) answered by that context. That context built on the same
/// settings gives the same metadata for every type it covers, and the metadata overload writes the same bytes.
/// </summary>
internal static class HttpDefaultsContext
{
    private static readonly string[] Names = { "Http", "HttpDefaults" };

    /// <summary>The holder's initializer as the fix writes it, without whitespace and namespaces.</summary>
    private const string HolderValue = "(newJsonSerializerOptions(JsonSerializerDefaults.Web){Encoder=JavaScriptEncoder.UnsafeRelaxedJsonEscaping})";

    private static readonly ConditionalWeakTable<Compilation, HashSet<ITypeSymbol>> s_baseTypes = new();

    /// <summary>The fix's properties where that context's metadata serializes the type as the call does and the fix can write it.</summary>
    public static ImmutableDictionary<string, string?>? Fix(IInvocationOperation call, ITypeSymbol type, IArgumentOperation? options, bool reflectionFree, MinimalApiSymbols? api, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var compilation = call.SemanticModel!.Compilation;
        var method = call.TargetMethod.Name;
        if (method is not ("Json" or "WriteAsJsonAsync")
            || call.Syntax.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp9 }
            || compilation.Options.OutputKind is not (OutputKind.ConsoleApplication or OutputKind.WindowsApplication)
            || !reflectionFree
            || api is null
            || HttpJsonChain.Find(compilation, symbols, api, cancellationToken) is not { OnlyResolvers: true, Contexts.Length: 1 } chain
            || !chain.Covers(type)
            || SerializerEntryPoints.MetadataCounterpart(call.TargetMethod, options?.Parameter, passContext: false, symbols, SerializerEntryPoints.CounterpartMatch.ByName) is not { } metadataParameter)
        {
            return null;
        }

        var context = chain.Contexts[0];
        if (InRequestDelegateEndpoint(call, api)
            || !compilation.IsSymbolAccessibleWithin(context, compilation.Assembly)
            || MetadataProperty(context, type, symbols) is not { } metadata
            || Holder(context, cancellationToken) is not var (holder, exists)
            || !exists && !OwnDeclarations(compilation, context, cancellationToken).Any())
        {
            return null;
        }

        // Results.Json writes a value of another runtime type as that type (as object) unless the declared type's metadata
        // serves every instance (sealed, a value type, an array, polymorphism declared on it); the metadata overload writes
        // the declared type. The same only where no type derives from it (a covered one, or one reflection would write
        // where it runs) and no base type declares polymorphism (such a root is written through the ancestor's contract).
        if (method == "Json" && !type.IsValueType && !type.IsSealed && type is not IArrayTypeSymbol
            && (!DeclaresPolymorphism(type, symbols) || BaseDeclaresPolymorphism(type, symbols)))
        {
            if (type.IsAbstract || type.TypeKind == TypeKind.Interface || BaseDeclaresPolymorphism(type, symbols)
                || chain.CoveredTypes.Any(covered => DerivesFrom(covered, type))
                || BaseTypesInSource(compilation).Contains(type.OriginalDefinition))
            {
                return null;
            }
        }

        return ReflectionSerializationAnalyzer.Fix(ReflectionSerializationFix.HttpDefaults)
            .Add(ReflectionSerializationFix.Context, SymbolsAfterEdit.MetadataName(context))
            .Add(ReflectionSerializationFix.Holder, holder)
            .Add(ReflectionSerializationFix.MetadataProperty, metadata.Name)
            .Add(ReflectionSerializationFix.MetadataParameter, metadataParameter.Name);
    }

    // A lambda passed as a RequestDelegate to MapGet, ...: ASP.NET Core's request delegate generator (on in AOT apps) binds it
    // without the other generators' output, so with a generated property in it, it intercepts the Delegate overload (CS9144).
    internal static bool InRequestDelegateEndpoint(IInvocationOperation call, MinimalApiSymbols api)
    {
        for (var operation = call.Parent; operation is not null; operation = operation.Parent)
        {
            if (operation is IAnonymousFunctionOperation
                && operation.Parent is IDelegateCreationOperation { Type.Name: "RequestDelegate" } creation
                && creation.WalkUpConversions().Parent is IArgumentOperation { Parent: IInvocationOperation map }
                && SymbolEqualityComparer.Default.Equals(map.TargetMethod.ContainingType, api.EndpointRouteBuilderExtensions))
            {
                return true;
            }
        }

        return false;
    }

    private static IPropertySymbol? MetadataProperty(INamedTypeSymbol context, ITypeSymbol type, JsonSymbols symbols)
        => context.GetMembers().OfType<IPropertySymbol>().FirstOrDefault(property =>
            property is { IsStatic: false, Type: INamedTypeSymbol { TypeArguments.Length: 1 } propertyType }
            && SymbolEqualityComparer.Default.Equals(propertyType.OriginalDefinition.BaseType, symbols.JsonTypeInfo)
            && SymbolEqualityComparer.Default.Equals(propertyType.TypeArguments[0], type));

    /// <summary>The holder an earlier fix added (exists: exactly as the fix writes it), else the first name free in the context and its bases.</summary>
    private static (string Name, bool Exists)? Holder(INamedTypeSymbol context, CancellationToken cancellationToken)
    {
        foreach (var name in Names)
        {
            var members = context.GetMembers(name);
            if (members.IsEmpty && !context.GetTypeMembers(name).Any() && !BaseTypes(context).Any(type => !type.GetMembers(name).IsEmpty))
            {
                return (name, false);
            }

            if (members.Length == 1
                && members[0] is IPropertySymbol { IsStatic: true, DeclaredAccessibility: Accessibility.Internal or Accessibility.Public or Accessibility.ProtectedOrInternal } property
                && SymbolEqualityComparer.Default.Equals(property.Type, context)
                && property.DeclaringSyntaxReferences.Length == 1
                && property.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is PropertyDeclarationSyntax { Initializer.Value: BaseObjectCreationExpressionSyntax value }
                && Normalized(value.ArgumentList?.ToString() ?? "") == HolderValue
                && value.Initializer is null)
            {
                return (name, true);
            }
        }

        return null;
    }

    private static IEnumerable<INamedTypeSymbol> BaseTypes(ITypeSymbol type)
    {
        for (var baseType = type.BaseType; baseType is not null; baseType = baseType.BaseType)
        {
            yield return baseType;
        }
    }

    private static string Normalized(string text)
        => new string(text.Where(c => !char.IsWhiteSpace(c)).ToArray())
            .Replace("global::", "")
            .Replace("System.Text.Json.", "")
            .Replace("System.Text.Encodings.Web.", "");

    /// <summary>The declarations in the compilation's own source (not generated; braces, or <c>;</c>) the fix can add the holder to.</summary>
    internal static IEnumerable<ClassDeclarationSyntax> OwnDeclarations(Compilation compilation, INamedTypeSymbol context, CancellationToken cancellationToken)
        => context.DeclaringSyntaxReferences
            .Where(r => compilation.ContainsSyntaxTree(r.SyntaxTree)
                        && !r.SyntaxTree.FilePath.EndsWith(".g.cs", StringComparison.OrdinalIgnoreCase) && !r.SyntaxTree.FilePath.EndsWith(".generated.cs", StringComparison.OrdinalIgnoreCase))
            .Select(r => r.GetSyntax(cancellationToken))
            .OfType<ClassDeclarationSyntax>()
            .Where(d => d.OpenBraceToken.IsKind(SyntaxKind.OpenBraceToken) && d.CloseBraceToken.IsKind(SyntaxKind.CloseBraceToken) && !d.OpenBraceToken.IsMissing && !d.CloseBraceToken.IsMissing
                        || d.OpenBraceToken.IsKind(SyntaxKind.None) && d.SemicolonToken.IsKind(SyntaxKind.SemicolonToken) && !d.SemicolonToken.IsMissing);

    private static bool DeclaresPolymorphism(ITypeSymbol type, JsonSymbols symbols)
        => type.GetAttributes().Any(a => a.AttributeClass is { } attribute
                                         && (SymbolEqualityComparer.Default.Equals(attribute, symbols.JsonDerivedTypeAttribute)
                                             || SymbolEqualityComparer.Default.Equals(attribute, symbols.JsonPolymorphicAttribute)));

    private static bool BaseDeclaresPolymorphism(ITypeSymbol type, JsonSymbols symbols)
        => BaseTypes(type).Any(b => DeclaresPolymorphism(b, symbols)) || type.AllInterfaces.Any(i => DeclaresPolymorphism(i, symbols));

    private static bool DerivesFrom(ITypeSymbol candidate, ITypeSymbol type)
        => !SymbolEqualityComparer.Default.Equals(candidate, type)
           && (BaseTypes(candidate).Contains(type, SymbolEqualityComparer.Default) || candidate.AllInterfaces.Contains(type, SymbolEqualityComparer.Default));

    /// <summary>Every class a type of the compilation's source derives from (original definitions), once per compilation.</summary>
    private static HashSet<ITypeSymbol> BaseTypesInSource(Compilation compilation)
        => s_baseTypes.GetValue(compilation, static c =>
        {
            var bases = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
            var pending = new Stack<INamespaceOrTypeSymbol>();
            pending.Push(c.Assembly.GlobalNamespace);
            while (pending.Count > 0)
            {
                foreach (var member in pending.Pop().GetMembers())
                {
                    if (member is INamespaceSymbol ns)
                    {
                        pending.Push(ns);
                    }
                    else if (member is INamedTypeSymbol named)
                    {
                        pending.Push(named);
                        for (var baseType = named.BaseType; baseType is not null && baseType.SpecialType != SpecialType.System_Object; baseType = baseType.BaseType)
                        {
                            bases.Add(baseType.OriginalDefinition);
                        }
                    }
                }
            }

            return bases;
        });
}
