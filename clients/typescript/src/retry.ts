// Retries of 429 and 503 answers, honouring `Retry-After`, as a fetch wrapper.
//
// Both statuses mean the request was not carried out (a quota, a full queue, a service that is
// not ready), so sending it again is safe for every operation, POST included. The wait is the
// answer's `Retry-After` (seconds or an HTTP date); without one, 500 ms doubled per attempt. A
// wait longer than `maxWaitMs` is not waited: the answer goes to the caller at once (an hourly
// quota's hour is not a retry), and so does the answer after `maxRetries` retries.
import { retryAfterMs } from "./errors.js";

export interface RetryOptions {
  /** How many times a 429 or 503 is retried; default 3. */
  maxRetries?: number;
  /** The longest wait, in ms; default 30 000. */
  maxWaitMs?: number;
  /** How to wait; default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

const RETRIED_STATUSES = new Set([429, 503]);
const FIRST_BACKOFF_MS = 500;

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fetch that sends a request again after a 429 or 503, within the bounds of `options`. */
export function retryingFetch(
  inner: typeof globalThis.fetch,
  options: RetryOptions = {},
): (input: Request, init?: RequestInit) => Promise<Response> {
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  const sleep = options.sleep ?? sleepMs;
  if (!(maxRetries >= 0)) throw new RangeError(`maxRetries must be 0 or more (got ${maxRetries})`);
  if (!(maxWaitMs >= 0)) throw new RangeError(`maxWaitMs must be 0 or more (got ${maxWaitMs})`);
  return async (request: Request, init?: RequestInit) => {
    for (let attempt = 0; ; attempt++) {
      const response = await inner(attempt < maxRetries ? request.clone() : request, init);
      if (!RETRIED_STATUSES.has(response.status) || attempt >= maxRetries) return response;
      const waitMs = retryAfterMs(response.headers.get("retry-after")) ?? FIRST_BACKOFF_MS * 2 ** attempt;
      if (waitMs > maxWaitMs) return response;
      await response.body?.cancel();
      await sleep(waitMs);
    }
  };
}
