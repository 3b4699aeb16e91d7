// SPDX-License-Identifier: AGPL-3.0-or-later
// Starts Swagger UI over this service's OpenAPI document. A file of its own because the page's
// Content-Security-Policy allows no inline script.
"use strict";

window.ui = SwaggerUIBundle({
  url: "/v1/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  // BaseLayout without the standalone preset: that preset's top bar injects an inline <style>,
  // which the policy refuses, and its URL box would invite loading other documents.
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  // No call to the public validator service: the policy allows no other origin.
  validatorUrl: null,
});
