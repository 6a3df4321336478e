import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { loadSettings } from "@clubcast/settings";
import { initialJsBudget } from "./build/initial-js-budget.ts";
import { layoutFromShared } from "./build/layout-css.ts";

// The API server the dev server forwards to (API_URL, default the instance's own: PUBLIC_URL).
const apiUrl = loadSettings().API_URL;

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [
    react(),
    layoutFromShared(),
    initialJsBudget({
      page: "public home",
      // The home page and the English texts load right after the entry, before anything shows.
      routeModules: ["src/pages/home/HomePage.tsx", "src/i18n/locales/en.ts"],
      // 150 kB until the home's lists followed the matches live (issue 27): its realtime client is
      // 1.6 kB, and the page stood at 149.9 kB. Loading that client after the first paint costs more
      // than it saves (the modules it shares with the entry split into chunks of their own). The sign-in
      // pages' texts then moved to a namespace of their own, which left room for the viewer counts.
      // 152.5 kB since the first page's chunks, data and player load beside the texts (0.4 kB): a live
      // match's first frame on a cold visit went from 3.9 to 3.2 times hls.js's own (bench:first-frame).
      limitBytes: 152_500,
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      "/v1": apiUrl,
      "/trpc": apiUrl,
      "/refresh-csrf": apiUrl,
      "/socket.io": { target: apiUrl, ws: true },
    },
  },
  build: {
    target: "es2022",
    sourcemap: false,
  },
});
