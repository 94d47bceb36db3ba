import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { apiPages } from "./app/api/pages";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
      // The `/api/` pages of the one API table (app/api/pages.ts).
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          for (const page of apiPages) route(page.path.slice(1), page.page, { id: page.path.slice(1) });
        }),
    }),
    tsconfigPaths(),
  ],
});
