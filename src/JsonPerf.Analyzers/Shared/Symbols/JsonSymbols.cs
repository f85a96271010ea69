using System.Runtime.CompilerServices;

namespace JsonPerf.Analyzers;

/// <summary>Every framework symbol the rules and fixes use, once per compilation and each on first use; null without System.Text.Json.</summary>
internal sealed class JsonSymbols
{
    private static readonly ConditionalWeakTable<Compilation, StrongBox<JsonSymbols?>> s_cache = new();

    /// <summary>A slot's value for a type the compilation does not have.</summary>
    private static readonly object s_missing = new();

    private HashSet<INamedTypeSymbol>? _entryPointTypes;
    private HashSet<INamespaceSymbol>? _serializerNamespaces;
    private List<INamedTypeSymbol>? _perRequestBases;

    private readonly Compilation _compilation;

    // Looked up on first use: a lookup walks every referenced assembly, and most compilations need only a few types.
    private object? _jsonSerializer;
    private object? _jsonSerializerDefaults;
    private object? _jsonNamingPolicy;
    private object? _jsonSerializerContext;
    private object? _jsonSerializableAttribute;
    private object? _jsonSourceGenerationOptionsAttribute;
    private object? _jsonKnownNamingPolicy;
    private object? _jsonConverterAttribute;
    private object? _jsonIncludeAttribute;
    private object? _jsonConstructorAttribute;
    private object? _jsonDerivedTypeAttribute;
    private object? _jsonPolymorphicAttribute;
    private object? _jsonTypeInfo;
    private object? _jsonTypeInfoResolver;
    private object? _defaultJsonTypeInfoResolver;
    private object? _javaScriptEncoder;
    private object? _unicodeRanges;
    private object? _systemType;
    private object? _flagsAttribute;
    private object? _expressionOfT;
    private object? _httpClientJsonExtensions;
    private object? _httpContentJsonExtensions;
    private object? _httpRequestJsonExtensions;
    private object? _aspNetJsonResult;
    private object? _aspNetController;
    private object? _jsonDocument;
    private object? _jsonElement;
    private object? _jsonMarshal;
    private object? _jsonProperty;
    private object? _jsonNode;
    private object? _binaryData;
    private object? _jsonConverter;
    private object? _console;
    private object? _moduleInitializerAttribute;
    private object? _encoding;
    private object? _streamReader;
    private object? _file;
    private object? _httpContent;
    private object? _httpClient;
    private object? _stringContent;
    private object? _sseParser;
    private object? _sseItem;
    private object? _mediaTypeHeaderValue;
    private object? _jsonContent;
    private object? _aspNetResults;
    private object? _aspNetTypedResults;
    private object? _httpResponseJsonExtensions;
    private object? _requiresUnreferencedCodeAttribute;
    private object? _lazy;
    private object? _jsonSchemaExporter;
    private object? _utf8JsonReader;
    private object? _utf8JsonWriter;
    private object? _jsonConverterOfT;
    private object? _jsonEncodedText;
    private object? _jsonPropertyNameAttribute;
    private object? _jsonIgnoreAttribute;
    private object? _customAttributeExtensions;
    private object? _systemAttribute;
    private object? _enumerable;

    private StrongBox<IMethodSymbol?>? _entryPoint;
    private RunOnce? _runOnce;
    private PrivateMemberReferences? _privateMemberReferences;
    private System.Collections.Concurrent.ConcurrentDictionary<IMethodSymbol, SerializerEntryPoints.ParameterLayout>? _parameterLayouts;
    private System.Collections.Concurrent.ConcurrentDictionary<Type, object>? _ruleStates;

    private JsonSymbols(Compilation compilation, INamedTypeSymbol options)
    {
        _compilation = compilation;
        JsonSerializerOptions = options;
    }

