using Microsoft.AspNetCore.Http.HttpResults;

namespace TodoApi;

public static class TodoEndpoints
{
    public static RouteGroupBuilder MapTodoItems(this IEndpointRouteBuilder app)
    {
        var todos = app.MapGroup("/todoitems").WithTags("Todos");

        todos.MapGet("/", GetAllTodos);
        todos.MapGet("/complete", GetCompleteTodos);
        todos.MapGet("/{id:int}", GetTodo).WithName(nameof(GetTodo));
        todos.MapPost("/", CreateTodo);
        todos.MapPut("/{id:int}", UpdateTodo);
        todos.MapDelete("/{id:int}", DeleteTodo);

        return todos;
    }

    static Ok<Todo[]> GetAllTodos(TodoDb db) => TypedResults.Ok(db.All());

    static Ok<Todo[]> GetCompleteTodos(TodoDb db) => TypedResults.Ok(db.Complete());

    static Results<Ok<Todo>, NotFound> GetTodo(int id, TodoDb db) =>
        db.Find(id) is Todo todo ? TypedResults.Ok(todo) : TypedResults.NotFound();

    static Created<Todo> CreateTodo(Todo todo, TodoDb db) =>
        TypedResults.Created($"/todoitems/{db.Add(todo).Id}", todo);

    static Results<NoContent, NotFound> UpdateTodo(int id, Todo input, TodoDb db) =>
        db.Replace(id, input) ? TypedResults.NoContent() : TypedResults.NotFound();

    static Results<NoContent, NotFound> DeleteTodo(int id, TodoDb db) =>
        db.Remove(id) ? TypedResults.NoContent() : TypedResults.NotFound();
}
