using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;

var builder = WebApplication.CreateBuilder();
builder.Logging.ClearProviders();
var app = builder.Build();
app.Urls.Add("http://127.0.0.1:0");

// JP0001 and JP0004: options and an encoder built on every request.
app.MapGet("/order/{name}", (string name) =>
    Results.Json(new { Id = 7, Customer = name }, new JsonSerializerOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }));

await app.StartAsync();
using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
foreach (var name in new[] { "Ünal", "山本太郎", "<b>&</b>" })
{
    Console.WriteLine(await client.GetStringAsync("/order/" + Uri.EscapeDataString(name)));
}

await app.StopAsync();
