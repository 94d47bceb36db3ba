// Lint: typescript-eslint, React hooks, accessibility of JSX, and the layers of the architecture
// (routes → components and graphql → modules → lib → db), so an import that points up fails.
import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Each zone: files in `target` may not import from `from`. */
const layerZones = [
  { target: "./db", from: "./app", message: "db/ is the bottom layer: it imports nothing from app/." },
  {
    target: "./settings",
    from: ["./app", "./db", "./party"],
    message: "settings/ is read by every layer: it imports none of them.",
  },
  {
    target: "./app/lib",
    from: ["./app/modules", "./app/components", "./app/graphql", "./app/routes"],
    message: "lib/ holds pure helpers: it imports nothing from modules, components, graphql or routes.",
  },
  {
    target: "./app/modules",
    from: ["./app/components", "./app/graphql", "./app/routes"],
    message: "modules/ is domain logic: screens and resolvers call it, never the other way round.",
  },
  {
    target: "./app/components",
    from: ["./app/routes", "./app/graphql"],
    message: "components/ are given their data: they import no route or resolver.",
  },
  {
    target: "./app/graphql",
    from: ["./app/routes", "./app/components"],
    message: "graphql/ calls modules, not screens.",
  },
];

/** Methods and functions that register a path: Express's `app.get(…)`, Remix's `route(…)`. */
const REGISTERS = new Set(["get", "post", "put", "patch", "delete", "all", "use", "route", "head", "options"]);
const isApiPath = (node) =>
  (node?.type === "Literal" && typeof node.value === "string" && /^\/api(\/|$)/i.test(node.value)) ||
  (node?.type === "TemplateLiteral" && /^\/api(\/|$)/i.test(node.quasis[0]?.value.cooked ?? ""));

/**
 * Every `/api/*` address lives in the one table of app/api/routes.server.ts (README, "API"): a
 * Remix route file named `api.…` or an `/api/` path registered elsewhere (a route call, a `path:`
 * entry) is refused.
 */
const oneApiTable = {
  files: ["app/**/*.{ts,tsx}", "party/**/*.ts", "*.config.{js,ts}"],
  ignores: ["app/api/**"],
  plugins: {
    "api-edge": {
      rules: {
        "one-table": {
          meta: {
            type: "problem",
            messages: {
              routeFile: "An /api/ route belongs in the one table of app/api/routes.server.ts, not in app/routes.",
              registered: "The /api/ path {{path}} is registered outside the one table of app/api/routes.server.ts.",
            },
            schema: [],
          },
          create(context) {
            const file = context.filename.replaceAll("\\", "/");
            const reportPath = (node) =>
              context.report({ node, messageId: "registered", data: { path: context.sourceCode.getText(node) } });
            return {
              Program(node) {
                if (/\/app\/routes\/api\./i.test(file)) context.report({ node, messageId: "routeFile" });
              },
              CallExpression(node) {
                const callee = node.callee;
                const name = callee.type === "MemberExpression" ? callee.property.name : callee.name;
                if (REGISTERS.has(name) && isApiPath(node.arguments[0])) reportPath(node.arguments[0]);
              },
              Property(node) {
                if (node.key.name === "path" && isApiPath(node.value)) reportPath(node.value);
              },
            };
          },
        },
      },
    },
  },
  rules: { "api-edge/one-table": "error" },
};

/**
 * Domains with a public face: from outside app/modules/<d>/, only its index.server.ts (server code)
 * and index.ts (browser-safe rules and types) may be imported; inside a domain its own files freely.
 * Tests may reach inside for unit tests.
 */
const domains = fs
  .readdirSync("./app/modules", { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const outsideModules = [
  ...fs
    .readdirSync("./app")
    .filter((name) => name !== "modules")
    .map((name) => `./app/${name}`),
  "./party",
  "./db",
];
const faceZones = domains.map((domain) => ({
  target: [...outsideModules, ...domains.filter((d) => d !== domain).map((d) => `./app/modules/${d}`)],
  from: `./app/modules/${domain}`,
  except: ["./index.server.ts", "./index.ts"],
  message: `import the ${domain} domain through its face: ~/modules/${domain}/index.server (server) or ~/modules/${domain} (browser-safe).`,
}));

export default tseslint.config(
  {
    ignores: ["build/**", "node_modules/**", ".partykit/**", "data/**", "tests/.tmp/**", "public/**", ".cache/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // import-x reads the imported TypeScript files too (no-cycle follows them).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Domains import each other through their faces, so a cycle between two domains shows here too.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [...layerZones, ...faceZones],
        },
      ],
    },
  },
  {
    // The libSQL connection under drizzle is db/tenant's own (prepared.ts, planned-write.ts).
    files: ["app/**/*.{ts,tsx}", "party/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='$client']",
          message: "The libSQL connection under drizzle is db/tenant's own: use drizzle, or db/tenant/prepared.ts.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Tests read GraphQL and loader answers of many shapes; `any` there is the honest type.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // One owner of live rows (ADR 0038): the gateway (gateway.server.ts and its parts in gateway/)
    // writes them and keeps what they change.
    files: ["app/modules/live/**/*.ts"],
    ignores: ["app/modules/live/gateway/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["./", "../"].flatMap((at) => [
            {
              name: `${at}progress.server`,
              message: "Live rows are written by the gateway only (gateway.server.ts): call it instead.",
            },
            {
              name: `${at}live-state.server`,
              importNames: ["advanceKept"],
              message: "Only the gateway carries the kept live state forward, after its own writes.",
            },
          ]),
        },
      ],
    },
  },
  oneApiTable,
);
