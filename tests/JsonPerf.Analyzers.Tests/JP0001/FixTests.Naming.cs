using System.Threading.Tasks;
using JsonPerf.Analyzers.Tests.Infrastructure;
using Verify = JsonPerf.Analyzers.Tests.Infrastructure.Verifier<
    JsonPerf.Analyzers.JsonSerializerOptionsCreatedPerCallAnalyzer,
    JsonPerf.CodeFixes.JsonSerializerOptionsCreatedPerCallFixer>;

namespace JsonPerf.Analyzers.Tests.JP0001;

/// <summary>Field names say what the options are, never clash with a type in scope, and are numbered only as a last resort.</summary>
public partial class FixTests
{
    [Fact]
    public Task Names_come_from_a_specific_local_name_then_the_settings_and_avoid_AspNetCore_JsonOptions()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : Controller
            {
                public string A(object value)
                {
                    var camelOptions = {|JP0001:new JsonSerializerOptions()|};
                    camelOptions.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
                    return JsonSerializer.Serialize(value, camelOptions);
                }

                public string B(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } }|});
                public string C(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = 4 }|});
                public string D(object value) => JsonSerializer.Serialize(value, {|JP0001:new JsonSerializerOptions { MaxDepth = 8 }|});
            }
            """, """
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : Controller
            {
                private static readonly JsonSerializerOptions CamelOptions = new JsonSerializerOptions
                {
                    PropertyNamingPolicy = JsonNamingPolicy.CamelCase
                };
                private static readonly JsonSerializerOptions StringEnumJsonOptions = new JsonSerializerOptions
                {
                    Converters = { new JsonStringEnumConverter() }
                };
                private static readonly JsonSerializerOptions SerializerOptions = new JsonSerializerOptions { MaxDepth = 4 };
                private static readonly JsonSerializerOptions SerializerOptions2 = new JsonSerializerOptions { MaxDepth = 8 };

                public string A(object value)
                {
                    return JsonSerializer.Serialize(value, CamelOptions);
                }

                public string B(object value) => JsonSerializer.Serialize(value, StringEnumJsonOptions);
                public string C(object value) => JsonSerializer.Serialize(value, SerializerOptions);
                public string D(object value) => JsonSerializer.Serialize(value, SerializerOptions2);
            }
            """, references: TestReferences.AspNet10);
}

public partial class FixTests
{
    [Fact]
    public Task Makes_a_per_request_options_field_static_unless_a_use_goes_through_this()
        => Verify.VerifyFixAsync("""
            using System.Text.Json;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                private readonly JsonSerializerOptions _options = {|JP0001:new JsonSerializerOptions { WriteIndented = true }|};
                JsonSerializerOptions _implicit = {|JP0001:new JsonSerializerOptions { MaxDepth = 4 }|};

                public string Get(object value) => JsonSerializer.Serialize(value, _options) + JsonSerializer.Serialize(value, _implicit);
            }
            """, """
            using System.Text.Json;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                private static readonly JsonSerializerOptions _options = new JsonSerializerOptions { WriteIndented = true };
                static JsonSerializerOptions _implicit = new JsonSerializerOptions { MaxDepth = 4 };

                public string Get(object value) => JsonSerializer.Serialize(value, _options) + JsonSerializer.Serialize(value, _implicit);
            }
            """, references: TestReferences.AspNet10);

    [Fact]
    public Task Offers_no_fix_for_a_per_request_field_used_through_this()
    {
        var source = """
            using System.Text.Json;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                private readonly JsonSerializerOptions _options = {|JP0001:new JsonSerializerOptions { MaxDepth = 8 }|};

                public string Get(object value) => JsonSerializer.Serialize(value, this._options);
            }
            """;
        return Verify.VerifyFixAsync(source, source, references: TestReferences.AspNet10);
    }
}
