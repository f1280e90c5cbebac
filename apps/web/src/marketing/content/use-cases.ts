// The five /use-cases/* guides. Example transfers are priced with Ferry's default fees (operator.ts); the
// daily limits quoted are the server's defaults (CASHOUT_DAILY_LIMITS).
import { DEFAULT_FEES_BPS } from "./operator.ts";
import type { PageContent, PageSection, RelatedSection } from "./page-sections.ts";

const USE_CASE_LINKS: RelatedSection["links"] = [
  {
    icon: "house",
    title: "Buy property abroad",
    description: "Deposits and completion payments, planned around your limits.",
    to: "/use-cases/property",
  },
  {
    icon: "invest",
    title: "Invest overseas",
    description: "Move money to where you invest, in fiat or crypto.",
    to: "/use-cases/invest",
  },
  {
    icon: "mortgage",
    title: "Pay a mortgage abroad",
    description: "A saved recipient and a known fee, every month.",
    to: "/use-cases/mortgage",
  },
  {
    icon: "heart",
    title: "Receive an inheritance",
    description: "Bring money home and convert it when you choose.",
    to: "/use-cases/inheritance",
  },
  {
    icon: "family",
    title: "Support family abroad",
    description: "Free and instant to family who use Ferry.",
    to: "/use-cases/family",
  },
];

/** The closing sections every guide shares: the other guides, and the call to action. */
function closingSections(path: string, cta: { title: string; body: string }): PageSection[] {
  const slug = path.split("/").at(-1) ?? path;
  return [
    {
      kind: "related",
      id: `${slug}-related`,
      title: "More guides",
      links: USE_CASE_LINKS.filter((link) => link.to !== path),
    },
    {
      kind: "cta",
      id: `${slug}-cta`,
      title: cta.title,
      body: cta.body,
      primaryCta: { label: "Create Free Account", to: "/signup" },
      secondaryCta: { label: "Talk to support", to: "/support" },
    },
  ];
}

export const PROPERTY_PAGE: PageContent = {
  hero: {
    eyebrow: "Buy property abroad",
    icon: "house",
    title: "Your home abroad,",
    accent: "paid for with care",
    lead: "A reservation deposit, the main deposit, then completion: buying abroad means large payments on fixed dates. Ferry shows every fee up front and keeps each payment on record.",
    primaryCta: { label: "Get Started", to: "/signup" },
    secondaryCta: { label: "Plan with our team", to: "/support/dedicated" },
    highlights: ["Fee shown before you pay", "Bank details checked", "Every payment on record"],
    visual: {
      kind: "chips",
      chips: [
        { icon: "check", text: "Seller's IBAN checked" },
        { icon: "receipt", text: "Fee known in advance" },
        { icon: "calendar", text: "Planned around deadlines" },
      ],
    },
  },
  sections: [
    {
      kind: "split",
      id: "property-example",
      eyebrow: "What it costs",
      title: "Pay the notary or the seller directly",
      paragraphs: [
        "Add the notary's or seller's account as a recipient once. Ferry checks the account number the way their bank would, so a mistyped IBAN is caught before any money moves.",
        "The fee is 0.5 % of each bank transfer, added on top, so the recipient receives the exact amount the contract asks for.",
      ],
      bullets: [
        "Hold euros, pounds or dollars before the payment date",
        "The destination shown in full before you confirm",
        "A record of each payment for your lawyer or notary",
      ],
      panel: {
        kind: "transfer-example",
        title: "Reservation deposit",
        caption: "An example, priced with Ferry's bank transfer fee",
        amount: "10000.00",
        currency: "EUR",
        methodLabel: "Bank transfer",
        feeBasisPoints: DEFAULT_FEES_BPS.bank,
        arrivalLabel: "Arrives",
        arrival: "Once sent, as the bank delivers",
      },
    },
    {
      kind: "steps",
      id: "property-steps",
      eyebrow: "Step by step",
      title: "From reservation to keys",
      isBanded: true,
      steps: [
        {
          icon: "wallet",
          title: "Build your balance",
          description: "Move money in from your bank ahead of time, or convert crypto you already hold.",
        },
        {
          icon: "calendar",
          title: "Plan the large payments",
          description: "Tell our dedicated support team the amounts and dates, so your limits are ready for them.",
        },
        {
          icon: "bank",
          title: "Add the recipient",
          description: "Save the notary's or seller's bank account. It's checked as you enter it.",
        },
        {
          icon: "key",
          title: "Pay on the day",
          description: "Confirm each payment with its own code and follow it until it's sent.",
        },
      ],
    },
    {
      kind: "faq",
      id: "property-faq",
      title: "Questions buyers ask",
      items: [
        {
          question: "Can I send a whole completion payment at once?",
          answer:
            "Money leaving Ferry has a daily limit per currency (EUR 10,000 by default), so talk to our dedicated support team before a large payment. They'll help you plan it around your limits.",
        },
        {
          question: "What if I type the account number wrong?",
          answer:
            "Ferry checks IBANs and national account numbers the way the bank would, including their checksums, so most typing mistakes are caught before you can send.",
        },
        {
          question: "How do I prove I paid?",
          answer:
            "Every transfer is in your transaction history with its date, recipient, amount and fee, and you can export the history to CSV.",
        },
      ],
    },
    ...closingSections("/use-cases/property", {
      title: "Start planning your purchase",
      body: "Open a free account today, so your money is ready when the contract is.",
    }),
  ],
};

