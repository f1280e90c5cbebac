// The /tools page's copy (DESIGN.md point 10: content an operator edits, not code). The figures are
// computed: the mortgage by core's annuity (calculators.ts), fees and the investment return from the
// operator's settings (GET /api/v1/fees), conversions from the rate table (GET /api/v1/rates).
import type { CurrencyCode } from "@ferry/core/currencies";
import { CRYPTO_CURRENCIES, CURRENCY_CODES } from "@ferry/core/currencies";
import { BANK_CURRENCIES } from "@ferry/core/validation/networks";

export const TOOLS_PAGE = {
  eyebrow: "Free tools",
  title: "Plan your money before you move it",
  description:
    "Work out a mortgage payment, what a transfer costs, what a conversion gives you and what an investment could earn, with Ferry's own fees and rates.",
  calculatorsHeading: "Calculators",
  comingSoonHeading: "More tools on the way",
  comingSoonIntro: "We are building these next. They will appear here when they are ready.",
  comingSoonBadge: "Coming Soon",
  unavailable: "Ferry's fees and rates could not be loaded right now. Please try again later.",
  cta: { label: "Open a free account", to: "/signup" },
};

/** Spec §3 (mortgage calculator fields) and §4 (recalculated live; total paid and interest). */
export const MORTGAGE_CALCULATOR = {
  heading: "Mortgage calculator",
  intro: "A repayment mortgage at a fixed rate: the payment updates as you type.",
  defaults: { loanAmount: "250000", interestRatePercent: "3.5", termYears: "30" },
  labels: {
    loanAmount: "Loan amount",
    interestRatePercent: "Interest rate (%)",
    termYears: "Term (years)",
    monthlyPayment: "Monthly payment",
    totalPaid: "Total paid",
    totalInterest: "Total interest",
  },
  note: "An estimate before fees and insurance; your lender's figures may differ slightly.",
};

/** The ways of sending the fee calculator offers, with the currencies each can carry (as Send Money does). */
export const FEE_CALCULATOR = {
  heading: "Transfer fee calculator",
  intro: "What Ferry charges to send an amount, and the total taken from your balance.",
  defaultAmount: "1000",
  methods: [
    { method: "bank", label: "Bank transfer", currencies: BANK_CURRENCIES, defaultCurrency: "USD" },
    { method: "crypto", label: "Cryptocurrency", currencies: CRYPTO_CURRENCIES, defaultCurrency: "USDC" },
    { method: "ferry_user", label: "Another Ferry user", currencies: CURRENCY_CODES, defaultCurrency: "USD" },
  ] as const satisfies readonly {
    method: "bank" | "crypto" | "ferry_user";
    label: string;
    currencies: readonly CurrencyCode[];
    defaultCurrency: CurrencyCode;
  }[],
  labels: { amount: "Amount to send", method: "Send by", currency: "Currency", fee: "Fee", total: "Total cost" },
  note: "The fee is paid on top of the amount, so the recipient gets the full amount you send.",
};

export const CURRENCY_CONVERTER = {
  heading: "Currency converter",
  intro: "Convert between any two of the nine currencies Ferry holds, at today's rate and fee.",
  defaultAmount: "100",
  defaultFrom: "USD" as CurrencyCode,
  defaultTo: "EUR" as CurrencyCode,
  labels: { amount: "Amount", from: "From", to: "To", rate: "Rate", fee: "Fee", receive: "You receive" },
  sameCurrency: "Choose two different currencies",
};

export const INVESTMENT_CALCULATOR = {
  heading: "Investment return calculator",
  intro: "What the investment centre would pay on an amount in US dollars at today's daily rate.",
  defaultAmount: "1000",
  periods: [
    { days: 7, label: "1 week" },
    { days: 30, label: "30 days" },
    { days: 90, label: "90 days" },
    { days: 180, label: "180 days" },
    { days: 365, label: "1 year" },
  ],
  defaultDays: 30,
  labels: {
    amount: "Amount to invest (USD)",
    period: "Period",
    dailyRate: "Daily rate",
    dailyReturn: "Each day",
    periodReturn: "Return over the period",
    balance: "Balance at the end",
  },
  note: "Returns are simple, not compounded, and are paid daily from the operator's reserve. The rate is set by the operator and may change; this is a projection, not a promise.",
};

/** Spec §2 (Tools): four tools announced but not built yet. */
export const COMING_SOON_TOOLS = [
  {
    title: "Savings goal planner",
    description: "See how much to put aside each month to reach a goal by a date.",
    icon: "goal",
  },
  {
    title: "Budget tracker",
    description: "Group your spending across currencies and see where your money goes.",
    icon: "budget",
  },
  {
    title: "Crypto tax estimator",
    description: "Estimate the gains on your crypto exchanges for your tax return.",
    icon: "tax",
  },
  {
    title: "Rate history charts",
    description: "Follow how a currency pair has moved over weeks and months.",
    icon: "chart",
  },
] as const;
