import { CODE_LENGTH, CODE_TTL_SECONDS, OneTimeCode } from "@ferry/core/contracts/auth";
import { TOASTS } from "@ferry/core/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { MailIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { CodeInput } from "../../../components/code-input.tsx";
import { DialogFrame } from "../../../components/dialog-frame.tsx";
import { MessageWithNodes } from "../../../components/message-with-node.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DialogFooter } from "../../../components/ui/dialog.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { toastFailure, toastSuccess } from "../../../lib/toasts.ts";

/** The code form: one e-mailed 6-digit code. */
const CodeForm = z.object({ code: OneTimeCode });
type CodeForm = z.output<typeof CodeForm>;

function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Seconds left of a code's life, counting down once a second while the dialog is open. */
function useCodeCountdown(open: boolean) {
  const [secondsLeft, setSecondsLeft] = useState(CODE_TTL_SECONDS);
  useEffect(() => {
    if (!open || secondsLeft <= 0) {
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [open, secondsLeft]);
  return { secondsLeft, restart: () => setSecondsLeft(CODE_TTL_SECONDS) };
}

/** Opening the dialog is the request for a code (spec §4), so it is sent once per opening. */
function useSendOncePerOpening(open: boolean, sendCode: () => void, resetForm: () => void) {
  const hasSentForThisOpening = useRef(false);
  useEffect(() => {
    if (!open) {
      hasSentForThisOpening.current = false;
      return;
    }
    if (!hasSentForThisOpening.current) {
      hasSentForThisOpening.current = true;
      resetForm();
      sendCode();
    }
  }, [open, sendCode, resetForm]);
}

/** What the dialog says about the code: sent, or sent only if the password was right. */
function CodeDescription(props: { email: string; isPasswordUnconfirmed?: boolean }) {
  const email = <strong className="text-foreground">{props.email}</strong>;
  if (props.isPasswordUnconfirmed) {
    return (
      <MessageWithNodes
        translate={(marked) =>
          t(
            "Your account has had many failed sign-in attempts, so we can't tell you here whether your password was right. If it was, we sent a {length}-digit verification code to {email}. No code after a few minutes? Check your password and sign in again, or reset it.",
            { length: CODE_LENGTH, email: marked },
          )
        }
        nodes={[email]}
      />
    );
  }
  return (
    <MessageWithNodes
      translate={(marked) =>
        t("We sent a {length}-digit verification code to {email}.", { length: CODE_LENGTH, email: marked })
      }
      nodes={[email]}
    />
  );
}

const MAIL_ICON = (
  <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-primary sm:mx-0">
    <MailIcon className="size-6" />
  </div>
);

/** The countdown to the code's expiry, and at zero the way to a new code. */
function CodeExpiry(props: { secondsLeft: number; onResend: () => void; isResending: boolean }) {
  return (
    <div className="text-center text-sm text-muted-foreground">
      {props.secondsLeft > 0 ? (
        <span>
          <MessageWithNodes
            translate={(time) => t("Code expires in {time}", { time })}
            nodes={[
              <span key="time" className="font-mono font-medium text-foreground">
                {formatCountdown(props.secondsLeft)}
              </span>,
            ]}
          />
        </span>
      ) : (
        <Button type="button" variant="link" onClick={props.onResend} disabled={props.isResending}>
          {t("Resend verification code")}
        </Button>
      )}
    </div>
  );
}

interface CodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  title?: string;
  isPasswordUnconfirmed?: boolean;
  sendCode: () => Promise<unknown>;
  verifyCode: (code: string) => Promise<unknown>;
  onVerified: () => void;
  /** Offered as a way to the authenticator app's code instead (an unconfirmed sign-in may be an app's). */
  onUseAuthenticator?: () => void;
}

/**
 * The e-mail code dialog of spec §4: opening it sends a code and starts a 300-second countdown;
 * at zero 'Resend verification code' appears, and resending restarts it. Verify needs exactly 6 digits.
 * With `isPasswordUnconfirmed` (a sign-in the server answered without saying whether the password was
 * right) it says that a code comes only if the password was right, and does not claim one was sent.
 */
export function CodeDialog(props: CodeDialogProps) {
  const form = useForm<z.input<typeof CodeForm>, unknown, CodeForm>({
    resolver: zodResolver(CodeForm),
    defaultValues: { code: "" },
  });
  const code = useWatch({ control: form.control, name: "code" });
  const countdown = useCodeCountdown(props.open);
  const send = useMutation({
    mutationFn: props.sendCode,
    onSuccess: () => {
      countdown.restart();
      if (!props.isPasswordUnconfirmed) {
        toastSuccess(TOASTS.codeSent);
      }
    },
    onError: (error) => toastFailure(TOASTS.codeSendFailed, error),
  });
  const verify = useMutation({
    mutationFn: props.verifyCode,
    onSuccess: () => {
      form.reset();
      props.onVerified();
    },
    onError: (error) => toastFailure(TOASTS.invalidCode, error),
  });
  useSendOncePerOpening(props.open, send.mutate, form.reset);
  const isCodeValid = CodeForm.safeParse({ code }).success;

  return (
    <DialogFrame
      open={props.open}
      onClose={() => props.onOpenChange(false)}
      icon={MAIL_ICON}
      title={props.title ?? t("Check your email")}
      description={<CodeDescription email={props.email} isPasswordUnconfirmed={props.isPasswordUnconfirmed} />}
    >
      <form className="grid gap-4" onSubmit={form.handleSubmit((values) => verify.mutate(values.code))} noValidate>
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <CodeInput id="verification-code" value={field.value} onChange={field.onChange} autoFocus />
          )}
        />
        <CodeExpiry secondsLeft={countdown.secondsLeft} onResend={() => send.mutate()} isResending={send.isPending} />
        {props.onUseAuthenticator ? (
          <Button type="button" variant="link" onClick={props.onUseAuthenticator}>
            {t("Use your authenticator app instead")}
          </Button>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
            {t("Cancel")}
          </Button>
          <Button type="submit" disabled={!isCodeValid || verify.isPending}>
            {verify.isPending ? t("Verifying…") : t("Verify")}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}
