import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";

// `npm run lint` guards the architecture (README, "Architecture"; ADR 0033). These cases prove each
// guard fails on what it is there to refuse, with the project's own eslint.config.js.
const root = path.resolve(__dirname, "../../..");
const eslint = new ESLint({ cwd: root });
const made: string[] = [];

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

afterAll(() => {
  for (const file of made) fs.rmSync(file, { force: true });
});

describe("npm run lint", () => {
  it("refuses a deep import across domains, and takes the domain's face", async () => {
    expect(
      await ruleIds(
        "app/routes/zz-lint-probe.tsx",
        'export { saveAnswer } from "~/modules/live/participant.server";\n',
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIds("app/routes/zz-lint-probe.tsx", 'export { saveAnswer } from "~/modules/live/index.server";\n'),
    ).toEqual([]);
  }, 60_000);

  it("refuses an import cycle", async () => {
    const a = path.join(root, "app/lib/zz-cycle-a.ts");
    const b = path.join(root, "app/lib/zz-cycle-b.ts");
    made.push(a, b);
    fs.writeFileSync(a, 'import { b } from "./zz-cycle-b";\nexport const a = () => b();\n');
    fs.writeFileSync(b, 'import { a } from "./zz-cycle-a";\nexport const b = (): unknown => a;\n');
    expect(await ruleIds("app/lib/zz-cycle-a.ts", fs.readFileSync(a, "utf8"))).toContain("import-x/no-cycle");
  }, 60_000);

  it("refuses an /api/ route outside the one table", async () => {
    expect(await ruleIds("app/routes/api.zz-probe.ts", "export const loader = () => null;\n")).toContain(
      "api-edge/one-table",
    );
    expect(
      await ruleIds("app/server/zz-probe.ts", 'declare const app: { get(p: string): void };\napp.get("/api/zz");\n'),
    ).toContain("api-edge/one-table");
  }, 60_000);

  it("leaves live rows and the kept live state to the gateway, and libSQL under drizzle to db/tenant", async () => {
    const probe = "app/modules/live/zz-probe.server.ts";
    expect(await ruleIds(probe, 'export { bumpEntry } from "./progress.server";\n')).toContain("no-restricted-imports");
    expect(await ruleIds(probe, 'export { advanceKept } from "./live-state.server";\n')).toContain(
      "no-restricted-imports",
    );
    expect(await ruleIds(probe, 'export { liveEntryState } from "./live-state.server";\n')).toEqual([]);
    // The gateway's parts (gateway/) write them; the gateway's face (gateway.server.ts) only re-exports.
    const part = "app/modules/live/gateway/zz-probe.server.ts";
    expect(await ruleIds(part, 'export { bumpEntry } from "../progress.server";\n')).toEqual([]);
    expect(await ruleIds(part, 'export { advanceKept } from "../live-state.server";\n')).toEqual([]);
    expect(
      await ruleIds("app/modules/live/gateway.server.ts", 'export { bumpEntry } from "./progress.server";\n'),
    ).toContain("no-restricted-imports");
    expect(
      await ruleIds(
        "app/lib/zz-probe.ts",
        "export const rows = (db: { $client: { execute(): void } }) => db.$client.execute();\n",
      ),
    ).toContain("no-restricted-syntax");
  }, 60_000);

  it("refuses an unformatted file (Prettier, with the project's options)", async () => {
    const options = { ...(await prettier.resolveConfig(path.join(root, "app/lib/x.ts"))), filepath: "x.ts" };
    expect(await prettier.check("export const  a = {b:1}\n", options)).toBe(false);
    expect(await prettier.check("export const a = { b: 1 };\n", options)).toBe(true);
  });
});
