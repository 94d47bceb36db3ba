// Lint: typescript-eslint, React hooks, accessibility of JSX, and the layers of the architecture
// (routes → components and graphql → modules → lib → db), so an import that points up fails.
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
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: layerZones,
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
);
