namespace JsonPerf.Analyzers;

/// <summary>
/// What JP0002's analyzer hands its fix: one of these kinds under <see cref="DiagnosticProperties.FixKind"/>, with the
/// facts that kind needs under the keys below. A site without a kind has no fix, and its message says why.
/// </summary>
internal static class ReflectionSerializationFix
{
    /// <summary>Options none, <c>null</c> or <c>JsonSerializerOptions.Default</c>: the call takes a context's metadata instead.</summary>
    public const string DefaultOptions = "DefaultOptions";

    /// <summary>
    /// Options in a static member initialized in source and passed only to serializer calls: the fix mirrors them on a
    /// context, binds a context to them as their resolver or, where reflection is off, builds a context instance on them.
    /// </summary>
    public const string StaticOptions = "StaticOptions";

    /// <summary>A System.Net.Http.Json call without options: it serializes with the Web defaults, which a context can declare.</summary>
    public const string WebDefaults = "WebDefaults";

    /// <summary>
    /// An ASP.NET Core helper without options in a trimmed/AOT app whose JSON options are provably ASP.NET Core's defaults
    /// with one context: that context built on the same settings (<see cref="Context"/>, <see cref="Holder"/>,
    /// <see cref="MetadataProperty"/>, <see cref="MetadataParameter"/>).
    /// </summary>
    public const string HttpDefaults = "HttpDefaults";

    /// <summary>A JSON DOM type without options: the type's own API (<see cref="Rewrite"/>), no context.</summary>
    public const string DomApi = "DomApi";

    /// <summary>DomApi: <see cref="Parse"/>, <see cref="ParseValue"/> or <see cref="WriteTo"/>.</summary>
    public const string Rewrite = "Rewrite";

    /// <summary><c>Deserialize&lt;JsonElement&gt;(json)</c> of a string or span: <c>JsonElement.Parse(json)</c>.</summary>
    public const string Parse = "Parse";

    /// <summary><c>Deserialize&lt;T&gt;(ref reader)</c>: <c>JsonDocument.ParseValue(ref reader)</c> or <c>JsonElement.ParseValue(ref reader)</c>.</summary>
    public const string ParseValue = "ParseValue";

    /// <summary>The statement <c>Serialize(writer, element);</c>: <c>element.WriteTo(writer); writer.Flush();</c>.</summary>
    public const string WriteTo = "WriteTo";

    /// <summary>
    /// DefaultOptions and StaticOptions on a JSON DOM type ("true"): such types need no generated metadata, so the fix
    /// uses a context that already registers the type and never scaffolds or registers one for it.
    /// </summary>
    public const string RegisteredOnly = "RegisteredOnly";

    /// <summary>HttpDefaults: the metadata name of the context the app's options are answered by.</summary>
    public const string Context = "Context";

    /// <summary>HttpDefaults: the static property that holds that context on the defaults (the fix adds it unless it exists).</summary>
    public const string Holder = "Holder";

    /// <summary>HttpDefaults: the context's generated property for the call's type.</summary>
    public const string MetadataProperty = "MetadataProperty";

    /// <summary>HttpDefaults: the name of the metadata overload's <c>JsonTypeInfo&lt;T&gt;</c> parameter.</summary>
    public const string MetadataParameter = "MetadataParameter";
}
