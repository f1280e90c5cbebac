import { screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { Navigate, Route, Routes } from "react-router";
import { describe, expect, test } from "vitest";
import { AlertsPage } from "../features/alerts/alerts-page.tsx";
import { SupportContactForm } from "../features/support/support-contact-form.tsx";
import { ToolsPage } from "../features/tools/tools-page.tsx";
import { fakeApi, renderWithApp } from "../testing/render.tsx";
import { STATIC_PAGE_PLACEHOLDER } from "./content/site.ts";
import { LandingPage } from "./landing-page.tsx";
import { StaticPage } from "./static-page.tsx";
import { STATIC_PAGE_COMPONENTS } from "./static-page-components.tsx";
import {
  findPublicPage,
  LANDING_PAGE_ENTRY,
  PUBLIC_PAGES,
  RATES_PAGE_ENTRY,
  STATIC_PAGES,
  type StaticPageEntry,
} from "./static-pages.ts";
import { SupportPage } from "./support-page.tsx";

/** The document's title, description and canonical link, as React hoisted them into <head>. */
function headMeta() {
  return {
    title: document.title,
    description: document.head.querySelector('meta[name="description"]')?.getAttribute("content"),
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href"),
    titleCount: document.head.querySelectorAll("title").length,
    canonicalCount: document.head.querySelectorAll('link[rel="canonical"]').length,
  };
}

function expectMetaOf(page: StaticPageEntry) {
  expect(headMeta()).toEqual({
    title: `${page.title} · Ferry`,
    description: page.description,
    canonical: new URL(page.path, window.location.origin).href,
    titleCount: 1,
    canonicalCount: 1,
  });
}

/** Heading levels in document order never skip one going down (h2 → h4), and the first is the h1. */
function expectHeadingsInOrder() {
  const levels = screen.getAllByRole("heading").map((heading) => Number(heading.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  for (const [index, level] of levels.entries()) {
    if (index > 0) {
      expect(level, `heading ${index + 1} after h${levels[index - 1]}`).toBeLessThanOrEqual(levels[index - 1] + 1);
    }
  }
}

/** /support's body as app/routes.tsx composes it: the page's content with the support feature's form. */
function SupportPageWithForm() {
  return <SupportPage contactForm={<SupportContactForm />} />;
}

/** The bodies app/routes.tsx loads as chunks of their own (STATIC_PAGE_BODIES_OF_THEIR_OWN), by path. */
const BODIES_OF_THEIR_OWN: Readonly<Record<string, ComponentType>> = {
  "/support": SupportPageWithForm,
  "/alerts": AlertsPage,
  "/tools": ToolsPage,
};

describe("the public static pages", () => {
  test("every content has its page of the registry", () => {
    expect(Object.keys(STATIC_PAGE_COMPONENTS).every((path) => STATIC_PAGES.some((page) => page.path === path))).toBe(
      true,
    );
  });

  test("the registry holds each public page once, with a title and a description a search result can show", () => {
    const paths = PUBLIC_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(findPublicPage("/rates")).toBe(RATES_PAGE_ENTRY);
    expect(findPublicPage("/fast")).toBeUndefined();
    for (const page of PUBLIC_PAGES) {
      expect(page.path).toMatch(/^\/[a-z/-]*$/);
      expect(page.title.length, page.path).toBeGreaterThan(2);
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(50);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
    }
  });

  test.each(STATIC_PAGES.map((page) => [page.path, page] as const))(
    "%s shows one h1, headings in order, no placeholder, and its own title, description and canonical link",
    (_path, page) => {
      fakeApi({});
      renderWithApp(<StaticPage path={page.path} body={BODIES_OF_THEIR_OWN[page.path]} />);

      const h1 = screen.getByRole("heading", { level: 1 });
      expect(h1.textContent?.length).toBeGreaterThan(5);
      expectHeadingsInOrder();
      expect(screen.queryByText(STATIC_PAGE_PLACEHOLDER.heading)).toBeNull();
      expect(screen.queryByText(STATIC_PAGE_PLACEHOLDER.body)).toBeNull();
      expect(screen.getByRole("main")).toBeVisible();
      expectMetaOf(page);
    },
  );

  test("finds its page from the address when no path is given", () => {
    fakeApi({});
    renderWithApp(
      <Routes>
        <Route path="/" element={<Navigate to="/business" replace />} />
        <Route path="/business" element={<StaticPage />} />
      </Routes>,
    );

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Pay suppliers and partners in nine currencies",
    );
    expect(document.title).toBe("Business payments · Ferry");
  });

  test("the landing page has its own title, description and canonical link", () => {
    fakeApi({});
    renderWithApp(<LandingPage />);

    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expectMetaOf(LANDING_PAGE_ENTRY);
  });
});

describe("what the pages say", () => {
  test("/features/fees prices Ferry's real transfer fees on USD 1,000 and lists the volume tiers", () => {
    fakeApi({});
    renderWithApp(<StaticPage path="/features/fees" />);

    const fees = within(screen.getByRole("table", { name: "Ferry's transfer fees by kind of transfer" }));
    const rows = fees.getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Free", "USD 0.00"],
      ["0.5 %", "USD 5.00"],
      ["1 %", "USD 10.00"],
    ]);
    const tiers = within(screen.getByRole("table", { name: "Volume tiers by monthly volume" }));
    expect(tiers.getAllByRole("row").map((row) => row.textContent)).toEqual([
      "Monthly volumeFee",
      "$0 – $10,0000.1 %",
      "$10,000 – $50,0000.08 %",
      "$50,000 – $100,0000.06 %",
      "Above $100,0000.04 %",
    ]);
    expect(screen.getByText(/they are not applied automatically/)).toBeVisible();
  });

  test("/business shows the three plans with the spec's rates and limits", () => {
    fakeApi({});
    renderWithApp(<StaticPage path="/business" />);

    const plans = screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    expect(plans).toEqual(expect.arrayContaining(["Starter", "Growth", "Enterprise"]));
    expect(screen.getByText("Up to $50K in payments a month")).toBeVisible();
    expect(screen.getByText("Up to 5 team members")).toBeVisible();
    expect(screen.getByText("Up to $500K in payments a month")).toBeVisible();
    expect(screen.getByText("Unlimited team members")).toBeVisible();
    expect(screen.getByText("0.8 %")).toBeVisible();
    expect(screen.getByText("Custom")).toBeVisible();
  });

  test("/support has the three channels with their hours, six FAQ disclosures and the contact section", async () => {
    fakeApi({});
    const { user, container } = renderWithApp(<StaticPage path="/support" body={SupportPageWithForm} />);

    for (const name of ["Live chat", "Phone", "E-mail"]) {
      expect(screen.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    expect(screen.getByText("Mon–Fri, 6 AM–6 PM PT")).toBeVisible();
    expect(screen.getByText("2 minutes")).toBeVisible();
    expect(screen.getByText("4 hours")).toBeVisible();

    const questions = container.querySelectorAll("details");
    expect(questions).toHaveLength(6);
    const first = questions[0];
    expect(first).not.toHaveAttribute("open");
    await user.click(within(first).getByText("How long does a transfer take?"));
    expect(first).toHaveAttribute("open");

    expect(screen.getByRole("heading", { level: 2, name: "Can't find your answer?" })).toBeVisible();
    expect(await screen.findByRole("form", { name: "Send us a message" })).toBeVisible();
  });

  test("/support/dedicated lists the Standard, Premium ($10k+) and VIP ($100k+) tiers", () => {
    fakeApi({});
    renderWithApp(<StaticPage path="/support/dedicated" />);

    const tiers = within(screen.getByRole("region", { name: "Three levels of support" }));
    expect(tiers.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Standard",
      "Premium",
      "VIP",
    ]);
    expect(tiers.getByText("$10k+")).toBeVisible();
    expect(tiers.getByText("$100k+")).toBeVisible();
  });

  test("/partners shows six example partners from 0.45 % to 2.99 % and says they are examples", () => {
    fakeApi({});
    renderWithApp(<StaticPage path="/partners" />);

    const partners = within(screen.getByRole("region", { name: "Who does what" }));
    expect(partners.getAllByRole("heading", { level: 3 })).toHaveLength(6);
    expect(partners.getByText("0.45 %")).toBeVisible();
    expect(partners.getByText("2.99 %")).toBeVisible();
    expect(screen.getByRole("heading", { name: "These partners are examples" })).toBeVisible();
  });

  test("claims the software cannot back are the operator's: /security marks custody, insurance and certifications", () => {
    fakeApi({});
    renderWithApp(<StaticPage path="/security" />);

    const custody = within(screen.getByRole("region", { name: "Keys, licences and safeguards" }));
    for (const claim of [
      "Multi-signature and cold storage",
      "Insurance and safeguarding",
      "Certifications and audits",
    ]) {
      const card = custody.getByRole("heading", { name: claim }).closest("li") as HTMLElement;
      expect(within(card).getByText("Provided by your operator")).toBeVisible();
    }
    expect(screen.queryByText(/FDIC/)).toBeNull();
  });

  test("/terms and /privacy are templates marked for the operator to complete", () => {
    fakeApi({});
    renderWithApp(<StaticPage path="/terms" />);
    expect(screen.getByRole("heading", { name: "A template for the operator to complete" })).toBeVisible();
    expect(screen.getByRole("navigation", { name: "Contents" })).toBeVisible();
    expect(screen.getByText(/\[Operator's legal entity\]/)).toBeVisible();
  });
});
