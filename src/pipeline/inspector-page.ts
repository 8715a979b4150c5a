// The route inspector's page (route-inspector.ts serves it): HTML, style and script, no framework, nothing from
// another origin. The HTML holds no data; the script fetches the JSON endpoints beside it and builds the DOM with
// textContent only, so nothing a route or a request holds is ever parsed as HTML.

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page, for the inspector mounted at `prefix`. */
export const INSPECTOR_HTML = (prefix: string, title: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · switchyard</title>
<link rel="icon" href="${escapeHtml(prefix)}/icon.svg">
<link rel="stylesheet" href="${escapeHtml(prefix)}/inspector.css">
<script src="${escapeHtml(prefix)}/inspector.js" defer></script>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><p id="summary" aria-live="polite">Loading the route table…</p>
<div id="load-error" role="alert" hidden></div></header>
<main>
<section aria-labelledby="explain-title">
<h2 id="explain-title">Which route takes a request?</h2>
<form id="explain-form">
<label for="explain-method">Method</label>
<select id="explain-method"><option>GET</option><option>POST</option><option>PUT</option><option>PATCH</option><option>DELETE</option><option>HEAD</option><option>OPTIONS</option></select>
<label for="explain-path">Path</label>
<input id="explain-path" type="text" value="/" autocomplete="off" spellcheck="false">
<button type="submit">Explain</button>
</form>
<div id="explain-result" aria-live="polite"></div>
</section>
<section aria-labelledby="generate-title">
<h2 id="generate-title">Make a link</h2>
<form id="generate-form">
<label for="generate-name">Route name</label>
<select id="generate-name"></select>
<label for="generate-values">Values (id=5&amp;slug=x, or JSON)</label>
<input id="generate-values" type="text" autocomplete="off" spellcheck="false">
<button type="submit">Generate</button>
</form>
<div id="generate-result" aria-live="polite"></div>
</section>
<section aria-labelledby="table-title">
<h2 id="table-title">The route table</h2>
<p class="hint">Routes are tried in this order; the first that accepts a request takes it.</p>
<div id="tree"></div>
</section>
</main>
</body>
</html>
`;

export const INSPECTOR_CSS = `:root { color-scheme: light dark; --muted: #6b7280; --bad: #b91c1c; --warn: #b45309; --ok: #15803d; --line: #d1d5db; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; }
header, main { max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem; }
h1 { margin: 0.25rem 0; font-size: 1.4rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 0.5rem; }
section { border-top: 1px solid var(--line); }
form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
label { font-size: 0.85rem; color: var(--muted); }
input[type=text] { flex: 1 1 14rem; min-width: 0; padding: 0.35rem 0.5rem; font: 14px ui-monospace, monospace; }
select, button { padding: 0.35rem 0.6rem; font: inherit; }
button { cursor: pointer; }
:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
code, .template { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
ul { list-style: none; padding-left: 1rem; margin: 0.2rem 0; }
#tree > ul { padding-left: 0; }
.segment { font-family: ui-monospace, monospace; color: var(--muted); overflow-wrap: anywhere; }
.route { margin: 0.25rem 0; padding: 0.3rem 0.5rem; border-left: 3px solid var(--line); }
.route.unreachable .template { text-decoration: line-through; color: var(--bad); }
.route .meta { font-size: 0.85rem; color: var(--muted); overflow-wrap: anywhere; }
.finding { font-size: 0.85rem; margin: 0.15rem 0; overflow-wrap: anywhere; }
.finding.error { color: var(--bad); } .finding.warning { color: var(--warn); } .finding.info { color: var(--muted); }
.winner { border-left-color: var(--ok); }
.outcome { font-weight: 600; }
.outcome.matched { color: var(--ok); } .outcome.rejected { color: var(--bad); } .outcome.not-tried { color: var(--muted); }
.result { margin: 0.5rem 0; padding: 0.5rem; border: 1px solid var(--line); overflow-wrap: anywhere; }
ol.reasons { padding-left: 1.5rem; font-size: 0.9rem; }
.hint { color: var(--muted); font-size: 0.85rem; }
#load-error { margin: 0.5rem 0; padding: 0.5rem 0.75rem; border: 2px solid var(--bad); }
#load-error pre { margin: 0.5rem 0 0; overflow-x: auto; font: 13px/1.4 ui-monospace, monospace; }
`;

export const INSPECTOR_JS = `"use strict";
(function () {
  var base = new URL(document.currentScript.src).pathname.replace(/\\/inspector\\.js$/, "");
  var routes = [];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) for (var key in attrs) {
      if (key === "text") node.textContent = attrs[key];
      else node.setAttribute(key, attrs[key]);
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }
  function text(value) { return document.createTextNode(value); }
  function describe(route) { return "#" + route.index + (route.name ? " " + route.name : "") + " " + route.template; }
  function getJson(path, params) {
    var query = new URLSearchParams(params).toString();
    return fetch(base + path + (query ? "?" + query : ""), { headers: { accept: "application/json" } }).then(function (r) {
      return r.json().then(function (body) { if (!r.ok) throw new Error(body.detail || r.statusText); return body; });
    });
  }

  function routeItem(route, findings) {
    var unreachable = findings.some(function (d) { return d.severity === "error"; });
    var meta = [];
    meta.push(route.methods ? route.methods.join(", ") : "any method");
    route.constraints.forEach(function (c) { meta.push(c.key + ": " + c.kind + (c.detail ? " " + c.detail : "")); });
    var defaults = Object.keys(route.defaults);
    if (defaults.length) meta.push("defaults " + JSON.stringify(route.defaults));
    if (route.generationOnly) meta.push("for links only");
    var item = el("li", { "class": "route" + (unreachable ? " unreachable" : ""), id: "route-" + route.index, "data-index": String(route.index) }, [
      el("div", {}, [el("strong", { text: "#" + route.index + (route.name ? " " + route.name : "") }), text(" "), el("span", { "class": "template", text: route.template })]),
      el("div", { "class": "meta", text: meta.join(" · ") })
    ]);
    findings.forEach(function (d) {
      var line = d.severity + ": " + d.message;
      item.appendChild(el("div", { "class": "finding " + d.severity, text: line }));
    });
    return item;
  }

  // The table as a tree of template segments; each route where its template ends, in collection order.
  function renderTree(data) {
    var root = { children: new Map(), routes: [] };
    data.routes.forEach(function (route) {
      var node = root;
      route.template.replace(/^~?\\//, "").split("/").filter(function (s) { return s !== ""; }).forEach(function (segment) {
        if (!node.children.has(segment)) node.children.set(segment, { children: new Map(), routes: [] });
        node = node.children.get(segment);
      });
      node.routes.push(route);
    });
    var findings = {};
    data.diagnostics.forEach(function (d) { (findings[d.route] = findings[d.route] || []).push(d); });
    function render(node) {
      var list = el("ul");
      node.routes.forEach(function (route) { list.appendChild(routeItem(route, findings[route.index] || [])); });
      node.children.forEach(function (child, segment) {
        list.appendChild(el("li", {}, [el("span", { "class": "segment", text: "/" + segment }), render(child)]));
      });
      return list;
    }
    var tree = document.getElementById("tree");
    tree.replaceChildren(render(root));
    document.getElementById("summary").textContent = data.summary;
    var names = document.getElementById("generate-name");
    names.replaceChildren();
    data.routes.filter(function (r) { return r.name; }).forEach(function (r) { names.appendChild(el("option", { value: r.name, text: r.name + " (" + r.template + ")" })); });
  }

  // A newer version of the table that did not load: what is wrong with it, above the table still shown.
  function renderError(error) {
    var box = document.getElementById("load-error");
    box.hidden = !error;
    box.replaceChildren();
    if (error) box.append(el("strong", { text: "The latest version of the table did not load; this page shows the last one that did." }), el("pre", { text: error.message }));
  }

  function reasonsList(items) {
    var list = el("ol", { "class": "reasons" });
    items.forEach(function (e) {
      var route = routes[e.route];
      list.appendChild(el("li", {}, [el("span", { "class": "outcome " + e.outcome, text: e.outcome }), text(" " + (route ? describe(route) : "#" + e.route) + ": " + e.message)]));
    });
    return list;
  }

  function explain(event) {
    event.preventDefault();
    var out = document.getElementById("explain-result");
    var params = { method: document.getElementById("explain-method").value, path: document.getElementById("explain-path").value };
    getJson("/api/explain", params).then(function (x) {
      document.querySelectorAll(".route.winner").forEach(function (n) { n.classList.remove("winner"); });
      var head;
      if (x.match) {
        var route = routes[x.match.route];
        head = el("div", { "class": "winner-line" }, [el("strong", { text: "Winner: " + describe(route) }), el("div", {}, [text("values "), el("code", { "class": "values", text: JSON.stringify(x.match.values) })])]);
        var item = document.getElementById("route-" + x.match.route);
        if (item) item.classList.add("winner");
      } else {
        head = el("div", {}, [el("strong", { text: "No route takes " + x.method + " " + x.path + "." }), x.closest ? el("div", { text: "Closest: " + describe(routes[x.closest.route]) + " — " + x.closest.message }) : null]);
      }
      out.replaceChildren(el("div", { "class": "result" }, [head, reasonsList(x.routes)]));
    }).catch(function (error) { out.replaceChildren(el("div", { "class": "result", text: "Error: " + error.message })); });
  }

  function generate(event) {
    event.preventDefault();
    var out = document.getElementById("generate-result");
    var params = { name: document.getElementById("generate-name").value, values: document.getElementById("generate-values").value };
    getJson("/api/generate", params).then(function (x) {
      var head = x.path !== null
        ? el("div", {}, [text("URL "), el("code", { "class": "url", text: x.path })])
        : el("strong", { text: x.nameNotFound ? "No route is named " + x.nameNotFound + "." : "No URL from these values." });
      out.replaceChildren(el("div", { "class": "result" }, [head, reasonsList(x.routes)]));
    }).catch(function (error) { out.replaceChildren(el("div", { "class": "result", text: "Error: " + error.message })); });
  }

  document.getElementById("explain-form").addEventListener("submit", explain);
  document.getElementById("generate-form").addEventListener("submit", generate);
  getJson("/api/routes", {}).then(function (data) { routes = data.routes; renderTree(data); renderError(data.error); }).catch(function (error) {
    document.getElementById("summary").textContent = "Could not load the route table: " + error.message;
  });
})();
`;

/** The page's icon (without one a browser asks for /favicon.ico, which the application may not have). */
export const INSPECTOR_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M2 3h5l2 5h5M9 8l-2 5H2" fill="none" stroke="#2563eb" stroke-width="2"/></svg>
`;
