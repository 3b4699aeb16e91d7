// The TypeScript client's checks, appended by .ci/clients-check to the ```ts blocks of
// clients/typescript/README.md (so they see its variables: chart, sun, png, transits, eclipses,
// synastry, moon, orrery, birth) and compiled with `tsc --strict` before they run:
//   node app.js STUB_URL      # ORRERY_API_KEY and ORRERY_BASE_URL set; cwd: a temp dir
import { readFileSync as readBack } from "node:fs";
import { Orrery as Client, OrreryError as Failure, retryAfterMs } from "orrery-client";

const stub = process.argv[2];
function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`typescript client: ${what}`);
}
async function failure(call: Promise<unknown>, what: string): Promise<Failure> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error(`typescript client: ${what} did not throw`);
}

// -- the README, as written --------------------------------------------------------------------
check(sun?.sign === "taurus" && sun.sign_degree > 24 && sun.sign_degree < 25, `sun ${JSON.stringify(sun)}`);
check(sun?.house === 9, `house ${sun?.house}`);
check(chart.input.resolved.place?.name === "Berlin", "the place Berlin");
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
check(png instanceof Uint8Array && PNG_SIGNATURE.every((byte, i) => png[i] === byte), "a PNG wheel");
check(Buffer.from(readBack("wheel.png")).equals(Buffer.from(png)), "wheel.png holds the picture");
const slow = new Set(["jupiter", "saturn", "uranus", "neptune", "pluto"]);
check(transits.events.length > 10, `${transits.events.length} transits`);
check(transits.events.every((hit) => slow.has(hit.transit_point)), "transits of the slow planets only");
// 2025: total lunar 14 March, partial solar 29 March, total lunar 7 September, partial solar 21 September.
check(
  eclipses.map((e) => e.exact_at.slice(0, 10)).join() === "2025-03-14,2025-03-29,2025-09-07,2025-09-21",
  `eclipses ${eclipses.map((e) => e.exact_at)}`,
);
check((synastry.aspects?.list.length ?? 0) > 0, "a synastry with aspects");
check(moon?.sign === "capricorn" && moon.nakshatra === "uttara_ashadha", `moon ${JSON.stringify(moon)}`);
console.log("typescript client: the README's app flow answered as expected");

// -- pictures as bytes ---------------------------------------------------------------------------
const svg = await orrery.picture("/v1/chart-wheel", { kind: "natal", radix: { birth } });
check(new TextDecoder().decode(svg.slice(0, 200)).includes("<svg"), "an SVG wheel");

// -- errors as OrreryError -------------------------------------------------------------------------
const unknown = await failure(
  orrery.post("/v1/radix", { body: { birth, options: { bodies: ["plutoo" as "pluto"] } } }),
  "an unknown body",
);
check(unknown.status === 400 && unknown.code === "unknown_name", `${unknown}`);
check(unknown.field === "options.bodies[0]", `field ${unknown.field}`);
check((unknown.details as { accepted: string[] }).accepted.includes("pluto"), "details.accepted");
check(/^[0-9a-f-]{36}$/.test(unknown.requestId ?? ""), `request id ${unknown.requestId}`);
const wrongKey = await failure(
  new Client({ apiKey: "orr_live_NotAKeyOfThisService000000000000000000" }).get("/v1/me"),
  "a wrong key",
);
check(wrongKey.status === 401 && wrongKey.code === "unauthorized" && wrongKey.requestId, `${wrongKey}`);
const key = process.env.ORRERY_API_KEY;
delete process.env.ORRERY_API_KEY;
let keyless: unknown = null;
try {
  new Client();
} catch (error) {
  keyless = error;
}
check(String(keyless).includes("ORRERY_API_KEY"), "a client without a key");
process.env.ORRERY_API_KEY = key;
console.log("typescript client: errors thrown as OrreryError with code, field, details, requestId");

// -- retries against the stub ----------------------------------------------------------------------
check(retryAfterMs("7") === 7000 && retryAfterMs(" 0 ") === 0, "Retry-After in seconds");
check(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT") === 0, "a past Retry-After date: no wait");
check(retryAfterMs("soon") === null && retryAfterMs(null) === null, "an unreadable Retry-After");
await fetch(`${stub}/_reset`, { method: "POST" });
const throughStub = new Client({ baseUrl: stub, maxRetries: 2 });
let started = performance.now();
const me = await throughStub.get("/v1/me"); // 503 Retry-After: 1, then the live answer
let waited = (performance.now() - started) / 1000;
check(me.plan.code.length > 0, "GET /v1/me through the stub");
check(waited >= 1 && waited < 5, `GET /v1/me after a 503 with Retry-After: 1 took ${waited.toFixed(2)} s`);
started = performance.now();
const again = await throughStub.post("/v1/radix", { body: { birth } }); // 429, HTTP-date Retry-After
waited = (performance.now() - started) / 1000;
check(again.planets?.["sun"]?.sign === "taurus", "POST /v1/radix through the stub");
check(waited >= 0.9 && waited < 5, `POST /v1/radix after a 429 with an HTTP-date Retry-After took ${waited.toFixed(2)} s`);
started = performance.now();
const quota = await failure(throughStub.get("/v1/catalog/bodies"), "a 429 of an hour");
check(quota.status === 429 && quota.retryAfterMs === 3_600_000, `${quota} ${quota.retryAfterMs}`);
check(performance.now() - started < 1000, "a Retry-After of an hour was waited");
const overloaded = await failure(throughStub.get("/v1/catalog/aspects"), "a 503 each time");
check(overloaded.status === 503 && overloaded.code === "overloaded", `${overloaded}`);
const seen = await (await fetch(`${stub}/_counts`)).json();
check(
  JSON.stringify(seen) ===
    JSON.stringify({ "GET /v1/me": 2, "POST /v1/radix": 2, "GET /v1/catalog/bodies": 1, "GET /v1/catalog/aspects": 3 }),
  `requests seen by the stub ${JSON.stringify(seen)}`,
);
console.log(`typescript client: 429 and 503 retried honouring Retry-After (seconds and HTTP date), bounded: ${JSON.stringify(seen)}`);
console.log("typescript client: passed");
