namespace JsonPerf.Analyzers;

/// <summary>
/// JP0009 on a type's JSON names read by reflection per call: <c>GetCustomAttribute&lt;JsonPropertyNameAttribute&gt;()</c>
/// (or <c>JsonIgnoreAttribute</c>, generic, <c>typeof</c> or <c>Attribute.GetCustomAttribute</c>) on the members of
/// <c>type.GetProperties()</c>/<c>GetProperty</c>/<c>GetFields</c>/<c>GetField</c> listed in the same method (typesense-dotnet's
/// <c>CreateUrlParameters</c>, on every search). The names never change, yet each call lists the members and looks each
/// attribute up again. Reported once per method (its first such lookup) where the listing runs per call, outside any lambda
/// but LINQ's, over a type that is not one of a scan (a foreach or lambda variable), and where neither the method nor a
/// use of it fills a cache (stores in a field, or a method group: a factory); without a fix.
/// </summary>
public sealed partial class ConstantJsonAnalyzer
{
    private static readonly HashSet<string> MemberListings = new(StringComparer.Ordinal) { "GetProperties", "GetProperty", "GetFields", "GetField" };
    private static readonly HashSet<string> CacheFills = new(StringComparer.Ordinal) { "Add", "TryAdd", "GetOrAdd", "AddOrUpdate", "TryUpdate", "Set" };

    private static void AnalyzeReflectedName(OperationAnalysisContext context, JsonSymbols symbols)
    {
        var lookup = (IInvocationOperation)context.Operation;
        if (lookup.TargetMethod.Name != "GetCustomAttribute"
            || ReportedAttribute(lookup, context.ContainingSymbol, symbols, context.CancellationToken) is not { } attribute
            || FillsCache(lookup.Root())
            || IsCacheFactory(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            return;
        }

        // One diagnostic per method: on its first lookup that would be reported.
        foreach (var other in lookup.Root().Descendants())
        {
            if (other is IInvocationOperation { TargetMethod.Name: "GetCustomAttribute" } earlier && earlier.Syntax.SpanStart < lookup.Syntax.SpanStart
                && ReportedAttribute(earlier, context.ContainingSymbol, symbols, context.CancellationToken) is not null)
            {
                return;
            }
        }

        // Last: it reads the files that name the method.
        if (!CalledPerCall(context.ContainingSymbol, context.Compilation, symbols, context.CancellationToken))
        {
            return;
        }

        context.Report(Diagnostic.Create(
            Rules.ConstantJsonPerCall,
            lookup.Syntax.GetLocation(),
            DiagnosticProperties.None,
            attribute.Name + " read by reflection",
            "a member list and an attribute lookup per member",
            "compute it once per type",
            Rules.NoFixReflectedNames));
    }

    /// <summary>The JSON attribute looked up where a report is due (see the class summary), else null.</summary>
    private static INamedTypeSymbol? ReportedAttribute(IInvocationOperation lookup, ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        var method = lookup.TargetMethod;
        if (!SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.CustomAttributeExtensions) && !SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.SystemAttribute))
        {
            return null;
        }

        var attribute = method.IsGenericMethod && method.TypeArguments.Length == 1
            ? method.TypeArguments[0] as INamedTypeSymbol
            : (ArgumentNamed(lookup, "attributeType")?.WalkDownConversions() as ITypeOfOperation)?.TypeOperand as INamedTypeSymbol;
        if (attribute is null
            || !(SymbolEqualityComparer.Default.Equals(attribute, symbols.JsonPropertyNameAttribute) || SymbolEqualityComparer.Default.Equals(attribute, symbols.JsonIgnoreAttribute))
            || ArgumentNamed(lookup, "element") is not { } element
            || Listing(element, lookup, symbols) is not { } anchor
            || symbols.IsInsideExpressionTree(lookup))
        {
            return null;
        }

        // A lambda handed to LINQ runs as often as the LINQ call; any other lambda or local function may be a cache's factory.
        while (anchor.EnclosingFunction() is { } function)
        {
            if (LinqCallOf(function, symbols) is not { } call)
            {
                return null;
            }

            anchor = call;
        }

