using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using JsonPerf.Analyzers;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.PerfValidation;

/// <summary>
/// What a lightbulb and a Fix All cost on a 5,000-line document with 100 sites per rule: computing one fix near the
/// end of the file, and Fix All in document scope (each fix sees the previous ones, so this is the worst case).
/// </summary>
[MemoryDiagnoser]
public class FixerCost
{
    private Document _document = null!;
    private ImmutableArray<Diagnostic> _diagnostics;

    [Params("JP0001", "JP0002", "JP0003", "JP0004")]
    public string Rule { get; set; } = "JP0001";

    [GlobalSetup]
    public void Setup()
    {
        var references = Directory.GetFiles(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "*.dll")
            .Where(f => !f.Contains("Native", StringComparison.Ordinal))
            .Select(f => { try { return MetadataReference.CreateFromFile(f); } catch (BadImageFormatException) { return null; } })
            .OfType<MetadataReference>()
            .ToArray();
        var workspace = new AdhocWorkspace();
        var project = workspace.AddProject(ProjectInfo.Create(ProjectId.CreateNewId(), VersionStamp.Default, "Big", "Big", LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary), metadataReferences: references));
        _document = workspace.AddDocument(project.Id, "Big.cs", Microsoft.CodeAnalysis.Text.SourceText.From(Source(Rule)));
        var compilation = _document.Project.GetCompilationAsync().GetAwaiter().GetResult()!;
        _diagnostics = compilation.WithAnalyzers(ImmutableArray.Create(Analyzer())).GetAnalyzerDiagnosticsAsync().GetAwaiter().GetResult();
        if (_diagnostics.Length != 100)
        {
            throw new InvalidOperationException($"Expected 100 {Rule} sites, found {_diagnostics.Length}.");
        }
    }

    [Benchmark]
    public async Task<Solution> OneFix_LastSite()
    {
        var actions = new List<CodeAction>();
        await Fixer().RegisterCodeFixesAsync(new CodeFixContext(_document, _diagnostics[^1], (a, _) => actions.Add(a), CancellationToken.None));
        return ((ApplyChangesOperation)(await actions[0].GetOperationsAsync(CancellationToken.None)).Single()).ChangedSolution;
    }

    [Benchmark]
    public async Task<Solution> FixAll_Document()
    {
        var fixer = Fixer();
        var context = new FixAllContext(_document, fixer, FixAllScope.Document, Rule, new[] { Rule }, new Provider(_diagnostics), CancellationToken.None);
        var action = await fixer.GetFixAllProvider()!.GetFixAsync(context);
        return ((ApplyChangesOperation)(await action!.GetOperationsAsync(CancellationToken.None)).Single()).ChangedSolution;
    }

    private DiagnosticAnalyzer Analyzer() => Rule switch
    {
        "JP0001" => new JsonSerializerOptionsCreatedPerCallAnalyzer(),
        "JP0002" => new ReflectionSerializationAnalyzer(),
        "JP0003" => new PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer(),
        _ => new JavaScriptEncoderCreatedPerCallAnalyzer(),
    };

    private CodeFixProvider Fixer() => Rule switch
    {
        "JP0001" => new JsonSerializerOptionsCreatedPerCallFixer(),
        "JP0002" => new ReflectionSerializationFixer(),
        "JP0003" => new PropertyNameCaseInsensitiveWithoutNamingPolicyFixer(),
        _ => new JavaScriptEncoderCreatedPerCallFixer(),
    };

    /// <summary>
    /// 100 classes of 50 lines: one site per rule each, the rest plain code. JP0002's document has two more lines per
    /// class (a model and a call that serializes it); Fix All there registers 100 types on one new context.
    /// </summary>
    private static string Source(string rule)
    {
        var text = new StringBuilder("using System;\nusing System.Linq;\nusing System.Text.Encodings.Web;\nusing System.Text.Json;\nusing System.Text.Unicode;\n\n");
        for (var c = 0; c < 100; c++)
        {
            text.Append($"internal class Service{c}\n{{\n");
            text.Append($"    public string Write(object value) => JsonSerializer.Serialize(value, new JsonSerializerOptions {{ MaxDepth = {c + 1} }});\n");
            text.Append($"    private static readonly JsonSerializerOptions s_read = new JsonSerializerOptions {{ PropertyNameCaseInsensitive = true }};\n");
            text.Append($"    public T Read<T>(string json) => JsonSerializer.Deserialize<T>(json, s_read);\n");
            text.Append($"    public JsonWriterOptions Writer() => new JsonWriterOptions {{ Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }};\n");
            if (rule == "JP0002")
            {
                text.Append($"    public class Row{c} {{ public int Id {{ get; set; }} public string Name {{ get; set; }} }}\n");
                text.Append($"    public string Dump(Row{c} row) => JsonSerializer.Serialize(row);\n");
            }
            for (var m = 0; m < 10; m++)
            {
                text.Append($"    public int Compute{m}(int[] values)\n    {{\n        var total = values.Where(v => v > {m}).Sum();\n        return total * {m + 1};\n    }}\n");
            }

            text.Append("}\n\n");
        }

        return text.ToString();
    }

    private sealed class Provider(ImmutableArray<Diagnostic> diagnostics) : FixAllContext.DiagnosticProvider
    {
        public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken) => Task.FromResult<IEnumerable<Diagnostic>>(diagnostics);
        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) => Task.FromResult(Enumerable.Empty<Diagnostic>());
        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) => Task.FromResult<IEnumerable<Diagnostic>>(diagnostics);
    }
}
