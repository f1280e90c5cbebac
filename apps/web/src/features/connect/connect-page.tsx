import {
  type ApiCredential,
  type ApiCredentialWithSecret,
  CONNECT_MESSAGES,
  MAX_API_CREDENTIALS_PER_USER,
  type WebhookEndpointWithSecret,
} from "@ferry/core/contracts/connect";
import { minorOf } from "@ferry/core/money";
import { PlugZapIcon, PlusIcon, RotateCwIcon, UnplugIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DialogFrame } from "../../components/dialog-frame.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { DialogFooter } from "../../components/ui/dialog.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatMoney } from "../../i18n/format.ts";
import { t, translateText } from "../../i18n/i18n.tsx";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { toastFailure, toastSuccess, useErrorToast } from "../../lib/toasts.ts";
import {
  useApiCredentials,
  useDisconnectApiCredential,
  useRegenerateApiCredential,
  useRequestRegenerateCode,
} from "./api/api-credentials.ts";
import { CreateCredentialDialog, SecondFactorStep } from "./create-credential-dialog.tsx";
import { SecretDialog, type ShownValue } from "./secret-dialog.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";

/** A secret the server answered this once, and the dialog's title for it. */
interface Shown {
  title: string;
  values: readonly ShownValue[];
}

function credentialShown(title: string, credential: ApiCredentialWithSecret): Shown {
  return {
    title,
    values: [
      { label: t("App ID"), value: credential.appId },
      { label: t("Secret Key"), value: credential.secret, isSecret: true },
    ],
  };
}

function endpointShown(endpoint: WebhookEndpointWithSecret): Shown {
  return {
    title: t("Webhook signing secret"),
    values: [{ label: t("Signing Secret"), value: endpoint.secret, isSecret: true }],
  };
}

function Detail(props: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-muted-foreground">{props.term}</dt>
      <dd className="min-w-0 break-all text-right">{props.children}</dd>
    </div>
  );
}

function CredentialDetails({ credential }: { credential: ApiCredential }) {
  const limit = credential.transferLimit;
  return (
    <dl className="grid gap-2 text-sm">
      <Detail term={t("App ID")}>
        <code className="font-mono">{credential.appId}</code>
      </Detail>
      <Detail term={t("Secret key")}>{t("Secret ending in ····{last4}", { last4: credential.secretLast4 })}</Detail>
      <Detail term={t("Created")}>{formatDateTime(credential.createdAt)}</Detail>
      <Detail term={t("Last used")}>
        {credential.lastUsedAt ? formatDateTime(credential.lastUsedAt) : t("Never")}
      </Detail>
      {limit ? (
        <Detail term={t("Daily limit")}>
          {formatMoney({ currency: limit.currency, amountMinor: minorOf(limit.amount, limit.currency) })}
        </Detail>
      ) : null}
    </dl>
  );
}