export const INVEST_PAGE: PageContent = {
  hero: {
    eyebrow: "Invest overseas",
    icon: "invest",
    title: "Move money to",
    accent: "where you invest",
    lead: "Fund a brokerage account abroad, buy into a fund in another currency, or move between fiat and crypto — with the rate and fee on screen before every step.",
    primaryCta: { label: "Get Started", to: "/signup" },
    secondaryCta: { label: "Compare rates", to: "/rates" },
    highlights: ["Nine currencies", "Quotes held for 30 seconds", "Bank or crypto destinations"],
    visual: {
      kind: "chips",
      chips: [
        { icon: "exchange", text: "USD → EUR in seconds" },
        { icon: "coin", text: "Fiat and crypto together" },
        { icon: "chart", text: "Rate shown before you act" },
      ],
    },
  },
  sections: [
    {
      kind: "split",
      id: "invest-example",
      eyebrow: "What it costs",
      title: "Fund your account abroad",
      paragraphs: [
        "Exchange into the currency of your investment account at a quote that's held for 30 seconds, then send it to your broker's bank account. Both fees are shown before you confirm.",
      ],
      bullets: [
        "Exchange between nine currencies in your own account",
        "Send to banks in the US, Canada, Australia, the UK and IBAN countries",
        "Or send BTC, ETH, USDC or USDT to a crypto wallet",
      ],
      panel: {
        kind: "transfer-example",
        title: "Funding a brokerage account",
        caption: "An example, priced with Ferry's bank transfer fee",
        amount: "5000.00",
        currency: "USD",
        methodLabel: "Bank transfer",
        feeBasisPoints: DEFAULT_FEES_BPS.bank,
        arrivalLabel: "Arrives",
        arrival: "Once sent, as the bank delivers",
      },
    },
    {
      kind: "features",
      id: "invest-why",
      eyebrow: "Why Ferry",
      title: "Built for moving investment money",
      isBanded: true,
      columns: 3,
      items: [
        {
          icon: "exchange",
          title: "Exchange when it suits you",
          description:
            "Hold several currencies and convert when the rate is right, not when the transfer forces you to.",
        },
        {
          icon: "coin",
          title: "Fiat and crypto, one place",
          description: "Move between dollars, euros and digital assets without juggling several apps.",
        },
        {
          icon: "scale",
          title: "Exact to the last unit",
          description:
            "Amounts are kept to each currency's smallest unit — a satoshi, a cent — and never rounded along the way.",
        },
      ],
    },
    {
      kind: "faq",
      id: "invest-faq",
      title: "Questions investors ask",
      items: [
        {
          question: "Is Ferry an investment adviser?",
          answer:
            "No. Ferry moves and exchanges your money; it doesn't recommend investments. Speak to a licensed adviser about what to invest in.",
        },
        {
          question: "How is the exchange rate set?",
          answer:
            "Each currency pair has a rate and a fee, shown on Compare rates and in your quote. A quote is held for 30 seconds while you decide.",
        },
        {
          question: "Can I send crypto to an exchange?",
          answer:
            "Yes. Add the exchange's deposit address as a crypto recipient; Ferry checks it belongs to the right network before you can send.",
        },
      ],
    },
    ...closingSections("/use-cases/invest", {
      title: "Put your money where your plans are",
      body: "Open a free Ferry account and move money between currencies, banks and wallets.",
    }),
  ],
};

