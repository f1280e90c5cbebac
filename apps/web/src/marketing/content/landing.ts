// The landing page's copy and claims. This is content an operator edits (DESIGN.md point 10):
// change a claim here, never in a component.
import type { MarketingIconName } from "../marketing-icons.ts";

export interface CallToAction {
  label: string;
  to: string;
}

export interface SupportedAsset {
  symbol: string;
  name: string;
  /** A short glyph drawn inside the coloured coin circle. */
  glyph: string;
  /** An icon drawn instead of the glyph, for symbols that common fonts lack (₿). */
  icon?: MarketingIconName;
  /** CSS background of the coin circle: a colour or a gradient. */
  background: string;
}

export interface ExampleBalanceCard {
  currency: string;
  name: string;
  /** Illustrative figure, already formatted: the card stack is a picture, not account data. */
  amount: string;
  detail: string;
  tone: "primary" | "light" | "dark";
}

export interface TrustClaim {
  icon: MarketingIconName;
  title: string;
  description: string;
}

export interface HowItWorksStep {
  icon: MarketingIconName;
  title: string;
  description: string;
}

export const LANDING_HERO = {
  eyebrow: "Fiat and crypto in one account",
  headlineLead: "The bridge between",
  headlineAccent: "crypto and fiat",
  subcopy:
    "Connect your bank, hold dollars, euros and digital assets side by side, and exchange or send money across borders in a few taps.",
  primaryCta: { label: "Get Started", to: "/signup" } satisfies CallToAction,
  secondaryCta: { label: "Sign In", to: "/login" } satisfies CallToAction,
  highlights: ["Send to 190+ countries", "Free to open an account", "Support around the clock"],
};

export const LANDING_WALLET_EXAMPLE = {
  caption: "Example balances, for illustration only",
  badge: "Example",
  totalLabel: "Total balance",
  total: "$24,310.42",
  cards: [
    { currency: "BTC", name: "Bitcoin", amount: "0.184200 BTC", detail: "Crypto wallet", tone: "dark" },
    { currency: "EUR", name: "Euro", amount: "€3,215.90", detail: "Account ending 4821", tone: "light" },
    { currency: "USD", name: "US Dollar", amount: "$12,480.50", detail: "Account ending 0937", tone: "primary" },
  ] satisfies ExampleBalanceCard[],
  activity: { title: "Transfer sent", detail: "€250.00 to Lisbon" },
};

export const LANDING_ASSETS = {
  title: "Supported assets",
  subtitle: "Hold, exchange and send the currencies that matter, next to your everyday money.",
  assets: [
    { symbol: "BTC", name: "Bitcoin", glyph: "B", icon: "bitcoin", background: "#f7931a" },
    { symbol: "ETH", name: "Ethereum", glyph: "Ξ", background: "#627eea" },
    { symbol: "USDC", name: "USD Coin", glyph: "$", background: "#2775ca" },
    { symbol: "USDT", name: "Tether", glyph: "₮", background: "#26a17b" },
    { symbol: "SOL", name: "Solana", glyph: "◎", background: "linear-gradient(135deg, #9945ff, #14f195)" },
    { symbol: "ADA", name: "Cardano", glyph: "₳", background: "#0033ad" },
  ] satisfies SupportedAsset[],
};

export const LANDING_TRUST = {
  title: "Built to keep your money safe",
  claims: [
    {
      icon: "shield",
      title: "Compliance first",
      description: "Identity verification and anti-money-laundering checks on every account, as regulators expect.",
    },
    {
      icon: "lock",
      title: "Bank-grade encryption",
      description: "Your data is encrypted in transit and at rest, with the same standards banks rely on.",
    },
    {
      icon: "key",
      title: "2-step sign-in",
      description: "Every sign-in is confirmed with a one-time code sent to your email.",
    },
  ] satisfies TrustClaim[],
};

export const LANDING_HOW_IT_WORKS = {
  eyebrow: "How it works",
  stepLabel: "Step",
  title: "Up and running in three steps",
  subtitle: "No paperwork piles, no branch visits. Open an account online and start moving money.",
  steps: [
    {
      icon: "bank",
      title: "Connect bank",
      description: "Link your bank account securely to move money in and out of Ferry.",
    },
    {
      icon: "wallet",
      title: "Fund account",
      description: "Add cash from your bank or deposit crypto to your own Ferry address.",
    },
    {
      icon: "exchange",
      title: "Trade & exchange",
      description: "Exchange between fiat and crypto, and send money to people around the world.",
    },
  ] satisfies HowItWorksStep[],
};

export const LANDING_FINAL_CTA = {
  title: "Ready to move money without borders?",
  body: "Open your free Ferry account in minutes and hold fiat and crypto side by side.",
  primaryCta: { label: "Create Free Account", to: "/signup" } satisfies CallToAction,
  secondaryCta: { label: "Sign In", to: "/login" } satisfies CallToAction,
};
