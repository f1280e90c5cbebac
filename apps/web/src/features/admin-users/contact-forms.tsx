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
import { t, translateText } from "../../i18n/i18n.tsx";
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
  const subjectError = errors.subject?.message;
  const messageError = errors.message?.message;
  return (
    <>
      <Field
        id={subjectId}
        label={t("Subject")}
        error={subjectError === undefined ? undefined : translateText(subjectError)}
        hint={props.subjectHint}
      >
        <Input
          id={subjectId}
          autoComplete="off"
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? `${subjectId}-error` : undefined}
          {...props.subject}
        />
      </Field>
      <Field
        id={messageId}
        label={t("Message")}
        error={messageError === undefined ? undefined : translateText(messageError)}
      >
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
          toastSuccess(t("Email sent successfully"));
          form.reset();
        },
        onError: (error) => {
          showServerFieldErrors(form.setError, error, EMAIL_FIELDS);
          toastFailure(t("Failed to send email"), error);
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("Send Email")}>
      <SubjectAndMessage
        idPrefix="contact-email"
        subject={form.register("subject")}
        message={form.register("message")}
        errors={form.formState.errors}
      />
      <SubmitButton isPending={send.isPending} label={t("Send Email")} />
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
          toastSuccess(t("Help request created successfully"));
          form.reset();
        },
        onError: (error) => {
          showServerFieldErrors(form.setError, error, HELP_FIELDS);
          toastFailure(t("Failed to create help request"), error);
        },
      },
    );
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("Create Help Request")}>
      <SubjectAndMessage
        idPrefix="contact-help"
        subject={form.register("subject")}
        message={form.register("message")}
        errors={errors}
        subjectHint={t('The user sees it as "{prefix}…" on their help page.', { prefix: ADMIN_HELP_SUBJECT_PREFIX })}
      />
      <Field
        id="contact-help-priority"
        label={t("Priority")}
        error={errors.priority?.message === undefined ? undefined : translateText(errors.priority.message)}
      >
        <NativeSelect id="contact-help-priority" {...form.register("priority")}>
          <HelpPriorityOptions />
        </NativeSelect>
      </Field>
      <SubmitButton isPending={create.isPending} label={t("Create Help Request")} />
    </form>
  );
}
