using System.Runtime.CompilerServices;

namespace JsonPerf.Analyzers;

/// <summary>
/// Every framework symbol the rules and fixes look up (System.Text.Json, System.Net.Http.Json, ASP.NET Core),
/// resolved once per compilation and shared by all analyzers and fixers through <see cref="For"/>. Null when
/// System.Text.Json is not referenced: the analyzers then register nothing. Rule code compares symbols from
/// here; it never looks a framework type up by name (BannedSymbols.txt keeps GetTypeByMetadataName out).
/// </summary>
internal sealed class JsonSymbols
{
    private static readonly ConditionalWeakTable<Compilation, StrongBox<JsonSymbols?>> s_cache = new();

    private readonly HashSet<INamedTypeSymbol> _entryPointTypes = new(SymbolEqualityComparer.Default);
    private readonly HashSet<INamespaceSymbol> _serializerNamespaces = new(SymbolEqualityComparer.Default);
    private readonly List<INamedTypeSymbol> _perRequestBases = new();

    private readonly Compilation _compilation;
    private StrongBox<IMethodSymbol?>? _entryPoint;
    private OptionsHelperSummaries? _helperSummaries;

    private JsonSymbols(Compilation compilation, INamedTypeSymbol options)
    {
        _compilation = compilation;
        JsonSerializerOptions = options;
        JsonSerializer = Type(compilation, "System.Text.Json.JsonSerializer");
        JsonSerializerDefaults = Type(compilation, "System.Text.Json.JsonSerializerDefaults");
        JsonNamingPolicy = Type(compilation, "System.Text.Json.JsonNamingPolicy");
        JsonSerializerContext = Type(compilation, "System.Text.Json.Serialization.JsonSerializerContext");
        JsonSerializableAttribute = Type(compilation, "System.Text.Json.Serialization.JsonSerializableAttribute");
        JsonSourceGenerationOptionsAttribute = Type(compilation, "System.Text.Json.Serialization.JsonSourceGenerationOptionsAttribute");
        JsonKnownNamingPolicy = Type(compilation, "System.Text.Json.Serialization.JsonKnownNamingPolicy");
        JsonConverterAttribute = Type(compilation, "System.Text.Json.Serialization.JsonConverterAttribute");
        JsonIncludeAttribute = Type(compilation, "System.Text.Json.Serialization.JsonIncludeAttribute");
        JsonConstructorAttribute = Type(compilation, "System.Text.Json.Serialization.JsonConstructorAttribute");
        JsonDerivedTypeAttribute = Type(compilation, "System.Text.Json.Serialization.JsonDerivedTypeAttribute");
        JsonTypeInfo = Type(compilation, "System.Text.Json.Serialization.Metadata.JsonTypeInfo");
        JsonTypeInfoResolver = Type(compilation, "System.Text.Json.Serialization.Metadata.JsonTypeInfoResolver");
        DefaultJsonTypeInfoResolver = Type(compilation, "System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver");
        JavaScriptEncoder = Type(compilation, "System.Text.Encodings.Web.JavaScriptEncoder");
        UnicodeRanges = Type(compilation, "System.Text.Unicode.UnicodeRanges");
        SystemType = Type(compilation, "System.Type");
        FlagsAttribute = Type(compilation, "System.FlagsAttribute");
        ExpressionOfT = Type(compilation, "System.Linq.Expressions.Expression`1");
        HttpClientJsonExtensions = Type(compilation, "System.Net.Http.Json.HttpClientJsonExtensions");
        HttpContentJsonExtensions = Type(compilation, "System.Net.Http.Json.HttpContentJsonExtensions");
        HttpRequestJsonExtensions = Type(compilation, "Microsoft.AspNetCore.Http.HttpRequestJsonExtensions");
        AspNetJsonResult = Type(compilation, "Microsoft.AspNetCore.Mvc.JsonResult");
        AspNetController = Type(compilation, "Microsoft.AspNetCore.Mvc.Controller");
        JsonDocument = Type(compilation, "System.Text.Json.JsonDocument");
        JsonElement = Type(compilation, "System.Text.Json.JsonElement");
        JsonProperty = Type(compilation, "System.Text.Json.JsonProperty");
        JsonNode = Type(compilation, "System.Text.Json.Nodes.JsonNode");
        Console = Type(compilation, "System.Console");
        ModuleInitializerAttribute = Type(compilation, "System.Runtime.CompilerServices.ModuleInitializerAttribute");
        foreach (var perRequest in new[]
                 {
                     "Microsoft.AspNetCore.Mvc.ControllerBase", "Microsoft.AspNetCore.Mvc.RazorPages.PageModel",
                     "Microsoft.AspNetCore.SignalR.Hub", "Microsoft.AspNetCore.Mvc.ViewComponent",
                 })
        {
            if (Type(compilation, perRequest) is { } type)
            {
                _perRequestBases.Add(type);
            }
        }
        Encoding = Type(compilation, "System.Text.Encoding");
        StreamReader = Type(compilation, "System.IO.StreamReader");
        File = Type(compilation, "System.IO.File");
        HttpContent = Type(compilation, "System.Net.Http.HttpContent");
        HttpClient = Type(compilation, "System.Net.Http.HttpClient");
        StringContent = Type(compilation, "System.Net.Http.StringContent");
        JsonContent = Type(compilation, "System.Net.Http.Json.JsonContent");
        AspNetResults = Type(compilation, "Microsoft.AspNetCore.Http.Results");
        AspNetTypedResults = Type(compilation, "Microsoft.AspNetCore.Http.TypedResults");
        HttpResponseJsonExtensions = Type(compilation, "Microsoft.AspNetCore.Http.HttpResponseJsonExtensions");
        RequiresUnreferencedCodeAttribute = Type(compilation, "System.Diagnostics.CodeAnalysis.RequiresUnreferencedCodeAttribute");

        foreach (var entryPoint in new[]
                 {
                     JsonSerializer, HttpClientJsonExtensions, HttpContentJsonExtensions, JsonContent,
                     AspNetResults, AspNetTypedResults, HttpRequestJsonExtensions, HttpResponseJsonExtensions, AspNetJsonResult, AspNetController,
                 })
        {
            if (entryPoint is not null)
            {
                _entryPointTypes.Add(entryPoint);
            }
        }

        foreach (var type in new[] { options, JsonSerializerContext, JsonTypeInfo, JavaScriptEncoder, UnicodeRanges })
        {
            if (type?.ContainingNamespace is { } ns)
            {
                _serializerNamespaces.Add(ns);
            }
        }
    }

