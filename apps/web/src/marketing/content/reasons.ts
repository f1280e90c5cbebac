// /reasons: the everyday reasons people send money, linking to the five use-case guides.
import type { PageContent } from "./page-sections.ts";

export const REASONS_PAGE: PageContent = {
  hero: {
    eyebrow: "Popular transfer reasons",
    icon: "scroll",
    title: "Every reason",
    accent: "to send money",
    lead: "Family, study, work, a home abroad or a new investment: whatever moves your money, Ferry shows the fee up front and gets it there.",
    primaryCta: { label: "Send money", to: "/dashboard?tab=send" },
    secondaryCta: { label: "See the fees", to: "/features/fees" },
    visual: {
      kind: "chips",
      chips: [
        { icon: "heart", text: "Support for family" },
        { icon: "graduation", text: "Tuition paid on time" },
        { icon: "house", text: "A home abroad" },
      ],
    },
  },
  sections: [
    {
      kind: "related",
      id: "reasons-guides",
      eyebrow: "Guides",
      title: "Guides for life's big transfers",
      subtitle: "Step-by-step help for the transfers that matter most.",
      links: [
        {
          icon: "family",
          title: "Support family abroad",
          description: "Regular help for the people you love, free and instant if they use Ferry.",
          to: "/use-cases/family",
        },
        {
          icon: "house",
          title: "Buy property abroad",
          description: "Plan a deposit and a completion payment around your limits.",
          to: "/use-cases/property",
        },
        {
          icon: "mortgage",
          title: "Pay a mortgage abroad",
          description: "A saved recipient and a known fee, every month.",
          to: "/use-cases/mortgage",
        },
        {
          icon: "invest",
          title: "Invest overseas",
          description: "Move money to where you invest, in fiat or crypto.",
          to: "/use-cases/invest",
        },
        {
          icon: "heart",
          title: "Receive an inheritance",
          description: "Bring money home and convert it when you choose.",
          to: "/use-cases/inheritance",
        },
        {
          icon: "business",
          title: "Pay suppliers",
          description: "Business payments in nine currencies, with plans for growing volumes.",
          to: "/business",
        },
      ],
    },
    {
      kind: "features",
      id: "reasons-everyday",
      eyebrow: "Everyday reasons",
      title: "And everything in between",
      isBanded: true,
      columns: 4,
      items: [
        {
          icon: "graduation",
          title: "Tuition and study",
          description: "Pay a university abroad, or send a student their monthly budget.",
        },
        {
          icon: "user",
          title: "Freelance and remote work",
          description: "Get paid by clients who use Ferry, or pay the people who work for you abroad.",
        },
        {
          icon: "plane",
          title: "Travel and living abroad",
          description: "Hold the currency you need before you go, and exchange when the rate suits you.",
        },
        {
          icon: "gift",
          title: "Gifts and celebrations",
          description: "Send a birthday or wedding gift to someone across the world in minutes.",
        },
        {
          icon: "house",
          title: "Rent and bills",
          description: "Pay a landlord or a bill in another country from your Ferry balance.",
        },
        {
          icon: "coin",
          title: "Crypto to fiat",
          description: "Turn BTC, ETH, USDC or USDT into dollars or euros, and send them to a bank.",
        },
        {
          icon: "heart",
          title: "Medical costs",
          description: "Pay a clinic abroad or help a relative with treatment costs.",
        },
        {
          icon: "handshake",
          title: "Paying back a friend",
          description: "Split a trip or repay a loan instantly and for free between Ferry users.",
        },
      ],
    },
    {
      kind: "steps",
      id: "reasons-steps",
      eyebrow: "However you use it",
      title: "The same three steps every time",
      steps: [
        {
          icon: "wallet",
          title: "Add money",
          description: "From your bank with your personal reference, or crypto to your own deposit address.",
        },
        {
          icon: "receipt",
          title: "See the cost",
          description: "Choose the recipient and amount, and see the fee and total before anything happens.",
        },
        {
          icon: "send",
          title: "Send it",
          description: "Confirm with the code we e-mail you. Follow the transfer in your history.",
        },
      ],
    },
    {
      kind: "cta",
      id: "reasons-cta",
      title: "Whatever your reason, start here",
      body: "Open a free Ferry account in minutes and send money with the fee shown up front.",
      primaryCta: { label: "Create Free Account", to: "/signup" },
      secondaryCta: { label: "Compare rates", to: "/rates" },
    },
  ],
};
