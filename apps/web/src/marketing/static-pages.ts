// The title and one-line description each public static page shows. Copy lives here so an operator
// can edit it without touching components.

export interface StaticPageEntry {
  path: string;
  title: string;
  description: string;
}

/**
 * Every public static page with its placeholder title and description, by canonical path. The paths and
 * their short aliases are routes of core's table (`@ferry/core/web-routes`); an alias shows its page.
 * /rates has a page of its own (rates-page.tsx, copy in content/rates.ts).
 */
export const STATIC_PAGES: readonly StaticPageEntry[] = [
  {
    path: "/business",
    title: "Business payments",
    description:
      "Pay suppliers, staff and partners worldwide with bulk payments, an API and roles for your whole team.",
  },
  {
    path: "/support",
    title: "Support",
    description: "Reach our team by live chat, phone or email whenever you have a question about your money.",
  },
  {
    path: "/support/dedicated",
    title: "Dedicated support",
    description: "A named specialist who knows your account and helps with large or complex transfers.",
  },
  {
    path: "/features/fast",
    title: "Fast transfers",
    description: "Most transfers arrive in minutes, so your money is there when it matters.",
  },
  {
    path: "/security",
    title: "Security",
    description:
      "How Ferry protects your money and data with encryption, cold storage, monitoring and strict compliance.",
  },
  {
    path: "/security/global",
    title: "Global security",
    description: "The same high standard of protection for every account, in every country we serve.",
  },
  {
    path: "/features/fees",
    title: "Low fees",
    description: "Clear, low fees shown before you send, with no hidden markup on the exchange rate.",
  },
  {
    path: "/alerts",
    title: "Rate and account alerts",
    description: "Get told by email or SMS when a rate moves, a transfer lands or something needs your attention.",
  },
  {
    path: "/tools",
    title: "Tools",
    description: "Free calculators to plan transfers, conversions and mortgage payments before you move money.",
  },
  {
    path: "/partners",
    title: "Partners",
    description: "The banks, exchanges and payment networks that help Ferry move money around the world.",
  },
  {
    path: "/terms",
    title: "Terms of Service",
    description: "The agreement between you and Ferry when you open and use an account.",
  },
  {
    path: "/privacy",
    title: "Privacy Policy",
    description: "What personal data Ferry collects, why we need it and how we keep it safe.",
  },
  {
    path: "/reasons",
    title: "Popular transfer reasons",
    description: "From paying tuition to supporting family, see the everyday reasons people send money with Ferry.",
  },
  {
    path: "/use-cases/property",
    title: "Buy property abroad",
    description: "Pay deposits and completion funds for a home overseas with clear costs and secure transfers.",
  },
  {
    path: "/use-cases/invest",
    title: "Invest overseas",
    description: "Move money to where you invest, in fiat or crypto, without losing value on the way.",
  },
  {
    path: "/use-cases/mortgage",
    title: "Pay a mortgage abroad",
    description: "Keep up with mortgage payments in another currency with regular, predictable transfers.",
  },
  {
    path: "/use-cases/inheritance",
    title: "Receive an inheritance",
    description: "Bring an inheritance home from abroad simply, securely and with the fees shown up front.",
  },
  {
    path: "/use-cases/family",
    title: "Support family abroad",
    description: "Send money to the people you love, quickly and affordably, wherever they live.",
  },
];
