import type { Profile } from "@ferry/core/contracts/profile";
import type { SupportMessageReceipt, SupportMessageRequest } from "@ferry/core/contracts/support";
import { CircleCheckIcon, Loader2Icon } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { type Path, type UseFormReturn, useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { translateText } from "../../i18n/i18n.tsx";
import { ApiError, messageOf } from "../../lib/api-error.ts";
import { lazyResolver } from "../../lib/lazy-resolver.ts";
import { useVisitorProfile } from "../../lib/session-store.ts";
import { useSendSupportMessage } from "./api/send-support-message.ts";
import { SUPPORT_CONTACT_FORM as TEXT } from "./content.ts";

type ContactForm = z.input<typeof SupportMessageRequest>;

/** The server's own schema checks the form, fetched when it is first sent (zod stays off the page until then). */
const contactFormResolver = lazyResolver<ContactForm, unknown, SupportMessageRequest>(async () => {
  const [{ zodResolver }, { SupportMessageRequest }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@ferry/core/contracts/support"),
  ]);
  return zodResolver(SupportMessageRequest);
});
const FORM_FIELDS: readonly Path<ContactForm>[] = ["firstName", "lastName", "email", "subject", "message"];

function isFormField(field: string): field is Path<ContactForm> {
  return (FORM_FIELDS as readonly string[]).includes(field);
}

const EMPTY_FORM: ContactForm = { firstName: "", lastName: "", email: "", subject: "", message: "", website: "" };

/** The form's values for a signed-in user: their name and e-mail filled in from the profile. */
function valuesFor(profile: Profile | null): ContactForm {
  if (!profile) {
    return EMPTY_FORM;
  }
  return { ...EMPTY_FORM, firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
}

function subscribeToNothing() {
  return () => {};
}

/**
 * False while a pre-rendered page is still only HTML, true once React runs it. Until then a press of
 * Send would submit the form natively, putting the message in the address bar, so Send waits.
 */
function useIsInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** What the form shows once support has the message. */
function Sent(props: { receipt: SupportMessageReceipt; firstName: string; email: string; onAgain: () => void }) {
  const { receipt } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: focus moves to what replaced it, so keyboard users carry on from here.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="grid justify-items-start gap-4">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        <CircleCheckIcon aria-hidden="true" className="size-6" />
      </span>
      <h3 ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight text-slate-900 outline-none">
        {translateText(TEXT.sentHeading)}
      </h3>
      <p className="text-slate-700">
        {receipt.channel === "help_request"
          ? translateText(TEXT.sentAsHelpRequest)
          : translateText(TEXT.sentByEmail, { firstName: props.firstName, email: props.email })}
      </p>
      <div className="flex flex-wrap gap-3">
        {receipt.helpRequestId ? (
          <Button asChild>
            <Link to={`/help?request=${receipt.helpRequestId}`}>{translateText(TEXT.viewRequest)}</Link>
          </Button>
        ) : null}
        <Button type="button" variant="outline" onClick={props.onAgain}>
          {translateText(TEXT.sendAnother)}
        </Button>
      </div>
    </div>
  );
}

interface SentMessage {
  readonly receipt: SupportMessageReceipt;
  readonly firstName: string;
  readonly email: string;
}

type ContactFormField = "firstName" | "lastName" | "email" | "subject" | "message";
type ContactFormApi = UseFormReturn<ContactForm, unknown, SupportMessageRequest>;

