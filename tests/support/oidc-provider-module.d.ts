// The parts of `oidc-provider` (v8, a dev dependency with no types of its own) the tests use.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type Account = { accountId: string; claims: () => Record<string, unknown> };
  export type Configuration = {
    clients?: Array<Record<string, unknown>>;
    pkce?: { required?: () => boolean; methods?: string[] };
    features?: Record<string, { enabled: boolean }>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys: string[] };
    ttl?: Record<string, number | (() => number)>;
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
  };
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
