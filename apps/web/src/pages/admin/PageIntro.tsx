// The heads of the administration pages and of their sections: the section's
// name as the page's heading (the top bar shows it too, but a page needs its
// own h1 in the main content), what the page is for, and its page-wide actions;
// a section's title, what it shows and its own actions, in the same layout.
import { useId, type ReactNode } from "react";
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

/** A section of a page under its own title and what it shows, with its own actions. */
export function IntroducedSection({
  title,
  text,
  actions,
  children,
}: {
  title: string;
  text: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="ops-section" aria-labelledby={titleId}>
      <div className="ops-intro">
        <div className="previews__intro">
          <h2 id={titleId} className="ops-section__title">
            {title}
          </h2>
          <p className="ops-intro__text">{text}</p>
        </div>
        {actions && <div className="ops-intro__actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
