import type { LucideIcon } from "lucide-react";
import { cn } from "../lib/cn.ts";

const SIZES = {
  small: { circle: "size-9", icon: "size-4" },
  large: { circle: "size-10", icon: "size-5" },
} as const;

/** The round icon beside a history entry: green for money coming in, the brand's colour for money going out. */
export function TransactionIcon(props: { icon: LucideIcon; isIncoming: boolean; size: keyof typeof SIZES }) {
  const Icon = props.icon;
  const size = SIZES[props.size];
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full",
        size.circle,
        props.isIncoming ? "bg-green-100 text-green-700" : "bg-secondary text-primary",
      )}
      aria-hidden="true"
    >
      <Icon className={size.icon} />
    </span>
  );
}
