// SPDX-License-Identifier: AGPL-3.0-or-later
// The playground's "wheel" view: a chart example's answer drawn as a wheel beside its JSON
// (through POST /v1/chart-wheel with the same chart request), and the picture answers of
// /v1/chart-wheel and /v1/ephemeris-graph shown as pictures. Loaded as a file (the page's
// Content-Security-Policy allows no inline script); the pictures are shown as data: images,
// which the policy allows.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  // The chart-wheel request for a chart endpoint's request body, or null when it has no wheel
  // (a transit or progression window, a body that is not JSON).
  function wheelRequest(path, bodyText) {
    let body;
    try {
      body = JSON.parse(bodyText);
    } catch {
      return null;
    }
    if (!body || typeof body !== "object") return null;
    switch (path) {
      case "/v1/radix": return { kind: "natal", radix: body };
      case "/v1/relationship":
        return ["synastry", "composite", "davison"].includes(body.method)
          ? { kind: body.method, relationship: body } : null;
      case "/v1/returns": return { kind: "return", returns: body };
      case "/v1/transits": return body.at ? { kind: "transits", transits: body } : null;
      case "/v1/progressions":
        return body.at || body.age_years !== undefined
          ? { kind: "progressions", progressions: body } : null;
      default: return null;
    }
  }

  function show(dataUrl, caption) {
    $("wheel-image").src = dataUrl;
    $("wheel-image").hidden = false;
    $("wheel-open").hidden = false;
    $("wheel-status").textContent = caption;
  }

  // ---- full size: the picture at its own pixel size in a scrolling overlay, zoomable ----------
  // (On a phone the column shrinks an 800-pixel wheel to the screen's width, where its labels
  // cannot be read; here it is panned with a finger and zoomed with the buttons or a pinch.)

  const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];
  let zoom = 2;

  function applyZoom() {
    const image = $("wheel-full");
    image.style.width = Math.round(image.naturalWidth * ZOOMS[zoom]) + "px";
    $("wheel-zoom").textContent = Math.round(ZOOMS[zoom] * 100) + " %";
    $("wheel-zoom-out").disabled = zoom === 0;
    $("wheel-zoom-in").disabled = zoom === ZOOMS.length - 1;
  }

  function openFull() {
    const image = $("wheel-full");
    zoom = ZOOMS.indexOf(1);
    image.onload = applyZoom;
    image.src = $("wheel-image").src;
    $("wheel-overlay").hidden = false;
    document.body.classList.add("overlay-open");
    if (image.complete) applyZoom();
    $("wheel-close").focus();
  }

  function closeFull() {
    $("wheel-overlay").hidden = true;
    document.body.classList.remove("overlay-open");
    $("wheel-full").removeAttribute("src");
  }

  $("wheel-open").addEventListener("click", openFull);
  $("wheel-image").addEventListener("click", openFull);
  $("wheel-close").addEventListener("click", closeFull);
  $("wheel-zoom-in").addEventListener("click", () => {
    zoom = Math.min(zoom + 1, ZOOMS.length - 1);
    applyZoom();
  });
  $("wheel-zoom-out").addEventListener("click", () => {
    zoom = Math.max(zoom - 1, 0);
    applyZoom();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("wheel-overlay").hidden) closeFull();
  });

  function svgUrl(svg) {
    return "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  }

  function pngUrl(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return "data:image/png;base64," + btoa(binary);
  }

  async function drawWheel(request, key) {
    $("wheel-draw").disabled = true;
    $("wheel-status").textContent = "drawing…";
    try {
      const response = await fetch("/v1/chart-wheel", {
        method: "POST",
        headers: { "X-API-Key": key, "Content-Type": "application/json" },
        body: JSON.stringify(request),
      });
      const svg = await response.text();
      if (!response.ok) {
        $("wheel-status").textContent = "the wheel could not be drawn: " + response.status;
        return;
      }
      show(svgUrl(svg), "POST /v1/chart-wheel, kind " + request.kind);
    } catch (error) {
      $("wheel-status").textContent = "the wheel could not be drawn: " + error;
    } finally {
      $("wheel-draw").disabled = false;
    }
  }

  let pending = null;

  window.orreryWheel = {
    clear() {
      pending = null;
      $("wheel-view").hidden = true;
      $("wheel-image").hidden = true;
      $("wheel-image").removeAttribute("src");
      $("wheel-open").hidden = true;
      $("wheel-status").textContent = "";
    },

    // After an answer: a picture is shown at once; a chart's JSON offers its wheel.
    answered({ path, bodyText, key, ok, contentType, text, bytes }) {
      if (!ok) return;
      if (contentType.startsWith("image/svg+xml")) {
        $("wheel-view").hidden = false;
        $("wheel-draw").hidden = true;
        show(svgUrl(text), "the answer, drawn");
        return;
      }
      if (contentType.startsWith("image/png") && bytes) {
        $("wheel-view").hidden = false;
        $("wheel-draw").hidden = true;
        show(pngUrl(bytes), "the answer, drawn");
        return;
      }
      pending = wheelRequest(path.split("?")[0], bodyText);
      if (!pending) return;
      $("wheel-view").hidden = false;
      $("wheel-draw").hidden = false;
      $("wheel-status").textContent = "the same chart as a picture";
      const request = pending;
      $("wheel-draw").onclick = () => drawWheel(request, key);
    },
  };
})();