    public INamedTypeSymbol JsonSerializerOptions { get; }
    public INamedTypeSymbol? JsonSerializer => Resolve(ref _jsonSerializer, "System.Text.Json.JsonSerializer");
    public INamedTypeSymbol? JsonSerializerDefaults => Resolve(ref _jsonSerializerDefaults, "System.Text.Json.JsonSerializerDefaults");
    public INamedTypeSymbol? JsonNamingPolicy => Resolve(ref _jsonNamingPolicy, "System.Text.Json.JsonNamingPolicy");
    public INamedTypeSymbol? JsonSerializerContext => Resolve(ref _jsonSerializerContext, "System.Text.Json.Serialization.JsonSerializerContext");
    public INamedTypeSymbol? JsonSerializableAttribute => Resolve(ref _jsonSerializableAttribute, "System.Text.Json.Serialization.JsonSerializableAttribute");
    public INamedTypeSymbol? JsonSourceGenerationOptionsAttribute => Resolve(ref _jsonSourceGenerationOptionsAttribute, "System.Text.Json.Serialization.JsonSourceGenerationOptionsAttribute");
    public INamedTypeSymbol? JsonKnownNamingPolicy => Resolve(ref _jsonKnownNamingPolicy, "System.Text.Json.Serialization.JsonKnownNamingPolicy");
    public INamedTypeSymbol? JsonConverterAttribute => Resolve(ref _jsonConverterAttribute, "System.Text.Json.Serialization.JsonConverterAttribute");
    public INamedTypeSymbol? JsonIncludeAttribute => Resolve(ref _jsonIncludeAttribute, "System.Text.Json.Serialization.JsonIncludeAttribute");
    public INamedTypeSymbol? JsonConstructorAttribute => Resolve(ref _jsonConstructorAttribute, "System.Text.Json.Serialization.JsonConstructorAttribute");
    public INamedTypeSymbol? JsonDerivedTypeAttribute => Resolve(ref _jsonDerivedTypeAttribute, "System.Text.Json.Serialization.JsonDerivedTypeAttribute");
    public INamedTypeSymbol? JsonPolymorphicAttribute => Resolve(ref _jsonPolymorphicAttribute, "System.Text.Json.Serialization.JsonPolymorphicAttribute");
    public INamedTypeSymbol? JsonTypeInfo => Resolve(ref _jsonTypeInfo, "System.Text.Json.Serialization.Metadata.JsonTypeInfo");
    public INamedTypeSymbol? JsonTypeInfoResolver => Resolve(ref _jsonTypeInfoResolver, "System.Text.Json.Serialization.Metadata.JsonTypeInfoResolver");
    public INamedTypeSymbol? DefaultJsonTypeInfoResolver => Resolve(ref _defaultJsonTypeInfoResolver, "System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver");
    public INamedTypeSymbol? JavaScriptEncoder => Resolve(ref _javaScriptEncoder, "System.Text.Encodings.Web.JavaScriptEncoder");
    public INamedTypeSymbol? UnicodeRanges => Resolve(ref _unicodeRanges, "System.Text.Unicode.UnicodeRanges");
    public INamedTypeSymbol? SystemType => Resolve(ref _systemType, "System.Type");
    public INamedTypeSymbol? FlagsAttribute => Resolve(ref _flagsAttribute, "System.FlagsAttribute");
    public INamedTypeSymbol? ExpressionOfT => Resolve(ref _expressionOfT, "System.Linq.Expressions.Expression`1");
    public INamedTypeSymbol? HttpClientJsonExtensions => Resolve(ref _httpClientJsonExtensions, "System.Net.Http.Json.HttpClientJsonExtensions");
    public INamedTypeSymbol? HttpContentJsonExtensions => Resolve(ref _httpContentJsonExtensions, "System.Net.Http.Json.HttpContentJsonExtensions");
    public INamedTypeSymbol? HttpRequestJsonExtensions => Resolve(ref _httpRequestJsonExtensions, "Microsoft.AspNetCore.Http.HttpRequestJsonExtensions");
    public INamedTypeSymbol? AspNetJsonResult => Resolve(ref _aspNetJsonResult, "Microsoft.AspNetCore.Mvc.JsonResult");
    public INamedTypeSymbol? AspNetController => Resolve(ref _aspNetController, "Microsoft.AspNetCore.Mvc.Controller");
    public INamedTypeSymbol? JsonDocument => Resolve(ref _jsonDocument, "System.Text.Json.JsonDocument");
    public INamedTypeSymbol? JsonElement => Resolve(ref _jsonElement, "System.Text.Json.JsonElement");
    public INamedTypeSymbol? JsonMarshal => Resolve(ref _jsonMarshal, "System.Runtime.InteropServices.JsonMarshal");
    public INamedTypeSymbol? JsonProperty => Resolve(ref _jsonProperty, "System.Text.Json.JsonProperty");
    public INamedTypeSymbol? JsonNode => Resolve(ref _jsonNode, "System.Text.Json.Nodes.JsonNode");
    public INamedTypeSymbol? BinaryData => Resolve(ref _binaryData, "System.BinaryData");
    public INamedTypeSymbol? JsonConverter => Resolve(ref _jsonConverter, "System.Text.Json.Serialization.JsonConverter");
    public INamedTypeSymbol? Console => Resolve(ref _console, "System.Console");
    public INamedTypeSymbol? ModuleInitializerAttribute => Resolve(ref _moduleInitializerAttribute, "System.Runtime.CompilerServices.ModuleInitializerAttribute");
    public INamedTypeSymbol? Encoding => Resolve(ref _encoding, "System.Text.Encoding");
    public INamedTypeSymbol? StreamReader => Resolve(ref _streamReader, "System.IO.StreamReader");
    public INamedTypeSymbol? File => Resolve(ref _file, "System.IO.File");
    public INamedTypeSymbol? HttpContent => Resolve(ref _httpContent, "System.Net.Http.HttpContent");
    public INamedTypeSymbol? HttpClient => Resolve(ref _httpClient, "System.Net.Http.HttpClient");
    public INamedTypeSymbol? StringContent => Resolve(ref _stringContent, "System.Net.Http.StringContent");
    public INamedTypeSymbol? SseParser => Resolve(ref _sseParser, "System.Net.ServerSentEvents.SseParser");
    public INamedTypeSymbol? SseItem => Resolve(ref _sseItem, "System.Net.ServerSentEvents.SseItem`1");
    public INamedTypeSymbol? MediaTypeHeaderValue => Resolve(ref _mediaTypeHeaderValue, "System.Net.Http.Headers.MediaTypeHeaderValue");
    public INamedTypeSymbol? JsonContent => Resolve(ref _jsonContent, "System.Net.Http.Json.JsonContent");
    public INamedTypeSymbol? AspNetResults => Resolve(ref _aspNetResults, "Microsoft.AspNetCore.Http.Results");
    public INamedTypeSymbol? AspNetTypedResults => Resolve(ref _aspNetTypedResults, "Microsoft.AspNetCore.Http.TypedResults");
    public INamedTypeSymbol? HttpResponseJsonExtensions => Resolve(ref _httpResponseJsonExtensions, "Microsoft.AspNetCore.Http.HttpResponseJsonExtensions");
    public INamedTypeSymbol? RequiresUnreferencedCodeAttribute => Resolve(ref _requiresUnreferencedCodeAttribute, "System.Diagnostics.CodeAnalysis.RequiresUnreferencedCodeAttribute");
    public INamedTypeSymbol? Lazy => Resolve(ref _lazy, "System.Lazy`1");
    public INamedTypeSymbol? JsonSchemaExporter => Resolve(ref _jsonSchemaExporter, "System.Text.Json.Schema.JsonSchemaExporter");
    public INamedTypeSymbol? Utf8JsonReader => Resolve(ref _utf8JsonReader, "System.Text.Json.Utf8JsonReader");
    public INamedTypeSymbol? Utf8JsonWriter => Resolve(ref _utf8JsonWriter, "System.Text.Json.Utf8JsonWriter");
    public INamedTypeSymbol? JsonConverterOfT => Resolve(ref _jsonConverterOfT, "System.Text.Json.Serialization.JsonConverter`1");
    public INamedTypeSymbol? JsonEncodedText => Resolve(ref _jsonEncodedText, "System.Text.Json.JsonEncodedText");
    public INamedTypeSymbol? JsonPropertyNameAttribute => Resolve(ref _jsonPropertyNameAttribute, "System.Text.Json.Serialization.JsonPropertyNameAttribute");
    public INamedTypeSymbol? JsonIgnoreAttribute => Resolve(ref _jsonIgnoreAttribute, "System.Text.Json.Serialization.JsonIgnoreAttribute");
    public INamedTypeSymbol? CustomAttributeExtensions => Resolve(ref _customAttributeExtensions, "System.Reflection.CustomAttributeExtensions");
    public INamedTypeSymbol? SystemAttribute => Resolve(ref _systemAttribute, "System.Attribute");
    public INamedTypeSymbol? Enumerable => Resolve(ref _enumerable, "System.Linq.Enumerable");

