import { z } from "zod";
import { withPositiveAmount } from "../money.ts";
import { singleLineText } from "../validation/text.ts";
import { OneTimeCode } from "./auth.ts";
import { CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import { pageOf, pageQuery } from "./pagination.ts";
import { AmountText } from "./transfers.ts";

/*
 * Connect (spec §2 Connect, §3 user_api_credentials and connected_apps): API credentials for
 * third-party apps, each a connected app with its own scopes, and the apps' webhook endpoints. The
 * server and /connect share these schemas, texts and limits.
 */

/** What an API credential may do; a route that accepts credentials names the one scope it needs. */
export const API_SCOPES = [
  "balances:read",
  "transactions:read",
  "recipients:read",
  "transfers:write",
  "webhooks:write",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** How /connect describes each scope beside its checkbox. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "balances:read": "Read balances",
  "transactions:read": "Read transactions",
  "recipients:read": "Read saved recipients and payment methods",
  "transfers:write": "Send money to confirmed recipients and Ferry users",
  "webhooks:write": "Manage webhook endpoints",
};

/** How many credentials (connected apps) one user may hold at once. */
export const MAX_API_CREDENTIALS_PER_USER = 10;
/** How many webhook endpoints one connected app may have. */
export const MAX_WEBHOOK_ENDPOINTS_PER_APP = 5;

/** `app_` and 8 letters or digits, and `sk_` and 32: the spec's formats, made on the server by a CSPRNG. */
export const APP_ID_PATTERN = /^app_[A-Za-z0-9]{8}$/;
export const API_SECRET_PATTERN = /^sk_[A-Za-z0-9]{32}$/;
/** A webhook signing secret, as Standard Webhooks writes it: `whsec_` and the key's base64. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]+=*$/;

/** The spec's toasts (§8) and the forms' messages. */
export const CONNECT_MESSAGES = {
  copied: "Copied!",
  regenerated: "Credentials Regenerated",
  disconnected: "App Disconnected",
  fetchFailed: "Failed to fetch API credentials",
  regenerateFailed: "Failed to regenerate credentials",
  disconnectFailed: "Failed to disconnect application",
  nameRequired: "Please enter a name for the app",
  scopesRequired: "Choose at least one permission",
  scopesRepeated: "Each permission can be chosen once",
  limitRequired: "Set a daily limit for transfers this app makes",
  codeRequired: "Enter the verification code to let this app send money",
  tooManyCredentials: `You can connect at most ${MAX_API_CREDENTIALS_PER_USER} apps`,
  webhookUrl: "Enter the https:// address of your endpoint",
  webhookEvents: "Choose at least one event",
  tooManyEndpoints: `An app can have at most ${MAX_WEBHOOK_ENDPOINTS_PER_APP} webhook endpoints`,
} as const;

/** The events an app's webhook endpoints can subscribe to: the account that owns the credential. */
export const WEBHOOK_EVENT_TYPES = [
  "transfer.created",
  "transfer.status_changed",
  "deposit.credited",
  "exchange.completed",
  "investment.return_paid",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const ApiScopeSchema = z.enum(API_SCOPES, { error: CONNECT_MESSAGES.scopesRequired });

const scopes = z
  .array(ApiScopeSchema, { error: CONNECT_MESSAGES.scopesRequired })
  .min(1, CONNECT_MESSAGES.scopesRequired)
  .max(API_SCOPES.length, CONNECT_MESSAGES.scopesRepeated)
  .refine((chosen) => new Set(chosen).size === chosen.length, CONNECT_MESSAGES.scopesRepeated);

/**
 * What a credential with `transfers:write` may send a day: one currency (transfers in any other are
 * refused) and an amount, counted over the last 24 hours of the transfers it made.
 */
export const ApiTransferLimitRequest = withPositiveAmount(
  z.strictObject({ currency: CurrencyCodeSchema, amount: AmountText }),
);
export const ApiTransferLimit = z.strictObject({ currency: CurrencyCodeSchema, amount: DecimalAmount });
export type ApiTransferLimit = z.infer<typeof ApiTransferLimit>;

/**
 * `POST /api/v1/api-credentials`: a new connected app. With `transfers:write` it needs a daily limit
 * and a fresh second-factor code (the authenticator app's, or one e-mailed by
 * `POST /api/v1/api-credentials/code`); API transfers then need no code of their own.
 */
export const CreateApiCredentialRequest = z
  .strictObject({
    name: singleLineText("App name", { error: CONNECT_MESSAGES.nameRequired })
      .min(1, CONNECT_MESSAGES.nameRequired)
      .max(60, "App name must be at most 60 characters"),
    description: singleLineText("Description").max(200, "Description must be at most 200 characters").default(""),
    scopes,
    transferLimit: ApiTransferLimitRequest.optional(),
    code: OneTimeCode.optional(),
  })
  .superRefine((request, context) => {
    if (!request.scopes.includes("transfers:write")) {
      return;
    }
    if (!request.transferLimit) {
      context.addIssue({ code: "custom", path: ["transferLimit"], message: CONNECT_MESSAGES.limitRequired });
    }
    if (!request.code) {
      context.addIssue({ code: "custom", path: ["code"], message: CONNECT_MESSAGES.codeRequired });
    }
  });
export type CreateApiCredentialRequest = z.infer<typeof CreateApiCredentialRequest>;

/**
 * `POST /api/v1/api-credentials/{credentialId}/regenerate`: for a credential with `transfers:write`, a
 * fresh second-factor code (the authenticator app's, or one e-mailed for this credential by
 * `POST /api/v1/api-credentials/{credentialId}/code`), as creating one needs (issue 28); the server
 * refuses a missing one with CONNECT_MESSAGES.codeRequired on `code`. Other credentials send none.
 */
export const RegenerateApiCredentialRequest = z.strictObject({ code: OneTimeCode.optional() });
export type RegenerateApiCredentialRequest = z.infer<typeof RegenerateApiCredentialRequest>;

/** A connected app as /connect lists it: never its secret, only the secret's last 4 characters. */
export const ApiCredential = z.strictObject({
  id: z.uuid(),
  appId: z.string().regex(APP_ID_PATTERN),
  name: z.string(),
  description: z.string(),
  scopes: z.array(ApiScopeSchema),
  transferLimit: ApiTransferLimit.nullable(),
  secretLast4: z.string().length(4),
  createdAt: z.string(),
  /** When a request last used it, to the minute (recorded at most once a minute); null: never. */
  lastUsedAt: z.string().nullable(),
});
export type ApiCredential = z.infer<typeof ApiCredential>;

/** The answer to creating or regenerating: the secret, this once, in clear. */
export const ApiCredentialWithSecret = ApiCredential.extend({ secret: z.string().regex(API_SECRET_PATTERN) });
export type ApiCredentialWithSecret = z.infer<typeof ApiCredentialWithSecret>;

/** `GET /api/v1/api-credentials`: the user's connected apps, newest first. */
export const ApiCredentialListQuery = pageQuery({
  defaultLimit: MAX_API_CREDENTIALS_PER_USER,
  maxLimit: MAX_API_CREDENTIALS_PER_USER,
});
export const ApiCredentialList = pageOf(ApiCredential);
export type ApiCredentialList = z.infer<typeof ApiCredentialList>;

export const ApiCredentialIdParams = z.strictObject({ credentialId: z.uuid() });

const webhookUrl = z
  .string({ error: CONNECT_MESSAGES.webhookUrl })
  .trim()
  .max(2048, CONNECT_MESSAGES.webhookUrl)
  .pipe(z.url({ protocol: /^https?$/, error: CONNECT_MESSAGES.webhookUrl }));

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: CONNECT_MESSAGES.webhookEvents }), {
    error: CONNECT_MESSAGES.webhookEvents,
  })
  .min(1, CONNECT_MESSAGES.webhookEvents)
  .max(WEBHOOK_EVENT_TYPES.length, CONNECT_MESSAGES.webhookEvents)
  .refine((chosen) => new Set(chosen).size === chosen.length, CONNECT_MESSAGES.webhookEvents);

