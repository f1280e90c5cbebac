// Site-wide marketing copy: the header menus, the footer and the shared page texts. This is content
// an operator edits (DESIGN.md point 10); components only lay it out.
import type { MessageKey } from "@ferry/core/i18n/catalog";
import type { MarketingIconName } from "../marketing-icons.ts";

/** One link in a menu, the drawer or the footer. */
export interface NavLinkItem {
  /** English, the message key: shown through t() (issue 29). */
  label: MessageKey;
  to: string;
  /** A short line under the label, shown in the desktop dropdown menus. */
  description?: MessageKey;
  icon?: MarketingIconName;
}

/** A dropdown menu of the marketing header. */
export interface NavMenu {
  label: MessageKey;
  items: NavLinkItem[];
}

/** A header entry is either a dropdown menu or a single link. */
export type HeaderNavEntry = NavMenu | NavLinkItem;

export interface FooterColumn {
  title: MessageKey;
  links: NavLinkItem[];
}

// The texts below are English, each a message key: components show them through t() (issue 29).
export const SITE = {
  name: "Ferry",
  tagline: "The bridge between crypto and fiat. Hold, exchange and send money across borders from one account.",
  copyright: "© 2026 Ferry. Open-source software.",
  homeLabel: "Ferry home",
} satisfies Record<string, MessageKey | "Ferry">;

export const AUTH_LINKS = {
  signIn: { label: "Sign In", to: "/login" },
  getStarted: { label: "Get Started", to: "/signup" },
} satisfies Record<string, NavLinkItem>;

export const HEADER_NAV: HeaderNavEntry[] = [
  {
    label: "Money transfers",
    items: [
      { label: "Send money", description: "Send to 190+ countries", to: "/dashboard?tab=send", icon: "send" },
      {
        label: "Large transfers",
        description: "Send with no limits",
        to: "/dashboard?tab=send&type=large",
        icon: "banknote",
      },
      { label: "Compare rates", description: "See what you pay before you send", to: "/rates", icon: "scale" },
      {
        label: "Popular transfer reasons",
        description: "How people use Ferry every day",
        to: "/reasons",
        icon: "reasons",
      },
      {
        label: "Business payments",
        description: "Bulk payments, an API and team roles",
        to: "/business",
        icon: "business",
      },
    ],
  },
  {
    label: "Why Ferry",
    items: [
      {
        label: "Fast transfers",
        description: "Money that arrives while it matters",
        to: "/features/fast",
        icon: "fast",
      },
      { label: "Low fees", description: "Clear pricing, shown up front", to: "/features/fees", icon: "fees" },
      { label: "Support", description: "Real people, whenever you need them", to: "/support", icon: "support" },
      { label: "Security", description: "How we protect your money and data", to: "/security", icon: "shield" },
    ],
  },
  {
    label: "I'm looking to...",
    items: [
      {
        label: "Buy property abroad",
        description: "Pay deposits and completions",
        to: "/use-cases/property",
        icon: "house",
      },
      {
        label: "Invest overseas",
        description: "Move funds to where you invest",
        to: "/use-cases/invest",
        icon: "invest",
      },
      {
        label: "Pay a mortgage abroad",
        description: "Regular payments, predictable costs",
        to: "/use-cases/mortgage",
        icon: "mortgage",
      },
      {
        label: "Receive an inheritance",
        description: "Bring money home with care",
        to: "/use-cases/inheritance",
        icon: "inheritance",
      },
      { label: "Support family", description: "Send to the people you love", to: "/use-cases/family", icon: "family" },
    ],
  },
  { label: "Tools", to: "/tools" },
];

/** The links of the drawer that replaces the header menus on narrow screens. */
export const MOBILE_NAV: NavLinkItem[] = [
  { label: "Send money", to: "/dashboard?tab=send", icon: "send" },
  { label: "Compare rates", to: "/rates", icon: "scale" },
  { label: "Business payments", to: "/business", icon: "business" },
  { label: "Support", to: "/support", icon: "support" },
  { label: "Security", to: "/security", icon: "shield" },
  { label: "Tools", to: "/tools", icon: "tools" },
];

export const MOBILE_NAV_TEXT = {
  open: "Open menu",
  close: "Close menu",
  title: "Menu",
  description: "Browse Ferry, sign in or create an account.",
} satisfies Record<string, MessageKey>;

/**
 * What a signed-in visitor gets in the header instead of Sign In and Get Started: a way back to the
 * dashboard and the user menu under their initials (spec §2: Profile, Settings, Sign Out). Profile
 * and Settings link to their pages; the spec's `/dashboard?tab=profile` and `?tab=settings` lead there too.
 */
export const SIGNED_IN_NAV = {
  dashboard: { label: "Dashboard", to: "/dashboard" },
  menuLabel: "Account menu",
  userMenu: [
    { label: "Profile", to: "/profile", icon: "profile" },
    { label: "Settings", to: "/settings", icon: "settings" },
  ],
  /** The drawer's own entries for a signed-in visitor (spec §2: Profile, Sign Out). */
  mobile: [{ label: "Profile", to: "/profile", icon: "profile" }],
  signOut: "Sign Out",
  signOutFailed: "Could not sign out. Please try again.",
} satisfies {
  dashboard: NavLinkItem;
  menuLabel: MessageKey;
  userMenu: NavLinkItem[];
  mobile: NavLinkItem[];
  signOut: MessageKey;
  signOutFailed: MessageKey;
};

export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    title: "Product",
    links: [
      { label: "Send money", to: "/dashboard?tab=send" },
      { label: "Compare rates", to: "/rates" },
      { label: "Business payments", to: "/business" },
      { label: "Tools", to: "/tools" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "Why Ferry", to: "/features/fast" },
      { label: "Support", to: "/support" },
      { label: "Security", to: "/security" },
      { label: "Partners", to: "/partners" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", to: "/terms" },
      { label: "Privacy Policy", to: "/privacy" },
    ],
  },
];

/** The card shown on static pages whose full content is not written yet. */
export const STATIC_PAGE_PLACEHOLDER = {
  heading: "The full page is on its way",
  body: "We're putting the finishing touches on this page. In the meantime, open a free account to start holding, exchanging and sending money.",
  homeLabel: "Back to home",
  ctaLabel: "Get Started",
  ctaTo: "/signup",
} satisfies Record<string, MessageKey | "/signup">;

export const NOT_FOUND = {
  code: "404",
  heading: "Oops! Page not found",
  body: "The page you're looking for doesn't exist or may have moved.",
  homeLabel: "Return to Home",
} satisfies Record<string, MessageKey | "404">;
