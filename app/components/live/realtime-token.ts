// A live room's token in the browser (ADR 0030): tokens live ten minutes and can be revoked, so
// before each (re)connect the token is renewed when it is about to run out or the room closed the
// socket as revoked. A renewal the app refuses (logged out, taken off the session, account removed)
// ends the connection: the page reloads its data and shows what the account may still see.
import { REVOKED_CLOSE_CODE } from "../../../party/token";

export { REVOKED_CLOSE_CODE };

export type RenewableConnection = {
  token: string;
  capability?: "admin" | "participant";
  expires?: number;
  scheduledSessionId?: string;
};
export type RenewedToken = { token: string; expires: number };

/** The app no longer gives this account a token for the room: stop connecting. */
export class RealtimeAccessEnded extends Error {
  constructor() {
    super("realtime access ended");
    this.name = "RealtimeAccessEnded";
  }
}

/** Renew this long before the token's end: a connect takes a moment, and clocks differ a little. */
export const RENEW_BEFORE_MS = 60_000;

/** Asks the app for a new token on the account's own API; "refused" when it will not give one. */
export async function fetchRealtimeToken(connection: RenewableConnection): Promise<RenewedToken | "refused"> {
  if (!connection.scheduledSessionId || !connection.capability) return "refused";
  const response = await fetch(connection.capability === "admin" ? "/api/admin/graphql" : "/api/user/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      query: "mutation RenewRealtimeToken($s: ID!) { getRealtimeToken(scheduledSession: $s) { token expires } }",
      variables: { s: connection.scheduledSessionId },
    }),
  });
  if (response.status === 401 || response.status === 403) return "refused";
  if (!response.ok) throw new Error(`token renewal failed: ${response.status}`);
  const body = (await response.json()) as {
    data?: { getRealtimeToken?: { token: string; expires: string | number } | null };
    errors?: Array<{ extensions?: { code?: string } }>;
  };
  const renewed = body.data?.getRealtimeToken;
  if (renewed?.token)
    return {
      token: renewed.token,
      expires: typeof renewed.expires === "number" ? renewed.expires : Date.parse(renewed.expires),
    };
  const code = body.errors?.[0]?.extensions?.code;
  if (code === "UNAUTHORIZED" || code === "FORBIDDEN" || code === "NOT_FOUND") return "refused";
  throw new Error(`token renewal failed: ${code ?? "no token"}`);
}

/** Keeps the newest token (the page's, or a renewed one) and renews it before a connect when needed. */
export class RealtimeTokenKeeper {
  private current: RenewableConnection;
  private revoked = false;

  constructor(
    initial: RenewableConnection,
    private readonly renew: (connection: RenewableConnection) => Promise<RenewedToken | "refused"> = fetchRealtimeToken,
    private readonly now: () => number = Date.now,
  ) {
    this.current = initial;
  }

  /** A token the page loaded (each reload brings a fresh one). */
  update(connection: RenewableConnection): void {
    if (connection.token === this.current.token) return;
    this.current = connection;
    this.revoked = false;
  }

  /** The room closed the socket: this token is refused from now on. */
  closedWith(code: number): void {
    if (code === REVOKED_CLOSE_CODE) this.revoked = true;
  }

  /** The token to connect with; renews first when revoked or about to run out. Throws RealtimeAccessEnded when refused. */
  async tokenForConnect(): Promise<string> {
    const expires = this.current.expires;
    const expiring = typeof expires === "number" && expires - this.now() < RENEW_BEFORE_MS;
    if (!this.revoked && !expiring) return this.current.token;
    const renewed = await this.renew(this.current);
    if (renewed === "refused") throw new RealtimeAccessEnded();
    this.current = { ...this.current, ...renewed };
    this.revoked = false;
    return renewed.token;
  }
}
