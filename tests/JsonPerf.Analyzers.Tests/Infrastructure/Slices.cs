using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;

namespace JsonPerf.Analyzers.Tests.Infrastructure;

/// <summary>
/// A corpus-wide test cut into slices, one theory case each, so that <c>dotnet test</c> prints a line as each slice
/// passes: a single test of several minutes on a loaded machine left the console silent that long. Each slice takes
/// every Nth item, so the slices are alike in size. What only the whole corpus can show (that it exercised a fix, that
/// every rule reported) is checked by the slice that completes the set in this process (<see cref="Complete"/>); a run
/// filtered to some slices skips that check.
/// </summary>
internal sealed class Slices<TTotals>(int count, Func<TTotals, TTotals, TTotals> add)
{
    private readonly ConcurrentDictionary<int, TTotals> _done = new();

    public int Count => count;

    public TheoryData<int> Data()
    {
        var data = new TheoryData<int>();
        for (var slice = 0; slice < count; slice++)
        {
            data.Add(slice);
        }

        return data;
    }

    /// <summary>The items of <paramref name="slice"/>: every <see cref="Count"/>th, from the slice's index.</summary>
    public List<T> Of<T>(IEnumerable<T> items, int slice) => items.Where((_, i) => i % count == slice).ToList();

    /// <summary>
    /// Records what <paramref name="slice"/> found; true, with the sum over every slice, when this call completes the set.
    /// </summary>
    public bool Complete(int slice, TTotals totals, out TTotals all)
    {
        _done[slice] = totals;
        all = default!;
        var done = _done.ToArray();
        if (done.Length < count)
        {
            return false;
        }

        all = done.Select(d => d.Value).Aggregate(add);
        return true;
    }
}
