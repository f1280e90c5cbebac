import { MESSAGES, TOASTS } from "@ferry/core/messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2Icon, ClockIcon, Loader2Icon, XCircleIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { ApiError } from "../../../lib/api.ts";
import { meQueryKey, useMe } from "../../../lib/queries/session.ts";
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

const recoveryButtons = (
  <div className="flex flex-wrap justify-center gap-2">
    <Button asChild>
      <Link to="/dashboard">Go to Dashboard</Link>
    </Button>
    <Button asChild variant="outline">
      <Link to="/login">Back to Login</Link>
    </Button>
  </div>
);

/** `/verify-email?token=…`: loading, then success (to the dashboard after 3 s), expired or error. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
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
    toast.success(TOASTS.emailVerified);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    const timer = setTimeout(() => navigate("/dashboard", { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate, queryClient]);

  const errorIcon = <XCircleIcon className="size-14 text-destructive" />;
  if (!token) {
    return (
      <StateCard icon={errorIcon} title="Verification failed">
        <p className="text-muted-foreground">{MESSAGES.noVerificationToken}</p>
        {recoveryButtons}
      </StateCard>
    );
  }
  if (!me.isPending && !isSignedIn) {
    return (
      <StateCard icon={errorIcon} title="Verification failed">
        <p className="text-muted-foreground">{MESSAGES.loginToVerify}</p>
        {recoveryButtons}
      </StateCard>
    );
  }
  if (!outcome) {
    return (
      <StateCard icon={<Loader2Icon className="size-14 animate-spin text-primary" />} title="Verifying your email…">
        <p className="text-muted-foreground">This only takes a moment.</p>
      </StateCard>
    );
  }
  if (outcome.state === "success") {
    return (
      <StateCard icon={<CheckCircle2Icon className="size-14 text-green-600" />} title="Email verified!">
        <p className="text-muted-foreground">{TOASTS.emailVerified} Taking you to your dashboard…</p>
      </StateCard>
    );
  }
  if (outcome.state === "expired") {
    return (
      <StateCard icon={<ClockIcon className="size-14 text-yellow-600" />} title="Link expired">
        <p className="text-muted-foreground">{MESSAGES.verificationExpired}</p>
        <p className="text-sm text-muted-foreground">{MESSAGES.verificationExpiryNote}</p>
        {recoveryButtons}
      </StateCard>
    );
  }
  return (
    <StateCard icon={errorIcon} title="Verification failed">
      <p className="text-muted-foreground">{MESSAGES.verificationInvalid}</p>
      {recoveryButtons}
    </StateCard>
  );
}
