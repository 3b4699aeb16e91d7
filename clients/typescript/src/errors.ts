// Orrery's error object, `{"error": {code, message, field?, details?, request_id, doc_url?}}`,
// as an Error subclass. Read from the raw JSON, so fields the service adds later arrive without
// a new client.

/** An error answer of the service. */
export class OrreryError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The machine-readable code (`invalid_input`, `unknown_name`, ...; the schema's `ErrorCode`). */
  readonly code: string;
  /** The field the error is about (`birth.location.latitude`), when one is to blame. */
  readonly field: string | null;
  /** Machine-readable details (`candidates`, `accepted`, `limit`...), when there are any. */
  readonly details: unknown;
  /** The request's id, for support (also the `X-Request-Id` header). */
  readonly requestId: string | null;
  /** The page that explains the code, when the service sends one. */
  readonly docUrl: string | null;
  /** The `Retry-After` header in ms, when there is one. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    field?: string | null;
    details?: unknown;
    requestId?: string | null;
    docUrl?: string | null;
    retryAfterMs?: number | null;
  }) {
    super(`${init.status} ${init.code}: ${init.message}`);
    this.name = "OrreryError";
    this.status = init.status;
    this.code = init.code;
    this.field = init.field ?? null;
    this.details = init.details ?? null;
    this.requestId = init.requestId ?? null;
    this.docUrl = init.docUrl ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }
}

/** `Retry-After` in ms: a number of seconds or an HTTP date; null if absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const when = Date.parse(text);
  return Number.isNaN(when) ? null : Math.max(0, when - nowMs);
}

/** The `OrreryError` of an error answer; `body` is what openapi-fetch read from it. */
export function errorFromAnswer(response: Response, body: unknown): OrreryError {
  const headers = response.headers;
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  const retry = retryAfterMs(headers.get("retry-after"));
  if (typeof error !== "object" || error === null) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return new OrreryError({
      status: response.status,
      code: "unexpected_answer",
      message: `the answer is not Orrery's error object: ${String(text).slice(0, 500)}`,
      requestId: headers.get("x-request-id"),
      retryAfterMs: retry,
    });
  }
  const text = (key: string) => (typeof error[key] === "string" ? (error[key] as string) : null);
  return new OrreryError({
    status: response.status,
    code: text("code") ?? "unexpected_answer",
    message: text("message") ?? "",
    field: text("field"),
    details: error.details,
    requestId: text("request_id") ?? headers.get("x-request-id"),
    docUrl: text("doc_url"),
    retryAfterMs: retry,
  });
}
