using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// Runs a corpus-wide check on every core. The corpus tests (typing sweep, generated code, operation filters) each
/// compile and analyze hundreds of projects one after the other; xunit runs test classes side by side but each test on
/// one thread, so the last of them ran alone on one core for minutes. The results come back in the items' order.
/// </summary>
internal static class Sweep
{
    public static async Task<TResult[]> EachAsync<TItem, TResult>(IEnumerable<TItem> items, Func<TItem, Task<TResult>> check)
    {
        var list = items.ToList();
        var results = new TResult[list.Count];
        await Parallel.ForEachAsync(
            Enumerable.Range(0, list.Count),
            new ParallelOptions { MaxDegreeOfParallelism = Environment.ProcessorCount },
            async (i, _) => results[i] = await check(list[i]).ConfigureAwait(false));
        return results;
    }
}
