using System.Runtime.CompilerServices;

namespace JsonPerf.Analyzers;

/// <summary>The symbols of minimal APIs and their JSON options, once per compilation; null without them.</summary>
internal sealed class MinimalApiSymbols
{
    private static readonly ConditionalWeakTable<Compilation, StrongBox<MinimalApiSymbols?>> s_cache = new();

    private MinimalApiSymbols(Compilation compilation, INamedTypeSymbol routeBuilderExtensions, INamedTypeSymbol jsonServiceExtensions, INamedTypeSymbol httpJsonOptions, INamedTypeSymbol result)
    {
        EndpointRouteBuilderExtensions = routeBuilderExtensions;
        HttpJsonServiceExtensions = jsonServiceExtensions;
        HttpJsonOptions = httpJsonOptions;
        IResult = result;
        IValueHttpResult = JsonSymbols.Type(compilation, "Microsoft.AspNetCore.Http.IValueHttpResult`1");
        JsonHttpResult = JsonSymbols.Type(compilation, "Microsoft.AspNetCore.Http.HttpResults.JsonHttpResult`1");
        IFromBodyMetadata = JsonSymbols.Type(compilation, "Microsoft.AspNetCore.Http.Metadata.IFromBodyMetadata");
        Task = JsonSymbols.Type(compilation, "System.Threading.Tasks.Task");
        ValueTask = JsonSymbols.Type(compilation, "System.Threading.Tasks.ValueTask");
        TaskOfT = JsonSymbols.Type(compilation, "System.Threading.Tasks.Task`1");
        ValueTaskOfT = JsonSymbols.Type(compilation, "System.Threading.Tasks.ValueTask`1");
    }

    public INamedTypeSymbol EndpointRouteBuilderExtensions { get; }
    public INamedTypeSymbol HttpJsonServiceExtensions { get; }

    /// <summary><c>Microsoft.AspNetCore.Http.Json.JsonOptions</c>: the options minimal APIs serialize with.</summary>
    public INamedTypeSymbol HttpJsonOptions { get; }

    public INamedTypeSymbol IResult { get; }
    public INamedTypeSymbol? IValueHttpResult { get; }
    public INamedTypeSymbol? JsonHttpResult { get; }
    public INamedTypeSymbol? IFromBodyMetadata { get; }
    public INamedTypeSymbol? Task { get; }
    public INamedTypeSymbol? ValueTask { get; }
    public INamedTypeSymbol? TaskOfT { get; }
    public INamedTypeSymbol? ValueTaskOfT { get; }

    public static MinimalApiSymbols? For(Compilation compilation)
        => s_cache.GetValue(compilation, static c => new StrongBox<MinimalApiSymbols?>(
            JsonSymbols.Type(c, "Microsoft.AspNetCore.Builder.EndpointRouteBuilderExtensions") is { } routes
            && JsonSymbols.Type(c, "Microsoft.Extensions.DependencyInjection.HttpJsonServiceExtensions") is { } json
            && JsonSymbols.Type(c, "Microsoft.AspNetCore.Http.Json.JsonOptions") is { } options
            && JsonSymbols.Type(c, "Microsoft.AspNetCore.Http.IResult") is { } result
                ? new MinimalApiSymbols(c, routes, json, options, result)
                : null)).Value;
}
