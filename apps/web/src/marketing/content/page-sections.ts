// The shape of a static page's content. Each page's content file (business.ts, support.ts, …) is a
// PageContent: a hero with the page's one h1, then sections, each one of the kinds below. An operator
// edits the words and figures; content-page.tsx and sections/ lay every kind out.
import type { CurrencyCode } from "@ferry/core/currencies";
import type { PageIconName } from "../page-icons.ts";

export interface PageLink {
  label: string;
  /** A path of the site ("/signup"), or a `mailto:` / `tel:` / https address. */
  to: string;
}

/**
 * Who stands behind a claim, shown as a small badge so a reader can tell a fact of the software from a
 * promise of the operator: `built-in` is what Ferry's software does; `operator` is what the company
 * running this Ferry service provides and must confirm; `planned` is not in the software yet.
 */
export type ClaimSource = "built-in" | "operator" | "planned";

/** A short line with an icon, drawn as a floating chip beside the hero's artwork. */
export interface HeroChip {
  icon: PageIconName;
  text: string;
}

/** A figure in the hero's side card: "0.5 %" over "to a bank account". */
export interface HeroFigure {
  value: string;
  label: string;
}

export interface HeroContent {
  eyebrow: string;
  icon: PageIconName;
  /** The page's only h1. */
  title: string;
  /** The end of the h1, drawn in the accent gradient. */
  accent?: string;
  lead: string;
  primaryCta?: PageLink;
  secondaryCta?: PageLink;
  /** Short ticked lines under the buttons. */
  highlights?: string[];
  /** The artwork: the page's icon with chips around it (wide screens only), a card of figures, or none. */
  visual:
    | { kind: "chips"; chips: HeroChip[] }
    | { kind: "figures"; title: string; figures: HeroFigure[]; note?: string }
    | { kind: "none" };
}

interface SectionBase {
  /** Unique on the page: the section's heading id. */
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  /** Drawn on a white band between borders, to set it apart from its neighbours. */
  isBanded?: boolean;
}

export interface FeatureItem {
  icon: PageIconName;
  title: string;
  description: string;
  source?: ClaimSource;
}

/** A grid of cards, each an icon, a title and a sentence or two. */
export interface FeaturesSection extends SectionBase {
  kind: "features";
  columns?: 2 | 3 | 4;
  items: FeatureItem[];
}

/** Numbered steps, in order. */
export interface StepsSection extends SectionBase {
  kind: "steps";
  steps: { icon: PageIconName; title: string; description: string }[];
}

/**
 * Text beside an illustration: a transfer priced with the product's real fee rule, or a list of
 * labelled values.
 */
export interface SplitSection extends SectionBase {
  kind: "split";
  paragraphs: string[];
  bullets?: string[];
  /** Puts the panel on the left on wide screens. */
  isReversed?: boolean;
  panel: SplitPanel;
}

export type SplitPanel =
  | {
      /** An example transfer: the fee is computed from `feeBasisPoints` with core's fee rule. */
      kind: "transfer-example";
      title: string;
      caption: string;
      /** What the example sends, as a decimal string in `currency`. */
      amount: string;
      currency: CurrencyCode;
      methodLabel: string;
      feeBasisPoints: number;
      arrivalLabel: string;
      arrival: string;
    }
  | { kind: "list"; title: string; caption?: string; icon: PageIconName; items: { label: string; value: string }[] };

/** A table with a caption; the first column names each row. */
export interface TableSection extends SectionBase {
  kind: "table";
  caption: string;
  columns: string[];
  rows: string[][];
  /** A line under each row's name, in row order: what the row means, kept narrow enough for a phone. */
  rowDetails?: string[];
  /** The index of a column of figures to set right-aligned and in bold: the one a reader looks for. */
  emphasizedColumn?: number;
  footnote?: string;
}

