// Boot: move a prefix-less first visit into the visitor's language, load that
// language's texts, then render the routes inside the data providers.
import "./zod-setup.ts";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, useRoutes } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { appRoutes } from "./app/routes.tsx";
import { initI18n } from "./i18n/i18n.ts";
import { initialPath, localeFromPath, preferredLocale } from "./i18n/locale.ts";
import { createQueryClient, createTrpcClient, trpc } from "./lib/trpc.ts";
import { ReconnectingBanner } from "./ui/ReconnectingBanner.tsx";
import "virtual:layout.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";

const { pathname, search, hash } = window.location;
const target = initialPath(pathname, preferredLocale());
if (target !== pathname) window.history.replaceState(null, "", target + search + hash);

await initI18n(localeFromPath(window.location.pathname));
const routes = appRoutes();

function Routes() {
  return useRoutes(routes);
}

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
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
