import type { MessageKey } from "@ferry/core/i18n/catalog";
import { t } from "../i18n/i18n.tsx";
import { Badge } from "./ui/badge.tsx";

/**
 * Each status's word, keyed by the API's value (translated when rendering; the badge capitalises it, as
 * it always showed the value itself). An unknown status shows as it is.
 */
const STATUS_LABELS: Readonly<Record<string, MessageKey>> = {
  pending: "pending",
  processed: "processed",
  sent: "sent",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
};

const SUCCESS_STATUSES = new Set(["sent", "completed"]);
const WAITING_STATUSES = new Set(["pending", "processed"]);

function variantOf(status: string): "success" | "warning" | "destructive" {
  if (SUCCESS_STATUSES.has(status)) {
    return "success";
  }
  if (WAITING_STATUSES.has(status)) {
    return "warning";
  }
  return "destructive";
}

/**
 * A transfer, deposit or withdrawal status (spec §2): green once the money has arrived (sent,
 * completed), yellow while it is on its way (pending, processed), red otherwise (failed, cancelled).
 */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={variantOf(status)} className="capitalize">
      {STATUS_LABELS[status] ? t(STATUS_LABELS[status]) : status}
    </Badge>
  );
}
