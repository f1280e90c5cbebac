// Facts about the company running this Ferry service, quoted by several pages (support, terms,
// privacy, security). Ferry is open-source software: whoever operates it replaces the bracketed
// entries and the example contact details below with their own before going live.

export const OPERATOR = {
  /** The legal entity that provides the service to customers. */
  legalName: "[Operator's legal entity]",
  registeredAddress: "[registered address]",
  companyNumber: "[company registration number]",
  regulator: "[regulator and licence or registration number]",
  governingLaw: "[country or state whose law governs these terms]",
  /** Example contact details (example.com-style addresses and a fictional 555 number). */
  supportEmail: "support@ferry.example",
  privacyEmail: "privacy@ferry.example",
  supportPhone: { display: "+1 (555) 010-0142", href: "tel:+15550100142" },
};

/** The help desk's response target by priority (spec §9), as the in-app help desk shows them. */
export const HELP_DESK_TARGETS = "urgent 1 hour, high 4 hours, medium 24 hours, low 48 hours";

/**
 * Ferry's default transfer fees in basis points: the server's defaults (FEE_BANK_BPS, FEE_CRYPTO_BPS,
 * FEE_FERRY_USER_BPS in apps/server/src/config.ts). An operator who changes those settings changes these.
 */
export const DEFAULT_FEES_BPS = { ferryUser: 0, bank: 50, crypto: 100 } as const;
