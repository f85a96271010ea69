using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// Reference assemblies read from disk, so tests never download anything: .NET 10 and ASP.NET Core from the
/// SDK's targeting packs, .NET 8 from the NuGet cache (a PackageDownload of the test project).
/// </summary>
public static class TestReferences
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_net10 = new(() => Load(NetCoreRefDirectory("Microsoft.NETCore.App.Ref")));
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_aspNet10 = new(() => Load(NetCoreRefDirectory("Microsoft.AspNetCore.App.Ref")));
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_binaryData = new(() => Load(Path.Combine(Package("system.memory.data", Metadata("SystemMemoryDataVersion")), "lib", "net10.0")));
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_net8 = new(() => Load(Path.Combine(Net8Pack, "ref", "net8.0")));

    // netstandard.dll and its facades, System.Text.Json's netstandard2.0 build and the packages it depends on.
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_netStandard20 = new(() => Load(Path.Combine(Package("netstandard.library", Metadata("NetStandardLibraryVersion")), "build", "netstandard2.0", "ref"))
        .AddRange(new[]
        {
            Path.Combine(OldestSystemTextJsonPackage, "lib", "netstandard2.0"),
            Path.Combine(Package("microsoft.bcl.asyncinterfaces", "8.0.0"), "lib", "netstandard2.0"),
            Path.Combine(Package("system.text.encodings.web", "8.0.0"), "lib", "netstandard2.0"),
            Path.Combine(Package("system.buffers", "4.5.1"), "lib", "netstandard2.0"),
            Path.Combine(Package("system.memory", "4.5.5"), "lib", "netstandard2.0"),
            Path.Combine(Package("system.runtime.compilerservices.unsafe", "6.0.0"), "lib", "netstandard2.0"),
            Path.Combine(Package("system.threading.tasks.extensions", "4.5.4"), "lib", "netstandard2.0"),
            Path.Combine(Package("system.numerics.vectors", "4.4.0"), "lib", "netstandard2.0"),
        }.SelectMany(d => Load(d))));

    /// <summary>The .NET 8 targeting pack in the NuGet cache (its System.Text.Json generator is under analyzers/).</summary>
    public static string Net8Pack => Package("microsoft.netcore.app.ref", Metadata("Net80RefPackVersion"));

    /// <summary>The oldest System.Text.Json package a netstandard2.0 target uses with the package (its generator is under analyzers/).</summary>
    public static string OldestSystemTextJsonPackage => Package("system.text.json", Metadata("OldestSystemTextJsonVersion"));

    /// <summary>netstandard2.0 with the System.Text.Json package and its dependencies.</summary>
    public static ImmutableArray<MetadataReference> NetStandard20WithSystemTextJson => s_netStandard20.Value;

    /// <summary>.NET 10: System.Text.Json with JsonSerializerOptions.Default and .Web, System.Net.Http.Json.</summary>
    public static ImmutableArray<MetadataReference> Net10 => s_net10.Value;

    /// <summary>.NET 10 plus ASP.NET Core (Results.Json, JsonResult, Controller.Json, ...).</summary>
    public static ImmutableArray<MetadataReference> AspNet10 => s_net10.Value.AddRange(s_aspNet10.Value);

    /// <summary>.NET 10 with System.Memory.Data (BinaryData), an implementation assembly the program runner copies beside a program.</summary>
    public static ImmutableArray<MetadataReference> Net10WithBinaryData => s_net10.Value.AddRange(s_binaryData.Value);

    /// <summary>.NET 8: JsonSerializerOptions.Default exists, JsonSerializerOptions.Web does not.</summary>
    public static ImmutableArray<MetadataReference> Net8 => s_net8.Value;

    /// <summary>netstandard-free compilation without System.Text.Json: only System.Runtime and System.Console.</summary>
    public static ImmutableArray<MetadataReference> WithoutSystemTextJson => Net10.Where(r =>
        r.Display is { } d && (d.EndsWith("System.Runtime.dll", StringComparison.Ordinal) || d.EndsWith("System.Console.dll", StringComparison.Ordinal))).ToImmutableArray();

    public static string NetCoreRefDirectory(string pack)
    {
        var packRoot = Path.Combine(Metadata("NetCoreTargetingPackRoot"), pack);
        var version = Directory.GetDirectories(packRoot)
            .Select(Path.GetFileName)
            .Where(v => v!.StartsWith(Environment.Version.Major + ".", StringComparison.Ordinal))
            .OrderByDescending(v => Version.TryParse(v, out var parsed) ? parsed : new Version(0, 0))
            .First()!;
        return Path.Combine(packRoot, version, "ref", "net" + Environment.Version.Major + ".0");
    }

    private static ImmutableArray<MetadataReference> Load(string directory)
        => Directory.GetFiles(directory, "*.dll").OrderBy(f => f, StringComparer.Ordinal)
            .Select(f => (MetadataReference)MetadataReference.CreateFromFile(f))
            .ToImmutableArray();

    private static string Package(string id, string version) => Path.Combine(Metadata("NuGetPackageRoot"), id, version);

    private static string Metadata(string key)
        => typeof(TestReferences).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value
           ?? throw new InvalidOperationException($"Assembly metadata {key} is missing.");
}
