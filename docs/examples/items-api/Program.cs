using ItemsApi;

var builder = WebApplication.CreateBuilder(args);
builder.Services.Configure<RouteOptions>(o => o.ConstraintMap.Add("even", typeof(EvenRouteConstraint)));

var app = builder.Build();

app.MapGet("/items/{id:even}", (int id) => Results.Ok(new { id, even = true })).WithName("EvenItem");
app.MapGet("/items/{name}", (string name) => Results.Ok(new { name })).WithName("Item");
app.MapPost("/items", (Item item) => Results.CreatedAtRoute("Item", new { name = item.Name }, item)).WithName("CreateItem");
app.MapGet("/health/ready", () => "ready");

app.Run();
