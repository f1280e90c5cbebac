// /security and /security/global. What Ferry's software does is stated as fact; custody (multi-signature,
// cold storage), compliance, insurance and certifications belong to the company operating the service
// and are worded as theirs to state. Daily limits are the server's defaults (CASHOUT_DAILY_LIMITS,
// CASHOUT_UNVERIFIED_PERCENT).

import { filled } from "../translated-content.ts";
import { OPERATOR } from "./operator.ts";
import type { NoticeSection, PageContent } from "./page-sections.ts";

const OPERATOR_SECURITY_NOTICE: NoticeSection = {
  kind: "notice",
  id: "security-operator",
  tone: "operator",
  title: "For the operator: complete before publishing",
  body: [
    "Ferry is open-source software. The company that runs this service states here how it keeps crypto keys (for example a multi-signature wallet or cold storage, and what share of funds is held offline), the licence and regulator it operates under, how customer money is safeguarded or insured and up to what amount, and any security certifications or audits it holds — or removes the claims it cannot make.",
  ],
};

export const SECURITY_PAGE: PageContent = {
  hero: {
    eyebrow: "Security",
    icon: "shield",
    title: "Security built into",
    accent: "every transfer",
    lead: "Two-step sign-in, codes that only work for the transfer you asked for, and a ledger that cannot spend money you don't have. Here is how Ferry protects your account, and who is responsible for what.",
    primaryCta: { label: "Open a secure account", to: "/signup" },
    secondaryCta: { label: "Global security", to: "/security/global" },
    visual: {
      kind: "chips",
      chips: [
        { icon: "key", text: "Two-step sign-in" },
        { icon: "lock", text: "Codes bound to each transfer" },
        { icon: "scale", text: "An exact double-entry ledger" },
      ],
    },
  },
  sections: [
    {
      kind: "features",
      id: "security-account",
      eyebrow: "Your account",
      title: "Protection that's part of the software",
      subtitle: "These protections are built into Ferry itself and apply to every account.",
      columns: 3,
      items: [
        {
          icon: "key",
          title: "Two-step sign-in",
          description:
            "Your password is checked first; only then do we e-mail a one-time code, and you're signed in once you enter it.",
          source: "built-in",
        },
        {
          icon: "lock",
          title: "Codes bound to the transfer",
          description:
            "A transfer code works only for the recipient, amount and currency it was issued for, expires in 15 minutes and dies after 5 wrong tries.",
          source: "built-in",
        },
        {
          icon: "fingerprint",
          title: "Secrets never stored in the clear",
          description:
            "Passwords, one-time codes and API secrets are kept only as salted hashes. An API secret is shown once, when it is created.",
          source: "built-in",
        },
        {
          icon: "scale",
          title: "An exact ledger",
          description:
            "Every movement of money is a double-entry record, and the database itself refuses to let a balance go below zero.",
          source: "built-in",
        },
        {
          icon: "userCheck",
          title: "Your data is yours alone",
          description:
            "Every request is checked on our server: a customer can never read or change another customer's data.",
          source: "built-in",
        },
        {
          icon: "bell",
          title: "Monitoring and audit",
          description:
            "Admin actions are written to an audit log, the ledger is reconciled to the cent, and the service reports its health and metrics.",
          source: "built-in",
        },
      ],
    },
    {
      kind: "features",
      id: "security-custody",
      eyebrow: "Custody and compliance",
      title: "Keys, licences and safeguards",
      subtitle:
        "Who holds the keys and the licences matters. These are provided by the company operating this Ferry service.",
      isBanded: true,
      columns: 3,
      items: [
        {
          icon: "server",
          title: "No crypto keys on our servers",
          description:
            "Your deposit addresses are derived from public keys only. The private keys that move crypto never touch Ferry's servers.",
          source: "built-in",
        },
        {
          icon: "layers",
          title: "Multi-signature and cold storage",
          description:
            "How those private keys are kept — in a multi-signature wallet, offline in cold storage, or both — is set up by the operator, who states it here.",
          source: "operator",
        },
        {
          icon: "lock",
          title: "Encryption",
          description:
            "Ferry is served over HTTPS, and in production its session cookie is only ever sent over it. Encryption of stored data is set up where the operator hosts the database.",
          source: "operator",
        },
        {
          icon: "fileCheck",
          title: "Compliance",
          description: filled(
            "Identity checks and anti-money-laundering monitoring are run by {legalName} under {regulator}.",
            { legalName: OPERATOR.legalName, regulator: OPERATOR.regulator },
          ),
          source: "operator",
        },
        {
          icon: "shieldPlain",
          title: "Insurance and safeguarding",
          description:
            "Whether your money is safeguarded or insured, and up to what amount, depends on the operator and its banks. Ferry's software makes no such promise itself.",
          source: "operator",
        },
        {
          icon: "check",
          title: "Certifications and audits",
          description:
            "Security certifications and independent audits belong to the company running the service, which lists the ones it holds here.",
          source: "operator",
        },
      ],
    },
    OPERATOR_SECURITY_NOTICE,
    {
      kind: "split",
      id: "security-open",
      eyebrow: "Open source",
      title: "Security you can inspect",
      paragraphs: [
        "Ferry's code is open source, so anyone can read how your money is handled: how a transfer is priced, how the ledger is locked, and how sign-in works. Nothing about your security depends on keeping the code secret.",
      ],
      bullets: [
        "Every acknowledged transfer survives a crash or restart",
        "A retried request never moves money twice",
        "Security headers and a strict content policy on every page",
      ],
      panel: {
        kind: "list",
        icon: "search",
        title: "What anyone can check",
        caption: "Checks that ship with Ferry's software",
        items: [
          { label: "Ledger balances", value: "Reconciled per currency" },
          { label: "Admin actions", value: "Written to an audit log" },
          { label: "The API", value: "Documented in OpenAPI" },
          { label: "Every page", value: "Checked for accessibility" },
        ],
      },
    },
    {
      kind: "related",
      id: "security-related",
      title: "Keep reading",
      links: [
        {
          icon: "globe",
          title: "Global security",
          description: "Checked destinations, daily limits and reviewed deposits, everywhere.",
          to: "/security/global",
        },
        {
          icon: "support",
          title: "Support",
          description: "Something looks wrong? Talk to us straight away.",
          to: "/support",
        },
        {
          icon: "file",
          title: "Privacy Policy",
          description: "What personal data is collected, and why.",
          to: "/privacy",
        },
      ],
    },
    {
      kind: "cta",
      id: "security-cta",
      title: "Your money, protected at every step",
      body: "Open a Ferry account and confirm every sign-in and transfer with a code only you receive.",
      primaryCta: { label: "Get Started", to: "/signup" },
      secondaryCta: { label: "Sign In", to: "/login" },
    },
  ],
};

