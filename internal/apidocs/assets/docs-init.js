// Starts Swagger UI (swagger-ui-bundle.js, vendored: see README.md) on the
// OpenAPI document named by the root element's data-spec attribute.
//
// The search box filters operations by every word typed, matched against
// the tag, path, method, summary and operationId (Swagger
// UI's own filter matches tag names only). "Authorize" takes the API key as
// the basic-auth user name (empty password); "Try it out" is on, so every
// operation can be sent from the page with the key, request bodies start
// from the operation's example.
(function () {
  "use strict";

  function opsFilter(taggedOps, phrase) {
    var words = String(phrase || "").toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      return taggedOps;
    }
    return taggedOps
      .map(function (tagObj, tag) {
        return tagObj.set("operations", tagObj.get("operations").filter(function (op) {
          var o = op.get("operation");
          var hay = [tag, op.get("path"), op.get("method"), o.get("summary") || "", o.get("operationId") || ""]
            .join(" ").toLowerCase();
          return words.every(function (w) { return hay.indexOf(w) >= 0; });
        }));
      })
      .filter(function (tagObj) { return tagObj.get("operations").size > 0; });
  }

  function start() {
    var root = document.getElementById("apidocs");
    var spec = new URL(root.getAttribute("data-spec") || "/openapi.json", window.location.href);
    if (spec.origin !== window.location.origin) {
      spec = new URL("/openapi.json", window.location.href);
    }
    window.ui = window.SwaggerUIBundle({
      url: spec.href,
      domNode: root,
      deepLinking: true,
      filter: true,
      tryItOutEnabled: true,
      docExpansion: "list", // tags open, operations closed: search results show at once
      defaultModelsExpandDepth: -1,
      displayRequestDuration: true,
      showExtensions: false,
      validatorUrl: null,
      withCredentials: false,
      queryConfigEnabled: false,
      presets: [window.SwaggerUIBundle.presets.apis],
      plugins: [{ fn: { opsFilter: opsFilter } }],
      layout: "BaseLayout"
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
