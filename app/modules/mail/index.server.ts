// The mail domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { enqueueMailJob } from "./mail-queue.server";
export { escapeHtml, mailHtml, sendMail } from "./mailer.server";