export const MORTGAGE_PAGE: PageContent = {
  hero: {
    eyebrow: "Pay a mortgage abroad",
    icon: "mortgage",
    title: "Mortgage payments abroad,",
    accent: "on time every month",
    lead: "Save your lender once, keep a balance in the loan's currency, and pay each instalment with a fee you know in advance.",
    primaryCta: { label: "Get Started", to: "/signup" },
    secondaryCta: { label: "Mortgage calculator", to: "/tools" },
    highlights: ["Lender saved once", "The same fee every month", "Every instalment on record"],
    visual: {
      kind: "chips",
      chips: [
        { icon: "calendar", text: "Monthly instalment ready" },
        { icon: "receipt", text: "GBP 7.25 fee on GBP 1,450" },
        { icon: "bell", text: "Notified when it's sent" },
      ],
    },
  },
  sections: [
    {
      kind: "split",
      id: "mortgage-example",
      eyebrow: "What it costs",
      title: "One predictable payment",
      paragraphs: [
        "Keep a balance in the currency of your mortgage and top it up when the rate suits you. When the instalment is due, send it to your lender as a bank transfer: the fee is 0.5 % of the amount, added on top.",
      ],
      bullets: [
        "Your lender saved as a recipient, checked once",
        "Exchange ahead of time at a quote held for 30 seconds",
        "Each payment in your history, ready for your records",
      ],
      isReversed: true,
      panel: {
        kind: "transfer-example",
        title: "Monthly mortgage payment",
        caption: "An example, priced with Ferry's bank transfer fee",
        amount: "1450.00",
        currency: "GBP",
        methodLabel: "Bank transfer (sort code)",
        feeBasisPoints: DEFAULT_FEES_BPS.bank,
        arrivalLabel: "Arrives",
        arrival: "Once sent, as the bank delivers",
      },
    },
    {
      kind: "steps",
      id: "mortgage-steps",
      eyebrow: "Step by step",
      title: "Set it up once",
      isBanded: true,
      steps: [
        {
          icon: "bank",
          title: "Save your lender",
          description: "Add the lender's account, with its sort code, IBAN or routing number, as a recipient.",
        },
        {
          icon: "exchange",
          title: "Hold the currency",
          description: "Exchange into the loan's currency ahead of time, so the instalment is ready.",
        },
        {
          icon: "send",
          title: "Pay each month",
          description: "Choose your lender, enter the instalment, and confirm with your code.",
        },
      ],
    },
    {
      kind: "faq",
      id: "mortgage-faq",
      title: "Questions homeowners ask",
      items: [
        {
          question: "Can Ferry pay my mortgage automatically?",
          answer:
            "Not yet: you confirm each payment with a code, so nothing leaves your account without you. Your lender stays saved, so each payment takes a minute.",
        },
        {
          question: "What will my monthly payment be?",
          answer:
            "Use the mortgage calculator on our Tools page to work out a monthly payment, the total you'll pay and the interest from the loan, rate and term.",
        },
        {
          question: "Can I see all the payments I've made?",
          answer:
            "Yes. Your transaction history lists every payment with its date, amount and fee, and you can export it to CSV.",
        },
      ],
    },
    ...closingSections("/use-cases/mortgage", {
      title: "Never miss an instalment",
      body: "Open a free Ferry account and keep your mortgage money ready in the right currency.",
    }),
  ],
};

export const INHERITANCE_PAGE: PageContent = {
  hero: {
    eyebrow: "Receive an inheritance",
    icon: "heart",
    title: "Bringing an inheritance home,",
    accent: "simply and safely",
    lead: "Receive the money into your Ferry account, keep it in its currency or convert it when you're ready, then move it to your own bank. Take your time; we'll show you every fee.",
    primaryCta: { label: "Get Started", to: "/signup" },
    secondaryCta: { label: "Talk to our team", to: "/support/dedicated" },
    highlights: ["Your own deposit reference", "Convert when you choose", "Cash out to your bank"],
    visual: {
      kind: "chips",
      chips: [
        { icon: "wallet", text: "Received into your account" },
        { icon: "exchange", text: "Converted when you're ready" },
        { icon: "bank", text: "Sent on to your bank" },
      ],
    },
  },
  sections: [
    {
      kind: "steps",
      id: "inheritance-steps",
      eyebrow: "Step by step",
      title: "From the estate to your bank",
      steps: [
        {
          icon: "userCheck",
          title: "Open and verify your account",
          description: "Sign up, confirm your e-mail and verify your identity, so higher limits apply.",
        },
        {
          icon: "file",
          title: "Share your deposit details",
          description:
            "Give the executor or lawyer our bank details with your personal reference, so the money is matched to you.",
        },
        {
          icon: "exchange",
          title: "Convert if you need to",
          description: "Keep the money in its currency, or exchange it at a quote you accept.",
        },
        {
          icon: "bank",
          title: "Cash out",
          description: "Send it to your own bank account, in one go or over several days.",
        },
      ],
    },
    {
      kind: "split",
      id: "inheritance-example",
      eyebrow: "What it costs",
      title: "Receiving is free",
      isBanded: true,
      paragraphs: [
        "There is no Ferry fee to receive money into your account. When you move it on to your bank, the bank transfer fee of 0.5 % is shown before you confirm.",
      ],
      bullets: [
        "Deposits are checked by our team before they're credited",
        "Daily limits on money leaving keep large sums safe",
        "A full record of what arrived and where it went",
      ],
      panel: {
        kind: "transfer-example",
        title: "Moving it to your bank",
        caption: "An example, priced with Ferry's bank transfer fee",
        amount: "8000.00",
        currency: "EUR",
        methodLabel: "Bank transfer (IBAN)",
        feeBasisPoints: DEFAULT_FEES_BPS.bank,
        arrivalLabel: "Arrives",
        arrival: "Once sent, as the bank delivers",
      },
    },
    {
      kind: "faq",
      id: "inheritance-faq",
      title: "Questions families ask",
      items: [
        {
          question: "Does Ferry handle probate or taxes?",
          answer:
            "No. Ferry receives, holds, exchanges and sends money. Speak to a lawyer or tax adviser about the estate and any tax due.",
        },
        {
          question: "How is the money matched to my account?",
          answer:
            "Your Add Cash page shows your personal bank reference. The executor includes it with the payment, and our team credits your balance once the deposit is checked.",
        },
        {
          question: "Is there a limit on moving it to my bank?",
          answer:
            "Money leaving Ferry has a daily limit per currency, higher once your identity is verified. Our dedicated support team can help you plan a large amount.",
        },
      ],
    },
    ...closingSections("/use-cases/inheritance", {
      title: "We're here when you're ready",
      body: "Open a free account, or talk to our team first about what to expect.",
    }),
  ],
};

