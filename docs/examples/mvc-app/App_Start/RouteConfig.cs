using System.Web.Mvc;
using System.Web.Routing;

namespace Shop
{
    public static class RouteNames
    {
        public const string Home = "Home";
        public const string Product = "Product";
        public static readonly string Category = "Category";
    }

    public static class RouteConfig
    {
        private const string Catalog = "catalog";

        public static void RegisterRoutes(RouteCollection routes, string legacyPrefix)
        {
            routes.IgnoreRoute("{resource}.axd/{*pathInfo}");

            routes.MapRoute(RouteNames.Home, "", new { controller = "Home", action = "Index" });

            routes.MapRoute(
                name: RouteNames.Product,
                url: Catalog + "/{category}/{id}",
                defaults: new { controller = "Catalog", action = "Product" },
                constraints: new { id = @"\d+", httpMethod = new HttpMethodConstraint("GET", "HEAD") });

            routes.MapRoute(
                RouteNames.Category,
                $"{Catalog}/{{category}}/{{page}}",
                new { controller = "Catalog", action = nameof(CatalogController.Category), page = UrlParameter.Optional });

            routes.MapRoute("Search", "search/{*terms}", new { controller = "Search", action = "Index" });

            // The prefix comes from configuration: the importer cannot know it.
            routes.MapRoute("Legacy", legacyPrefix + "/{id}", new { controller = "Legacy", action = "Show" });

            routes.MapRoute(
                "Default",
                "{controller}/{action}/{id}",
                new { controller = "Home", action = "Index", id = UrlParameter.Optional },
                new[] { "Shop.Controllers" });

            routes.MapRoute("Page", "pages/{slug}", new { controller = "Pages", action = "Show" });
        }
    }
}