/** The product's own transfer fees: a rate per transfer method and what it costs on an example amount. */
export interface FeeScheduleSection extends SectionBase {
  kind: "fee-schedule";
  caption: string;
  /** The example every row is priced on, as a decimal string. */
  exampleAmount: string;
  exampleCurrency: CurrencyCode;
  columns: { method: string; rate: string; example: string };
  rows: { icon: PageIconName; method: string; detail: string; feeBasisPoints: number }[];
  footnote: string;
}

/** Questions and answers, each answer shown when its question is opened. */
export interface FaqSection extends SectionBase {
  kind: "faq";
  items: { question: string; answer: string }[];
}

export interface PlanCard {
  name: string;
  icon: PageIconName;
  /** The headline figure: "0.8 %", "Custom", "$10k+". */
  price: string;
  priceNote: string;
  summary: string;
  features: string[];
  cta: PageLink;
  isFeatured?: boolean;
  /** A ribbon on the featured card, e.g. "Most popular". */
  badge?: string;
}

/** Pricing plans or service tiers side by side. */
export interface PlansSection extends SectionBase {
  kind: "plans";
  plans: PlanCard[];
  footnote?: string;
}

export interface SupportChannel {
  icon: PageIconName;
  title: string;
  description: string;
  responseLabel: string;
  response: string;
  hoursLabel: string;
  hours: string;
  action: PageLink;
  note?: string;
}

/** Ways to reach support: what each is for, how fast it answers and when it is open. */
export interface ChannelsSection extends SectionBase {
  kind: "channels";
  channels: SupportChannel[];
}

export interface Partner {
  name: string;
  /** Two letters drawn in the partner's badge. */
  initials: string;
  /** The badge colour: a CSS colour dark enough for white text. */
  color: string;
  category: string;
  description: string;
  regions: string;
  /** What the partner charges per transaction, in basis points. */
  feeBasisPoints: number;
  feeLabel: string;
}

export interface PartnersSection extends SectionBase {
  kind: "partners";
  partners: Partner[];
  footnote?: string;
}

/** A note set apart: `operator` marks what the company running Ferry must fill in or confirm. */
export interface NoticeSection extends SectionBase {
  kind: "notice";
  tone: "operator" | "info";
  body: string[];
}

export interface LegalClause {
  id: string;
  title: string;
  paragraphs?: string[];
  bullets?: string[];
}

/** A legal document: a contents list and numbered clauses, under an optional operator's note. */
export interface LegalSection extends SectionBase {
  kind: "legal";
  lastUpdatedLabel: string;
  lastUpdated: string;
  /** Shown above the first clause: what the operator completes before publishing. */
  operatorNote?: { title: string; body: string };
  clauses: LegalClause[];
}

/** Where the support contact form goes, with the words around it. */
export interface ContactFormSection extends SectionBase {
  kind: "contact-form";
  /** Shown beside the form: other ways to reach support. */
  aside: { title: string; items: { icon: PageIconName; label: string; value: string }[] };
}

export interface RelatedSection extends SectionBase {
  kind: "related";
  links: { icon: PageIconName; title: string; description: string; to: string }[];
}

/** The closing band with a call to action. */
export interface CtaSection extends SectionBase {
  kind: "cta";
  body: string;
  primaryCta: PageLink;
  secondaryCta?: PageLink;
}

export type PageSection =
  | FeaturesSection
  | StepsSection
  | SplitSection
  | TableSection
  | FeeScheduleSection
  | FaqSection
  | PlansSection
  | ChannelsSection
  | PartnersSection
  | NoticeSection
  | LegalSection
  | ContactFormSection
  | RelatedSection
  | CtaSection;

/** A static page's content: the hero, then its sections in order. */
export interface PageContent {
  hero: HeroContent;
  sections: PageSection[];
}

/** The badge text of each claim source. */
export const CLAIM_SOURCE_LABELS: Record<ClaimSource, string> = {
  "built-in": "Built into Ferry",
  operator: "Provided by your operator",
  planned: "Planned",
};
