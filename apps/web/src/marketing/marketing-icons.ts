import {
  ArrowLeftRightIcon,
  BadgePercentIcon,
  BanknoteIcon,
  BitcoinIcon,
  Building2Icon,
  CalculatorIcon,
  GlobeIcon,
  HandCoinsIcon,
  HeadsetIcon,
  HeartHandshakeIcon,
  HouseIcon,
  KeyRoundIcon,
  LandmarkIcon,
  LockKeyholeIcon,
  type LucideIcon,
  ScaleIcon,
  ScrollTextIcon,
  SendIcon,
  ShieldCheckIcon,
  TrendingUpIcon,
  UsersIcon,
  WalletIcon,
  ZapIcon,
} from "lucide-react";

/**
 * The icons marketing content may name. Content files refer to an icon by key so an operator can
 * change copy without touching components.
 */
export const MARKETING_ICONS = {
  bank: LandmarkIcon,
  wallet: WalletIcon,
  exchange: ArrowLeftRightIcon,
  send: SendIcon,
  banknote: BanknoteIcon,
  scale: ScaleIcon,
  reasons: ScrollTextIcon,
  business: Building2Icon,
  fast: ZapIcon,
  fees: BadgePercentIcon,
  support: HeadsetIcon,
  shield: ShieldCheckIcon,
  lock: LockKeyholeIcon,
  key: KeyRoundIcon,
  house: HouseIcon,
  invest: TrendingUpIcon,
  mortgage: HandCoinsIcon,
  inheritance: HeartHandshakeIcon,
  family: UsersIcon,
  globe: GlobeIcon,
  bitcoin: BitcoinIcon,
  tools: CalculatorIcon,
} satisfies Record<string, LucideIcon>;

export type MarketingIconName = keyof typeof MARKETING_ICONS;
