// SPDX-License-Identifier: AGPL-3.0-or-later
// Starts Swagger UI over this service's OpenAPI document, with the demo key filled in and a
// search over every operation. A file of its own because the page's Content-Security-Policy
// allows no inline script.
"use strict";

const demoKey = document.querySelector('meta[name="orrery-demo-key"]').content;
const keyScheme = document.querySelector('meta[name="orrery-key-scheme"]').content;
document.getElementById("demo-key").textContent = demoKey;

// The search box ("Filter by tag" in Swagger UI) finds an operation by its path, summary,
// operation id, tag or description (without its code samples), in any case: "transits" finds
// POST /v1/transits, "synastry" the relationship charts.
function operationsSearch() {
  return {
    fn: {
      opsFilter(taggedOps, phrase) {
        const wanted = String(phrase).trim().toLowerCase();
        if (!wanted) return taggedOps;
        const matches = (text) => String(text || "").toLowerCase().includes(wanted);
        return taggedOps
          .map((tagged, tag) => {
            if (matches(tag)) return tagged;
            const found = tagged.get("operations").filter((entry) => {
              const operation = entry.get("operation");
              return matches(entry.get("path")) || matches(operation.get("summary")) ||
                matches(operation.get("operationId")) ||
                matches(String(operation.get("description") || "").split("#### Code samples")[0]);
            });
            return found.size > 0 ? tagged.set("operations", found) : null;
          })
          .filter((tagged) => tagged !== null);
      },
    },
  };
}

window.ui = SwaggerUIBundle({
  url: "/v1/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  // BaseLayout without the standalone preset: that preset's top bar injects an inline <style>,
  // which the policy refuses, and its URL box would invite loading other documents.
  presets: [SwaggerUIBundle.presets.apis],
  plugins: [operationsSearch],
  layout: "BaseLayout",
  filter: true,
  // Every operation opens with "Try it out" on: its example request is ready to send.
  tryItOutEnabled: true,
  displayRequestDuration: true,
  // The key survives a reload (local storage) once the user pasted their own.
  persistAuthorization: true,
  // No call to the public validator service: the policy allows no other origin.
  validatorUrl: null,
  onComplete() {
    // The demo key, unless the user authorized with a key of their own before.
    const stored = window.ui.authSelectors.authorized().get(keyScheme);
    if (!stored) window.ui.preauthorizeApiKey(keyScheme, demoKey);
    const search = document.querySelector(".operation-filter-input");
    if (search) search.placeholder = "Search operations: transits, synastry, wheel…";
  },
});