export const FAMILY_PAGE: PageContent = {
  hero: {
    eyebrow: "Support family abroad",
    icon: "family",
    title: "Help the people you love,",
    accent: "wherever they live",
    lead: "Send to their bank account or crypto wallet with a clear fee, or — if they use Ferry too — instantly and for free.",
    primaryCta: { label: "Send money", to: "/dashboard?tab=send" },
    secondaryCta: { label: "See the fees", to: "/features/fees" },
    highlights: ["Free between Ferry users", "Arrives instantly on Ferry", "They're notified at once"],
    visual: {
      kind: "chips",
      chips: [
        { icon: "gift", text: "EUR 250 sent to Mum" },
        { icon: "fast", text: "Arrived instantly" },
        { icon: "bell", text: "She's been notified" },
      ],
    },
  },
  sections: [
    {
      kind: "split",
      id: "family-example",
      eyebrow: "What it costs",
      title: "Free when they use Ferry",
      paragraphs: [
        "Invite your family to open a free Ferry account and every transfer between you is instant and costs nothing. They can keep the money in its currency or cash it out to their bank.",
        "Family without a Ferry account? Send to their bank for 0.5 % or to their crypto wallet for 1 %.",
      ],
      bullets: [
        "Save each family member once as a recipient",
        "They get a notification as soon as the money arrives",
        "Every transfer confirmed with a code only you receive",
      ],
      panel: {
        kind: "transfer-example",
        title: "Monthly help for family",
        caption: "An example, priced with Ferry's fees",
        amount: "250.00",
        currency: "EUR",
        methodLabel: "Ferry user",
        feeBasisPoints: DEFAULT_FEES_BPS.ferryUser,
        arrivalLabel: "Arrives",
        arrival: "Instantly",
      },
    },
    {
      kind: "features",
      id: "family-ways",
      eyebrow: "Ways to send",
      title: "However they like to receive it",
      isBanded: true,
      columns: 3,
      items: [
        {
          icon: "user",
          title: "To their Ferry account",
          description: "Instant and free. The easiest way to support someone regularly.",
        },
        {
          icon: "bank",
          title: "To their bank",
          description: "In the US, Canada, Australia, the UK or any IBAN country, for 0.5 % of the amount.",
        },
        {
          icon: "wallet",
          title: "To their crypto wallet",
          description: "BTC, ETH, USDC or USDT, to an address checked for its network, for 1 %.",
        },
      ],
    },
    {
      kind: "faq",
      id: "family-faq",
      title: "Questions families ask",
      items: [
        {
          question: "Does my family need a Ferry account?",
          answer:
            "No, you can send to their bank account or crypto wallet. But if they open a free account, your transfers to them are instant and free.",
        },
        {
          question: "Will they know the money has arrived?",
          answer:
            "Ferry users are notified as soon as it arrives. For a bank or crypto transfer, you can follow its status in your history and let them know once it's sent.",
        },
        {
          question: "Can I send the same amount every month?",
          answer:
            "Save them as a recipient and each month's transfer takes a minute. You confirm every transfer yourself with a code, so nothing leaves without you.",
        },
      ],
    },
    ...closingSections("/use-cases/family", {
      title: "Closer, wherever they are",
      body: "Open your free Ferry account and invite your family to join you.",
    }),
  ],
};
