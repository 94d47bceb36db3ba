import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// Benchmarks that need the app's modules as Vite builds them (translations are loaded through
// import.meta.glob): `npm run bench:reports`. Not part of `npm test`.
const { projects: _unitProjects, ...unit } = base.test ?? {};
export default defineConfig({
  ...base,
  test: {
    ...unit,
    include: ["tests/bench/**/*.vbench.ts"],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    maxWorkers: 1,
  },
});
