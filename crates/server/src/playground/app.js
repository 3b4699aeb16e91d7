// SPDX-License-Identifier: AGPL-3.0-or-later
// The playground's script, served as a file: the page's Content-Security-Policy allows no inline
// script. The demo key comes from the page's <meta name="orrery-demo-key">, the examples from
// /playground/examples.json.
"use strict";

const $ = (id) => document.getElementById(id);

// The endpoint list is grouped; a path not named here is a calculation.
const SERVICE_PATHS = ["/v1/health", "/v1/me", "/v1/openapi.json"];
const GROUPS = ["Service", "Calculations", "Catalogues"];

function groupOf(example) {
  const path = example.path.split("?")[0];
  if (SERVICE_PATHS.includes(path)) return "Service";
  if (path.startsWith("/v1/catalog/")) return "Catalogues";
  return "Calculations";
}

let examples = [];
// The OpenAPI document, for each example's link to its reference entry (loaded after the page).
let reference = null;

function choose(index) {
  const example = examples[index];
  $("method").textContent = example.method;
  $("path").value = example.path;
  $("body").value = example.body === undefined ? "" : JSON.stringify(example.body, null, 2);
  $("body-group").hidden = example.method === "GET";
  for (const button of $("endpoints").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(Number(button.dataset.index) === index));
  }
  clearAnswer();
  showCurl();
  linkReference();
}

// ---- search and the reference link ---------------------------------------------------------

// Shows the examples whose title or path holds every word of the search, and the group
// headings that still have one.
function search() {
  const words = $("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  let heading = null;
  let shown = 0;
  for (const element of $("endpoints").children) {
    if (element.tagName === "H3") {
      if (heading) heading.hidden = shown === 0;
      heading = element;
      shown = 0;
      continue;
    }
    const text = element.textContent.toLowerCase();
    element.hidden = !words.every((word) => text.includes(word));
    if (!element.hidden) shown++;
  }
  if (heading) heading.hidden = shown === 0;
}

// Whether a concrete path (/v1/places/2778067) is an instance of a template (/v1/places/{id}).
function instanceOf(template, path) {
  const t = template.split("/");
  const p = path.split("/");
  return t.length === p.length && t.every((part, i) => part === p[i] || /^\{.*\}$/.test(part));
}

// The chosen example's entry in /docs: Swagger UI's deep link, #/<tag>/<operationId>.
function linkReference() {
  const link = $("reference");
  const pressed = $("endpoints").querySelector('button[aria-pressed="true"]');
  if (!reference || !pressed) return;
  const example = examples[Number(pressed.dataset.index)];
  const path = example.path.split("?")[0];
  const template = Object.keys(reference.paths).find((t) => t === path) ||
    Object.keys(reference.paths).find((t) => instanceOf(t, path));
  const operation = template && reference.paths[template][example.method.toLowerCase()];
  link.hidden = !operation;
  if (!operation) return;
  const tag = (operation.tags || ["default"])[0];
  link.href = "/docs#/" + encodeURIComponent(tag) + "/" + encodeURIComponent(operation.operationId);
  link.textContent = example.method + " " + template + " in the reference";
}

async function loadReference() {
  try {
    reference = await (await fetch("/v1/openapi.json")).json();
    linkReference();
  } catch {
    // The link stays hidden; the examples work without it.
  }
}

function listEndpoints() {
  const nav = $("endpoints");
  for (const group of GROUPS) {
    const members = examples
      .map((example, index) => ({ example, index }))
      .filter(({ example }) => groupOf(example) === group);
    if (members.length === 0) continue;
    const heading = document.createElement("h3");
    heading.textContent = group;
    nav.appendChild(heading);
    for (const { example, index } of members) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.index = String(index);
      button.textContent = example.title;
      const path = document.createElement("code");
      path.textContent = example.method + " " + example.path.split("?")[0];
      button.appendChild(path);
      button.addEventListener("click", () => choose(index));
      nav.appendChild(button);
    }
  }
}

// ---- curl ----------------------------------------------------------------------------------

