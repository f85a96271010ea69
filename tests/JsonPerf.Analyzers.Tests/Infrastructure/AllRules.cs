using System.Linq;
using JsonPerf.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// Every rule's analyzer with its fixer (none for a rule that only reports), for the tests that run them all
/// (RegistrationTests hold it to RuleRegistry).
/// </summary>
internal static class AllRules
{
    public static readonly (DiagnosticAnalyzer Analyzer, JsonFixer? Fixer)[] Pairs =
    {
        (new JsonSerializerOptionsCreatedPerCallAnalyzer(), new JsonSerializerOptionsCreatedPerCallFixer()),
        (new PropertyNameCaseInsensitiveWithoutNamingPolicyAnalyzer(), new PropertyNameCaseInsensitiveWithoutNamingPolicyFixer()),
        (new JavaScriptEncoderCreatedPerCallAnalyzer(), new JavaScriptEncoderCreatedPerCallFixer()),
        (new ReflectionSerializationAnalyzer(), new ReflectionSerializationFixer()),
        (new Utf16DetourAnalyzer(), new Utf16DetourFixer()),
        (new ConvertWithoutTextAnalyzer(), new ConvertWithoutTextFixer()),
        (new JsonDocumentNotDisposedAnalyzer(), new JsonDocumentNotDisposedFixer()),
        (new MinimalApiMetadataAnalyzer(), new MinimalApiMetadataFixer()),
        (new ConstantJsonAnalyzer(), new ConstantJsonFixer()),
        (new ConverterPerValueWorkAnalyzer(), new ConverterPerValueWorkFixer()),
        (new DomBetweenJsonAndTypeAnalyzer(), null),
    };

    public static DiagnosticAnalyzer[] Analyzers => Pairs.Select(p => p.Analyzer).ToArray();
}
