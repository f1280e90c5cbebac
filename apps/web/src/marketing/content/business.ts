// /business: Ferry for companies. Plans and their prices are the operator's commercial offer (spec §9:
// Starter 0.8 % up to $50K monthly and 5 team members, Growth 0.5 % up to $500K with unlimited members and
// the API, Enterprise custom); features are marked by who provides them.
import type { PageContent } from "./page-sections.ts";

export const BUSINESS_PAGE: PageContent = {
  hero: {
    eyebrow: "Ferry for business",
    icon: "business",
    title: "Pay suppliers and partners",
    accent: "in nine currencies",
    lead: "Hold dollars, euros, pounds and crypto in one business account, pay bank accounts and wallets around the world, and see every fee before a payment leaves.",
    primaryCta: { label: "Open an account", to: "/signup" },
    secondaryCta: { label: "Talk to our team", to: "/support" },
    highlights: ["Fiat and crypto side by side", "Fees shown before you pay", "Every payment on record"],
    visual: {
      kind: "chips",
      chips: [
        { icon: "globe", text: "USD, EUR, GBP, CAD, AUD + crypto" },
        { icon: "receipt", text: "Fee shown before you pay" },
        { icon: "check", text: "Every payment in the ledger" },
      ],
    },
  },
  sections: [
    {
      kind: "features",
      id: "business-features",
      eyebrow: "Features",
      title: "Everything a finance team needs to pay abroad",
      subtitle:
        "What Ferry's software does today, and what is on the way. Each card says which it is, so you know what you are signing up for.",
      columns: 3,
      items: [
        {
          icon: "coin",
          title: "Nine currencies, one account",
          description:
            "Balances in USD, EUR, GBP, CAD, AUD, BTC, ETH, USDC and USDT. Exchange between them at a quote held for 30 seconds.",
          source: "built-in",
        },
        {
          icon: "bank",
          title: "Payments checked before they leave",
          description:
            "Bank details are checked as the receiving bank would — IBAN, routing, transit, BSB or sort code — and crypto addresses per network.",
          source: "built-in",
        },
        {
          icon: "fast",
          title: "Instant between Ferry accounts",
          description:
            "Pay a supplier or partner who also uses Ferry and the money is in their balance the moment you confirm.",
          source: "built-in",
        },
        {
          icon: "shield",
          title: "Never pay twice",
          description:
            "Every payment carries a unique key: a retried request returns the first result instead of sending the money again.",
          source: "built-in",
        },
        {
          icon: "file",
          title: "History ready for your books",
          description:
            "Every deposit, payment, fee and exchange in one history, exported to CSV for your accounting software.",
          source: "built-in",
        },
        {
          icon: "code",
          title: "API access",
          description:
            "Ferry's API is fully described in an OpenAPI document today. API keys for your own systems are coming with the Connect page.",
          source: "planned",
        },
        {
          icon: "layers",
          title: "Bulk payments",
          description: "Upload one file to pay a whole list of suppliers or contractors, each with its own reference.",
          source: "planned",
        },
        {
          icon: "family",
          title: "Team roles",
          description: "Invite colleagues, decide who can prepare and who can approve a payment, and see who did what.",
          source: "planned",
        },
        {
          icon: "support",
          title: "Support that knows your business",
          description: "Priority answers and a named contact as your volume grows, with Premium and VIP support tiers.",
          source: "operator",
        },
      ],
    },
    {
      kind: "features",
      id: "business-use-cases",
      eyebrow: "Use cases",
      title: "Built for the way businesses move money",
      isBanded: true,
      columns: 4,
      items: [
        {
          icon: "shop",
          title: "Paying suppliers abroad",
          description: "Settle invoices in the supplier's own currency, with the exact fee known before you pay.",
        },
        {
          icon: "user",
          title: "Contractors and freelancers",
          description: "Pay people who work for you in other countries to their bank account or crypto wallet.",
        },
        {
          icon: "handshake",
          title: "Partner and marketplace payouts",
          description: "Pay partners who also use Ferry instantly and for free, and everyone else by bank or crypto.",
        },
        {
          icon: "chart",
          title: "Treasury across currencies",
          description: "Keep working balances in the currencies you spend and exchange when the rate suits you.",
        },
      ],
    },
    {
      kind: "plans",
      id: "business-plans",
      eyebrow: "Plans",
      title: "Plans that grow with your volume",
      subtitle: "Pick the plan that fits the money you move each month. Move up when you outgrow it.",
      plans: [
        {
          name: "Starter",
          icon: "send",
          price: "0.8 %",
          priceNote: "per payment",
          summary: "For small teams starting to pay abroad.",
          features: [
            "Up to $50K in payments a month",
            "Up to 5 team members",
            "Bank and crypto payments in nine currencies",
            "CSV exports for your accounting",
            "Support by e-mail and the in-app help desk",
          ],
          cta: { label: "Start with Starter", to: "/signup" },
        },
        {
          name: "Growth",
          icon: "invest",
          price: "0.5 %",
          priceNote: "per payment",
          summary: "For companies paying suppliers and teams every week.",
          features: [
            "Up to $500K in payments a month",
            "Unlimited team members",
            "API access",
            "Everything in Starter",
            "Premium support",
          ],
          cta: { label: "Choose Growth", to: "/signup" },
          isFeatured: true,
          badge: "For growing teams",
        },
        {
          name: "Enterprise",
          icon: "crown",
          price: "Custom",
          priceNote: "pricing",
          summary: "For high volumes and payment flows of your own.",
          features: [
            "Volumes above $500K a month",
            "Pricing agreed with you",
            "A named account manager (VIP support)",
            "Help planning large and recurring payments",
            "Everything in Growth",
          ],
          cta: { label: "Contact us", to: "/support" },
        },
      ],
      footnote:
        "Plans, their prices and their limits are offered by the company operating this Ferry service and confirmed when you join. Team members, bulk payments and API keys are on Ferry's roadmap: until they arrive, a plan sets your pricing and your level of support.",
    },
    {
      kind: "steps",
      id: "business-steps",
      eyebrow: "Getting started",
      title: "From sign-up to first payment",
      steps: [
        {
          icon: "userCheck",
          title: "Open your account",
          description:
            "Sign up with your work e-mail and confirm it. Tell us about your business so we can set up your plan.",
        },
        {
          icon: "wallet",
          title: "Fund it",
          description:
            "Transfer from your company bank account with your personal reference, or deposit crypto to your own address.",
        },
        {
          icon: "send",
          title: "Pay the world",
          description:
            "Save your suppliers as recipients, check the fee, and confirm each payment with a code sent to you.",
        },
      ],
    },
    {
      kind: "cta",
      id: "business-cta",
      title: "Ready to pay abroad without the guesswork?",
      body: "Open a Ferry account in minutes, or talk to our team about the plan that fits your business.",
      primaryCta: { label: "Open an account", to: "/signup" },
      secondaryCta: { label: "Talk to our team", to: "/support" },
    },
  ],
};