// One shell word in single quotes; a quote inside becomes '\''.
function shellQuote(text) {
  return "'" + text.replace(/'/g, "'\\''") + "'";
}

// The request as the page would send it: method, absolute URL, key and body (compact JSON when
// it parses, as written otherwise).
function currentRequest() {
  const method = $("method").textContent;
  let body = null;
  if (method !== "GET") {
    body = $("body").value;
    try {
      body = JSON.stringify(JSON.parse(body));
    } catch {
      // Not JSON (yet): send it as written, as the Send button does.
    }
  }
  return {
    method,
    url: new URL($("path").value, window.location.origin).href,
    key: $("key").value.trim(),
    body,
  };
}

function curlCommand() {
  const { method, url, key, body } = currentRequest();
  const lines = [method === "GET" ? "curl " + shellQuote(url) : "curl -X " + method + " " + shellQuote(url)];
  lines.push("-H " + shellQuote("X-API-Key: " + key));
  if (body !== null) {
    lines.push("-H " + shellQuote("Content-Type: application/json"));
    lines.push("--data-raw " + shellQuote(body));
  }
  return lines.join(" \\\n  ");
}

// A JSON text as a Python literal (true/false/null become True/False/None outside strings).
function pythonLiteral(text) {
  try {
    const convert = (value, indent) => {
      const inner = indent + "    ";
      if (value === null) return "None";
      if (value === true) return "True";
      if (value === false) return "False";
      if (Array.isArray(value)) {
        return value.length === 0 ? "[]"
          : "[\n" + value.map((v) => inner + convert(v, inner) + ",\n").join("") + indent + "]";
      }
      if (typeof value === "object") {
        const entries = Object.entries(value);
        return entries.length === 0 ? "{}"
          : "{\n" + entries.map(([k, v]) => inner + JSON.stringify(k) + ": " + convert(v, inner) + ",\n")
            .join("") + indent + "}";
      }
      return JSON.stringify(value);
    };
    return convert(JSON.parse(text), "    ");
  } catch {
    return JSON.stringify(text);
  }
}

function pythonCode() {
  const { method, url, key, body } = currentRequest();
  const lines = ["import requests", "", "answer = requests." + method.toLowerCase() + "(",
    "    " + JSON.stringify(url) + ",", "    headers={\"X-API-Key\": " + JSON.stringify(key) + "},"];
  if (body !== null) lines.push("    json=" + pythonLiteral(body) + ",");
  lines.push(")", "answer.raise_for_status()", "print(answer.json())");
  return lines.join("\n");
}

function javascriptCode() {
  const { method, url, key, body } = currentRequest();
  const headers = { "X-API-Key": key };
  const options = ["  method: " + JSON.stringify(method) + ","];
  if (body !== null) headers["Content-Type"] = "application/json";
  options.push("  headers: " + JSON.stringify(headers) + ",");
  if (body !== null) options.push("  body: JSON.stringify(" + body + "),");
  return ["const answer = await fetch(" + JSON.stringify(url) + ", {", ...options, "});",
    "if (!answer.ok) throw new Error(await answer.text());",
    "console.log(await answer.json());"].join("\n");
}

function exportedCode() {
  switch ($("language").value) {
    case "python": return pythonCode();
    case "javascript": return javascriptCode();
    default: return curlCommand();
  }
}

function showCurl() {
  $("curl").textContent = exportedCode();
  $("copied").textContent = "";
}

async function copyCurl() {
  const text = exportedCode();
  try {
    await navigator.clipboard.writeText(text);
    $("copied").textContent = "copied";
  } catch {
    // The clipboard API needs a secure context (https or localhost): select the text instead,
    // so that Ctrl+C copies it.
    const range = document.createRange();
    range.selectNodeContents($("curl"));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    $("copied").textContent = "selected: press Ctrl+C to copy";
  }
}

// ---- errors and the field they name ---------------------------------------------------------

// A JSON text parsed into nodes that remember where they are in the text: {start, end,
// keyStart} and, for objects and arrays, their members. Returns null when the text is not JSON.
function parseWithPositions(text) {
  let i = 0;
  const space = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const expect = (c) => {
    space();
    if (text[i] !== c) throw new SyntaxError("expected " + c);
    i++;
  };
  function string() {
    const start = i;
    expect('"');
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    expect('"');
    return JSON.parse(text.slice(start, i));
  }
  function value() {
    space();
    const start = i;
    if (text[i] === "{") {
      i++;
      const members = new Map();
      space();
      if (text[i] === "}") i++;
      else {
        for (;;) {
          space();
          const keyStart = i;
          const key = string();
          expect(":");
          const member = value();
          member.keyStart = keyStart;
          members.set(key, member);
          space();
          if (text[i] === ",") { i++; continue; }
          expect("}");
          break;
        }
      }
      return { start, end: i, members };
    }
    if (text[i] === "[") {
      i++;
      const items = [];
      space();
      if (text[i] === "]") i++;
      else {
        for (;;) {
          items.push(value());
          space();
          if (text[i] === ",") { i++; continue; }
          expect("]");
          break;
        }
      }
      return { start, end: i, items };
    }
    if (text[i] === '"') {
      string();
      return { start, end: i };
    }
    const literal = /^(?:-?[0-9][0-9.eE+-]*|true|false|null)/.exec(text.slice(i));
    if (!literal) throw new SyntaxError("unexpected " + text[i]);
    i += literal[0].length;
    return { start, end: i };
  }
  try {
    const root = value();
    space();
    return i === text.length ? root : null;
  } catch {
    return null;
  }
}

// "birth.location.latitude" or "bodies[2]" as ["birth", "location", "latitude"] / ["bodies", 2].
function pathSegments(field) {
  return (field.match(/[^.[\]]+|\[\d+\]/g) || []).map((part) =>
    part.startsWith("[") ? Number(part.slice(1, -1)) : part);
}

// The node the path names, or the deepest node of the path that the text has.
function locate(root, segments) {
  let node = root;
  let found = 0;
  for (const segment of segments) {
    const next = typeof segment === "number"
      ? node.items && node.items[segment]
      : node.members && node.members.get(segment);
    if (!next) break;
    node = next;
    found++;
  }
  return { node, found };
}

function queryNames() {
  const query = $("path").value.split("?")[1] || "";
  return [...new URLSearchParams(query).keys()];
}

// Older answers name the field only at the start of the message ("birth.location.latitude must
// be ..."): take that first word if it names a part of the request.
function fieldFromMessage(message, bodyTree) {
  const word = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*/.exec(message);
  if (!word) return null;
  if (queryNames().includes(word[0])) return word[0];
  if (bodyTree && locate(bodyTree, pathSegments(word[0])).found > 0) return word[0];
  return null;
}

// Marks the field the error names: the body's text from its key to the end of its value, or
// the request line for a query parameter.
function highlightField(field, bodyTree) {
  if (queryNames().includes(field)) {
    $("path").classList.add("invalid");
    return;
  }
  if (!bodyTree) return;
  const { node, found } = locate(bodyTree, pathSegments(field));
  if (found === 0) return;
  const body = $("body");
  const start = node.keyStart ?? node.start;
  body.classList.add("invalid");
  body.focus({ preventScroll: true });
  body.setSelectionRange(start, node.end);
  // A selection does not scroll the text area by itself: show the field's line near the top.
  const line = body.value.slice(0, start).split("\n").length - 1;
  body.scrollTop = Math.max(0, (line - 2) * parseFloat(getComputedStyle(body).lineHeight));
}

function showError(status, answer) {
  const error = answer && typeof answer === "object" ? answer.error : null;
  $("error").hidden = false;
  $("error-code").textContent = error && error.code ? error.code : "HTTP " + status;
  $("error-message").textContent = error && error.message ? error.message : "";
  const bodyTree = $("method").textContent === "GET" ? null : parseWithPositions($("body").value);
  const field = error
    ? (typeof error.field === "string" && error.field) || fieldFromMessage(error.message || "", bodyTree)
    : null;
  // error.details: the candidates of an ambiguous local time, the accepted names, a limit.
  const details = error && error.details !== undefined ? JSON.stringify(error.details) : "";
  $("error-details-line").hidden = !details;
  $("error-details").textContent = details;
  $("error-field-line").hidden = !field;
  $("error-field").textContent = field || "";
  if (field) highlightField(field, bodyTree);
  if (status === 401) $("key").classList.add("invalid");
  $("error").scrollIntoView({ block: "nearest" });
}

function clearAnswer() {
  $("status").textContent = "";
  $("status").className = "status";
  $("meta").textContent = "";
  $("response").textContent = "";
  $("response").classList.remove("failed");
  $("headers").textContent = "";
  $("source").textContent = "";
  $("source-view").hidden = true;
  $("source-view").open = false;
  $("error").hidden = true;
  if (window.orreryWheel) window.orreryWheel.clear();
  for (const id of ["key", "path", "body"]) $(id).classList.remove("invalid");
}

// ---- sending --------------------------------------------------------------------------------

async function send() {
  const method = $("method").textContent;
  const init = { method, headers: { "X-API-Key": $("key").value.trim() } };
  if (method !== "GET") {
    init.headers["Content-Type"] = "application/json";
    init.body = $("body").value;
  }
  clearAnswer();
  showCurl();
  $("status").textContent = "…";
  const started = performance.now();
  let response;
  let text;
  let bytes = null;
  try {
    response = await fetch($("path").value, init);
    // A PNG (the chart wheel, the graphic ephemeris) is kept as bytes for the wheel view.
    if ((response.headers.get("Content-Type") || "").startsWith("image/png")) {
      bytes = new Uint8Array(await response.arrayBuffer());
      text = "(a PNG of " + bytes.length + " bytes: shown below)";
    } else {
      text = await response.text();
    }
  } catch (error) {
    $("status").textContent = "no answer";
    $("status").classList.add("failed");
    $("response").textContent = String(error);
    $("response").classList.add("failed");
    return;
  }
  const elapsed = Math.round(performance.now() - started);
  $("status").textContent = response.status + " " + response.statusText;
  $("status").classList.add(response.ok ? "ok" : "failed");
  const remaining = response.headers.get("X-RateLimit-Remaining");
  $("meta").textContent = elapsed + " ms · " + text.length + " bytes" +
    (remaining === null ? "" : " · " + remaining + " requests left this hour");
  $("headers").textContent = "HTTP " + response.status + " " + response.statusText + "\n" +
    [...response.headers].map(([name, value]) => name + ": " + value).join("\n");
  let answer = null;
  const contentType = response.headers.get("Content-Type") || "";
  if (response.ok && contentType.startsWith("image/svg+xml")) {
    // A picture is shown as one (wheel.js); its source waits behind a toggle.
    $("response").textContent = "(an SVG picture of " + text.length + " characters: shown below)";
    $("source").textContent = text;
    $("source-view").hidden = false;
  } else {
    try {
      answer = JSON.parse(text);
      $("response").textContent = JSON.stringify(answer, null, 2);
    } catch {
      $("response").textContent = text;
    }
  }
  if (!response.ok) {
    $("response").classList.add("failed");
    showError(response.status, answer);
  }
  if (window.orreryWheel) {
    window.orreryWheel.answered({
      path: $("path").value, bodyText: init.body || "", key: init.headers["X-API-Key"],
      ok: response.ok, contentType: response.headers.get("Content-Type") || "", text, bytes,
    });
  }
}

async function start() {
  $("key").value = document.querySelector('meta[name="orrery-demo-key"]').content;
  $("send").addEventListener("click", send);
  $("copy").addEventListener("click", copyCurl);
  $("language").addEventListener("change", showCurl);
  $("search").addEventListener("input", search);
  for (const id of ["key", "path", "body"]) $(id).addEventListener("input", showCurl);
  try {
    const response = await fetch("/playground/examples.json");
    examples = await response.json();
  } catch (error) {
    $("status").textContent = "the examples did not load: " + error;
    $("status").classList.add("failed");
    return;
  }
  listEndpoints();
  choose(0);
  loadReference();
}

start();
