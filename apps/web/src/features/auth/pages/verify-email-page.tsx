import { MESSAGES, TOASTS } from "@ferry/core/messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2Icon, ClockIcon, Loader2Icon, XCircleIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { t, translateText } from "../../../i18n/i18n.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { meQueryKey, useMe } from "../../../lib/queries/session.ts";
import { toastSuccess } from "../../../lib/toasts.ts";
import { verifyEmailToken } from "../api/auth-calls.ts";

const REDIRECT_AFTER_MS = 3000;

type Outcome = { state: "success" } | { state: "expired" } | { state: "error"; message: string };

async function verify(token: string): Promise<Outcome> {
  try {
    await verifyEmailToken(token);
    return { state: "success" };
  } catch (error) {
    const text = error instanceof ApiError ? `${error.code} ${error.message}`.toLowerCase() : "";
    if (text.includes("expired")) {
      return { state: "expired" };
    }
    return { state: "error", message: error instanceof ApiError ? error.message : MESSAGES.verificationFailed };
  }
}

function StateCard(props: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md text-center">
        <CardContent className="grid justify-items-center gap-4 p-8">
          {props.icon}
          <h1 className="text-2xl font-bold">{props.title}</h1>
          {props.children}
        </CardContent>
      </Card>
    </div>
  );
}

function RecoveryButtons() {
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild>
        <Link to="/dashboard">{t("Go to Dashboard")}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/login">{t("Back to Login")}</Link>
      </Button>
    </div>
  );
}

/**
 * Verifies `token` once the user is signed in (the server ties the token to the account); on success it
 * says so, refreshes who is signed in, and goes to the dashboard after REDIRECT_AFTER_MS.
 */
function useEmailVerification(token: string | null) {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isSignedIn = Boolean(me.data);
  const result = useQuery({
    queryKey: ["verify-email", token],
    queryFn: () => verify(token ?? ""),
    enabled: Boolean(token) && isSignedIn,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const outcome = result.data;

  useEffect(() => {
    if (outcome?.state !== "success") {
      return;
    }
    toastSuccess(TOASTS.emailVerified);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    const timer = setTimeout(() => navigate("/dashboard", { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate, queryClient]);
  return { outcome, isSignedOut: !me.isPending && !isSignedIn };
}

/** The page when the link cannot verify the address, with why and the ways on. */
function VerificationFailed({ message }: { message: string }) {
  return (
    <StateCard icon={<XCircleIcon className="size-14 text-destructive" />} title={t("Verification failed")}>
      <p className="text-muted-foreground">{translateText(message)}</p>
      <RecoveryButtons />
    </StateCard>
  );
}

/** `/verify-email?token=…`: loading, then success (to the dashboard after 3 s), expired or error. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const { outcome, isSignedOut } = useEmailVerification(token);
  if (!token) {
    return <VerificationFailed message={MESSAGES.noVerificationToken} />;
  }
  if (isSignedOut) {
    return <VerificationFailed message={MESSAGES.loginToVerify} />;
  }
  if (!outcome) {
    return (
      <StateCard
        icon={<Loader2Icon className="size-14 animate-spin text-primary" />}
        title={t("Verifying your email…")}
      >
        <p className="text-muted-foreground">{t("This only takes a moment.")}</p>
      </StateCard>
    );
  }
  if (outcome.state === "success") {
    return (
      <StateCard icon={<CheckCircle2Icon className="size-14 text-green-600" />} title={t("Email verified!")}>
        <p className="text-muted-foreground">
          {translateText(TOASTS.emailVerified)} {t("Taking you to your dashboard…")}
        </p>
      </StateCard>
    );
  }
  if (outcome.state === "expired") {
    return (
      <StateCard icon={<ClockIcon className="size-14 text-yellow-600" />} title={t("Link expired")}>
        <p className="text-muted-foreground">{translateText(MESSAGES.verificationExpired)}</p>
        <p className="text-sm text-muted-foreground">{translateText(MESSAGES.verificationExpiryNote)}</p>
        <RecoveryButtons />
      </StateCard>
    );
  }
  return <VerificationFailed message={MESSAGES.verificationInvalid} />;
}
