import type { ComponentType } from "react";
import { BUSINESS_PAGE } from "./content/business.ts";
import { FAST_PAGE, FEES_PAGE } from "./content/features.ts";
import { PRIVACY_PAGE, TERMS_PAGE } from "./content/legal.ts";
import { PARTNERS_PAGE } from "./content/partners.ts";
import { REASONS_PAGE } from "./content/reasons.ts";
import { GLOBAL_SECURITY_PAGE, SECURITY_PAGE } from "./content/security.ts";
import { DEDICATED_SUPPORT_PAGE } from "./content/support.ts";
import { FAMILY_PAGE, INHERITANCE_PAGE, INVEST_PAGE, MORTGAGE_PAGE, PROPERTY_PAGE } from "./content/use-cases.ts";
import { ContentPage } from "./content-page.tsx";

/**
 * The body of each static page by its canonical path (a path of STATIC_PAGES in static-pages.ts);
 * static-page.tsx puts it in the marketing layout with the page's title, description and canonical link.
 * The pages of text share one chunk; the three with forms and calculators (/support, /alerts, /tools)
 * are chunks of their own, given to StaticPage by app/routes.tsx, so a page of text does not download
 * their schemas and dialogs (decision 021).
 */
export const STATIC_PAGE_COMPONENTS: Readonly<Record<string, ComponentType>> = {
  "/business": () => <ContentPage content={BUSINESS_PAGE} />,
  "/support/dedicated": () => <ContentPage content={DEDICATED_SUPPORT_PAGE} />,
  "/features/fast": () => <ContentPage content={FAST_PAGE} />,
  "/features/fees": () => <ContentPage content={FEES_PAGE} />,
  "/security": () => <ContentPage content={SECURITY_PAGE} />,
  "/security/global": () => <ContentPage content={GLOBAL_SECURITY_PAGE} />,
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