function CredentialCard(props: {
  credential: ApiCredential;
  onRegenerate: () => void;
  onDisconnect: () => void;
  onSecret: (shown: Shown) => void;
}) {
  const { credential } = props;
  const headingId = `app-${credential.id}`;
  return (
    <Card>
      <CardContent className="grid gap-4 p-5">
        <article aria-labelledby={headingId} className="grid gap-4">
          <div className="min-w-0">
            <h2 id={headingId} className="truncate text-lg font-semibold">
              {credential.name}
            </h2>
            {credential.description ? <p className="text-sm text-muted-foreground">{credential.description}</p> : null}
          </div>
          <ul className="flex flex-wrap gap-1" aria-label={t("Permissions")}>
            {credential.scopes.map((scope) => (
              <li key={scope}>
                <Badge variant="secondary">{scope}</Badge>
              </li>
            ))}
          </ul>
          <CredentialDetails credential={credential} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={props.onRegenerate}
              aria-label={t("Regenerate {name}", { name: credential.name })}
            >
              <RotateCwIcon /> {t("Regenerate")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              onClick={props.onDisconnect}
              aria-label={t("Disconnect {name}", { name: credential.name })}
            >
              <UnplugIcon /> {t("Disconnect")}
            </Button>
          </div>
          <WebhooksSection
            credentialId={credential.id}
            appName={credential.name}
            onSecret={(endpoint) => props.onSecret(endpointShown(endpoint))}
          />
        </article>
      </CardContent>
    </Card>
  );
}

/** Asks before an action that cannot be undone; `confirmLabel` names it; `children` go above the buttons. */
function ConfirmDialog(props: {
  credential: ApiCredential | null;
  title: string;
  description: string;
  confirmLabel: string;
  isBusy: boolean;
  onConfirm: (credential: ApiCredential) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { credential } = props;
  return (
    <DialogFrame open={credential !== null} onClose={props.onClose} title={props.title} description={props.description}>
      {props.children}
      <DialogFooter>
        <Button variant="outline" onClick={props.onClose}>
          {t("Cancel")}
        </Button>
        <Button
          variant="destructive"
          disabled={props.isBusy}
          onClick={() => {
            if (credential) {
              props.onConfirm(credential);
            }
          }}
        >
          {props.confirmLabel}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}

/**
 * The second factor a new secret of an app that sends money needs (issue 28): the authenticator app's
 * code, or one e-mailed for this app, as when it was created.
 */
function RegenerateSecondFactor(props: {
  credential: ApiCredential;
  code: string;
  onCode: (code: string) => void;
  error: string | undefined;
}) {
  const requestCode = useRequestRegenerateCode(props.credential.id);
  return (
    <SecondFactorStep
      id="regenerate-code"
      value={props.code}
      onChange={props.onCode}
      error={props.error}
      purpose="regenerate"
      requestCode={requestCode}
    />
  );
}

function sendsMoney(credential: ApiCredential | null): boolean {
  return credential?.scopes.includes("transfers:write") === true;
}

/** Regenerate and Disconnect, each behind its confirmation, with the spec's toasts (§8). */
function useCredentialActions(onSecret: (shown: Shown) => void) {
  const [regenerating, setRegenerating] = useState<ApiCredential | null>(null);
  const [regenerateCode, setRegenerateCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [disconnecting, setDisconnecting] = useState<ApiCredential | null>(null);
  const regenerate = useRegenerateApiCredential();
  const disconnect = useDisconnectApiCredential();
  function startRegenerating(credential: ApiCredential | null) {
    setRegenerating(credential);
    setRegenerateCode("");
    setCodeError(undefined);
  }
  function confirmRegenerate(credential: ApiCredential) {
    const needsCode = sendsMoney(credential);
    if (needsCode && regenerateCode === "") {
      setCodeError(translateText(CONNECT_MESSAGES.codeRequired));
      return;
    }
    setCodeError(undefined);
    regenerate.mutate(
      { credentialId: credential.id, code: needsCode ? regenerateCode : undefined },
      {
        onSuccess: (renewed) => {
          startRegenerating(null);
          toastSuccess(translateText(CONNECT_MESSAGES.regenerated));
          onSecret(credentialShown(t("New secret key"), renewed));
          // The secret lives in the dialog's state only, not in the mutation kept by this page.
          regenerate.reset();
        },
        onError: (error) => toastFailure(translateText(CONNECT_MESSAGES.regenerateFailed), error),
      },
    );
  }
  const dialogs = (
    <>
      <ConfirmDialog
        credential={regenerating}
        title={t("Regenerate credentials")}
        description={t("{name} stops working with its current secret at once, until you give it the new one.", {
          name: regenerating?.name ?? "",
        })}
        confirmLabel={t("Regenerate")}
        isBusy={regenerate.isPending}
        onClose={() => startRegenerating(null)}
        onConfirm={confirmRegenerate}
      >
        {regenerating && sendsMoney(regenerating) ? (
          <RegenerateSecondFactor
            credential={regenerating}
            code={regenerateCode}
            onCode={(code) => {
              setRegenerateCode(code);
              setCodeError(undefined);
            }}
            error={codeError}
          />
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        credential={disconnecting}
        title={t("Disconnect app")}
        description={t("{name} loses access to your account at once, and its webhooks stop.", {
          name: disconnecting?.name ?? "",
        })}
        confirmLabel={t("Disconnect")}
        isBusy={disconnect.isPending}
        onClose={() => setDisconnecting(null)}
        onConfirm={(credential) =>
          disconnect.mutate(credential.id, {
            onSuccess: () => {
              setDisconnecting(null);
              toastSuccess(translateText(CONNECT_MESSAGES.disconnected));
            },
            onError: (error) => toastFailure(translateText(CONNECT_MESSAGES.disconnectFailed), error),
          })
        }
      />
    </>
  );
  return { dialogs, onRegenerate: startRegenerating, onDisconnect: setDisconnecting };
}

function CredentialList(props: {
  credentials: ReturnType<typeof useApiCredentials>;
  onCreate: () => void;
  onSecret: (shown: Shown) => void;
}) {
  const actions = useCredentialActions(props.onSecret);
  const list = props.credentials.data?.items ?? [];
  if (props.credentials.isPending) {
    return <Skeleton className="h-64" />;
  }
  if (list.length === 0) {
    return (
      <EmptyState
        icon={PlugZapIcon}
        title={t("No connected apps")}
        hint={t(
          "Create a credential to let an app or your own code read your balances, follow your transactions or send money.",
        )}
        action={
          <Button onClick={props.onCreate}>
            <PlusIcon /> {t("Create credential")}
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {list.map((credential) => (
        <CredentialCard
          key={credential.id}
          credential={credential}
          onRegenerate={() => actions.onRegenerate(credential)}
          onDisconnect={() => actions.onDisconnect(credential)}
          onSecret={props.onSecret}
        />
      ))}
      {actions.dialogs}
    </div>
  );
}

/** 'See the API reference to make your first call.': one message, the link put where its language puts it. */
function ApiReferenceNote() {
  const marker = "\u0000";
  const [before, after] = t("See the {reference} to make your first call.", { reference: marker }).split(marker);
  return (
    <p className="mb-6 text-sm text-muted-foreground">
      {before}
      <a className="font-medium text-primary underline" href="/api/docs">
        {t("API reference")}
      </a>
      {after}
    </p>
  );
}

/** `/connect`: API credentials, each a connected app with its scopes and webhooks (spec §2 Connect). */
export function ConnectPage() {
  const credentials = useApiCredentials();
  const [isCreating, setIsCreating] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  useErrorToast(credentials.error, translateText(CONNECT_MESSAGES.fetchFailed));
  const count = credentials.data?.items.length ?? 0;
  return (
    <>
      <PageHeader
        title={t("Connect")}
        description={t(
          "Let apps and your own code use Ferry's API with a credential of their own. Each one sees only what you allow.",
        )}
        actions={
          count > 0 ? (
            <Button onClick={() => setIsCreating(true)} disabled={count >= MAX_API_CREDENTIALS_PER_USER}>
              <PlusIcon /> {t("Create credential")}
            </Button>
          ) : null
        }
      />
      <ApiReferenceNote />
      <CredentialList credentials={credentials} onCreate={() => setIsCreating(true)} onSecret={setShown} />
      <CreateCredentialDialog
        open={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(created) => {
          setIsCreating(false);
          setShown(credentialShown(t("Credential created"), created));
        }}
      />
      <SecretDialog title={shown?.title ?? ""} values={shown?.values ?? null} onClose={() => setShown(null)} />
    </>
  );
}
