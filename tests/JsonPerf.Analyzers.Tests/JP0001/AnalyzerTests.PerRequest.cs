using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>Controllers, Razor Pages models, SignalR hubs and view components are created per request: so are their instance fields.</summary>
public partial class AnalyzerTests
{
    private const string PerRequestUsings = """
        using System.Text.Json;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.RazorPages;

        """;

    [Fact]
    public Task Reports_instance_options_fields_of_types_created_per_request_that_only_feed_entry_points()
        => Verify.VerifyAnalyzerAsync(PerRequestUsings + """
            public class OrdersController : ControllerBase
            {
                private readonly JsonSerializerOptions _options = {|JP0001:new JsonSerializerOptions { WriteIndented = true }|};
                public string Get(object value) => JsonSerializer.Serialize(value, _options);
                public object Post(string json) => JsonSerializer.Deserialize<object>(json, _options);
            }

            public class IndexModel : PageModel
            {
                private JsonSerializerOptions _options = {|JP0001:new() { PropertyNameCaseInsensitive = true }|};
                public string OnGet(object value) => JsonSerializer.Serialize(value, this._options);
            }

            public class Widget : ViewComponent
            {
                private readonly JsonSerializerOptions _options = {|JP0001:new JsonSerializerOptions()|};
                public string Invoke(object value) => JsonSerializer.Serialize(value, _options);
            }
            """, references: TestReferences.AspNet10);

    [Fact]
    public Task Leaves_fields_of_other_types_and_fields_that_escape_or_change_alone()
        => Verify.VerifyAnalyzerAsync(PerRequestUsings + """
            public class Service
            {
                private readonly JsonSerializerOptions _options = new JsonSerializerOptions { WriteIndented = true };
                public string Get(object value) => JsonSerializer.Serialize(value, _options);
            }

            public class ConfiguredController : ControllerBase
            {
                private readonly JsonSerializerOptions _options = new JsonSerializerOptions();
                public ConfiguredController() { _options.WriteIndented = true; }
                public string Get(object value) => JsonSerializer.Serialize(value, _options);
            }

            public class SharingController : ControllerBase
            {
                private readonly JsonSerializerOptions _options = new JsonSerializerOptions();
                public JsonSerializerOptions Options => _options;
                public string Get(object value) => JsonSerializer.Serialize(value, _options);
            }

            public class PublicController : ControllerBase
            {
                public readonly JsonSerializerOptions Options = new JsonSerializerOptions();
                public string Get(object value) => JsonSerializer.Serialize(value, Options);
            }

            public class QualifiedController : ControllerBase
            {
                private readonly JsonSerializerOptions _options = new JsonSerializerOptions();
                public string Get(object value) { this._options.WriteIndented = true; return JsonSerializer.Serialize(value, this._options); }
            }

            public class StaticController : ControllerBase
            {
                private static readonly JsonSerializerOptions s_options = new JsonSerializerOptions();
                public string Get(object value) => JsonSerializer.Serialize(value, s_options);
            }
            """, references: TestReferences.AspNet10);
}