export const GLOBAL_SECURITY_PAGE: PageContent = {
  hero: {
    eyebrow: "Global security",
    icon: "globe",
    title: "The same protection",
    accent: "in every country",
    lead: "Wherever you send from and wherever your money goes, every transfer goes through the same checks: a destination checked as its bank would check it, a daily limit, and a code only you receive.",
    primaryCta: { label: "Get Started", to: "/signup" },
    secondaryCta: { label: "How we protect accounts", to: "/security" },
    visual: {
      kind: "figures",
      title: "On every transfer",
      figures: [
        { value: "15 min", label: "A transfer code lasts" },
        { value: "5", label: "Wrong attempts before it stops working" },
        { value: "24 h", label: "Window of your daily limit" },
      ],
    },
  },
  sections: [
    {
      kind: "features",
      id: "global-checks",
      eyebrow: "Checks",
      title: "Checked the way each country's banks check",
      columns: 3,
      items: [
        {
          icon: "bank",
          title: "Bank details by country",
          description:
            "The recipient's country decides the format: an IBAN with its checksum, or US routing, Canadian transit, Australian BSB and UK sort code numbers with their own checks.",
          source: "built-in",
        },
        {
          icon: "globe",
          title: "SWIFT codes that match",
          description: "A SWIFT code must belong to the same country as the account, so money isn't routed astray.",
          source: "built-in",
        },
        {
          icon: "wallet",
          title: "Spendable crypto addresses",
          description:
            "Addresses are checked for their network, so funds aren't sent to an address that can't receive them.",
          source: "built-in",
        },
        {
          icon: "eye",
          title: "Shown in full first",
          description: "You see the complete destination before you're asked for the code that sends the money.",
          source: "built-in",
        },
        {
          icon: "check",
          title: "Deposits reviewed",
          description: "Every deposit is checked by our team before it's added to a balance.",
          source: "built-in",
        },
        {
          icon: "timer",
          title: "Limits on repeated attempts",
          description: "Sign-in and code attempts are limited per address, so guessing gets nowhere.",
          source: "built-in",
        },
      ],
    },
    {
      kind: "table",
      id: "global-limits",
      eyebrow: "Daily limits",
      title: "How much can leave each day",
      subtitle:
        "Money leaving Ferry — bank and crypto transfers and cash-outs — is capped per currency over 24 hours, and lower until your e-mail and identity are verified.",
      isBanded: true,
      caption: "Daily limits on money leaving Ferry, per currency",
      columns: ["Currency", "Daily limit", "Before verification"],
      rows: [
        ["USD", "10,000", "1,000"],
        ["EUR", "10,000", "1,000"],
        ["GBP", "8,000", "800"],
        ["CAD", "13,000", "1,300"],
        ["AUD", "15,000", "1,500"],
        ["BTC", "0.25", "0.025"],
        ["ETH", "4", "0.4"],
        ["USDC", "10,000", "1,000"],
        ["USDT", "10,000", "1,000"],
      ],
      footnote:
        "Ferry's default limits; the operator of this service may set its own, and your account always shows the limits that apply to you. Transfers to other Ferry users don't count towards them.",
    },
    {
      ...OPERATOR_SECURITY_NOTICE,
      id: "global-operator",
      body: [
        "List the countries this service is offered in, the licence or registration held in each, and any country whose residents cannot open an account. Custody, safeguarding, insurance and certifications are described on the Security page.",
      ],
    },
    {
      kind: "related",
      id: "global-related",
      title: "Keep reading",
      links: [
        {
          icon: "shield",
          title: "Security",
          description: "Two-step sign-in, bound codes and an exact ledger.",
          to: "/security",
        },
        {
          icon: "fees",
          title: "Fees",
          description: "What each kind of transfer costs.",
          to: "/features/fees",
        },
        {
          icon: "support",
          title: "Dedicated support",
          description: "Help planning a large transfer around your limits.",
          to: "/support/dedicated",
        },
      ],
    },
    {
      kind: "cta",
      id: "global-cta",
      title: "Send across borders with confidence",
      body: "Every transfer checked, every step on record. Open your free account today.",
      primaryCta: { label: "Get Started", to: "/signup" },
      secondaryCta: { label: "Sign In", to: "/login" },
    },
  ],
};
