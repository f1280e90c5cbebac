// The registry of Ferry's public pages: each page's canonical path, its title (shown as "<title> · Ferry"
// in the browser tab) and its meta description. Plain data with no React, so build scripts (pre-rendering,
// sitemap.xml) can import it as well as the pages. An operator edits titles and descriptions here.
import { LANDING_PAGE_ENTRY } from "./content/landing.ts";
import { RATES_PAGE } from "./content/rates.ts";

export interface StaticPageEntry {
  /** The canonical path; the canonical link and the sitemap are built from it. */
  path: string;
  /** The page's name, without the site name: "<title> · Ferry" is added by PageMeta. */
  title: string;
  /** The meta description: one or two sentences, about 70 to 160 characters. */
  description: string;
}

/** The landing page at `/` (its entry lives with its copy: the first script carries it, not this table). */
export { LANDING_PAGE_ENTRY };

/** The rates page at `/rates` (rates-page.tsx); its copy lives in content/rates.ts. */
export const RATES_PAGE_ENTRY: StaticPageEntry = {
  path: "/rates",
  title: RATES_PAGE.title,
  description: RATES_PAGE.description,
};

/**
 * Every public static page by canonical path, rendered by static-page.tsx (the page component of each is
 * in static-page-components.tsx). The paths and their short aliases are routes of core's table
 * (`@ferry/core/web-routes`). /tools and /alerts are built in their own files and use their entries here.
 */
export const STATIC_PAGES: readonly StaticPageEntry[] = [
  {
    path: "/business",
    title: "Business payments",
    description:
      "Pay suppliers, contractors and partners in nine currencies from one Ferry account, with plans for growing volumes.",
  },
  {
    path: "/support",
    title: "Support",
    description:
      "Reach Ferry support by live chat, phone or e-mail, find answers to common questions, or send us a message.",
  },
  {
    path: "/support/dedicated",
    title: "Dedicated support",
    description:
      "Standard, Premium and VIP support tiers: faster answers and a named contact as your monthly volume grows.",
  },
  {
    path: "/features/fast",
    title: "Fast transfers",
    description:
      "Transfers between Ferry users and exchanges between your balances settle instantly; see how bank and crypto sends move.",
  },
  {
    path: "/security",
    title: "Security",
    description:
      "How Ferry protects your account and your money: two-step sign-in, transfer codes, hashed secrets and an exact ledger.",
  },
  {
    path: "/security/global",
    title: "Global security",
    description:
      "The same protections for every account in every country: checked destinations, daily limits and reviewed deposits.",
  },
  {
    path: "/features/fees",
    title: "Low fees",
    description:
      "Ferry's transfer fees, shown before you send: free between Ferry users, 0.5 % to a bank and 1 % to a crypto wallet.",
  },
  {
    path: "/alerts",
    title: "Account alerts",
    description:
      "Get an e-mail and a notification when a large transaction moves, your balance runs low or someone signs in from a new device.",
  },
  {
    path: "/tools",
    title: "Tools",
    description: "Free calculators to plan transfers, conversions and mortgage payments before you move money.",
  },
  {
    path: "/partners",
    title: "Partners",
    description:
      "The kind of banks, exchanges and payout networks a Ferry operator works with, and what each of them charges.",
  },
  {
    path: "/terms",
    title: "Terms of Service",
    description:
      "The terms for opening and using a Ferry account: eligibility, fees, transfers, limits, and how to close an account.",
  },
  {
    path: "/privacy",
    title: "Privacy Policy",
    description:
      "What personal data Ferry collects, why it is needed, who it is shared with, how long it is kept and your rights.",
  },
  {
    path: "/reasons",
    title: "Popular transfer reasons",
    description:
      "From supporting family to paying tuition or a supplier abroad, the everyday reasons people send money with Ferry.",
  },
  {
    path: "/use-cases/property",
    title: "Buy property abroad",
    description:
      "Pay a deposit and the completion funds for a home overseas with the fee shown up front and every step on record.",
  },
  {
    path: "/use-cases/invest",
    title: "Invest overseas",
    description:
      "Move money to where you invest, in fiat or crypto, and see the rate and the fee before each exchange or transfer.",
  },
  {
    path: "/use-cases/mortgage",
    title: "Pay a mortgage abroad",
    description:
      "Keep up with mortgage payments in another currency: a saved recipient, a known fee and a record of every payment.",
  },
  {
    path: "/use-cases/inheritance",
    title: "Receive an inheritance",
    description:
      "Bring an inheritance home from abroad: receive it into your Ferry account, convert it when you choose, then cash out.",
  },
  {
    path: "/use-cases/family",
    title: "Support family abroad",
    description:
      "Send money to the people you love: free and instant if they use Ferry, or to their bank account or crypto wallet.",
  },
];

/** Every public page of the site, for the sitemap and pre-rendering: the landing page, rates and the static pages. */
export const PUBLIC_PAGES: readonly StaticPageEntry[] = [LANDING_PAGE_ENTRY, RATES_PAGE_ENTRY, ...STATIC_PAGES];

/** The registry entry of a public page by its canonical path, if it is one. */
export function findPublicPage(path: string): StaticPageEntry | undefined {
  return PUBLIC_PAGES.find((page) => page.path === path);
}