    public INamedTypeSymbol JsonSerializerOptions { get; }
    public INamedTypeSymbol? JsonSerializer { get; }
    public INamedTypeSymbol? JsonSerializerDefaults { get; }
    public INamedTypeSymbol? JsonNamingPolicy { get; }
    public INamedTypeSymbol? JsonSerializerContext { get; }
    public INamedTypeSymbol? JsonSerializableAttribute { get; }
    public INamedTypeSymbol? JsonSourceGenerationOptionsAttribute { get; }
    public INamedTypeSymbol? JsonKnownNamingPolicy { get; }
    public INamedTypeSymbol? JsonConverterAttribute { get; }
    public INamedTypeSymbol? JsonIncludeAttribute { get; }
    public INamedTypeSymbol? JsonConstructorAttribute { get; }
    public INamedTypeSymbol? JsonDerivedTypeAttribute { get; }
    public INamedTypeSymbol? JsonTypeInfo { get; }
    public INamedTypeSymbol? JsonTypeInfoResolver { get; }
    public INamedTypeSymbol? DefaultJsonTypeInfoResolver { get; }
    public INamedTypeSymbol? JavaScriptEncoder { get; }
    public INamedTypeSymbol? UnicodeRanges { get; }
    public INamedTypeSymbol? SystemType { get; }
    public INamedTypeSymbol? FlagsAttribute { get; }
    public INamedTypeSymbol? ExpressionOfT { get; }
    public INamedTypeSymbol? HttpClientJsonExtensions { get; }
    public INamedTypeSymbol? HttpContentJsonExtensions { get; }
    public INamedTypeSymbol? HttpRequestJsonExtensions { get; }
    public INamedTypeSymbol? AspNetJsonResult { get; }
    public INamedTypeSymbol? AspNetController { get; }
    public INamedTypeSymbol? JsonDocument { get; }
    public INamedTypeSymbol? JsonElement { get; }
    public INamedTypeSymbol? JsonProperty { get; }
    public INamedTypeSymbol? JsonNode { get; }
    public INamedTypeSymbol? Console { get; }
    public INamedTypeSymbol? ModuleInitializerAttribute { get; }
    public INamedTypeSymbol? Encoding { get; }
    public INamedTypeSymbol? StreamReader { get; }
    public INamedTypeSymbol? File { get; }
    public INamedTypeSymbol? HttpContent { get; }
    public INamedTypeSymbol? HttpClient { get; }
    public INamedTypeSymbol? StringContent { get; }
    public INamedTypeSymbol? JsonContent { get; }
    public INamedTypeSymbol? AspNetResults { get; }
    public INamedTypeSymbol? AspNetTypedResults { get; }
    public INamedTypeSymbol? HttpResponseJsonExtensions { get; }
    public INamedTypeSymbol? RequiresUnreferencedCodeAttribute { get; }

    /// <summary>System.Net.Http.Json's helpers (<c>HttpClient</c>, <c>HttpContent</c>, <c>JsonContent</c>): no options means the Web defaults.</summary>
    public bool IsHttpJsonType(INamedTypeSymbol? type)
        => type is not null && (SymbolEqualityComparer.Default.Equals(type, HttpClientJsonExtensions) || SymbolEqualityComparer.Default.Equals(type, HttpContentJsonExtensions) || SymbolEqualityComparer.Default.Equals(type, JsonContent));

