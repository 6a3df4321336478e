// The line under the top bar's title on the administration pages: what the
// page is for, and its page-wide actions. (The top bar holds the page's h1.)
import type { ReactNode } from "react";

export function PageIntro({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="ops-intro">
      <p className="ops-intro__text">{text}</p>
      {children && <div className="ops-intro__actions">{children}</div>}
    </div>
  );
}
