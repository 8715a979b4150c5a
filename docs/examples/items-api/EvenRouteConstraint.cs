namespace ItemsApi;

// {id:even}: an integer that is even. Registered in RouteOptions.ConstraintMap (Program.cs).
public class EvenRouteConstraint : IRouteConstraint
{
    public bool Match(HttpContext? httpContext, IRouter? route, string routeKey,
        RouteValueDictionary values, RouteDirection routeDirection)
        => values.TryGetValue(routeKey, out var v) && int.TryParse(v?.ToString(), out var n) && n % 2 == 0;
}
