import http from "node:http";
import https from "node:https";

// Requests from the app to its rooms go through Node's own HTTP client on kept-alive connections
// rather than `fetch`: a full room publishes many times a second, and undici's Fetch layer (Request,
// Headers, web streams, an abort signal per call) cost about 6 % of the app's thread at 1,000
// participants for bodies it never streams (docs/benchmarks.md).

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 16 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

export type RoomAnswer = { status: number; ok: boolean; text: string };

type RoomRequestOptions = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
};

/**
 * One request to a room; rejects on a network error or when no answer came within `timeoutMs`. A
 * request sent on a kept-alive connection the room had just closed is sent once more on a new one
 * (Node's `request.reusedSocket`): the room never saw it, and a lost publish of an unlock left 415
 * waiting screens unlocked only at their next reload (docs/benchmarks.md).
 */
export function roomRequest(url: string, options: RoomRequestOptions): Promise<RoomAnswer> {
  return sendToRoom(url, options, true);
}

const CLOSED_UNDER_US = new Set(["ECONNRESET", "EPIPE"]);

function sendToRoom(url: string, options: RoomRequestOptions, mayResend: boolean): Promise<RoomAnswer> {
  const { method = "GET", headers = {}, body, timeoutMs } = options;
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  const agent = agents[target.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new Error(`Unsupported room URL: ${url}`));
  const payload = body === undefined ? undefined : Buffer.from(body);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = client.request(
      target,
      {
        method,
        agent,
        headers: payload ? { ...headers, "content-length": String(payload.length) } : headers,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.once("end", () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
        response.once("error", fail);
      },
    );
    function fail(error: Error) {
      clearTimeout(timer);
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (mayResend && !answered && request.reusedSocket && CLOSED_UNDER_US.has(code))
        resolve(sendToRoom(url, options, false));
      else reject(error);
    }
    const timer = setTimeout(
      () => request.destroy(new Error(`The room did not answer within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    request.once("error", fail);
    request.end(payload);
  });
}
