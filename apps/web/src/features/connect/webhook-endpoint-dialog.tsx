import {
  CreateWebhookEndpointRequest,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from "@ferry/core/contracts/connect";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { showServerFieldErrors } from "../../lib/server-field-errors.ts";
import { toastFailure } from "../../lib/toasts.ts";
import { useCreateWebhookEndpoint } from "./api/webhook-endpoints.ts";

type EndpointForm = z.input<typeof CreateWebhookEndpointRequest>;
type Form = UseFormReturn<EndpointForm, unknown, CreateWebhookEndpointRequest>;

/** What each event means, beside its checkbox. */
const EVENT_LABELS: Record<WebhookEventType, MessageKey> = {
  "transfer.created": "A transfer was made",
  "transfer.status_changed": "A transfer's status changed",
  "deposit.credited": "A deposit was credited",
  "exchange.completed": "An exchange completed",
  "investment.return_paid": "An investment return was paid",
};

function EventChoice({ form }: { form: Form }) {
  const message = form.formState.errors.events?.message;
  const error = typeof message === "string" ? translateText(message) : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "endpoint-events-error" : undefined}>
      <legend className="mb-1 text-sm font-medium">{t("Events")}</legend>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => (
          <>
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <div key={event} className="flex items-start gap-2">
                <Checkbox
                  id={`event-${event}`}
                  className="mt-0.5"
                  checked={field.value.includes(event)}
                  onCheckedChange={(checked) =>
                    field.onChange(
                      checked === true ? [...field.value, event] : field.value.filter((chosen) => chosen !== event),
                    )
                  }
                />
                <label htmlFor={`event-${event}`} className="grid text-sm">
                  <span>{t(EVENT_LABELS[event])}</span>
                  <code className="text-xs text-muted-foreground">{event}</code>
                </label>
              </div>
            ))}
          </>
        )}
      />
      {error ? (
        <p id="endpoint-events-error" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function EndpointForm(props: {
  credentialId: string;
  onCreated: (created: WebhookEndpointWithSecret) => void;
  onCancel: () => void;
}) {
  const form = useForm<EndpointForm, unknown, CreateWebhookEndpointRequest>({
    resolver: zodResolver(CreateWebhookEndpointRequest),
    defaultValues: { credentialId: props.credentialId, url: "", events: [...WEBHOOK_EVENT_TYPES] },
  });
  const create = useCreateWebhookEndpoint();
  const urlMessage = form.formState.errors.url?.message;
  const urlError = urlMessage === undefined ? undefined : translateText(urlMessage);
  function submit(request: CreateWebhookEndpointRequest) {
    create.mutate(request, {
      onSuccess: props.onCreated,
      onError: (error) => {
        showServerFieldErrors(form.setError, error, ["url", "events"]);
        toastFailure(t("Failed to add webhook endpoint"), error);
      },
    });
  }
  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
      <Field id="endpoint-url" label={t("Endpoint URL")} error={urlError} hint={t("Ferry POSTs signed events here.")}>
        <Input
          id="endpoint-url"
          type="url"
          placeholder="https://example.com/webhooks/ferry"
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? "endpoint-url-error" : undefined}
          {...form.register("url")}
        />
      </Field>
      <EventChoice form={form} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {t("Cancel")}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("Adding…") : t("Add endpoint")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Adds a webhook endpoint to one connected app (`credentialId`; null: closed). */
export function WebhookEndpointDialog(props: {
  credentialId: string | null;
  appName: string;
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  return (
    <DialogFrame
      open={props.credentialId !== null}
      onClose={props.onClose}
      title={t("Add webhook endpoint")}
      description={t("Events of your account, signed for {app}.", { app: props.appName })}
      className="max-h-[90vh] max-w-lg overflow-y-auto"
    >
      {props.credentialId ? (
        <EndpointForm credentialId={props.credentialId} onCreated={props.onCreated} onCancel={props.onClose} />
      ) : null}
    </DialogFrame>
  );
}
