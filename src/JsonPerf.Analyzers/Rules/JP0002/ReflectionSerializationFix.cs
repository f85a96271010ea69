namespace JsonPerf.Analyzers;

/// <summary>
/// What JP0002's analyzer hands its fix: one of these kinds under <see cref="DiagnosticProperties.FixKind"/>, with the
/// facts that kind needs under the keys below. A site without a kind has no fix, and its message says why.
/// </summary>
internal static class ReflectionSerializationFix
{
    /// <summary>Options none, <c>null</c> or <c>JsonSerializerOptions.Default</c>: a context's metadata instead.</summary>
    public const string DefaultOptions = "DefaultOptions";

    /// <summary>Options in a static member passed only to serializer calls: mirrored on a context, or a context bound to them.</summary>
    public const string StaticOptions = "StaticOptions";

    /// <summary>A System.Net.Http.Json call without options: a context on the Web defaults.</summary>
    public const string WebDefaults = "WebDefaults";

    /// <summary>An ASP.NET Core helper without options on provably ASP.NET Core's default options: their one context, on the same settings.</summary>
    public const string HttpDefaults = "HttpDefaults";

    /// <summary>A JSON DOM type without options: the type's own API (<see cref="Rewrite"/>), no context.</summary>
    public const string DomApi = "DomApi";

    /// <summary>DomApi: <see cref="Parse"/>, <see cref="ParseValue"/> or <see cref="WriteTo"/>, the API's method.</summary>
    public const string Rewrite = "Rewrite";
    public const string Parse = "Parse";
    public const string ParseValue = "ParseValue";
    public const string WriteTo = "WriteTo";

    /// <summary>DefaultOptions, StaticOptions on a JSON DOM type: it needs no generated metadata, so only a context that registers it serves.</summary>
    public const string RegisteredOnly = "RegisteredOnly";

    /// <summary>HttpDefaults: the context's metadata name.</summary>
    public const string Context = "Context";

    /// <summary>HttpDefaults: the static property that holds the context on the defaults (added unless it exists).</summary>
    public const string Holder = "Holder";

    /// <summary>HttpDefaults: the context's generated property for the call's type.</summary>
    public const string MetadataProperty = "MetadataProperty";

    /// <summary>HttpDefaults: the metadata overload's <c>JsonTypeInfo&lt;T&gt;</c> parameter.</summary>
    public const string MetadataParameter = "MetadataParameter";
}
