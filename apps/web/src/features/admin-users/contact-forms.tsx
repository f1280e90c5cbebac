import { ADMIN_HELP_SUBJECT_PREFIX, AdminEmailRequest, AdminHelpRequestRequest } from "@ferry/core/contracts/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon } from "lucide-react";
import { type Path, type UseFormRegisterReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { HelpPriorityOptions } from "../../components/help/help-badges.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { showServerFieldErrors } from "../../lib/server-field-errors.ts";
import { toastFailure, toastSuccess } from "../../lib/toasts.ts";
import { useCreateHelpRequestForUser } from "./api/create-user-help-request.ts";
import { useSendEmailToUser } from "./api/send-user-email.ts";

/** The subject and message both contact forms ask for (spec §5: both required, no format checks). */
function SubjectAndMessage(props: {
  idPrefix: string;
  subject: UseFormRegisterReturn;
  message: UseFormRegisterReturn;
  errors: { subject?: { message?: string }; message?: { message?: string } };
  subjectHint?: string;
}) {
  const subjectId = `${props.idPrefix}-subject`;
  const messageId = `${props.idPrefix}-message`;
  const { errors } = props;
  return (
    <>
      <Field id={subjectId} label="Subject" error={errors.subject?.message} hint={props.subjectHint}>
        <Input
          id={subjectId}
          autoComplete="off"
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? `${subjectId}-error` : undefined}
          {...props.subject}
        />
      </Field>
      <Field id={messageId} label="Message" error={errors.message?.message}>
        <Textarea
          id={messageId}
          rows={5}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          {...props.message}
        />
      </Field>
    </>
  );
}

function SubmitButton(props: { isPending: boolean; label: string }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={props.isPending}>
        {props.isPending ? <Loader2Icon className="animate-spin" /> : null}
        {props.label}
      </Button>
    </div>
  );
}

type EmailForm = z.input<typeof AdminEmailRequest>;
const EMAIL_FIELDS: readonly Path<EmailForm>[] = ["subject", "message"];

/** Send Email: an e-mail to the user, through the mail queue. */
export function SendEmailForm({ userId }: { userId: string }) {
  const send = useSendEmailToUser();
  const form = useForm<EmailForm, unknown, AdminEmailRequest>({
    resolver: zodResolver(AdminEmailRequest),
    defaultValues: { subject: "", message: "" },
  });
  const submit = form.handleSubmit((request) => {
    send.mutate(
      { userId, request },
      {
        onSuccess: () => {
          toastSuccess("Email sent successfully");
          form.reset();
        },
        onError: (error) => {
          showServerFieldErrors(form.setError, error, EMAIL_FIELDS);
          toastFailure("Failed to send email", error);
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Send Email">
      <SubjectAndMessage
        idPrefix="contact-email"
        subject={form.register("subject")}
        message={form.register("message")}
        errors={form.formState.errors}
      />
      <SubmitButton isPending={send.isPending} label="Send Email" />
    </form>
  );
}

type HelpForm = z.input<typeof AdminHelpRequestRequest>;
const HELP_FIELDS: readonly Path<HelpForm>[] = ["subject", "message", "priority"];

/** Create Help Request: opened for the user, '[ADMIN] ' before its subject, on the user's /help. */
export function CreateHelpRequestForm({ userId }: { userId: string }) {
  const create = useCreateHelpRequestForUser();
  const form = useForm<HelpForm, unknown, AdminHelpRequestRequest>({
    resolver: zodResolver(AdminHelpRequestRequest),
    defaultValues: { subject: "", message: "", priority: "medium" },
  });
  const submit = form.handleSubmit((request) => {
    create.mutate(
      { userId, request },
      {
        onSuccess: () => {
          toastSuccess("Help request created successfully");
          form.reset();
        },
        onError: (error) => {
          showServerFieldErrors(form.setError, error, HELP_FIELDS);
          toastFailure("Failed to create help request", error);
        },
      },
    );
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Create Help Request">
      <SubjectAndMessage
        idPrefix="contact-help"
        subject={form.register("subject")}
        message={form.register("message")}
        errors={errors}
        subjectHint={`The user sees it as "${ADMIN_HELP_SUBJECT_PREFIX}…" on their help page.`}
      />
      <Field id="contact-help-priority" label="Priority" error={errors.priority?.message}>
        <NativeSelect id="contact-help-priority" {...form.register("priority")}>
          <HelpPriorityOptions />
        </NativeSelect>
      </Field>
      <SubmitButton isPending={create.isPending} label="Create Help Request" />
    </form>
  );
}
