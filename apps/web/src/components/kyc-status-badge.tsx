import type { KycStatus } from "@ferry/core/contracts/profile";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { t } from "../i18n/i18n.tsx";
import { cn } from "../lib/cn.ts";
import { Badge } from "./ui/badge.tsx";

const KYC_BADGE: Record<KycStatus, { label: MessageKey; variant: "success" | "destructive" | "warning" | "neutral" }> =
  {
    approved: { label: "Approved", variant: "success" },
    rejected: { label: "Rejected", variant: "destructive" },
    under_review: { label: "Under review", variant: "warning" },
    pending: { label: "Pending", variant: "neutral" },
  };

/**
 * A KYC status in the spec's colours (§4): approved green, rejected red, under review yellow, otherwise
 * neutral. `withPrefix` says "KYC" before it, where the badge stands beside others.
 */
export function KycStatusBadge(props: { status: KycStatus; withPrefix?: boolean; className?: string }) {
  const kyc = KYC_BADGE[props.status];
  return (
    <Badge variant={kyc.variant} className={cn(props.className)}>
      {props.withPrefix ? t("KYC: {status}", { status: t(kyc.label) }) : t(kyc.label)}
    </Badge>
  );
}