    /// <summary>ASP.NET Core's helpers (<c>HttpRequest</c>, <c>HttpResponse</c>, <c>Results</c>, <c>TypedResults</c>): no options means the app's configured ones.</summary>
    public bool IsAspNetJsonType(INamedTypeSymbol? type)
        => type is not null && (SymbolEqualityComparer.Default.Equals(type, HttpRequestJsonExtensions) || SymbolEqualityComparer.Default.Equals(type, HttpResponseJsonExtensions)
                                || SymbolEqualityComparer.Default.Equals(type, AspNetResults) || SymbolEqualityComparer.Default.Equals(type, AspNetTypedResults));

    /// <summary>
    /// True for types ASP.NET Core creates per request or per invocation: controllers, Razor Pages models, SignalR hubs
    /// and view components (only the bases that exist in the compilation).
    /// </summary>
    public bool IsCreatedPerRequest(INamedTypeSymbol? type)
    {
        if (type is null || _perRequestBases.Count == 0)
        {
            return false;
        }

        foreach (var baseType in _perRequestBases)
        {
            if (type.InheritsFromOrEquals(baseType))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// True for code the runtime calls once per process: the program's entry point (<c>Main</c>, or top-level
    /// statements) and <c>[ModuleInitializer]</c> methods. Static constructors are not methods callers call.
    /// </summary>
    public bool RunsOncePerProcess(IMethodSymbol method, CancellationToken cancellationToken)
    {
        if (ModuleInitializerAttribute is not null && method.HasAttribute(ModuleInitializerAttribute))
        {
            return true;
        }

        if (!method.IsStatic || method.Name is not ("Main" or "<Main>$"))
        {
            return false;
        }

        // The compilation caches its entry point; asked only for methods that can be one.
        _entryPoint ??= new StrongBox<IMethodSymbol?>(_compilation.GetEntryPoint(cancellationToken));
        return SymbolEqualityComparer.Default.Equals(method, _entryPoint.Value);
    }

    /// <summary>JP0001's summaries of the project's own options factories and wrappers: created when a call first reaches one.</summary>
    public OptionsHelperSummaries HelperSummaries
        => LazyInitializer.EnsureInitialized(ref _helperSummaries, () => new OptionsHelperSummaries(_compilation, this))!;

    /// <summary>The compilation's symbols, resolved on first use and cached while the compilation lives; null without System.Text.Json.</summary>
    public static JsonSymbols? For(Compilation compilation)
        => s_cache.GetValue(compilation, static c => new StrongBox<JsonSymbols?>(
            Type(c, "System.Text.Json.JsonSerializerOptions") is { } options ? new JsonSymbols(c, options) : null)).Value;

#pragma warning disable RS0030 // The one place that looks framework types up by name (MinimalApiSymbols uses it too).
    internal static INamedTypeSymbol? Type(Compilation compilation, string metadataName) => compilation.GetTypeByMetadataName(metadataName);
#pragma warning restore RS0030

    /// <summary>True inside a lambda converted to an expression tree: data, not code that runs.</summary>
    public bool IsInsideExpressionTree(IOperation operation)
    {
        if (ExpressionOfT is null)
        {
            return false;
        }

        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation { Parent: { Type: INamedTypeSymbol type } }
                && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, ExpressionOfT))
            {
                return true;
            }
        }

        return false;
    }

    public bool IsEntryPointType(INamedTypeSymbol? type) => type is not null && _entryPointTypes.Contains(type.OriginalDefinition);

    public bool IsJsonSerializerOptions(ITypeSymbol? type) => SymbolEqualityComparer.Default.Equals(type, JsonSerializerOptions);

    /// <summary>A member of the serializer's or the encoders' own namespaces (System.Text.Json[.Serialization[.Metadata]], System.Text.Encodings.Web, System.Text.Unicode).</summary>
    public bool IsInSerializerNamespace(ISymbol symbol) => symbol.ContainingNamespace is { } ns && _serializerNamespaces.Contains(ns);

    /// <summary>True when <paramref name="type"/> is a user's context (a type derived from JsonSerializerContext).</summary>
    public bool IsDerivedFromJsonSerializerContext(ITypeSymbol? type) => type?.BaseType.InheritsFromOrEquals(JsonSerializerContext) == true;

    /// <summary>A static, get-only property of JsonSerializerOptions, such as <c>Default</c> (.NET 7+) or <c>Web</c> (.NET 9+).</summary>
    public bool HasStaticOptionsProperty(string name)
    {
        foreach (var member in JsonSerializerOptions.GetMembers(name))
        {
            if (member is IPropertySymbol { IsStatic: true } property && SymbolEqualityComparer.Default.Equals(property.Type, JsonSerializerOptions))
            {
                return true;
            }
        }

        return false;
    }
}
