import { MESSAGES, TOASTS } from "@ferry/core/messages";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { passkeyErrorMessage } from "../../../lib/passkey-errors.ts";
import { toastError } from "../../../lib/toasts.ts";
import { signInWithPasskey } from "../api/auth-calls.ts";

/**
 * "Sign in with a passkey": the browser asks for one of the person's Ferry passkeys (no e-mail
 * needed), and a verified one signs in as password and code together.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [isSigningIn, setIsSigningIn] = useState(false);

  async function signIn() {
    if (isSigningIn) {
      return;
    }
    setIsSigningIn(true);
    try {
      await signInWithPasskey();
      await onSignedIn();
    } catch (error) {
      toastError(TOASTS.loginFailed, passkeyErrorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setIsSigningIn(false);
    }
  }

  return (
    <div className="mt-5 grid gap-5">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t("or")}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" size="lg" onClick={signIn} aria-disabled={isSigningIn || undefined}>
        <KeyRound aria-hidden="true" />
        {isSigningIn ? t("Waiting for your passkey…") : t("Sign in with a passkey")}
      </Button>
    </div>
  );
}
