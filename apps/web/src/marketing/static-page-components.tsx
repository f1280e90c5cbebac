import type { ComponentType } from "react";
import { AlertsPage } from "./alerts-page.tsx";
import { BUSINESS_PAGE } from "./content/business.ts";
import { FAST_PAGE, FEES_PAGE } from "./content/features.ts";
import { PRIVACY_PAGE, TERMS_PAGE } from "./content/legal.ts";
import { PARTNERS_PAGE } from "./content/partners.ts";
import { REASONS_PAGE } from "./content/reasons.ts";
import { GLOBAL_SECURITY_PAGE, SECURITY_PAGE } from "./content/security.ts";
import { DEDICATED_SUPPORT_PAGE, SUPPORT_PAGE } from "./content/support.ts";
import { FAMILY_PAGE, INHERITANCE_PAGE, INVEST_PAGE, MORTGAGE_PAGE, PROPERTY_PAGE } from "./content/use-cases.ts";
import { ContentPage } from "./marketing-sections.tsx";
import { SupportContactForm } from "./support-contact-form.tsx";
import { ToolsPage } from "./tools-page.tsx";

/** /support: its content, with the contact form in its section. */
function SupportPage() {
  return <ContentPage content={SUPPORT_PAGE} contactForm={<SupportContactForm />} />;
}

/**
 * The body of each static page by its canonical path (a path of STATIC_PAGES in static-pages.ts);
 * static-page.tsx puts it in the marketing layout with the page's title, description and canonical link.
 * A page built in a file of its own (/tools, /alerts) can be added here the same way.
 */
export const STATIC_PAGE_COMPONENTS: Readonly<Record<string, ComponentType>> = {
  "/business": () => <ContentPage content={BUSINESS_PAGE} />,
  "/support": SupportPage,
  "/support/dedicated": () => <ContentPage content={DEDICATED_SUPPORT_PAGE} />,
  "/features/fast": () => <ContentPage content={FAST_PAGE} />,
  "/features/fees": () => <ContentPage content={FEES_PAGE} />,
  "/security": () => <ContentPage content={SECURITY_PAGE} />,
  "/security/global": () => <ContentPage content={GLOBAL_SECURITY_PAGE} />,
  "/alerts": AlertsPage,
  "/tools": ToolsPage,
  "/partners": () => <ContentPage content={PARTNERS_PAGE} />,
  "/terms": () => <ContentPage content={TERMS_PAGE} />,
  "/privacy": () => <ContentPage content={PRIVACY_PAGE} />,
  "/reasons": () => <ContentPage content={REASONS_PAGE} />,
  "/use-cases/property": () => <ContentPage content={PROPERTY_PAGE} />,
  "/use-cases/invest": () => <ContentPage content={INVEST_PAGE} />,
  "/use-cases/mortgage": () => <ContentPage content={MORTGAGE_PAGE} />,
  "/use-cases/inheritance": () => <ContentPage content={INHERITANCE_PAGE} />,
  "/use-cases/family": () => <ContentPage content={FAMILY_PAGE} />,
};
