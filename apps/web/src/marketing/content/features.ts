// /features/fast and /features/fees. Speeds are what the software does: Ferry-user transfers and
// exchanges post in one ledger transaction; bank and crypto transfers are reserved at once and sent by
// the operator. Fees: the transfer fees are the product's real ones (DEFAULT_FEES_BPS, the server's
// defaults); the volume tiers (spec §9) are the operator's offer, not applied by the software.
import { DEFAULT_FEES_BPS } from "./operator.ts";
import type { PageContent } from "./page-sections.ts";

export const FAST_PAGE: PageContent = {
  hero: {
    eyebrow: "Fast transfers",
    icon: "fast",
    title: "Money that moves",
    accent: "while it still matters",
    lead: "Pay another Ferry user and it's in their balance the moment you confirm. Exchange between your balances in seconds. Bank and crypto transfers leave your balance at once and you can follow every step.",
    primaryCta: { label: "Send money", to: "/dashboard?tab=send" },
    secondaryCta: { label: "See the fees", to: "/features/fees" },
    visual: {
      kind: "figures",
      title: "How fast",
      figures: [
        { value: "Instant", label: "To another Ferry user" },
        { value: "Instant", label: "Between your own balances" },
        { value: "30 s", label: "An exchange quote is held for" },
      ],
      note: "Bank and crypto transfers also depend on the receiving bank or network.",
    },
  },
  sections: [
    {
      kind: "table",
      id: "fast-timings",
      eyebrow: "Timings",
      title: "How long each transfer takes",
      subtitle: "No vague promises: here is what happens when you press confirm.",
      caption: "How long each kind of transfer takes",
      columns: ["Transfer", "Arrives"],
      rows: [
        ["To a Ferry user", "Instantly"],
        ["Exchange between your balances", "Instantly"],
        ["To a bank account", "After it's sent"],
        ["To a crypto wallet", "After it's sent"],
      ],
      rowDetails: [
        "Both balances change in one step, and your recipient is notified at once.",
        "At the rate of a quote held for 30 seconds, so the price can't move while you decide.",
        "The amount and fee are reserved from your balance at once; the transfer is then sent, and the bank delivers it.",
        "Reserved at once, then sent to the address and confirmed on its network.",
      ],
      emphasizedColumn: 1,
      footnote:
        "You can see every transfer's status (pending, sent, failed or cancelled) under Transactions, and we notify you when it changes. If a transfer fails or is cancelled, the reserved money goes straight back to your balance.",
    },
    {
      kind: "split",
      id: "fast-example",
      eyebrow: "Example",
      title: "Free and instant between Ferry users",
      isBanded: true,
      paragraphs: [
        "When the person you're paying also uses Ferry, the transfer never leaves Ferry: it is one entry in our ledger, debiting you and crediting them at the same moment.",
      ],
      bullets: [
        "No fee on transfers to another Ferry user",
        "They're notified as soon as the money arrives",
        "Confirmed with a code that works only for that payment",
      ],
      panel: {
        kind: "transfer-example",
        title: "Sending to a Ferry user",
        caption: "An example transfer, priced with Ferry's fees",
        amount: "250.00",
        currency: "EUR",
        methodLabel: "Ferry user",
        feeBasisPoints: DEFAULT_FEES_BPS.ferryUser,
        arrivalLabel: "Arrives",
        arrival: "Instantly",
      },
    },
    {
      kind: "steps",
      id: "fast-steps",
      eyebrow: "How it works",
      title: "Three steps to send",
      steps: [
        {
          icon: "user",
          title: "Pick your recipient",
          description: "Choose a saved recipient or add a new one. Bank details are checked as you type.",
        },
        {
          icon: "receipt",
          title: "Enter the amount",
          description: "See the fee and the total before anything happens. No surprises after you confirm.",
        },
        {
          icon: "key",
          title: "Confirm with a code",
          description: "Type the code we e-mail you, and your transfer is on its way.",
        },
      ],
    },
    {
      kind: "features",
      id: "fast-no-shortcuts",
      eyebrow: "Fast, not careless",
      title: "Speed without shortcuts",
      isBanded: true,
      columns: 4,
      items: [
        {
          icon: "search",
          title: "Checked destinations",
          description: "Account numbers and crypto addresses are checked before a transfer can be sent.",
        },
        {
          icon: "eye",
          title: "Shown in full",
          description: "You see the whole destination, the fee and the total before you're asked for the code.",
        },
        {
          icon: "bell",
          title: "Status you can follow",
          description: "Pending, sent or failed: every change is in your history and your notifications.",
        },
        {
          icon: "scale",
          title: "Exact amounts",
          description: "Amounts are kept to the smallest unit of each currency, never rounded along the way.",
        },
      ],
    },
    {
      kind: "cta",
      id: "fast-cta",
      title: "Send your first transfer in minutes",
      body: "Open a free account, add money, and pay anyone on Ferry instantly.",
      primaryCta: { label: "Get Started", to: "/signup" },
      secondaryCta: { label: "Compare rates", to: "/rates" },
    },
  ],
};

