import type { TestProject } from "vitest/node";
import { startSqld } from "../support/sqld";

// The "sqld" Vitest project (vitest.config.ts): one sqld with namespaces for the whole run; each
// test file names its own catalog and tenant namespaces on it (tests/unit/setup.ts).

export type ProvidedSqld = { tenantUrlTemplate: string; adminUrl: string; httpPort: number };

declare module "vitest" {
  export interface ProvidedContext {
    sqld?: ProvidedSqld;
  }
}

export default async function setup(project: TestProject) {
  const sqld = await startSqld();
  project.provide("sqld", {
    tenantUrlTemplate: sqld.tenantUrlTemplate,
    adminUrl: sqld.adminUrl,
    httpPort: sqld.httpPort,
  });
  return () => sqld.stop();
}
