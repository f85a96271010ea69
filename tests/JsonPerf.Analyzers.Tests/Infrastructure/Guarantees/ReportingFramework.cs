using System.Collections.Generic;
using System.Reflection;
using System.Threading.Tasks;
using Xunit.Abstractions;
using Xunit.Sdk;

[assembly: Xunit.TestFramework("JsonPerf.Analyzers.Tests.Infrastructure.Guarantees.ReportingFramework", "JsonPerf.Analyzers.Tests")]

namespace JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;

/// <summary>
/// xunit's own framework, plus, once every test of the assembly has run, the <see cref="FixGuarantees"/> counts as a
/// diagnostic message: the VSTest adapter writes those as warnings, which <c>dotnet test</c>'s console logger shows
/// (xunit.runner.json turns them on).
/// </summary>
public sealed class ReportingFramework(IMessageSink messageSink) : XunitTestFramework(messageSink)
{
    protected override ITestFrameworkExecutor CreateExecutor(AssemblyName assemblyName)
        => new Executor(assemblyName, SourceInformationProvider, DiagnosticMessageSink);

    private sealed class Executor(AssemblyName assemblyName, ISourceInformationProvider sourceInformationProvider, IMessageSink diagnosticMessageSink)
        : XunitTestFrameworkExecutor(assemblyName, sourceInformationProvider, diagnosticMessageSink)
    {
        protected override async void RunTestCases(IEnumerable<IXunitTestCase> testCases, IMessageSink executionMessageSink, ITestFrameworkExecutionOptions executionOptions)
        {
            using var runner = new Runner(TestAssembly, testCases, DiagnosticMessageSink, executionMessageSink, executionOptions);
            await runner.RunAsync().ConfigureAwait(false);
        }
    }

    private sealed class Runner(ITestAssembly testAssembly, IEnumerable<IXunitTestCase> testCases, IMessageSink diagnosticMessageSink, IMessageSink executionMessageSink, ITestFrameworkExecutionOptions executionOptions)
        : XunitTestAssemblyRunner(testAssembly, testCases, diagnosticMessageSink, executionMessageSink, executionOptions)
    {
        protected override Task BeforeTestAssemblyFinishedAsync()
        {
            DiagnosticMessageSink.OnMessage(new DiagnosticMessage(FixGuarantees.Summary));
            return base.BeforeTestAssemblyFinishedAsync();
        }
    }
}