        return anchor.MayRunPerCall(containingSymbol, symbols, cancellationToken) && anchor.RunsPerCall(containingSymbol, symbols, cancellationToken) ? attribute : null;
    }

    private static IOperation? ArgumentNamed(IInvocationOperation call, string name)
    {
        foreach (var argument in call.Arguments)
        {
            if (argument.Parameter?.Name == name)
            {
                return argument.Value;
            }
        }

        return null;
    }

    /// <summary>
    /// Where the member comes from a listing of a type's members in this method, the code whose runs decide how often the
    /// lookup runs (the lookup, its foreach, or the LINQ call whose lambda it is in); else null.
    /// </summary>
    private static IOperation? Listing(IOperation element, IInvocationOperation lookup, JsonSymbols symbols)
    {
        switch (element.WalkDownConversions())
        {
            case IInvocationOperation call:
                return IsListing(call, symbols, single: true) ? lookup : null;
            case ILocalReferenceOperation local:
                for (var current = lookup.Parent; current is not null; current = current.Parent)
                {
                    if (current is IForEachLoopOperation loop && loop.Locals.Contains(local.Local, SymbolEqualityComparer.Default))
                    {
                        return IsListing(loop.Collection, symbols, single: false) ? loop : null;
                    }
                }

                return InitializerOf(local.Local, lookup) is { } value && IsListing(value, symbols, single: true) ? lookup : null;
            case IParameterReferenceOperation { Parameter.ContainingSymbol: IMethodSymbol { MethodKind: MethodKind.AnonymousFunction } lambda }:
                for (var current = lookup.Parent; current is not null; current = current.Parent)
                {
                    if (current is IAnonymousFunctionOperation function && SymbolEqualityComparer.Default.Equals(function.Symbol, lambda))
                    {
                        return LinqCallOf(function, symbols) is { } linq && IsListing(linq.Arguments[0].Value, symbols, single: false) ? linq : null;
                    }
                }

                return null;
            default:
                return null;
        }
    }

    /// <summary>
    /// <c>type.GetProperties()</c> and the others (with <paramref name="single"/>, <c>GetProperty</c>/<c>GetField</c> too),
    /// through LINQ calls on it and a local it initializes; not over a type that is a foreach or lambda variable (a scan of types).
    /// </summary>
    private static bool IsListing(IOperation value, JsonSymbols symbols, bool single)
    {
        var current = value.WalkDownConversions();
        for (var hops = 0; hops < 8; hops++)
        {
            switch (current)
            {
                case IInvocationOperation { Instance: { } type } call when MemberListings.Contains(call.TargetMethod.Name) && type.Type.InheritsFromOrEquals(symbols.SystemType):
                    return (single || call.TargetMethod.ReturnType is IArrayTypeSymbol) && !IsScanVariable(type.WalkDownConversions());
                case IInvocationOperation { Arguments.Length: > 0 } call when SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, symbols.Enumerable):
                    current = call.Arguments[0].Value.WalkDownConversions();
                    single = false;
                    break;
                case ILocalReferenceOperation local when InitializerOf(local.Local, value) is { } initializer:
                    current = initializer.WalkDownConversions();
                    break;
                default:
                    return false;
            }
        }

        return false;
    }

    private static bool IsScanVariable(IOperation type) => type switch
    {
        IParameterReferenceOperation { Parameter.ContainingSymbol: IMethodSymbol { MethodKind: MethodKind.AnonymousFunction } } => true,
        ILocalReferenceOperation local => local.Local.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is ForEachStatementSyntax),
        _ => false,
    };

    /// <summary>The value a local is declared with in the code around <paramref name="site"/>; null for a foreach variable or none.</summary>
    private static IOperation? InitializerOf(ILocalSymbol local, IOperation site)
    {
        foreach (var operation in site.Root().Descendants())
        {
            if (operation is IVariableDeclaratorOperation declarator && SymbolEqualityComparer.Default.Equals(declarator.Symbol, local))
            {
                return declarator.GetVariableInitializer()?.Value;
            }
        }

        return null;
    }

    /// <summary>The <c>System.Linq.Enumerable</c> call a lambda is handed to, else null.</summary>
    private static IInvocationOperation? LinqCallOf(IOperation function, JsonSymbols symbols)
        => function is IAnonymousFunctionOperation { Parent: IDelegateCreationOperation { Parent: IArgumentOperation { Parent: IInvocationOperation { Arguments.Length: > 0 } call } } }
           && SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, symbols.Enumerable)
            ? call
            : null;

    /// <summary>Code that stores into a field or property (<c>s_names = ...</c>, <c>s_cache[type] = ...</c>, <c>s_cache.TryAdd(...)</c>): a cache being filled.</summary>
    private static bool FillsCache(IOperation root)
    {
        foreach (var operation in root.Descendants())
        {
            var filled = operation switch
            {
                ICoalesceAssignmentOperation => true,
                ISimpleAssignmentOperation { Target: var target } => (IsStore(target) && target is not IPropertyReferenceOperation { Property.IsIndexer: true }) || IsMemberIndex(target),
                IInvocationOperation { Instance: { } instance } call => CacheFills.Contains(call.TargetMethod.Name) && IsStore(instance.WalkDownConversions()),
                _ => false,
            };
            if (filled)
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsMemberIndex(IOperation target) => target switch
    {
        IPropertyReferenceOperation { Property.IsIndexer: true, Instance: { } instance } => IsStore(instance.WalkDownConversions()),
        IArrayElementReferenceOperation { ArrayReference: var array } => IsStore(array.WalkDownConversions()),
        _ => false,
    };

    /// <summary>
    /// A method of the type whose name is used otherwise than in a call (a method group: <c>GetOrAdd(type, BuildNames)</c>,
    /// <c>new Lazy&lt;T&gt;(BuildNames)</c>) or in a call whose result is stored (see <see cref="IsCached"/>) or initializes a
    /// field or property: it fills a cache, or runs once.
    /// </summary>
    private static bool IsCacheFactory(ISymbol containingSymbol, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (containingSymbol is not IMethodSymbol { MethodKind: MethodKind.Ordinary, ContainingType: { } type } method)
        {
            return false;
        }

        foreach (var declaration in type.DeclaringSyntaxReferences)
        {
            foreach (var name in declaration.GetSyntax(cancellationToken).DescendantNodes().OfType<SimpleNameSyntax>())
            {
                if (name.Identifier.ValueText != method.Name)
                {
                    continue;
                }

                var model = symbols.PrivateMemberReferences.ModelOf(name);
                if (PrivateMemberReferences.UseAt(model, name, cancellationToken) is not IInvocationOperation call || IsCached(call)
                    || call.WalkUpValuePassThrough().Parent is IFieldInitializerOperation or IPropertyInitializerOperation)
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// False for a method other than a private one (whose callers <see cref="RunOnce"/> follows) that is used to run once:
    /// visible outside the library and so used somewhere in this compilation (other code may do the same), or internal and
    /// used so anywhere (the docs' remedy: a helper of another type called from a static generic cache's initializer).
    /// </summary>
    private static bool CalledPerCall(ISymbol containingSymbol, Compilation compilation, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (containingSymbol is not IMethodSymbol { MethodKind: MethodKind.Ordinary } method || method.DeclaredAccessibility == Accessibility.Private)
        {
            return true;
        }

        return Visibility.IsVisibleOutsideLibrary(method, compilation)
            ? !MemberUses.Any(method, compilation, (model, name) => RunsOnceAt(model, name, symbols, cancellationToken), cancellationToken)
            : MemberUses.All(method, compilation, (model, name) => !RunsOnceAt(model, name, symbols, cancellationToken), cancellationToken);
    }

    /// <summary>
    /// A use that runs the method once or keeps its result: not a call (a method group: a factory), a call that runs once by
    /// <see cref="RunOnce"/>'s judgement, one in a cache's factory lambda, or one whose result is stored (see <see cref="IsCached"/>).
    /// </summary>
    private static bool RunsOnceAt(SemanticModel model, SimpleNameSyntax name, JsonSymbols symbols, CancellationToken cancellationToken)
    {
        if (PrivateMemberReferences.UseAt(model, name, cancellationToken) is not IInvocationOperation call || IsCached(call))
        {
            return true;
        }

        // Where the shared judgement says it runs once (an initializer, a static constructor, the entry point, a Lazy factory),
        // or in a lambda a cache method runs.
        if (model.GetEnclosingSymbol(name.SpanStart, cancellationToken)?.ContainingMember() is not { } container
            || !call.MayRunPerCall(container, symbols, cancellationToken))
        {
            return true;
        }

        for (var function = call.EnclosingFunction(); function is not null; function = function.EnclosingFunction())
        {
            if (function.Parent is IDelegateCreationOperation { Parent: IArgumentOperation { Parent: IInvocationOperation runner } } && CacheMethods.Contains(runner.TargetMethod.Name))
            {
                return true;
            }
        }

        return false;
    }
}
