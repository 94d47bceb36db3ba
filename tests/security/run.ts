import { fetchSender, runChecks } from "./hostile-requests";

// `npm run security:check -- http://localhost:3000`: sends hostile-requests.ts's requests to a running
// server. SECURITY_CHECK_COOKIE="adminAuthState=…" adds the checks that need a staff session.

const base = process.argv[2] ?? process.env.SECURITY_CHECK_URL ?? "http://localhost:3000";
const cookie = process.env.SECURITY_CHECK_COOKIE || undefined;

const outcomes = await runChecks(base, fetchSender(base), cookie);
for (const o of outcomes)
  console.log(`${o.skipped ? "skip" : o.ok ? "ok  " : "FAIL"}  ${o.name}${o.message ? `\n      ${o.message}` : ""}`);
const failed = outcomes.filter((o) => !o.ok).length;
const passed = outcomes.filter((o) => o.ok && !o.skipped).length;
console.log(
  `\n${passed} passed, ${failed} failed${outcomes.some((o) => o.skipped) ? " (signed-in checks skipped: set SECURITY_CHECK_COOKIE)" : ""}`,
);
process.exit(failed ? 1 : 0);
