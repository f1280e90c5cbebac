import type { ReactNode } from "react";
import { format } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { CONTAINER } from "../container.ts";
import type { PageLink, PageSection } from "../content/page-sections.ts";
import { Link } from "../local-link.tsx";
import { PAGE_ICONS, type PageIconName } from "../page-icons.ts";

// What every kind of section (the other files of this folder) draws with: its frame, icons and links.

/** Rate in basis points as people read it, with the locale's decimal sign: 50 → "0.5 %", "0,5 %". */
export function percentOf(basisPoints: number): string {
  const decimalSign = format().decimal("0.5", 1).replace(/\d/g, "");
  return `${String(basisPoints / 100).replace(".", decimalSign)} %`;
}

export function PageIcon({ name, className }: { name: PageIconName; className?: string }) {
  const Icon = PAGE_ICONS[name];
  return <Icon aria-hidden="true" className={className} />;
}

/** A link that is a route of the site, or a plain anchor for mailto:, tel: and other sites. */
export function SmartLink({ link, className, children }: { link: PageLink; className?: string; children: ReactNode }) {
  if (link.to.startsWith("/")) {
    return (
      <Link to={link.to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.to} className={className}>
      {children}
    </a>
  );
}

/** A section's eyebrow (if it has one) over its h2, the heading its landmark is named by. */
export function SectionTitle({ section }: { section: Pick<PageSection, "id" | "eyebrow" | "title"> }) {
  return (
    <>
      {section.eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{section.eyebrow}</p>
      ) : null}
      <h2
        id={section.id}
        className="mt-2 scroll-mt-28 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {section.title}
      </h2>
    </>
  );
}

/** A section's frame: its landmark, spacing, band and centred heading. */
export function Shell({
  section,
  children,
  hasHeading = true,
  className,
}: {
  section: PageSection;
  children: ReactNode;
  hasHeading?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={section.id}
      className={cn("py-16 sm:py-20", section.isBanded && "border-y border-slate-200 bg-white", className)}
    >
      <div className={CONTAINER}>
        {hasHeading ? (
          <div className="mx-auto max-w-2xl text-center">
            <SectionTitle section={section} />
            {section.subtitle ? (
              <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{section.subtitle}</p>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
