// The head of the administration pages: the section's name as the page's
// heading (the top bar shows it too, but a page needs its own h1 in the main
// content), what the page is for, and its page-wide actions.
import type { ReactNode } from "react";
import { useSectionTitle } from "../../layouts/frame/useSectionTitle.ts";

export function PageIntro({ title, text, children }: { title?: string; text: string; children?: ReactNode }) {
  const sectionTitle = useSectionTitle();
  return (
    <div className="ops-intro">
      <div>
        {/* A page below the section's own (Streams › Go live) names itself. */}
        <h1 className="page-header__title display">{title ?? sectionTitle}</h1>
        <p className="ops-intro__text">{text}</p>
      </div>
      {children && <div className="ops-intro__actions">{children}</div>}
    </div>
  );
}
