using System;
using System.Collections.Generic;
using System.Linq;

namespace JsonPerf.PerfValidation;

public enum Status { Pending, Active, Archived }

/// <summary>A small object, like the seed articles' models.</summary>
public sealed class Item
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public DateTime CreatedAt { get; set; }
    public bool IsActive { get; set; }
    public double Score { get; set; }
    public Status Status { get; set; }
    public List<string> Tags { get; set; } = new();

    public static Item Create(int id) => new()
    {
        Id = id,
        Name = "Item " + id,
        CreatedAt = new DateTime(2026, 1, 1, 12, 0, 0, DateTimeKind.Utc).AddMinutes(id),
        IsActive = id % 2 == 0,
        Score = id * 1.5,
        Status = (Status)(id % 3),
        Tags = new List<string> { "a", "b", "c" },
    };

    public static List<Item> CreateList(int count) => Enumerable.Range(1, count).Select(Create).ToList();
}
