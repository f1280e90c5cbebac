import type { MessageKey } from "@ferry/core/i18n/catalog";
import { t } from "../i18n/i18n.tsx";
import { Badge } from "./ui/badge.tsx";

/** Each status's name, by its English key (translated when rendering); an unknown one shows as it is. */
const STATUS_LABELS: Readonly<Record<string, MessageKey>> = {
  pending: "Pending",
  processed: "Processed",
  sent: "Sent",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
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
