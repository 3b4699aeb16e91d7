// A TypeScript client for Orrery: openapi-fetch typed by the types openapi-typescript generates
// from the service's OpenAPI document (src/schema.ts, written by `npm run build`), and a thin
// layer: the key, the base URL, retries of 429 and 503 honouring `Retry-After`, error answers
// thrown as `OrreryError`, pictures as bytes.
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from "openapi-fetch";
import type { MediaType, PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import type { components, operations, paths } from "./schema.js";
import { OrreryError, errorFromAnswer } from "./errors.js";
import { retryingFetch } from "./retry.js";

export type { components, operations, paths };
export { OrreryError, retryAfterMs } from "./errors.js";
export { retryingFetch, type RetryOptions } from "./retry.js";

/** The schema of a name in the OpenAPI document: `Schema<"RadixResponse">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

export const DEFAULT_BASE_URL = "http://127.0.0.1:8080";
export const API_KEY_HEADER = "X-API-Key";

export interface OrreryOptions {
  /** The API key, sent as `X-API-Key`; default the `ORRERY_API_KEY` environment variable (Node). */
  apiKey?: string;
  /** The service; default `ORRERY_BASE_URL`, else `http://127.0.0.1:8080`. */
  baseUrl?: string;
  /** How many times a 429 or 503 answer is retried; default 3, 0 for none. */
  maxRetries?: number;
  /** The longest `Retry-After` waited, in ms; a longer one is thrown at once. Default 30 000. */
  maxRetryWaitMs?: number;
  /** The fetch to send with; default the global one. */
  fetch?: typeof globalThis.fetch;
}

/** The operations whose answer is a picture (`image/png` or `image/svg+xml`). */
export type PicturePath = "/v1/chart-wheel" | "/v1/ephemeris-graph";

type InitParam<Init> = RequiredKeysOf<Init> extends never ? [Init?] : [Init];
type Data<Path, Method extends "get" | "post", Init> = Path extends keyof paths
  ? Method extends keyof paths[Path]
    ? NonNullable<FetchResponse<paths[Path][Method] & Record<string | number, any>, Init, MediaType>["data"]>
    : never
  : never;

function environment(name: string): string | undefined {
  const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return process?.env?.[name] || undefined;
}

/** A client of the Orrery API. Every method resolves with the answer's body and throws an
 * `OrreryError` for an error answer (after the retries of a 429 or 503). */
export class Orrery {
  /** The openapi-fetch client with the key, base URL and retries set; its calls do not throw. */
  readonly client: Client<paths>;

  constructor(options: OrreryOptions = {}) {
    const apiKey = options.apiKey ?? environment("ORRERY_API_KEY");
    if (!apiKey) throw new Error("no API key: pass new Orrery({ apiKey }) or set ORRERY_API_KEY");
    const baseUrl = (options.baseUrl ?? environment("ORRERY_BASE_URL") ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.client = createClient<paths>({
      baseUrl,
      headers: { [API_KEY_HEADER]: apiKey },
      fetch: retryingFetch(options.fetch ?? globalThis.fetch, {
        maxRetries: options.maxRetries,
        maxWaitMs: options.maxRetryWaitMs,
      }),
    });
  }

  /** `GET path`: `orrery.get("/v1/places", { params: { query: { q: "Graz" } } })`. */
  async get<Path extends PathsWithMethod<paths, "get">, Init extends MaybeOptionalInit<paths[Path], "get">>(
    path: Path,
    ...init: InitParam<Init>
  ): Promise<Data<Path, "get", Init>> {
    return this.send("GET", path, init[0]);
  }

  /** `POST path`: `orrery.post("/v1/radix", { body: { birth } })`. */
  async post<Path extends PathsWithMethod<paths, "post">, Init extends MaybeOptionalInit<paths[Path], "post">>(
    path: Path,
    ...init: InitParam<Init>
  ): Promise<Data<Path, "post", Init>> {
    return this.send("POST", path, init[0]);
  }

  /** A picture's bytes: `orrery.picture("/v1/chart-wheel", { kind: "natal", format: "png", radix })`. */
  async picture<Path extends PicturePath>(
    path: Path,
    body: paths[Path]["post"]["requestBody"]["content"]["application/json"],
  ): Promise<Uint8Array> {
    const answer: ArrayBuffer = await this.send("POST", path, { body, parseAs: "arrayBuffer" });
    return new Uint8Array(answer);
  }

  /** One call through openapi-fetch (whose types the public methods carry), unwrapped. */
  private async send(method: "GET" | "POST", path: string, init: unknown): Promise<any> {
    const call = this.client[method] as (path: string, init?: unknown) => Promise<FetchResponse<any, any, any>>;
    return unwrap(await call(path, init));
  }
}

/** The body of a success, or the error answer thrown as an `OrreryError`. */
function unwrap(answer: { data?: unknown; error?: unknown; response: Response }): any {
  if (answer.response.ok) return answer.data;
  if (answer.response.status === 304) return undefined;
  throw errorFromAnswer(answer.response, answer.error);
}
