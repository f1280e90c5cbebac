import type { NavLinkItem } from "./content/site.ts";
import { MARKETING_ICONS } from "./marketing-icons.ts";

/** The small tinted icon tile beside a header menu's or the mobile drawer's entry. */
export function NavItemIcon({ item }: { item: NavLinkItem }) {
  if (!item.icon) {
    return null;
  }
  const Icon = MARKETING_ICONS[item.icon];
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
      <Icon aria-hidden="true" className="size-[18px]" />
    </span>
  );
}
