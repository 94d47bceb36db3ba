import cluster from "node:cluster";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";
import { bootstrap, DEMO } from "~/server/bootstrap";
import { dataDir } from "~db/config";
import { creditServerOutages, startLiveHeartbeat } from "~/modules/live/index.server";
import { realtimeSecret } from "~/modules/realtime/index.server";
import { startWebhookWorker } from "~/modules/webhooks/index.server";
import { DATABASE_RETRY_MS } from "~/lib/retry-later";
import { checkPublicUrlSetting, PublicUrlSettingError } from "~/lib/public-url.server";
import { settings, SettingsError, type Settings } from "~settings/settings.server";
import { createApiLane } from "./api-lane";
import { refuseForeignHost } from "./host-check";
import { startAppRoomServer } from "./room-server";
import { expressTrustProxy, trustProxyFromEnv } from "./request-facts";
import {
  apiSecurityHeaders,
  capUnreadBodies,
  noStoreByDefault,
  refuseCrossSiteWrites,
  securityHeaders,
} from "./security";

// `npm start` (production build) and `npm run dev` (Vite, hot reload): migrate every database,
// seed the demo tenant on an empty DATA_DIR, then serve the app and the PartyKit dev server.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// Every environment variable is read here, once: a bad value stops the server before it serves.
let config: Settings;
try {
  config = settings();
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(`Cannot start:\n${error.message}`);
  process.exit(1);
}
const dev = config.NODE_ENV !== "production";
const { PORT: port, HOST: host } = config;

// Every link sent out (sign-in, invitations, reports) starts with PUBLIC_URL: a bad value stops here.
let publicOrigin: string;
try {
  publicOrigin = checkPublicUrlSetting();
} catch (error) {
  if (!(error instanceof PublicUrlSettingError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
}

const { tenants, demoCreated } = await bootstrap();

// The room and the app must share the signing secret; PARTYKIT_HOST set means an external room server
// (else the app's own, on PARTYKIT_PORT: realtime.server.ts's partykitHost()).
const secret = realtimeSecret();
const room =
  !config.PARTYKIT_HOST && !config.PARTYKIT_DISABLED
    ? startAppRoomServer(config.PARTYKIT_PORT, secret, () => shuttingDown)
    : null;

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`\n${signal} received, stopping.`);
  void (room?.stop() ?? Promise.resolve()).then(() => process.exit(0));
}
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));

const viteDevServer = dev
  ? await import("vite").then((vite) => vite.createServer({ root, server: { middlewareMode: true } }))
  : undefined;

const trustProxy = trustProxyFromEnv(config.TRUST_PROXY);
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", expressTrustProxy(trustProxy));
app.use(capUnreadBodies);

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(path.join(root, "build/server/index.js"))) as ServerBuild);
const getLoadContext = (req: express.Request, res: express.Response) => {
  const context = {
    clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
    cspNonce: res.locals.cspNonce as string,
    /** Set by entry.server.tsx's handleError when a loader or action found the database unavailable. */
    databaseUnavailable: false,
  };
  res.locals.loadContext = context;
  return context;
};
const pageHeaders = securityHeaders(dev);
// Every endpoint of the one API table (app/api/routes.server.ts) is registered here, answered before
// Express: no middleware chain, static files' disk lookups or Remix routing for the requests a live
// room sends most (ADR 0020, ADR 0025). Its pages (the sign-in link) are Remix's, below.
const apiLane = await createApiLane({ build, trustProxy, securityHeaders: apiSecurityHeaders(dev) });

app.use(compression());

app.use(pageHeaders);
app.use(refuseCrossSiteWrites(trustProxy));
if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
  // The root holds files only (favicon.svg): a page's path (no extension) does not look on disk.
  const rootFiles = express.static(path.join(root, "build/client"), { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? rootFiles(req, res, next) : next()));
}

// A page whose data could not be read because the database is down or restarting: 503 with
// Retry-After (the database's own refusal, ~/lib/retry-later), not a 500.
const unavailableAs503: express.RequestHandler = (_req, res, next) => {
  onHeaders(res, () => {
    if (
      res.statusCode !== 500 ||
      !(res.locals.loadContext as { databaseUnavailable?: boolean } | undefined)?.databaseUnavailable
    )
      return;
    res.statusCode = 503;
    res.setHeader("Retry-After", String(Math.ceil(DATABASE_RETRY_MS / 1000)));
  });
  next();
};

app.all("*", noStoreByDefault, unavailableAs503, createRequestHandler({ build, getLoadContext }));

// Right before serving, once the build is loaded (loading it takes seconds on a busy machine, and
// those seconds are the app's, not the candidate's): time the app could not serve an ongoing session
// is given back to every running clock; then every process stamps the sessions it serves
// (outage.server.ts, ADR 0032).
for (const credit of await creditServerOutages()) {
  const gap = Math.round((credit.to.getTime() - credit.from.getTime()) / 1000);
  console.log(
    `[live] ${credit.tenant}: session ${credit.scheduledSession} was not served for ${gap} s; given back to ${credit.participants} running clock(s).`,
  );
}
startLiveHeartbeat();
// Webhook deliveries waiting in the tenant databases' outboxes, from before a restart too (ADR 0042).
startWebhookWorker();

// Outside development only the public origin's host (and its aliases) is served.
createServer(
  (req, res) => (!dev && refuseForeignHost(req, res, trustProxy)) || apiLane(req, res) || app(req, res),
).listen(port, host, () => {
  const url = `http://localhost:${port}`;
  // Under `npm run start:scaled` the first app process says it all; the others say they serve too.
  if (cluster.isWorker && cluster.worker?.id !== 1) {
    console.log(`[app] process ${process.pid} serving ${url} too.`);
    return;
  }
  console.log(
    `\nSkills Assessments is running at ${url} (${dev ? "development" : "production"}, data in ${dataDir()}).`,
  );
  if (publicOrigin !== url) console.log(`Public address (links in e-mails): ${publicOrigin}`);
  const tenantList = tenants.length > 10 ? `${tenants.length} organisations` : tenants.join(", ") || "none";
  console.log(`Tenants: ${tenantList}${demoCreated ? " (demo tenant created)" : ""}`);
  if (tenants.includes(DEMO.slug)) {
    console.log(`Staff:       open ${url}/admin, organisation "${DEMO.slug}", e-mail ${DEMO.adminEmail}`);
    console.log(`Participant: open ${url}/user, organisation "${DEMO.slug}", e-mail ${DEMO.participantEmail}`);
    if (!config.POSTMARK_SERVER_TOKEN)
      console.log(`The one-time code is in ${path.join(dataDir(), "outbox")} (newest .json file) and in this log.`);
  }
  console.log("Press Ctrl-C to stop.\n");
});
