import type { MessageKey } from "@ferry/core/i18n/catalog";
import {
  ArrowLeftRightIcon,
  BellIcon,
  CreditCardIcon,
  HeadsetIcon,
  HomeIcon,
  LandmarkIcon,
  LifeBuoyIcon,
  type LucideIcon,
  PiggyBankIcon,
  PlugIcon,
  ReceiptIcon,
  RepeatIcon,
  ScrollTextIcon,
  SettingsIcon,
  TrendingUpIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from "lucide-react";

export interface NavItem {
  /** The English name: the sidebar shows `t(label)` (a table is read before the language is active). */
  readonly label: MessageKey;
  readonly to: string;
  readonly icon: LucideIcon;
  /** Hidden for admins (spec §2: Help is hidden for admins). */
  readonly isHiddenForAdmins?: boolean;
}

/** The sidebar of spec §2, in its order. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: "Home", to: "/dashboard", icon: HomeIcon },
  { label: "Balances", to: "/balance", icon: WalletIcon },
  { label: "Investment", to: "/investment", icon: TrendingUpIcon },
  { label: "Connect", to: "/connect", icon: PlugIcon },
  { label: "Payment Methods", to: "/withdrawal-addresses", icon: CreditCardIcon },
  { label: "Transactions", to: "/transactions", icon: ArrowLeftRightIcon },
  { label: "Notifications", to: "/notifications", icon: BellIcon },
  { label: "Help", to: "/help", icon: LifeBuoyIcon, isHiddenForAdmins: true },
  { label: "Profile", to: "/profile", icon: UserIcon },
  { label: "Settings", to: "/settings", icon: SettingsIcon },
];

/** The admin-only group 'Admin'. */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: "Users", to: "/admin/users", icon: UsersIcon },
  { label: "Deposits", to: "/admin/deposits", icon: LandmarkIcon },
  { label: "Investments", to: "/admin/investments", icon: PiggyBankIcon },
  { label: "Transactions", to: "/admin/transactions", icon: ReceiptIcon },
  { label: "Rates", to: "/admin/rates", icon: RepeatIcon },
  { label: "Help Desk", to: "/admin/help", icon: HeadsetIcon },
  { label: "Audit Log", to: "/admin/audit", icon: ScrollTextIcon },
];
