namespace JsonPerf.Analyzers;

/// <summary>
/// JP0009: JSON built only from constants, again on every call: <c>JsonSerializer.SerializeToElement</c>/<c>SerializeToNode</c>
/// of a value made of constants, <c>JsonElement.Parse</c>, <c>JsonDocument.Parse(...).RootElement.Clone()</c>,
/// <c>Deserialize&lt;JsonElement&gt;</c> and <c>JsonNode.Parse</c> of constant text, <c>BinaryData.FromString</c> of
/// JSON text and <c>BinaryData.FromObjectAsJson</c>, <c>JsonSchemaExporter.GetJsonSchemaAsNode</c>, in code that runs per
/// call (<see cref="RunOnce"/>) and whose result is not cached there. Every input must be constant (<see cref="ConstantValues"/>;
/// options: none, the defaults or a static readonly field; metadata: a context's); and an enum value's name made through
/// the serializer per call (<c>Serialize(status).Trim('"')</c>, the EnumNames part); a type's JSON names read by reflection
/// per call (<c>GetCustomAttribute&lt;JsonPropertyNameAttribute&gt;()</c> over <c>GetProperties()</c>, the ReflectedNames part).
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed partial class ConstantJsonAnalyzer : JsonAnalyzer
{
    private static readonly HashSet<string> CacheMethods = new(StringComparer.Ordinal) { "GetOrAdd", "GetOrCreate", "GetOrCreateAsync", "AddOrUpdate", "EnsureInitialized" };

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rules.ConstantJsonPerCall);

    private enum Product
    {
        Element,
        Data,
        Node,
    }

    private enum Work
    {
        Parse,
        Serialize,
        Copy,
        Export,
    }

    private protected override void OnCompilationStart(CompilationStartAnalysisContext context, JsonSymbols symbols)
    {
        var reflectionFree = ReflectionFreeProject.Is(context.Options.AnalyzerConfigOptionsProvider.GlobalOptions);
        context.RegisterOperationAction(
            c => AnalyzeInvocation(c, symbols, reflectionFree),
            OperationFilter.CallsDeclaredIn(symbols.JsonSerializer, symbols.JsonElement, symbols.JsonNode, symbols.BinaryData, symbols.JsonSchemaExporter));
        if (symbols.JsonPropertyNameAttribute is not null)
        {
            context.RegisterOperationAction(c => AnalyzeReflectedName(c, symbols), OperationFilter.CallsDeclaredIn(symbols.CustomAttributeExtensions, symbols.SystemAttribute));
        }
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, JsonSymbols symbols, bool reflectionFree)
    {
        var site = (IInvocationOperation)context.Operation;
        if (site.TargetMethod.Name == "Serialize")
        {
            AnalyzeEnumName(context, symbols, site);
            return;
        }

        if (Classify(site, symbols) is not { } shape
            || Inputs.Read(shape.Call, shape.Work, symbols) is not { } inputs
            || symbols.IsInsideExpressionTree(site)
            || !site.MayRunPerCall(context.ContainingSymbol, symbols, context.CancellationToken)
            || IsCached(site)
            || !site.RunsPerCall(context.ContainingSymbol, symbols, context.CancellationToken))
        {
            return;
        }

        var note = NoFixNote(shape, inputs, site, context.ContainingSymbol, symbols, reflectionFree, context.CancellationToken);
        var properties = note is null
            ? DiagnosticProperties.None.Add(DiagnosticProperties.FixKind, ConstantJsonFix.Hoist).Add(DiagnosticProperties.FieldName, FieldNames.For(site, context.ContainingSymbol) ?? "")
            : DiagnosticProperties.None;
        var work = shape.Work switch
        {
            Work.Parse => "a parse and its allocations",
            Work.Serialize => "a serialization and its allocations",
            Work.Copy => "a UTF-8 copy of the text",
            _ => "a schema export and its allocations",
        };
        var advice = shape.Product == Product.Node ? "keep a JsonElement built once in a static readonly field" : "build it once in a static readonly field";
        context.Report(Diagnostic.Create(Rules.ConstantJsonPerCall, site.Syntax.GetLocation(), properties, shape.Name, work, advice, note ?? ""));
    }

    /// <summary>The call that builds the JSON (<see cref="Call"/>: the one whose arguments are the inputs), what it makes and how.</summary>
    private sealed class Shape
    {
        public Shape(IInvocationOperation call, Product product, Work work, string name)
        {
            Call = call;
            Product = product;
            Work = work;
            Name = name;
        }

        public IInvocationOperation Call { get; }

        public Product Product { get; }

        public Work Work { get; }

        public string Name { get; }
    }

    private static Shape? Classify(IInvocationOperation invocation, JsonSymbols symbols)
    {
        var method = invocation.TargetMethod;
        var type = method.ContainingType;
        if (SymbolEqualityComparer.Default.Equals(type, symbols.JsonSerializer))
        {
            return method.Name switch
            {
                "SerializeToElement" => new Shape(invocation, Product.Element, Work.Serialize, "JsonSerializer.SerializeToElement"),
                "SerializeToNode" => new Shape(invocation, Product.Node, Work.Serialize, "JsonSerializer.SerializeToNode"),
                "Deserialize" when TakesText(method) && SymbolEqualityComparer.Default.Equals(invocation.Type, symbols.JsonElement)
                    => new Shape(invocation, Product.Element, Work.Parse, "JsonSerializer.Deserialize<JsonElement>"),
                _ => null,
            };
        }

        if (SymbolEqualityComparer.Default.Equals(type, symbols.JsonElement))
        {
            if (method is { Name: "Parse", IsStatic: true } && TakesText(method))
            {
                return new Shape(invocation, Product.Element, Work.Parse, "JsonElement.Parse");
            }

            return method is { Name: "Clone", IsStatic: false }
                   && invocation.Instance is IPropertyReferenceOperation { Property.Name: "RootElement", Instance: IInvocationOperation { TargetMethod: { Name: "Parse", IsStatic: true } parse } call }
                   && SymbolEqualityComparer.Default.Equals(parse.ContainingType, symbols.JsonDocument) && TakesText(parse)
                ? new Shape(call, Product.Element, Work.Parse, "JsonDocument.Parse(...).RootElement.Clone()")
                : null;
        }

        if (SymbolEqualityComparer.Default.Equals(type, symbols.JsonNode))
        {
            return method is { Name: "Parse", IsStatic: true } && TakesText(method) ? new Shape(invocation, Product.Node, Work.Parse, "JsonNode.Parse") : null;
        }

        if (SymbolEqualityComparer.Default.Equals(type, symbols.BinaryData))
        {
            return method.Name switch
            {
                "FromString" when TakesText(method) && invocation.Arguments.FirstOrDefault()?.Value.ConstantValue.Value is string text && JsonText.LooksLikeJson(text)
                    => new Shape(invocation, Product.Data, Work.Copy, "BinaryData.FromString"),
                "FromObjectAsJson" => new Shape(invocation, Product.Data, Work.Serialize, "BinaryData.FromObjectAsJson"),
                _ => null,
            };
        }

        return method.Name == "GetJsonSchemaAsNode" && SymbolEqualityComparer.Default.Equals(type, symbols.JsonSchemaExporter)
            ? new Shape(invocation, Product.Node, Work.Export, "JsonSchemaExporter.GetJsonSchemaAsNode")
            : null;
    }

    private static bool TakesText(IMethodSymbol method) => method.Parameters.Length > 0 && method.Parameters[0].Type.SpecialType == SpecialType.System_String;

    /// <summary>
    /// A result kept past the call: stored in a field or property (<c>s_x ??= ...</c>, <c>_x = ...</c>, a local then
    /// stored so), or returned from a cache's factory lambda (<c>GetOrAdd(key, _ =&gt; ...)</c>).
    /// </summary>
    private static bool IsCached(IOperation site)
    {
        var use = site.WalkUpValuePassThrough();
        switch (use.Parent)
        {
            case ICoalesceAssignmentOperation:
                return true;
            case ISimpleAssignmentOperation assignment when assignment.Value == use:
                return IsStore(assignment.Target);
            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                return declarator.Root().Descendants().Any(o =>
                    o is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, declarator.Symbol)
                    && reference.WalkUpValuePassThrough() is var value
                    && (value.Parent is ICoalesceAssignmentOperation || (value.Parent is ISimpleAssignmentOperation stored && stored.Value == value && IsStore(stored.Target))));
            case IReturnOperation when use.EnclosingFunction() is IAnonymousFunctionOperation lambda:
                return lambda.Parent is IDelegateCreationOperation { Parent: IArgumentOperation argument }
                       && ((argument.Parent is IInvocationOperation call && CacheMethods.Contains(call.TargetMethod.Name))
                           || argument.Parameter?.Name.IndexOf("Factory", StringComparison.OrdinalIgnoreCase) >= 0);
            default:
                return false;
        }
    }

    /// <summary>A field or property, but not a member of an object being initialized (<c>new Tool { Schema = ... }</c>).</summary>
    private static bool IsStore(IOperation target)
        => target is IFieldReferenceOperation or IPropertyReferenceOperation
           && target is not IMemberReferenceOperation { Instance: IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ImplicitReceiver } };
}
