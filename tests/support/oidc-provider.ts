import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

// A real OpenID Connect provider for the tests (the `oidc-provider` package, the same code many
// identity services run): one static confidential client, PKCE required, its development login
// and consent pages (devInteractions: any login name, any password), and a findAccount that
// answers the login name as the `email` claim (or the address `emails` maps it to).

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Seconds an authorization code lives; change it between sign-ins to let codes expire. */
  codeTtlSeconds: number;
  close: () => Promise<void>;
};

export async function startTestProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Login name → e-mail claim; names not listed answer themselves as the e-mail. */
  emails?: Record<string, string>;
  /** Serve over https with this key and certificate (the e2e server runs in production mode). */
  tls?: { key: string; cert: string };
  /** Keep the e-mail in the ID token (false), or only in userinfo (true: the provider's default). */
  conformIdTokenClaims?: boolean;
}): Promise<TestProvider> {
  const server = options.tls ? https.createServer(options.tls) : http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
  const clientId = options.clientId ?? "assessments";
  const clientSecret = options.clientSecret ?? `secret-${Math.random().toString(36).slice(2)}`;
  const state: TestProvider = { issuer, clientId, clientSecret, codeTtlSeconds: 60, close: async () => {} };
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    conformIdTokenClaims: options.conformIdTokenClaims ?? true,
    cookies: { keys: ["test-provider-cookie-key"] },
    ttl: { AuthorizationCode: () => state.codeTtlSeconds },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: options.emails?.[sub] ?? sub, email_verified: true }),
    }),
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();
  server.on("request", (req, res) => {
    // A browser on the provider's pages asks for its icon; the provider has none.
    if (req.url === "/favicon.ico") return void res.writeHead(204).end();
    handle(req, res);
  });
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/**
 * A browser at the provider, driven with fetch and a cookie jar: opens the authorization address,
 * signs in on the login page as `login` (any password), confirms the consent page, and answers the
 * address the provider sends the browser back to (the app's callback, not followed). `cancel`
 * presses the login page's Cancel link instead.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  opts: { cancel?: boolean } = {},
): Promise<URL> {
  const jar = new Map<string, string>();
  const provider = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let method = "GET";
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method,
      body,
      redirect: "manual",
      headers: {
        ...(jar.size ? { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    method = "GET";
    body = undefined;
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      if (url.origin !== provider) return url;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`no interaction form in: ${html.slice(0, 300)}`);
    if (opts.cancel) {
      const abort = /<a href="([^"]+)">\[ Cancel \]/.exec(html)?.[1];
      url = new URL(abort!, url);
      continue;
    }
    url = new URL(action, url);
    method = "POST";
    body = new URLSearchParams(prompt === "login" ? { prompt, login, password: "any" } : { prompt });
  }
  throw new Error("the provider did not send the browser back");
}
