import {
  helpRequestDueAt,
  NewHelpRequest,
  RESPONSE_TARGET_HOURS,
  type UploadedHelpAttachment,
} from "@ferry/core/contracts/help";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon } from "lucide-react";
import { useState } from "react";
import { type Path, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { AttachmentPicker } from "../../components/help/help-attachments.tsx";
import { formatTargetHours, HelpPriorityOptions } from "../../components/help/help-badges.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { formatDueTime } from "../../lib/format-date-time.ts";
import { showServerFieldErrors } from "../../lib/server-field-errors.ts";
import { toastServerError, toastSuccess } from "../../lib/toasts.ts";
import { useCreateHelpRequest } from "./api/create-help-request.ts";

type RequestForm = z.input<typeof NewHelpRequest>;
const FORM_FIELDS: readonly Path<RequestForm>[] = ["subject", "message", "priority"];

/** A validation message (the contract's English) in the reader's language. */
function translateOptional(message: string | undefined): string | undefined {
  return message === undefined ? undefined : translateText(message);
}

/** The response target of the chosen priority, and when it would fall for a request sent now. */
function DueTarget({ priority }: { priority: RequestForm["priority"] }) {
  const chosen = priority ?? "medium";
  const dueAt = helpRequestDueAt(new Date(), chosen).toISOString();
  return (
    <time dateTime={dueAt}>
      {t("Support aims to reply within {within}, by {due}.", {
        within: formatTargetHours(RESPONSE_TARGET_HOURS[chosen]),
        due: formatDueTime(dueAt),
      })}
    </time>
  );
}

/** Subject, priority (with the reply it promises) and message. */
function RequestFields({ form }: { form: UseFormReturn<RequestForm, unknown, NewHelpRequest> }) {
  const priority = useWatch({ control: form.control, name: "priority" });
  const errors = form.formState.errors;
  return (
    <>
      <Field id="help-subject" label={t("Subject")} error={translateOptional(errors.subject?.message)}>
        <Input
          id="help-subject"
          placeholder={t("What do you need help with?")}
          autoComplete="off"
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? "help-subject-error" : undefined}
          {...form.register("subject")}
        />
      </Field>
      <div className="grid gap-2">
        <Field id="help-priority" label={t("Priority")} error={translateOptional(errors.priority?.message)}>
          <NativeSelect id="help-priority" aria-describedby="help-priority-target" {...form.register("priority")}>
            <HelpPriorityOptions />
          </NativeSelect>
        </Field>
        <p id="help-priority-target" className="text-xs text-muted-foreground">
          <DueTarget priority={priority} />
        </p>
      </div>
      <Field
        id="help-message"
        label={t("Message")}
        error={translateOptional(errors.message?.message)}
        hint={t("At least 10 characters. Include dates, amounts and references that help us find it.")}
      >
        <Textarea
          id="help-message"
          rows={5}
          placeholder={t("Describe what happened and what you expected.")}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "help-message-error" : undefined}
          {...form.register("message")}
        />
      </Field>
    </>
  );
}

/** The form's body; it mounts with each opening, so each starts afresh with its subject. */
function NewHelpRequestForm(props: { subject: string; onCreated: (id: string) => void; onCancel: () => void }) {
  const create = useCreateHelpRequest();
  const [attachments, setAttachments] = useState<UploadedHelpAttachment[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const form = useForm<RequestForm, unknown, NewHelpRequest>({
    resolver: zodResolver(NewHelpRequest),
    defaultValues: { subject: props.subject, message: "", priority: "medium", attachmentIds: [] },
  });

  const submit = form.handleSubmit((request) => {
    create.mutate(
      { ...request, attachmentIds: attachments.map((attachment) => attachment.id) },
      {
        onSuccess: (created) => {
          toastSuccess(
            t("Help Request Submitted"),
            t("Support aims to reply by {due}.", { due: formatDueTime(created.dueAt) }),
          );
          props.onCreated(created.id);
        },
        onError: (error) => {
          showServerFieldErrors(form.setError, error, FORM_FIELDS);
          toastServerError(error, t("Failed to submit help request"));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <RequestFields form={form} />
      <div className="grid gap-2">
        <span className="text-sm font-medium leading-none">{t("Attachments (optional)")}</span>
        <AttachmentPicker
          value={attachments}
          onChange={setAttachments}
          onUploadingChange={setIsUploading}
          disabled={create.isPending}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {t("Cancel")}
        </Button>
        <Button type="submit" disabled={create.isPending || isUploading}>
          {create.isPending ? <Loader2Icon className="animate-spin" /> : null}
          {t("Submit Request")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Spec §5: the New Request form (subject, message, priority), in a dialog. */
export function NewHelpRequestDialog(props: {
  open: boolean;
  subject: string;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  return (
    <DialogFrame
      open={props.open}
      onClose={() => props.onOpenChange(false)}
      title={t("New Request")}
      description={t("Tell us what is wrong; support answers here and lets you know.")}
      className="max-h-[90vh] max-w-lg overflow-y-auto"
    >
      <NewHelpRequestForm
        subject={props.subject}
        onCreated={props.onCreated}
        onCancel={() => props.onOpenChange(false)}
      />
    </DialogFrame>
  );
}