/**
 * `POST /api/v1/webhook-endpoints`. Signed in, `credentialId` names which of the user's apps the
 * endpoint belongs to; called with an API credential (scope `webhooks:write`), it is that credential's
 * own and `credentialId` is left out. Whether the address may be called (https, a public address) is
 * checked by the server when it is saved and again before every delivery.
 */
export const CreateWebhookEndpointRequest = z.strictObject({
  credentialId: z.uuid().optional(),
  url: webhookUrl,
  events,
});
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequest>;

/** A webhook endpoint; `disabledReason` says why Ferry stopped calling it (410 Gone from the receiver). */
export const WebhookEndpoint = z.strictObject({
  id: z.uuid(),
  credentialId: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  isEnabled: z.boolean(),
  disabledReason: z.string().nullable(),
  secretLast4: z.string().length(4),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** Creating an endpoint or rotating its secret: the `whsec_` signing secret, this once, in clear. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().regex(WEBHOOK_SECRET_PATTERN),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointList = pageOf(WebhookEndpoint);
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;
export const WebhookEndpointListQuery = pageQuery({ defaultLimit: 50, maxLimit: 50 });
export const WebhookEndpointIdParams = z.strictObject({ endpointId: z.uuid() });

/** Where one delivery of one event to one endpoint stands. */
export const WebhookDeliveryStatus = z.enum(["pending", "succeeded", "retrying", "failed"]);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** One event's delivery to an endpoint: its attempts so far and the last one's outcome. */
export const WebhookDelivery = z.strictObject({
  id: z.uuid(),
  /** The `webhook-id` header: the same on every attempt and on a resend. */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: WebhookDeliveryStatus,
  attempts: z.number().int().nonnegative(),
  /** The last attempt's HTTP status; null before any answer (or when none came). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed without an HTTP answer (refused address, timeout…); null otherwise. */
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** `GET /api/v1/webhook-endpoints/{endpointId}/deliveries`: newest first. */
export const WebhookDeliveryList = pageOf(WebhookDelivery);
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
export const WebhookDeliveryListQuery = pageQuery({ defaultLimit: 20, maxLimit: 100 });
export const WebhookDeliveryParams = z.strictObject({ endpointId: z.uuid(), deliveryId: z.uuid() });
