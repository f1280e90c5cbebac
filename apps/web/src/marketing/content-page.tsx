import type { ReactNode } from "react";
import type { PageContent, PageSection } from "./content/page-sections.ts";
import { FinalCta, Related } from "./sections/closing.tsx";
import { Channels, ContactForm } from "./sections/contact.tsx";
import { Faq } from "./sections/faq.tsx";
import { Features, Steps } from "./sections/features.tsx";
import { PageHero } from "./sections/hero.tsx";
import { Legal, Notice } from "./sections/notices.tsx";
import { Partners } from "./sections/partners.tsx";
import { Plans } from "./sections/plans.tsx";
import { Split } from "./sections/split.tsx";
import { FeeSchedule, Table } from "./sections/tables.tsx";
import { translatedContent } from "./translated-content.ts";

/** A static page's body from its content: the hero, then each section in order; `contactForm` fills a contact-form section. */
export function ContentPage({ content, contactForm }: { content: PageContent; contactForm?: ReactNode }) {
  // Every text in the active language (the content files hold the English, each its message key).
  const shown = translatedContent(content);
  return (
    <>
      <PageHero hero={shown.hero} />
      {shown.sections.map((section) => (
        <SectionOf key={section.id} section={section} contactForm={contactForm} />
      ))}
    </>
  );
}

function SectionOf({ section, contactForm }: { section: PageSection; contactForm?: ReactNode }) {
  switch (section.kind) {
    case "features":
      return <Features section={section} />;
    case "steps":
      return <Steps section={section} />;
    case "split":
      return <Split section={section} />;
    case "table":
      return <Table section={section} />;
    case "fee-schedule":
      return <FeeSchedule section={section} />;
    case "faq":
      return <Faq section={section} />;
    case "plans":
      return <Plans section={section} />;
    case "channels":
      return <Channels section={section} />;
    case "partners":
      return <Partners section={section} />;
    case "notice":
      return <Notice section={section} />;
    case "legal":
      return <Legal section={section} />;
    case "contact-form":
      return <ContactForm section={section} form={contactForm} />;
    case "related":
      return <Related section={section} />;
    case "cta":
      return <FinalCta section={section} />;
  }
}
