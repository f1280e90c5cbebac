import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from "@ferry/core/contracts/connect";
import { ChevronDownIcon, ChevronUpIcon, PlusIcon, RefreshCwIcon, RotateCwIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { t } from "../../i18n/i18n.tsx";
import { formatDateTime } from "../../lib/format-date-time.ts";

import { toastFailure, toastSuccess, useErrorToast } from "../../lib/toasts.ts";
import {
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from "./api/webhook-endpoints.ts";
import { WebhookEndpointDialog } from "./webhook-endpoint-dialog.tsx";

const DELIVERY_BADGES: Record<WebhookDelivery["status"], "success" | "warning" | "destructive" | "neutral"> = {
  succeeded: "success",
  retrying: "warning",
  failed: "destructive",
  pending: "neutral",
};

/** A delivery's status as a word of the reader's language (the API's own word is English and lower case). */
function deliveryStatusLabel(status: WebhookDelivery["status"]): string {
  switch (status) {
    case "succeeded":
      return t("Succeeded");
    case "retrying":
      return t("Retrying");
    case "failed":
      return t("Failed");
    case "pending":
      return t("Pending");
  }
}

function DeliveryRow({ delivery, endpointId }: { delivery: WebhookDelivery; endpointId: string }) {
  const resend = useResendWebhookDelivery(endpointId);
  function resendDelivery() {
    resend.mutate(delivery.id, {
      onSuccess: () => toastSuccess(t("Delivery queued again")),
      onError: (error) => toastFailure(t("Failed to resend delivery"), error),
    });
  }
  let outcome = delivery.error ?? t("No answer yet");
  if (delivery.responseStatus !== null) {
    outcome = `HTTP ${delivery.responseStatus}`;
  }
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border py-2 text-sm last:border-0">
      <code className="font-mono text-xs">{delivery.eventType}</code>
      <Badge variant={DELIVERY_BADGES[delivery.status]}>{deliveryStatusLabel(delivery.status)}</Badge>
      <span className="text-muted-foreground">{outcome}</span>
      {delivery.durationMs !== null ? <span className="text-muted-foreground">{delivery.durationMs} ms</span> : null}
      <time className="text-muted-foreground" dateTime={delivery.createdAt}>
        {formatDateTime(delivery.createdAt)}
      </time>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="ml-auto"
        disabled={resend.isPending}
        aria-label={t("Resend {event} of {date}", {
          event: delivery.eventType,
          date: formatDateTime(delivery.createdAt),
        })}
        onClick={resendDelivery}
      >
        <RefreshCwIcon /> {t("Resend")}
      </Button>
    </li>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  useErrorToast(deliveries.error, t("Failed to load deliveries"));
  const items = deliveries.data?.items ?? [];
  if (deliveries.isPending) {
    return <p className="text-sm text-muted-foreground">{t("Loading deliveries…")}</p>;
  }
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("No deliveries yet.")}</p>;
  }
  return (
    <ul aria-label={t("Deliveries to {url}", { url: endpoint.url })}>
      {items.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} endpointId={endpoint.id} />
      ))}
    </ul>
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.isEnabled) {
    return <Badge variant="success">{t("Enabled")}</Badge>;
  }
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <Badge variant="destructive">{t("Disabled")}</Badge>
      {endpoint.disabledReason}
    </span>
  );
}

function EndpointItem(props: {
  endpoint: WebhookEndpoint;
  onSecret: (rotated: WebhookEndpointWithSecret) => void;
  onDelete: () => void;
}) {
  const { endpoint } = props;
  const [isLogShown, setIsLogShown] = useState(false);
  const rotate = useRotateWebhookSecret();
  function rotateSecret() {
    rotate.mutate(endpoint.id, {
      onSuccess: (rotated) => {
        props.onSecret(rotated);
        // The secret lives in the dialog's state only, not in the mutation kept by this card.
        rotate.reset();
      },
      onError: (error) => toastFailure(t("Failed to rotate the signing secret"), error),
    });
  }
  const logId = `deliveries-${endpoint.id}`;
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3">
      <div className="grid gap-1">
        <p className="break-all font-mono text-sm">{endpoint.url}</p>
        <div className="flex flex-wrap gap-1">
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline">
              {event}
            </Badge>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <EndpointStatus endpoint={endpoint} />
          <span>{t("Signing secret ending in ····{last4}", { last4: endpoint.secretLast4 })}</span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={isLogShown}
          aria-controls={logId}
          onClick={() => setIsLogShown((shown) => !shown)}
        >
          {isLogShown ? <ChevronUpIcon /> : <ChevronDownIcon />} {t("Deliveries")}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={rotate.isPending} onClick={rotateSecret}>
          <RotateCwIcon /> {t("Rotate secret")}
        </Button>
        <Button type="button" variant="outline" size="sm" className="text-destructive" onClick={props.onDelete}>
          <Trash2Icon /> {t("Delete")}
        </Button>
      </div>
      <div id={logId} hidden={!isLogShown}>
        {isLogShown ? <DeliveryLog endpoint={endpoint} /> : null}
      </div>
    </li>
  );
}

function DeleteEndpointDialog(props: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const remove = useDeleteWebhookEndpoint();
  function confirmDelete() {
    if (!props.endpoint) {
      return;
    }
    remove.mutate(props.endpoint.id, {
      onSuccess: () => {
        toastSuccess(t("Webhook endpoint deleted"));
        props.onClose();
      },
      onError: (error) => toastFailure(t("Failed to delete webhook endpoint"), error),
    });
  }
  return (
    <ConfirmDeleteDialog
      open={props.endpoint !== null}
      title={t("Delete webhook endpoint")}
      description={t("Ferry will stop sending events to {url}.", { url: props.endpoint?.url ?? "" })}
      isDeleting={remove.isPending}
      onConfirm={confirmDelete}
      onClose={props.onClose}
    />
  );
}

/** One connected app's webhook endpoints: add, rotate a secret, delete, and each one's delivery log. */
export function WebhooksSection(props: {
  credentialId: string;
  appName: string;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const endpoints = useWebhookEndpoints();
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  useErrorToast(endpoints.error, t("Failed to load webhook endpoints"));
  const own = (endpoints.data?.items ?? []).filter((endpoint) => endpoint.credentialId === props.credentialId);
  const headingId = `webhooks-${props.credentialId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-border pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {t("Webhooks")}
        </h3>
        <Button type="button" variant="outline" size="sm" onClick={() => setIsAdding(true)}>
          <PlusIcon /> {t("Add endpoint")}
        </Button>
      </div>
      {own.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("No webhook endpoints yet.")}</p>
      ) : (
        <ul className="grid gap-2">
          {own.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              onSecret={props.onSecret}
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </ul>
      )}
      <WebhookEndpointDialog
        credentialId={isAdding ? props.credentialId : null}
        appName={props.appName}
        onClose={() => setIsAdding(false)}
        onCreated={(created) => {
          setIsAdding(false);
          props.onSecret(created);
        }}
      />
      <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
