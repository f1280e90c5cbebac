import { CURRENCIES, type CurrencyCode } from "@ferry/core/currencies";
import { BitcoinIcon } from "lucide-react";
import { translateText } from "../i18n/i18n.tsx";
import { cn } from "../lib/cn.ts";

// Drawn, not emoji: flag emoji are missing from many systems' fonts and would show as boxes.
// Each colour carries its white symbol at 4.5:1 or more (WCAG 1.4.3; BTC's drawn icon at 3:1, 1.4.11).
const COLOURS: Record<CurrencyCode, string> = {
  USD: "bg-emerald-700",
  EUR: "bg-blue-700",
  GBP: "bg-violet-700",
  CAD: "bg-red-600",
  AUD: "bg-sky-700",
  BTC: "bg-orange-600",
  ETH: "bg-indigo-500",
  USDC: "bg-blue-600",
  USDT: "bg-teal-700",
};

const GLYPHS: Record<CurrencyCode, string> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  CAD: "C$",
  AUD: "A$",
  // "₿" is missing from common system fonts (Debian's among them) and shows as a box; BTC draws an icon.
  BTC: "",
  ETH: "Ξ",
  USDC: "$",
  USDT: "₮",
};

/** A round icon for a currency: its colour and symbol, with the currency's name for screen readers. */
export function CurrencyIcon({ currency, className }: { currency: CurrencyCode; className?: string }) {
  return (
    <span
      role="img"
      aria-label={translateText(CURRENCIES[currency].name)}
      className={cn(
        "flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white",
        COLOURS[currency],
        className,
      )}
    >
      {currency === "BTC" ? <BitcoinIcon className="size-5" aria-hidden="true" /> : GLYPHS[currency]}
    </span>
  );
}
