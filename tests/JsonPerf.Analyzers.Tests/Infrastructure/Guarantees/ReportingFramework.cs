using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Xunit.Abstractions;
using Xunit.Sdk;

[assembly: Xunit.TestFramework("JsonPerf.Analyzers.Tests.Infrastructure.Guarantees.ReportingFramework", "JsonPerf.Analyzers.Tests")]

namespace JsonPerf.Analyzers.Tests.Infrastructure.Guarantees;

/// <summary>
/// xunit's own framework, plus, once every test of the assembly has run, the <see cref="FixGuarantees"/> counts as a
/// diagnostic message: the VSTest adapter writes those as warnings, which <c>dotnet test</c>'s console logger shows
/// (xunit.runner.json turns them on). In a run of every test, a property that checked nothing fails the run.
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
            var fullRun = IsFullRun();
            DiagnosticMessageSink.OnMessage(new DiagnosticMessage(FixGuarantees.Summary + (fullRun ? "; every test ran, so none may be 0" : "")));
            if (fullRun && (FixGuarantees.NewWarningChecks == 0 || OlderTargets.Checked == 0 || FixGuarantees.ReflectionCallChecks == 0 || FixGuarantees.ReflectionOffRuns == 0 || FixGuarantees.LeftSiteChecks == 0))
            {
                // A property that checked nothing in a run of every test is a harness that lost its hook: fail the run.
                const string Failure = "FAILED: a fix guarantee checked no fix in a run of every test (the harness lost a hook).";
                DiagnosticMessageSink.OnMessage(new DiagnosticMessage(Failure));
                Aggregator.Add(new InvalidOperationException(Failure));
            }

            return base.BeforeTestAssemblyFinishedAsync();
        }

        /// <summary>Whether every test method of the assembly is in this run (no filter): only then must each property have counted.</summary>
        private bool IsFullRun()
        {
            var run = TestCases.Select(c => c.TestMethod.TestClass.Class.Name + "." + c.TestMethod.Method.Name).ToHashSet(StringComparer.Ordinal);
            var all = typeof(ReportingFramework).Assembly.GetTypes()
                .Where(t => t.IsClass && t.IsVisible && !t.IsAbstract)
                .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static)
                    .Where(m => m.IsDefined(typeof(Xunit.FactAttribute), inherit: true))
                    .Select(m => t.FullName + "." + m.Name));
            return all.All(run.Contains);
        }
    }
}
