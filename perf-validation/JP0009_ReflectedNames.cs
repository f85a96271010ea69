using System;
using System.Linq;
using System.Reflection;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;

namespace JsonPerf.PerfValidation;

/// <summary>
/// JP0009 on a type's JSON names read by reflection per call: typesense-dotnet's <c>TypesenseClient.CreateUrlParameters</c>
/// as written (<c>GetProperties()</c> and <c>GetCustomAttribute&lt;JsonPropertyNameAttribute&gt;()</c> per property per
/// search, flagged) against the same code over the (property, JSON name) list of a static generic cache, built once per
/// type. Search parameters of 60 properties, 6 of them set. Both write the same query string (checked first).
/// </summary>
[MemoryDiagnoser]
public class JP0009_ReflectedNames
{
    private readonly SearchParameters _parameters = new()
    {
        Q = "harry potter", QueryBy = "title,authors", FilterBy = "year:>2000", SortBy = "ratings:desc", PerPage = 20, Prefix = true,
    };

    [GlobalSetup]
    public void Setup()
    {
        if (!string.Equals(PerCall(_parameters), Cached(_parameters), StringComparison.Ordinal))
        {
            throw new InvalidOperationException("The query strings differ.");
        }
    }

    [Benchmark(Baseline = true)]
    public string NamesReadPerCall() => PerCall(_parameters);

    [Benchmark]
    public string NamesCachedPerType() => Cached(_parameters);

    // typesense-dotnet's CreateUrlParameters, verbatim.
    private static string PerCall<T>(T queryParameters) where T : notnull
    {
        var parameters = queryParameters.GetType()
            .GetProperties()
            .Select(prop =>
            {
                var value = prop.GetValue(queryParameters);
                var stringValue = value switch { null => null, true => "true", false => "false", Enum e => e.ToString().ToLowerInvariant(), _ => value.ToString() };
                return new { Key = prop.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name, Value = stringValue };
            })
            .Where(parameter => parameter.Value != null && parameter.Key != null);
        return string.Join("", parameters.Select(p => $"&{Uri.EscapeDataString(p.Key!)}={Uri.EscapeDataString(p.Value!)}"));
    }

    // The same, over the names read once per type.
    private static string Cached<T>(T queryParameters) where T : notnull
    {
        var parameters = JsonNames<T>.Properties
            .Select(named =>
            {
                var value = named.Property.GetValue(queryParameters);
                var stringValue = value switch { null => null, true => "true", false => "false", Enum e => e.ToString().ToLowerInvariant(), _ => value.ToString() };
                return new { Key = named.Name, Value = stringValue };
            })
            .Where(parameter => parameter.Value != null);
        return string.Join("", parameters.Select(p => $"&{Uri.EscapeDataString(p.Key)}={Uri.EscapeDataString(p.Value!)}"));
    }

    private static class JsonNames<T>
    {
        public static readonly (PropertyInfo Property, string Name)[] Properties = typeof(T).GetProperties()
            .Select(p => (Property: p, Name: p.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name))
            .Where(p => p.Name != null)
            .Select(p => (p.Property, p.Name!))
            .ToArray();
    }

