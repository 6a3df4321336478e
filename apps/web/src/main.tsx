// Boot: move a prefix-less first visit into the visitor's language, load that
// language's texts while the first page's code and data load, then render the
// routes inside the data providers.
import "./zod-setup.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, useRoutes } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { preloadRoute } from "./app/preload.ts";
import { appRoutes } from "./app/routes.tsx";
import { initI18n } from "./i18n/i18n.ts";
import { initialPath, localeFromPath, preferredLocale } from "./i18n/locale.ts";
import { createQueryClient, createQueryUtils, createTrpcClient, trpc } from "./lib/trpc.ts";
import { ReconnectingBanner } from "./ui/ReconnectingBanner.tsx";
import "virtual:layout.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";

const { pathname, search, hash } = window.location;
const target = initialPath(pathname, preferredLocale());
if (target !== pathname) window.history.replaceState(null, "", target + search + hash);

// The texts are asked for first: nothing shows without them, and the page's chunks come in beside them.
const texts = initI18n(localeFromPath(window.location.pathname));
const routes = appRoutes();
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
preloadRoute(routes, window.location.pathname, createQueryUtils(queryClient, trpcClient));
await texts;

function Routes() {
  return useRoutes(routes);
}

function App() {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ReconnectingBanner />
        <BrowserRouter>
          <Routes />
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
