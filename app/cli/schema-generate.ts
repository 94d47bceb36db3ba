import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { schemaFiles } from "~/graphql/schema-files";

// npm run schema:generate: writes schema/admin.graphql, schema/user.graphql and
// schema/possible-types.json from the schemas the server runs. Commit them with the change.
for (const [path, text] of Object.entries(schemaFiles())) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