    /// <summary>Typesense's search parameters (60 of them).</summary>
    public sealed class SearchParameters
    {
    [JsonPropertyName("q")] public string? Q { get; set; }
    [JsonPropertyName("query_by")] public string? QueryBy { get; set; }
    [JsonPropertyName("query_by_weights")] public string? QueryByWeights { get; set; }
    [JsonPropertyName("text_match_type")] public string? TextMatchType { get; set; }
    [JsonPropertyName("prefix")] public bool? Prefix { get; set; }
    [JsonPropertyName("infix")] public string? Infix { get; set; }
    [JsonPropertyName("max_extra_prefix")] public int? MaxExtraPrefix { get; set; }
    [JsonPropertyName("max_extra_suffix")] public int? MaxExtraSuffix { get; set; }
    [JsonPropertyName("filter_by")] public string? FilterBy { get; set; }
    [JsonPropertyName("sort_by")] public string? SortBy { get; set; }
    [JsonPropertyName("facet_by")] public string? FacetBy { get; set; }
    [JsonPropertyName("max_facet_values")] public int? MaxFacetValues { get; set; }
    [JsonPropertyName("facet_query")] public string? FacetQuery { get; set; }
    [JsonPropertyName("num_typos")] public int? NumTypos { get; set; }
    [JsonPropertyName("page")] public int? Page { get; set; }
    [JsonPropertyName("per_page")] public int? PerPage { get; set; }
    [JsonPropertyName("limit")] public int? Limit { get; set; }
    [JsonPropertyName("offset")] public int? Offset { get; set; }
    [JsonPropertyName("group_by")] public string? GroupBy { get; set; }
    [JsonPropertyName("group_limit")] public int? GroupLimit { get; set; }
    [JsonPropertyName("include_fields")] public string? IncludeFields { get; set; }
    [JsonPropertyName("exclude_fields")] public string? ExcludeFields { get; set; }
    [JsonPropertyName("highlight_fields")] public string? HighlightFields { get; set; }
    [JsonPropertyName("highlight_full_fields")] public string? HighlightFullFields { get; set; }
    [JsonPropertyName("highlight_affix_num_tokens")] public int? HighlightAffixNumTokens { get; set; }
    [JsonPropertyName("highlight_start_tag")] public string? HighlightStartTag { get; set; }
    [JsonPropertyName("highlight_end_tag")] public string? HighlightEndTag { get; set; }
    [JsonPropertyName("snippet_threshold")] public int? SnippetThreshold { get; set; }
    [JsonPropertyName("drop_tokens_threshold")] public int? DropTokensThreshold { get; set; }
    [JsonPropertyName("typo_tokens_threshold")] public int? TypoTokensThreshold { get; set; }
    [JsonPropertyName("pinned_hits")] public string? PinnedHits { get; set; }
    [JsonPropertyName("hidden_hits")] public string? HiddenHits { get; set; }
    [JsonPropertyName("enable_overrides")] public bool? EnableOverrides { get; set; }
    [JsonPropertyName("pre_segmented_query")] public bool? PreSegmentedQuery { get; set; }
    [JsonPropertyName("preset")] public string? Preset { get; set; }
    [JsonPropertyName("exhaustive_search")] public bool? ExhaustiveSearch { get; set; }
    [JsonPropertyName("search_cutoff_ms")] public int? SearchCutoffMs { get; set; }
    [JsonPropertyName("use_cache")] public bool? UseCache { get; set; }
    [JsonPropertyName("cache_ttl")] public int? CacheTtl { get; set; }
    [JsonPropertyName("min_len_1typo")] public int? MinLen1typo { get; set; }
    [JsonPropertyName("min_len_2typo")] public int? MinLen2typo { get; set; }
    [JsonPropertyName("split_join_tokens")] public string? SplitJoinTokens { get; set; }
    [JsonPropertyName("enable_typos_for_numerical_tokens")] public string? EnableTyposForNumericalTokens { get; set; }
    [JsonPropertyName("filter_curated_hits")] public string? FilterCuratedHits { get; set; }
    [JsonPropertyName("prioritize_exact_match")] public bool? PrioritizeExactMatch { get; set; }
    [JsonPropertyName("prioritize_token_position")] public string? PrioritizeTokenPosition { get; set; }
    [JsonPropertyName("prioritize_num_matching_fields")] public int? PrioritizeNumMatchingFields { get; set; }
    [JsonPropertyName("vector_query")] public string? VectorQuery { get; set; }
    [JsonPropertyName("remote_embedding_timeout_ms")] public int? RemoteEmbeddingTimeoutMs { get; set; }
    [JsonPropertyName("remote_embedding_num_tries")] public int? RemoteEmbeddingNumTries { get; set; }
    [JsonPropertyName("stopwords")] public string? Stopwords { get; set; }
    [JsonPropertyName("override_tags")] public string? OverrideTags { get; set; }
    [JsonPropertyName("enable_synonyms")] public bool? EnableSynonyms { get; set; }
    [JsonPropertyName("synonym_prefix")] public string? SynonymPrefix { get; set; }
    [JsonPropertyName("synonym_num_typos")] public int? SynonymNumTypos { get; set; }
    [JsonPropertyName("facet_strategy")] public string? FacetStrategy { get; set; }
    [JsonPropertyName("facet_sample_percent")] public int? FacetSamplePercent { get; set; }
    [JsonPropertyName("facet_sample_threshold")] public int? FacetSampleThreshold { get; set; }
    [JsonPropertyName("max_candidates")] public int? MaxCandidates { get; set; }
    [JsonPropertyName("drop_tokens_mode")] public string? DropTokensMode { get; set; }
    }
}
