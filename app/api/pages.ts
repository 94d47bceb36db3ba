/**
 * The `/api/` addresses that are pages: the sign-in link of a code mail opens a page that asks to
 * continue. Remix renders them (vite.config.ts registers these with its route config); they are
 * listed in the one table (routes.server.ts) with the endpoints. No imports: vite.config.ts reads it.
 */
export const apiPages = [
  { methods: ["GET", "POST"], path: "/api/auth/callback", page: "api/sign-in-link-page.tsx" },
  { methods: ["GET", "POST"], path: "/api/user/auth/callback", page: "api/sign-in-link-page.tsx" },
] as const;

/** Whose sign-in link a page address is. */
export const signInLinkArea = (pathname: string): "admin" | "user" =>
  pathname.toLowerCase().startsWith("/api/user/") ? "user" : "admin";
