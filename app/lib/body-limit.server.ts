/** A request body over its limit; answered 413 without reading further. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * Reads a request body, refusing it as soon as it is known to be too large: by its declared
 * Content-Length before reading anything, else while streaming (a chunked body is cut off at the
 * limit, the rest is never read).
 */
export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Stop reading, but do not cancel: cancelling destroys the socket before the 413 is sent.
      // The server drops the unread rest after answering (app/server/security.ts, capUnreadBodies).
      reader.releaseLock();
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * The request with its body bounded by the limit, so later readers cannot read more: as it is when
 * it declares a length within the limit (Node's HTTP parser never delivers more than the declared
 * length), else a copy with the body read under the limit.
 */
export async function withBodyLimit(request: Request, maxBytes: number): Promise<Request> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isSafeInteger(declared) && declared >= 0 && declared <= maxBytes) return request;
  const body = await readBodyWithLimit(request, maxBytes);
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}

/**
 * A request's body under the limit: the bytes the server already read (`preread`, the request
 * then carries no body), else read from the request as `readBodyWithLimit` does.
 */
export async function requestBody(
  request: Request,
  preread: Uint8Array | undefined,
  maxBytes: number,
): Promise<Uint8Array> {
  if (!preread) return readBodyWithLimit(request, maxBytes);
  if (preread.byteLength > maxBytes) throw new BodyTooLargeError(maxBytes);
  return preread;
}
