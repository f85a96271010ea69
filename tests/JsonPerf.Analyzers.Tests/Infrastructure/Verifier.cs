using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// A thin verifier over Microsoft.CodeAnalysis.Testing: <c>{|JP0001:...|}</c> markup marks expected spans;
/// references come from <see cref="TestReferences"/>, never from the network. Every fix it verifies is also checked
/// against <see cref="FixGuarantees"/>.
/// </summary>
public static class Verifier<TAnalyzer, TFix>
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TFix : CodeFixProvider, new()
{
    public static Task VerifyAnalyzerAsync(string source, LanguageVersion languageVersion = LanguageVersion.Latest, ImmutableArray<MetadataReference>? references = null, OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary)
        => new Test(languageVersion, references, outputKind) { TestCode = source }.RunAsync(CancellationToken.None);

    public static Task VerifyFixAsync(string source, string fixedSource, LanguageVersion languageVersion = LanguageVersion.Latest, ImmutableArray<MetadataReference>? references = null, OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary)
        => new Test(languageVersion, references, outputKind) { TestCode = source, FixedCode = fixedSource }.RunAsync(CancellationToken.None);

    /// <summary>Checks one fix at a time and Fix All (document, project, solution) against the same result.</summary>
    public static Task VerifyFixAllAsync(string source, string fixedSource, LanguageVersion languageVersion = LanguageVersion.Latest, OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary)
        => new Test(languageVersion, null, outputKind)
        {
            TestCode = source,
            FixedCode = fixedSource,
            // Fixes interact (a second site reuses the first one's field), so one-at-a-time takes several rounds.
            NumberOfIncrementalIterations = null,
            CodeFixTestBehaviors = CodeFixTestBehaviors.None,
        }.RunAsync(CancellationToken.None);

    public sealed class Test : CSharpCodeFixTest<TAnalyzer, TFix, DefaultVerifier>
    {
        private readonly LanguageVersion _languageVersion;
        private readonly List<Compilation> _compilations = new();

        public Test(LanguageVersion languageVersion = LanguageVersion.Latest, ImmutableArray<MetadataReference>? references = null, OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary)
        {
            _languageVersion = languageVersion;
            ReferenceAssemblies = new ReferenceAssemblies("net10.0");
            TestState.AdditionalReferences.AddRange(references ?? TestReferences.AspNet10);
            TestState.OutputKind = outputKind;
        }

        protected override ParseOptions CreateParseOptions()
            => ((CSharpParseOptions)base.CreateParseOptions()).WithLanguageVersion(_languageVersion);

        /// <summary>
        /// The test as the library runs it, then <see cref="FixGuarantees"/> on the test project's first compilation (the
        /// test state, compiled first) and its last (the end of the last fix pass, which the library compared with FixedCode).
        /// </summary>
        protected override async Task RunImplAsync(CancellationToken cancellationToken)
        {
            await base.RunImplAsync(cancellationToken).ConfigureAwait(false);
            Compilation[] compilations;
            lock (_compilations)
            {
                compilations = _compilations.ToArray();
            }

            if (compilations.Length > 1 && !SameSources(compilations[0], compilations[^1]))
            {
                FixGuarantees.Check(compilations[0], compilations[^1]);
            }
        }

        protected override async Task<(Compilation compilation, ImmutableArray<Diagnostic> generatorDiagnostics)> GetProjectCompilationAsync(Project project, IVerifier verifier, CancellationToken cancellationToken)
        {
            var result = await base.GetProjectCompilationAsync(project, verifier, cancellationToken).ConfigureAwait(false);
            if (project.Name == DefaultTestProjectName)
            {
                lock (_compilations)
                {
                    _compilations.Add(result.compilation);
                }
            }

            return result;
        }

        protected override CompilationOptions CreateCompilationOptions()
            => ((CSharpCompilationOptions)base.CreateCompilationOptions()).WithNullableContextOptions(NullableContextOptions.Disable);

        private static bool SameSources(Compilation before, Compilation after)
            => before.SyntaxTrees.Select(t => t.ToString()).SequenceEqual(after.SyntaxTrees.Select(t => t.ToString()));
    }
}
