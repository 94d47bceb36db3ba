// `tsx hold-write-lock.ts <file> <ms>`: another process on an embedded database (busy-timeout.test.ts):
// takes its write lock, says "held", keeps it `ms` milliseconds, commits and exits.
import { createClient } from "@libsql/client";

const [file, ms] = process.argv.slice(2);
const client = createClient({ url: `file:${file}` });
const transaction = await client.transaction("write");
await transaction.execute("INSERT INTO t VALUES (1)");
console.log("held");
await new Promise((resolve) => setTimeout(resolve, Number(ms)));
await transaction.commit();
client.close();