/** What a required field's control carries: its id, its state for assistive technology, its registration. */
type ControlProps = ReturnType<ContactFormApi["register"]> & {
  id: string;
  "aria-required": "true";
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** A required field (its label marked *) with its error, the form's or the server's, underneath. */
function RequiredField(props: {
  form: ContactFormApi;
  name: ContactFormField;
  id: string;
  hint?: string;
  render: (control: ControlProps) => ReactNode;
}) {
  const error = props.form.formState.errors[props.name];
  return (
    <Field id={props.id} label={`${translateText(TEXT.labels[props.name])} *`} error={error?.message} hint={props.hint}>
      {props.render({
        id: props.id,
        "aria-required": "true",
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${props.id}-error` : undefined,
        ...props.form.register(props.name),
      })}
    </Field>
  );
}

/** The form's state, filled in for a signed-in user, and its submission with the server's word on each field. */
function useContactForm(onSent: (sent: SentMessage) => void) {
  const profile = useVisitorProfile();
  const send = useSendSupportMessage();
  const form = useForm<ContactForm, unknown, SupportMessageRequest>({
    resolver: contactFormResolver,
    defaultValues: EMPTY_FORM,
    // Filled in when the session turns out to be a signed-in user's, keeping anything already typed.
    values: valuesFor(profile),
    resetOptions: { keepDirtyValues: true },
  });
  const submit = form.handleSubmit((request) => {
    send.mutate(request, {
      onSuccess: (receipt) => onSent({ receipt, firstName: request.firstName, email: request.email }),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fields)) {
            if (isFormField(field)) {
              form.setError(field, { type: "server", message });
            }
          }
        }
      },
    });
  });
  return { profile, send, form, submit };
}

/** The honeypot: off screen and hidden from assistive technology, so only a bot fills it in. */
function Honeypot({ form, id }: { form: ContactFormApi; id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label htmlFor={id}>{translateText(TEXT.labels.website)}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...form.register("website")} />
    </div>
  );
}

/** Send, waiting while the page is only HTML and while the message is on its way. */
function SendButton({ isPending }: { isPending: boolean }) {
  const isInteractive = useIsInteractive();
  return (
    <div>
      <Button
        type="submit"
        size="lg"
        className="h-11 w-full rounded-xl sm:w-auto"
        disabled={isPending || !isInteractive}
      >
        {isPending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
        {translateText(isPending ? TEXT.sending : TEXT.submit)}
      </Button>
    </div>
  );
}

/** The form itself; it mounts afresh for each message, so each starts empty (or with the user's details). */
function ContactFormBody({ onSent }: { onSent: (sent: SentMessage) => void }) {
  const id = useId();
  const { profile, send, form, submit } = useContactForm(onSent);
  const failure = send.isError && !(send.error instanceof ApiError && send.error.code === "validation_failed");
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}heading`} className="grid gap-5">
      <div>
        <h3 id={`${id}heading`} className="text-xl font-bold tracking-tight text-slate-900">
          {translateText(TEXT.heading)}
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {profile ? translateText(TEXT.signedInIntro, { email: profile.email }) : translateText(TEXT.visitorIntro)}
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <RequiredField
          form={form}
          name="firstName"
          id={`${id}first-name`}
          render={(control) => <Input autoComplete="given-name" {...control} />}
        />
        <RequiredField
          form={form}
          name="lastName"
          id={`${id}last-name`}
          render={(control) => <Input autoComplete="family-name" {...control} />}
        />
      </div>
      <RequiredField
        form={form}
        name="email"
        id={`${id}email`}
        render={(control) => (
          <Input
            type="email"
            autoComplete="email"
            // A signed-in customer is answered in Help, at their account's address: not one typed here.
            readOnly={profile !== null}
            className={profile ? "bg-slate-50 text-slate-600" : undefined}
            {...control}
          />
        )}
      />
      <RequiredField
        form={form}
        name="subject"
        id={`${id}subject`}
        render={(control) => (
          <Input autoComplete="off" placeholder={translateText(TEXT.placeholders.subject)} {...control} />
        )}
      />
      <RequiredField
        form={form}
        name="message"
        id={`${id}message`}
        hint={translateText(TEXT.messageHint)}
        render={(control) => <Textarea rows={5} placeholder={translateText(TEXT.placeholders.message)} {...control} />}
      />
      <Honeypot form={form} id={`${id}website`} />
      {failure ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {messageOf(send.error, translateText(TEXT.failed))}
        </p>
      ) : null}
      <SendButton isPending={send.isPending} />
    </form>
  );
}

/**
 * The /support contact form (spec §2 Static pages: Support): first name, last name, e-mail, subject
 * and message, validated with core's contract as the server does. A signed-in customer's message opens
 * a help request (their name and e-mail filled in, the e-mail fixed to the account's); a visitor's is
 * e-mailed to support. A hidden honeypot field catches bots that fill in every input.
 */
export function SupportContactForm() {
  const [sent, setSent] = useState<SentMessage | null>(null);
  const [round, setRound] = useState(0);
  if (sent) {
    return (
      <Sent
        receipt={sent.receipt}
        firstName={sent.firstName}
        email={sent.email}
        onAgain={() => {
          setSent(null);
          setRound((current) => current + 1);
        }}
      />
    );
  }
  return <ContactFormBody key={round} onSent={setSent} />;
}
