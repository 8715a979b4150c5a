using System.Collections.Generic;
using Microsoft.AspNetCore.Mvc;

namespace Shop.Controllers
{
    // The to-do controller of ASP.NET Core's first web API tutorial: its routes, with bodies of our own.
    [Route("api/[controller]")]
    public class TodoController : Controller
    {
        [HttpGet]
        public IEnumerable<string> GetAll() => new List<string>();

        [HttpGet("{id}", Name = "GetTodo")]
        public IActionResult GetById(long id) => Ok(id);

        [HttpPost]
        public IActionResult Create([FromBody] string item) => CreatedAtRoute("GetTodo", new { id = 1 }, item);

        [HttpPut("{id}")]
        public IActionResult Update(long id, [FromBody] string item) => NoContent();

        [HttpDelete("{id}")]
        public IActionResult Delete(long id) => NoContent();
    }
}
