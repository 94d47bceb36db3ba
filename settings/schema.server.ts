import { tzOffset } from "@date-fns/tz";
import { z } from "zod";

// Every environment variable the app reads, with its default and meaning. The README's
// configuration table lists exactly these (tests/unit/settings/readme-table.test.ts checks it).

/** An empty variable (`PORT=`) counts as unset, as most of them were read with `||` or a truthiness test. */
const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const variable = <T extends z.ZodTypeAny>(type: T) => z.preprocess(unsetIfEmpty, type);

const wholeNumber = (min: number, max: number, expected: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, expected)
    .transform(Number)
    .refine((n) => n >= min && n <= max, expected);

const port = () => wholeNumber(1, 65_535, "expected a whole number from 1 to 65535");
const milliseconds = () =>
  wholeNumber(0, Number.MAX_SAFE_INTEGER, "expected a whole number of milliseconds, 0 or more");
const flag = () =>
  z
    .enum(["true", "false"], { errorMap: () => ({ message: "expected true or false" }) })
    .transform((value) => value === "true");
const text = () => z.string();
const url = () => z.string().trim().url("expected a URL such as https://api.postmarkapp.com");
const timeZone = () =>
  z
    .string()
    .trim()
    .refine((zone) => !Number.isNaN(tzOffset(zone, new Date(0))), "expected an IANA time zone such as Europe/Brussels");

export const settingsSchema = z.object({
  NODE_ENV: variable(text().optional()).describe(
    "`production` (npm start, npm run serve) or `development` (npm run dev): GraphiQL, introspection, host check",
  ),
  PORT: variable(port().default("3000")).describe("HTTP port of the app"),
  HOST: variable(text().default("0.0.0.0")).describe("address the app listens on"),
  DATA_DIR: variable(text().default("./data")).describe(
    "catalog, tenant databases and their template, uploads, dev outbox",
  ),
  TENANT_DATABASE_URL: variable(text().optional()).describe(
    "template for tenant databases on a libSQL server, {tenant} is the slug",
  ),
  TENANT_DATABASE_AUTH_TOKEN: variable(text().optional()).describe("auth token for the tenant database servers"),
  CATALOG_DATABASE_URL: variable(text().optional()).describe("where the tenant list lives"),
  CATALOG_DATABASE_AUTH_TOKEN: variable(text().optional()).describe("auth token for the catalog's server"),
  TENANT_DATABASE_ADMIN_URL: variable(
    z.string().trim().url("expected a URL such as http://127.0.0.1:8081").optional(),
  ).describe("sqld's admin API: provisioning creates each tenant's namespace (and the catalog's) there"),
  SQLD_HTTP_PORT: variable(port().default("8080")).describe("port of the sqld `npm run start:scaled` starts"),
  SQLD_ADMIN_PORT: variable(port().default("8081")).describe("admin port of the sqld `npm run start:scaled` starts"),
  WEB_CONCURRENCY: variable(wholeNumber(1, 256, "expected a whole number from 1 to 256").optional()).describe(
    "app processes `npm run start:scaled` starts (default: the number of cores)",
  ),
  POSTMARK_SERVER_TOKEN: variable(text().optional()).describe("send e-mail through Postmark; else to DATA_DIR/outbox/"),
  POSTMARK_API_URL: variable(url().optional()).describe("Postmark's API address (tests aim it at a local fake)"),
  MAIL_FROM: variable(text().default("no-reply@assessments.local")).describe("Postmark sender"),
  POSTMARK_MESSAGE_STREAM: variable(text().default("outbound")).describe("Postmark message stream"),
  PARTYKIT_HOST: variable(text().optional()).describe("a deployed PartyKit host; else one is started locally"),
  PARTYKIT_PORT: variable(port().default("1999")).describe("port of the locally started PartyKit server"),
  PARTYKIT_DISABLED: variable(flag().default("false")).describe("no live rooms: start none, publish nothing"),
  REALTIME_SECRET: variable(text().optional()).describe("HMAC secret shared by the app and the live rooms"),
  COOKIE_SECURE: variable(flag().optional()).describe("force Secure cookies on or off; else by the request's scheme"),
  PUBLIC_URL: variable(text().optional()).describe(
    "the site's public origin (checked by app/lib/public-url.server.ts)",
  ),
  PUBLIC_HOST_ALIASES: variable(text().optional()).describe("comma-separated further hosts of the same site"),
  TRUST_PROXY: variable(flag().default("false")).describe("trust X-Forwarded-* from any proxy, not only loopback"),
  OPERATOR_API_TOKEN: variable(text().optional()).describe("bearer token of the operator's createAdminUser"),
  GRAPHQL_INTROSPECTION: variable(flag().default("false")).describe("allow GraphQL introspection in production"),
  TENANT_DB_MAX_OPEN: variable(
    wholeNumber(1, Number.MAX_SAFE_INTEGER, "expected a whole number from 1 up").default("500"),
  ).describe("tenant databases kept open at once (at most a quarter of the open-file limit)"),
  TENANT_DB_CLOSE_DELAY_MS: variable(milliseconds().default("30000")).describe(
    "how long an evicted tenant database stays usable before it closes",
  ),
  LIVE_STAFF_EVENT_WAIT_MS: variable(milliseconds().default("100")).describe(
    "how long staff-only live events wait to be sent with others",
  ),
  DEFAULT_TIME_ZONE: variable(timeZone().default("Europe/Brussels")).describe(
    "time zone of organisations created without one",
  ),
  SEED_DEMO: variable(flag().default("true")).describe("create the demo organisation on an empty DATA_DIR"),
});

export type Settings = Readonly<z.output<typeof settingsSchema>>;
export type SettingName = keyof typeof settingsSchema.shape;
