// SPDX-License-Identifier: AGPL-3.0-or-later
// The playground's place field: on a request whose body has a birth (`birth` or `natal`), a
// search box asks GET /v1/places as one types (prefixes work, case and diacritics do not
// matter) and puts the chosen place's `place_id` into every birth of the body, in place of
// `location` and `timezone`. Self-contained: app.js knows nothing of it; it reads the key and
// the body from the page's own fields and tells app.js of the change with an `input` event.
"use strict";

(() => {
  const byId = (id) => document.getElementById(id);
  const BIRTH_KEYS = ["birth", "natal"];
  const WAIT_MS = 200;
  const LIMIT = 8;

  /** The birth objects of a parsed body (under `birth` or `natal`, at any depth). */
  function births(value, found = []) {
    if (Array.isArray(value)) {
      value.forEach((item) => births(item, found));
    } else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (BIRTH_KEYS.includes(key) && child && typeof child === "object" && "datetime" in child) {
          found.push(child);
        } else {
          births(child, found);
        }
      }
    }
    return found;
  }

  function parsedBody() {
    try {
      return JSON.parse(byId("body").value);
    } catch {
      return null;
    }
  }

  function build() {
    const box = document.createElement("div");
    box.id = "place-finder";
    box.className = "place-finder";
    box.hidden = true;
    const label = document.createElement("label");
    label.htmlFor = "place-query";
    label.textContent = "Birth place (fills place_id)";
    const input = document.createElement("input");
    input.id = "place-query";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.placeholder = "Graz, München, Springfield …";
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-controls", "place-results");
    input.setAttribute("aria-expanded", "false");
    const list = document.createElement("ul");
    list.id = "place-results";
    list.className = "place-results";
    list.setAttribute("role", "listbox");
    box.append(label, input, list);
    const group = byId("body-group");
    group.insertBefore(box, byId("body"));
    return { box, input, list };
  }

  function describe(place) {
    const region = place.admin1 ? `${place.admin1}, ` : "";
    const population = place.population.toLocaleString("en");
    const via = place.matched_name !== place.name ? ` (${place.matched_name})` : "";
    return `${place.name}${via}, ${region}${place.country_code} · ${population} · ${place.timezone}`;
  }

  function choose(place, ui) {
    const body = parsedBody();
    if (!body) return;
    for (const birth of births(body)) {
      delete birth.location;
      delete birth.timezone;
      delete birth.place;
      delete birth.place_match;
      birth.place_id = place.place_id;
    }
    const textarea = byId("body");
    textarea.value = JSON.stringify(body, null, 2);
    textarea.dispatchEvent(new Event("input"));
    ui.input.value = describe(place);
    ui.list.replaceChildren();
    ui.input.setAttribute("aria-expanded", "false");
  }

  async function search(ui) {
    const q = ui.input.value.trim();
    if (!q) {
      ui.list.replaceChildren();
      return;
    }
    const url = `/v1/places?q=${encodeURIComponent(q)}&limit=${LIMIT}`;
    let answer;
    try {
      const response = await fetch(url, { headers: { "X-API-Key": byId("key").value } });
      answer = await response.json();
      if (!response.ok) {
        const item = document.createElement("li");
        item.textContent = answer.error ? answer.error.message : `HTTP ${response.status}`;
        ui.list.replaceChildren(item);
        return;
      }
    } catch (error) {
      return;
    }
    if (ui.input.value.trim() !== q) return; // a newer query is on its way
    const items = answer.results.map((place) => {
      const item = document.createElement("li");
      item.setAttribute("role", "option");
      item.tabIndex = 0;
      item.textContent = describe(place);
      item.addEventListener("click", () => choose(place, ui));
      item.addEventListener("keydown", (event) => {
        if (event.key === "Enter") choose(place, ui);
      });
      return item;
    });
    ui.list.replaceChildren(...items);
    ui.input.setAttribute("aria-expanded", String(items.length > 0));
  }

  function start() {
    const ui = build();
    const update = () => {
      const body = parsedBody();
      ui.box.hidden = !(body && births(body).length > 0);
    };
    let timer;
    ui.input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => search(ui), WAIT_MS);
    });
    byId("body").addEventListener("input", update);
    // app.js fills the body when an endpoint is chosen, without an input event.
    new MutationObserver(update).observe(byId("endpoints"), {
      attributes: true,
      childList: true,
      subtree: true,
    });
    update();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