    /// <summary><c>Lazy&lt;T&gt;</c>, whose factory runs once per instance.</summary>
    public bool IsLazy(ITypeSymbol? type) => type is not null && Lazy is { } lazy && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, lazy);

    /// <summary>System.Net.Http.Json's helpers (<c>HttpClient</c>, <c>HttpContent</c>, <c>JsonContent</c>): no options means the Web defaults.</summary>
    public bool IsHttpJsonType(INamedTypeSymbol? type)
        => type is not null && (SymbolEqualityComparer.Default.Equals(type, HttpClientJsonExtensions) || SymbolEqualityComparer.Default.Equals(type, HttpContentJsonExtensions) || SymbolEqualityComparer.Default.Equals(type, JsonContent));

    /// <summary>ASP.NET Core's helpers (<c>HttpRequest</c>, <c>HttpResponse</c>, <c>Results</c>, <c>TypedResults</c>): no options means the app's configured ones.</summary>
    public bool IsAspNetJsonType(INamedTypeSymbol? type)
        => type is not null && (SymbolEqualityComparer.Default.Equals(type, HttpRequestJsonExtensions) || SymbolEqualityComparer.Default.Equals(type, HttpResponseJsonExtensions)
                                || SymbolEqualityComparer.Default.Equals(type, AspNetResults) || SymbolEqualityComparer.Default.Equals(type, AspNetTypedResults));

    /// <summary>Types ASP.NET Core creates per request: controllers, Razor Pages models, SignalR hubs, view components.</summary>
    public bool IsCreatedPerRequest(INamedTypeSymbol? type)
    {
        var bases = _perRequestBases ?? LazyInitializer.EnsureInitialized(ref _perRequestBases, () => PerRequestBases(_compilation))!;
        if (type is null || bases.Count == 0)
        {
            return false;
        }

        foreach (var baseType in bases)
        {
            if (type.InheritsFromOrEquals(baseType))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The entry point (<c>Main</c> or top-level statements) or a <c>[ModuleInitializer]</c>: run once per process.</summary>
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

    public RunOnce RunOnceMethods
        => _runOnce ?? LazyInitializer.EnsureInitialized(ref _runOnce, () => new RunOnce(this))!;

    public PrivateMemberReferences PrivateMemberReferences
        => _privateMemberReferences ?? LazyInitializer.EnsureInitialized(ref _privateMemberReferences, () => new PrivateMemberReferences(_compilation))!;

    /// <summary>Per method definition, what <see cref="SerializerEntryPoints.TryGetSerializedType"/> reads from its parameters.</summary>
    public System.Collections.Concurrent.ConcurrentDictionary<IMethodSymbol, SerializerEntryPoints.ParameterLayout> ParameterLayouts
        => _parameterLayouts ?? LazyInitializer.EnsureInitialized(ref _parameterLayouts, () => new(SymbolEqualityComparer.Default))!;

    /// <summary>A rule's own state for this compilation, of type <typeparamref name="T"/>: created on first use, kept as long as the symbols.</summary>
    public T RuleState<T>(Func<Compilation, JsonSymbols, T> create)
        where T : class
    {
        var states = _ruleStates ?? LazyInitializer.EnsureInitialized(ref _ruleStates, () => new System.Collections.Concurrent.ConcurrentDictionary<Type, object>())!;
        return (T)(states.TryGetValue(typeof(T), out var state) ? state : states.GetOrAdd(typeof(T), create(_compilation, this)));
    }

    /// <summary>The compilation's symbols, resolved on first use and cached while the compilation lives; null without System.Text.Json.</summary>
    public static JsonSymbols? For(Compilation compilation)
        => s_cache.GetValue(compilation, static c => new StrongBox<JsonSymbols?>(
            Type(c, "System.Text.Json.JsonSerializerOptions") is { } options ? new JsonSymbols(c, options) : null)).Value;

    private INamedTypeSymbol? Resolve(ref object? slot, string metadataName)
    {
        var value = Volatile.Read(ref slot);
        if (value is null)
        {
            // Racing threads find the same symbol (the compilation caches lookups by name). The serializer's own types
            // are looked up in its assembly first: one assembly instead of every reference (a project has hundreds).
            value = (object?)(metadataName.StartsWith("System.Text.Json.", StringComparison.Ordinal) ? JsonSerializerOptions.ContainingAssembly.GetTypeByMetadataName(metadataName) : null)
                    ?? (object?)Type(_compilation, metadataName) ?? s_missing;
            Volatile.Write(ref slot, value);
        }

        return value as INamedTypeSymbol;
    }

    private static HashSet<T> Set<T>(params T?[] symbols)
        where T : class, ISymbol
    {
        var set = new HashSet<T>(SymbolEqualityComparer.Default);
        foreach (var symbol in symbols)
        {
            if (symbol is not null)
            {
                set.Add(symbol);
            }
        }

        return set;
    }

    private static List<INamedTypeSymbol> PerRequestBases(Compilation compilation)
    {
        var bases = new List<INamedTypeSymbol>();
        foreach (var name in new[]
                 {
                     "Microsoft.AspNetCore.Mvc.ControllerBase", "Microsoft.AspNetCore.Mvc.RazorPages.PageModel",
                     "Microsoft.AspNetCore.SignalR.Hub", "Microsoft.AspNetCore.Mvc.ViewComponent",
                 })
        {
            if (Type(compilation, name) is { } type)
            {
                bases.Add(type);
            }
        }

        return bases;
    }

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

    public bool IsEntryPointType(INamedTypeSymbol? type)
        => type is not null && (_entryPointTypes ?? LazyInitializer.EnsureInitialized(ref _entryPointTypes, () => Set<INamedTypeSymbol>(
            JsonSerializer, HttpClientJsonExtensions, HttpContentJsonExtensions, JsonContent,
            AspNetResults, AspNetTypedResults, HttpRequestJsonExtensions, HttpResponseJsonExtensions, AspNetJsonResult, AspNetController))!).Contains(type.OriginalDefinition);

    /// <summary>
    /// JsonDocument, JsonElement (also <c>JsonElement?</c>), JsonNode or a kind of node: JSON's own DOM types; with
    /// <paramref name="orProperty"/>, a JsonProperty too (a part of a DOM, as the rules that follow one into its parts count it).
    /// </summary>
    public bool IsDom(ITypeSymbol? type, bool orProperty = false)
    {
        type = type is null ? null : WithoutNullable(type);
        return type is not null
               && (SymbolEqualityComparer.Default.Equals(type, JsonDocument) || SymbolEqualityComparer.Default.Equals(type, JsonElement)
                   || (orProperty && SymbolEqualityComparer.Default.Equals(type, JsonProperty)) || type.InheritsFromOrEquals(JsonNode));
    }

    /// <summary>The type a <c>Nullable&lt;T&gt;</c> wraps, or the type itself.</summary>
    public static ITypeSymbol WithoutNullable(ITypeSymbol type)
        => type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T, TypeArguments.Length: 1 } nullable ? nullable.TypeArguments[0] : type;

    public bool IsJsonSerializerOptions(ITypeSymbol? type) => SymbolEqualityComparer.Default.Equals(type, JsonSerializerOptions);

    /// <summary>A member of the serializer's or the encoders' own namespaces (System.Text.Json[.Serialization[.Metadata]], System.Text.Encodings.Web, System.Text.Unicode).</summary>
    public bool IsInSerializerNamespace(ISymbol symbol)
        => symbol.ContainingNamespace is { } ns && (_serializerNamespaces ?? LazyInitializer.EnsureInitialized(ref _serializerNamespaces, () => Set<INamespaceSymbol>(
            JsonSerializerOptions.ContainingNamespace, JsonSerializerContext?.ContainingNamespace, JsonTypeInfo?.ContainingNamespace,
            JavaScriptEncoder?.ContainingNamespace, UnicodeRanges?.ContainingNamespace))!).Contains(ns);

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
