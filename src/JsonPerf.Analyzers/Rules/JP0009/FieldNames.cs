namespace JsonPerf.Analyzers;

/// <summary>
/// What JP0009's field is named after: the local the JSON initializes, the parameter or member it is handed to, the
/// property or method that returns it, or what the lambda returning it is named after (<c>Schema</c>, <c>GetSchema()</c> gives <c>Schema</c>). Null where none says
/// what the JSON is: the fix then uses a generic name.
/// </summary>
internal static class FieldNames
{
    private static readonly string[] VerbPrefixes = { "Get", "Create", "Build", "Make" };

    private static readonly HashSet<string> Generic = new(StringComparer.OrdinalIgnoreCase) { "value", "obj", "o", "arg", "json", "element", "data", "input", "item" };

    public static string? For(IOperation site, ISymbol containingSymbol)
    {
        var use = site.WalkUpValuePassThrough();
        var name = use.Parent switch
        {
            IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => declarator.Symbol.Name,
            IArgumentOperation { Parameter.Name: var parameter } => parameter,
            ISimpleAssignmentOperation { Target: IMemberReferenceOperation { Member.Name: var member } } => member,
            // A lambda's result: named as the lambda is (the local it initializes, the parameter it is passed to).
            IReturnOperation when use.EnclosingFunction() is IAnonymousFunctionOperation { Parent: IDelegateCreationOperation creation } => For(creation, containingSymbol),
            IReturnOperation when use.EnclosingFunction() is null => containingSymbol switch
            {
                IMethodSymbol { AssociatedSymbol: IPropertySymbol { IsIndexer: false } property } => property.Name,
                IMethodSymbol { MethodKind: MethodKind.Ordinary } method => MemberNames.WithoutVerb(method.Name, VerbPrefixes),
                _ => null,
            },
            _ => null,
        };

        return name is null || Generic.Contains(name) ? null : Pascal(name);
    }

    /// <summary>The name without a field prefix (<c>s_</c>, <c>_</c>), first letter upper.</summary>
    private static string? Pascal(string name)
    {
        var trimmed = name.StartsWith("s_", StringComparison.Ordinal) ? name.Substring(2) : name.TrimStart('_');
        return trimmed.Length == 0 || !SyntaxFacts.IsValidIdentifier(trimmed) ? null : char.ToUpperInvariant(trimmed[0]) + trimmed.Substring(1);
    }
}
