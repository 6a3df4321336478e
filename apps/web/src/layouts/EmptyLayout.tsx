// The empty layout: nothing but the page, centred (error pages).
import { Outlet } from "react-router";

export function EmptyLayout() {
  return (
    <main id="content" className="empty-layout">
      <Outlet />
    </main>
  );
}
