import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "~settings/settings.server";

describe("loadSettings", () => {
  it("gives every variable its default when the environment sets none", () => {
    expect(loadSettings({})).toEqual({
      NODE_ENV: undefined,
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      TENANT_DATABASE_URL: undefined,
      TENANT_DATABASE_AUTH_TOKEN: undefined,
      CATALOG_DATABASE_URL: undefined,
      CATALOG_DATABASE_AUTH_TOKEN: undefined,
      TENANT_DATABASE_ADMIN_URL: undefined,
      SQLD_HTTP_PORT: 8080,
      SQLD_ADMIN_PORT: 8081,
      WEB_CONCURRENCY: undefined,
      POSTMARK_SERVER_TOKEN: undefined,
      POSTMARK_API_URL: undefined,
      MAIL_FROM: "no-reply@assessments.local",
      POSTMARK_MESSAGE_STREAM: "outbound",
      PARTYKIT_HOST: undefined,
      PARTYKIT_PORT: 1999,
      PARTYKIT_DISABLED: false,
      REALTIME_SECRET: undefined,
      COOKIE_SECURE: undefined,
      PUBLIC_URL: undefined,
      PUBLIC_HOST_ALIASES: undefined,
      TRUST_PROXY: false,
      OPERATOR_API_TOKEN: undefined,
      GRAPHQL_INTROSPECTION: false,
      TENANT_DB_MAX_OPEN: 500,
      TENANT_DB_CLOSE_DELAY_MS: 30_000,
      LIVE_STAFF_EVENT_WAIT_MS: 100,
      DEFAULT_TIME_ZONE: "Europe/Brussels",
      SEED_DEMO: true,
    });
  });

  it("reads typed values and treats an empty variable as unset", () => {
    const read = loadSettings({
      PORT: "4100",
      LIVE_STAFF_EVENT_WAIT_MS: "0",
      PARTYKIT_DISABLED: "true",
      SEED_DEMO: "false",
      COOKIE_SECURE: "false",
      DEFAULT_TIME_ZONE: " Europe/Amsterdam ",
      POSTMARK_SERVER_TOKEN: "",
      HOST: "",
    });
    expect(read).toMatchObject({
      PORT: 4100,
      LIVE_STAFF_EVENT_WAIT_MS: 0,
      PARTYKIT_DISABLED: true,
      SEED_DEMO: false,
      COOKIE_SECURE: false,
      DEFAULT_TIME_ZONE: "Europe/Amsterdam",
      POSTMARK_SERVER_TOKEN: undefined,
      HOST: "0.0.0.0",
    });
    expect(Object.isFrozen(read)).toBe(true);
  });

  it("names the variable, what it expects and the value it got", () => {
    expect(() => loadSettings({ PORT: "abc" })).toThrow(SettingsError);
    expect(() => loadSettings({ PORT: "abc" })).toThrow('PORT: expected a whole number from 1 to 65535, got "abc"');
    expect(() => loadSettings({ PORT: "70000" })).toThrow('PORT: expected a whole number from 1 to 65535, got "70000"');
    expect(() => loadSettings({ SEED_DEMO: "no" })).toThrow('SEED_DEMO: expected true or false, got "no"');
    expect(() => loadSettings({ DEFAULT_TIME_ZONE: "Mars/Olympus" })).toThrow(
      'DEFAULT_TIME_ZONE: expected an IANA time zone such as Europe/Brussels, got "Mars/Olympus"',
    );
  });

  it("names every bad variable at once, one a line", () => {
    const bad = () => loadSettings({ PORT: "abc", LIVE_STAFF_EVENT_WAIT_MS: "-1", TENANT_DB_MAX_OPEN: "0" });
    expect(bad).toThrow(
      [
        'PORT: expected a whole number from 1 to 65535, got "abc"',
        'TENANT_DB_MAX_OPEN: expected a whole number from 1 up, got "0"',
        'LIVE_STAFF_EVENT_WAIT_MS: expected a whole number of milliseconds, 0 or more, got "-1"',
      ].join("\n"),
    );
  });
});

describe("the server", () => {
  it("stops before serving when a setting is bad", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "app/server/main.ts"], {
      env: { ...process.env, PORT: "abc", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT: expected a whole number from 1 to 65535, got "abc"');
    expect(run.stdout).not.toContain("is running at");
  });
});
