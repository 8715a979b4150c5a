using TodoApi;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHealthChecks();

var app = builder.Build();

app.MapGet("/", () => "Todo API");
app.MapTodoItems();

var admin = app.MapGroup("/admin").RequireAuthorization();
admin.MapMethods("/status", new[] { "GET", "HEAD" }, () => Results.Ok());
admin.MapPost("/{**path}", (string path) => Results.Accepted()).WithOrder(-1);

var legacyPrefix = builder.Configuration["LegacyPrefix"];
app.MapGet(legacyPrefix + "/todos", () => Results.Redirect("/todoitems"));

app.MapHealthChecks("/healthz");
app.MapFallbackToFile("index.html");

app.Run();