export const FEES_PAGE: PageContent = {
  hero: {
    eyebrow: "Low fees",
    icon: "fees",
    title: "Clear fees,",
    accent: "shown before you send",
    lead: "One simple fee for each kind of transfer, added on top so your recipient gets exactly what you send. No account fees, and the total is always on screen before you confirm.",
    primaryCta: { label: "Get Started", to: "/signup" },
    secondaryCta: { label: "Compare rates", to: "/rates" },
    visual: {
      kind: "figures",
      title: "Transfer fees",
      figures: [
        { value: "Free", label: "To another Ferry user" },
        { value: "0.5 %", label: "To a bank account" },
        { value: "1 %", label: "To a crypto wallet" },
      ],
      note: "Of the amount you send, added on top.",
    },
  },
  sections: [
    {
      kind: "fee-schedule",
      id: "fees-transfers",
      eyebrow: "Transfer fees",
      title: "What a transfer costs",
      subtitle: "These are the fees Ferry charges on every transfer, with what each costs on a transfer of USD 1,000.",
      caption: "Ferry's transfer fees by kind of transfer",
      exampleAmount: "1000.00",
      exampleCurrency: "USD",
      columns: { method: "Transfer", rate: "Fee", example: "On USD 1,000" },
      rows: [
        {
          icon: "user",
          method: "To a Ferry user",
          detail: "Instant, between two Ferry accounts",
          feeBasisPoints: DEFAULT_FEES_BPS.ferryUser,
        },
        {
          icon: "bank",
          method: "To a bank account",
          detail: "IBAN, US, Canadian, Australian or UK account",
          feeBasisPoints: DEFAULT_FEES_BPS.bank,
        },
        {
          icon: "wallet",
          method: "To a crypto wallet",
          detail: "BTC, ETH, USDC or USDT address",
          feeBasisPoints: DEFAULT_FEES_BPS.crypto,
        },
      ],
      footnote:
        "The fee is a percentage of the amount, added on top and rounded up to the currency's smallest unit (0.5 % of USD 0.99 is USD 0.01). These are the product's fees as it is set up by default; the exact fee of every transfer is shown before you confirm it.",
    },
    {
      kind: "features",
      id: "fees-other",
      eyebrow: "Everything else",
      title: "What else you pay, and what you don't",
      isBanded: true,
      columns: 3,
      items: [
        {
          icon: "exchange",
          title: "Exchanges",
          description:
            "Each currency pair has its own fee, shown with its rate on Compare rates and in every quote before you exchange.",
        },
        {
          icon: "wallet",
          title: "No account fees",
          description: "Opening an account, holding balances and receiving money from other Ferry users cost nothing.",
        },
        {
          icon: "receipt",
          title: "No hidden extras",
          description:
            "The fee you see is the fee you pay. Your recipient's own bank or network may charge them separately.",
        },
      ],
    },
    {
      kind: "table",
      id: "fees-volume",
      eyebrow: "Volume pricing",
      title: "Lower rates as your volume grows",
      subtitle: "Customers who trade more each month can ask for volume pricing on exchanges.",
      caption: "Volume tiers by monthly volume",
      columns: ["Monthly volume", "Fee"],
      rows: [
        ["$0 – $10,000", "0.1 %"],
        ["$10,000 – $50,000", "0.08 %"],
        ["$50,000 – $100,000", "0.06 %"],
        ["Above $100,000", "0.04 %"],
      ],
      emphasizedColumn: 1,
      footnote:
        "Volume tiers are an offer of the company operating this Ferry service, agreed with you: they are not applied automatically. Ferry's software charges the transfer fees above and each pair's exchange fee.",
    },
    {
      kind: "related",
      id: "fees-related",
      title: "Plan your transfer",
      links: [
        {
          icon: "exchange",
          title: "Compare rates",
          description: "Today's rates and fees for popular pairs, and what a bank would charge.",
          to: "/rates",
        },
        {
          icon: "business",
          title: "Business plans",
          description: "Pricing for companies paying suppliers and teams abroad.",
          to: "/business",
        },
        {
          icon: "fast",
          title: "Fast transfers",
          description: "How long each kind of transfer takes.",
          to: "/features/fast",
        },
      ],
    },
    {
      kind: "cta",
      id: "fees-cta",
      title: "Know the cost before you send",
      body: "Open a free account and see the exact fee of every transfer before you confirm it.",
      primaryCta: { label: "Get Started", to: "/signup" },
      secondaryCta: { label: "Sign In", to: "/login" },
    },
  ],
};
