import net from "node:net";
import path from "node:path";
import proxyAddr from "@fastify/proxy-addr";
import { CURRENCY_CODES, type CurrencyCode, isCurrencyCode } from "@ferry/core/currencies";
import { type DailyRate, parseDailyRate } from "@ferry/core/investment-returns";
import { isWithinAmountLimit, parseAmount, tooManyDecimalsMessage } from "@ferry/core/money";
import { validateBic, validateIban } from "@ferry/core/validation/bank";
import type { ValidationResult } from "@ferry/core/validation/result";
import { z } from "zod";
import { coveredAddressFamily, tooWideRanges } from "./http/address-ranges.ts";
import { DEFAULT_SCRYPT_COST } from "./modules/auth/password-hashing.ts";
import { parseAccountKey } from "./modules/deposits/addresses.ts";

/** Development-only secret: the server refuses to start with it when NODE_ENV=production. */
export const DEVELOPMENT_AUTH_SECRET = "ferry-development-secret-not-for-production-use";

/**
 * Development-only key of the KYC documents' encryption (32 bytes, base64): published here, so it
 * protects nothing; the server refuses to start with it when NODE_ENV=production.
 */
export const DEVELOPMENT_KYC_ENCRYPTION_KEY = "ZmVycnktZGV2ZWxvcG1lbnQta3ljLWtleS1wdWJsaWM="; // "ferry-development-kyc-key-public"

/** An AES-256 key written as base64: exactly 32 bytes once decoded. */
const encryptionKeyText = z
  .string()
  .refine((text) => /^[A-Za-z0-9+/]{43}=$/.test(text), "must be 32 random bytes in base64 (openssl rand -base64 32)")
  .transform((text) => Buffer.from(text, "base64"));

const booleanText = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/**
 * Which reverse proxies' `X-Forwarded-For` entries Ferry believes: a hop count (0 = none, the
 * socket's address is the client) or the proxies' own addresses. Never "every address", which
 * would let any client write its own address and walk past every per-address limit.
 */
export type TrustProxySetting = number | readonly string[];

/** Named ranges @fastify/proxy-addr understands besides addresses and CIDR blocks. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const TRUST_PROXY_HELP =
  "write the number of reverse proxies in front of Ferry (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5 or 10.0.0.0/8)";

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || net.isIP(entry) !== 0) {
    return true;
  }
  const [address, prefix, ...rest] = entry.split("/");
  const version = net.isIP(address ?? "");
  if (rest.length > 0 || version === 0 || !/^\d{1,3}$/.test(prefix ?? "")) {
    return false;
  }
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxyText = z
  .string()
  .optional()
  .transform((text, ctx): TrustProxySetting => {
    const value = (text ?? "").trim();
    if (value === "" || value === "false") {
      return 0;
    }
    if (value === "true") {
      ctx.addIssue({
        code: "custom",
        message: `"true" would believe whatever X-Forwarded-For a client sends and defeat every per-address limit; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      return Number(value);
    }
    const entries = value.split(",").map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      ctx.addIssue({ code: "custom", message: `"${invalid.join(", ")}" is not a proxy address; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    const covered = coveredAddressFamily(entries);
    if (covered) {
      ctx.addIssue({
        code: "custom",
        message: `these ranges together cover every ${covered} address, which would believe whatever X-Forwarded-For any client sends and defeat every per-address limit; name only your proxies: ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    const tooWide = tooWideRanges(entries);
    if (tooWide.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `"${tooWide.join(", ")}" is wider than any network of proxies (a public range may be at most a /8 of IPv4 or a /32 of IPv6) and would believe the X-Forwarded-For of clients on it; ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The most addresses a trust function remembers its answer for; past it, it starts afresh. */
const MAX_REMEMBERED_ADDRESSES = 4_096;

/**
 * `trusts` answering each address from memory after its first time. proxy-addr's compiled function
 * parses the address again on every call, and Fastify calls it each time a request's `ip` is read (1 %
 * of the server's CPU per transfer, issue 31). Its answer depends only on the address.
 */
export function rememberingTrust(trusts: (address: string) => boolean): (address: string) => boolean {
  const answers = new Map<string, boolean>();
  return (address) => {
    let answer = answers.get(address);
    if (answer === undefined) {
      answer = trusts(address);
      if (answers.size >= MAX_REMEMBERED_ADDRESSES) {
        answers.clear();
      }
      answers.set(address, answer);
    }
    return answer;
  };
}

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function because Fastify 5.12 ignores a
 * plain number (it cannot check the proxy's own address, see docs/Reference/Server.md): the
 * client is the address `hops` entries from the right of X-Forwarded-For, which only the proxies wrote.
 * Addresses and ranges become proxy-addr's own check of them, remembered per address.
 */
export function toFastifyTrustProxy(setting: TrustProxySetting): false | ((address: string, hop: number) => boolean) {
  if (typeof setting === "number") {
    return setting === 0 ? false : (_address, hop) => hop < setting;
  }
  const check = proxyAddr.compile([...setting]);
  // A list of addresses and ranges is trusted whatever the hop (proxy-addr's compiled check ignores it).
  return rememberingTrust((address) => check(address, 0));
}

/** Text that core's validator accepts, kept in its normalised form ("GB33 BUKB…" becomes "GB33BUKB…"). */
function checkedText(validate: (text: string) => ValidationResult) {
  return z.string().transform((text, ctx) => {
    const result = validate(text);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.normalized;
  });
}

/** An extended public key deposit addresses can be derived from, checked at start rather than when the app is built. */
const accountKeyText = z.string().superRefine((text, ctx) => {
  try {
    parseAccountKey(text);
  } catch (error) {
    ctx.addIssue({
      code: "custom",
      message: `is not an extended public key (xpub or zpub): ${error instanceof Error ? error.message : String(error)}`,
    });
  }
});

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    // Unset: loopback outside production (the development mailbox holds every sign-in code), every
    // interface in production (behind a proxy or in a container). See `host` below.
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    FILE_STORAGE_DIR: z.string().min(1).optional(),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").default(DEVELOPMENT_AUTH_SECRET),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z
      .string()
      .refine((sender) => z.email().safeParse(addressOf(sender)).success, "must be an address or Name <address>")
      .default("Ferry <no-reply@ferry.example>"),
    // The SMS provider: an HTTP(S) gateway Ferry POSTs {"to","text"} to. Unset: no text messages in
    // production; the development SMS outbox outside it (docs/decisions/039-sms-and-alert-methods.md).
    SMS_URL: z
      .url("must be an http:// or https:// URL")
      .refine((url) => /^https?:\/\//.test(url), "must be an http:// or https:// URL")
      .optional(),
    // Where the /support contact form's messages from visitors go. Unset: MAIL_FROM's address (outside production).
    SUPPORT_EMAIL: z.email("must be an e-mail address").optional(),
    SEED_DEMO: booleanText.optional(),
    TRUST_PROXY: trustProxyText,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WEB_DIST_DIR: z.string().optional(),
    BANK_ACCOUNT_NAME: z.string().min(1).default("Ferry Payments Ltd (example account)"),
    BANK_NAME: z.string().min(1).default("Example Bank plc"),
    BANK_IBAN: checkedText(validateIban).default("GB33BUKB20201555555555"),
    BANK_BIC: checkedText(validateBic).default("BUKBGB22"),
    DEPOSIT_XPUB_BITCOIN: accountKeyText.optional(),
    DEPOSIT_XPUB_ETHEREUM: accountKeyText.optional(),
    DEPOSIT_XPUB_TRON: accountKeyText.optional(),
    CASHOUT_DAILY_LIMITS: z
      .string()
      .default(
        '{"USD":"10000","EUR":"10000","GBP":"8000","CAD":"13000","AUD":"15000","BTC":"0.25","ETH":"4","USDC":"10000","USDT":"10000"}',
      ),
    CASHOUT_UNVERIFIED_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
    // How long after sending a person may cancel a transfer nobody has processed yet (issue 30; spec §9: 30).
    TRANSFER_CANCEL_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
    KYC_ENCRYPTION_KEY: encryptionKeyText.prefault(DEVELOPMENT_KYC_ENCRYPTION_KEY),
    // How long the documents of a decided identity check are kept (5 years, as anti-money-laundering rules ask).
    KYC_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(1_825),
    FEE_BANK_BPS: z.coerce.number().int().min(0).max(10_000).default(50),
    FEE_CRYPTO_BPS: z.coerce.number().int().min(0).max(10_000).default(100),
    FEE_FERRY_USER_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
    // Read exactly (core's parseDailyRate): never a float in money maths.
    INVEST_DAILY_RATE: z.string().default("0.02"),
    JOBS_ENABLED: booleanText.optional(),
    // How long a webhook receiver has to answer one attempt (a delivery is held 5 s more than twice that).
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(10),
    // The bearer token `GET /metrics` asks for. Unset: /metrics is open outside production and off (404) in it.
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    // scrypt's cost N for new password hashes: a power of two; below the default only outside production.
    PASSWORD_SCRYPT_COST: z.coerce
      .number()
      .int()
      .refine(
        (cost) => cost >= 1024 && cost <= 1_048_576 && (cost & (cost - 1)) === 0,
        "must be a power of two from 1024 to 1048576",
      )
      .default(DEFAULT_SCRYPT_COST),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== "production") {
      return;
    }
    if (env.AUTH_SECRET === DEVELOPMENT_AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "the development default is refused in production; set a random secret",
      });
    }
    if (env.KYC_ENCRYPTION_KEY.equals(Buffer.from(DEVELOPMENT_KYC_ENCRYPTION_KEY, "base64"))) {
      ctx.addIssue({
        code: "custom",
        path: ["KYC_ENCRYPTION_KEY"],
        message: "the development default is refused in production; set 32 random bytes (openssl rand -base64 32)",
      });
    }
    if (env.PASSWORD_SCRYPT_COST < DEFAULT_SCRYPT_COST) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_SCRYPT_COST"],
        message: `is below ${DEFAULT_SCRYPT_COST}, the cost passwords are hashed with; lower costs are for tests only`,
      });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production (the development mailbox is refused)",
      });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required in production" });
    }
    if (!env.SUPPORT_EMAIL) {
      ctx.addIssue({
        code: "custom",
        path: ["SUPPORT_EMAIL"],
        message: "is required in production (visitors' contact-form messages are sent there)",
      });
    }
  });

/** Every environment variable Ferry reads; the README's configuration table lists exactly these (config.test.ts). */
export const SETTING_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

export interface Config {
  readonly nodeEnv: "development" | "test" | "production";
  readonly isProduction: boolean;
  /** The interface to listen on: `localhost` (loopback) outside production unless HOST says otherwise. */
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  /** Unset means: start the embedded PostgreSQL in `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** Where uploaded files (help-desk attachments) are kept: `FILE_STORAGE_DIR`, or `files` in the data directory. */
  readonly fileStorageDir: string;
  readonly embeddedPgPort: number;
  readonly authSecret: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Where visitors' messages from the /support contact form are e-mailed: SUPPORT_EMAIL, else MAIL_FROM's address. */
  readonly supportEmail: string;
  /** The development mailbox (`/dev/mail`) is on only outside production and without SMTP. */
  readonly isDevMailboxEnabled: boolean;
  /** The SMS gateway text messages are POSTed to (SMS_URL); unset, no provider. */
  readonly smsUrl: string | undefined;
  /** The development SMS outbox (`/dev/sms`) is on only outside production and without an SMS provider. */
  readonly isDevSmsOutboxEnabled: boolean;
  readonly shouldSeedDemo: boolean;
  /** Reverse proxies whose X-Forwarded-For is believed: a hop count (0: none) or their addresses. */
  readonly trustProxy: TrustProxySetting;
  readonly logLevel: string;
  readonly webDistDir: string;
  /** Origins allowed to send cookie-authenticated requests: the public URL, plus Vite's dev server outside production. */
  readonly trustedOrigins: readonly string[];
  /** The fee schedule in basis points per transfer method (0.5 %, 1 % and free by default). */
  /** Ferry's receiving bank account, shown with each user's own payment reference. */
  readonly bankDetails: {
    readonly accountName: string;
    readonly bankName: string;
    readonly iban: string;
    readonly bic: string;
  };
  /** Account-level extended public keys for deposit addresses; unset ones come from the database. */
  readonly depositAccountKeys: { readonly bitcoin?: string; readonly ethereum?: string; readonly tron?: string };
  /** The most a user may cash out per currency in 24 hours (minor units), and the share allowed before e-mail and KYC are verified. */
  readonly cashoutDailyLimitsMinor: DailyLimits;
  readonly cashoutUnverifiedPercent: number;
  /** Minutes after its creation a pending transfer may still be cancelled by its sender (0: never). */
  readonly transferCancelMinutes: number;
  /** The AES-256-GCM key KYC documents are encrypted with in the file storage (KYC_ENCRYPTION_KEY). */
  readonly kycEncryptionKey: Buffer;
  /** Days the documents of a decided identity check are kept after the decision (KYC_RETENTION_DAYS). */
  readonly kycRetentionDays: number;
  readonly feeBasisPoints: { readonly bank: number; readonly crypto: number; readonly ferry_user: number };
  /** The investment centre's daily return, as an exact fraction (2 % a day by default, as the spec says). */
  readonly investDailyRate: DailyRate;
  /**
   * Whether this process runs the scheduled jobs (pg-boss: daily returns at 00:05 UTC and a catch-up on
   * start). On by default, off under NODE_ENV=test, where tests run a job's function themselves.
   */
  readonly areJobsEnabled: boolean;
  /** How long a webhook receiver has to answer one attempt (WEBHOOK_TIMEOUT_SECONDS). */
  readonly webhookTimeoutMs: number;
  /** scrypt's cost N for new password hashes (PASSWORD_SCRYPT_COST; tests use less, production never). */
  readonly passwordScryptCost: number;
  /**
   * What `GET /metrics` asks for: "open" outside production without METRICS_TOKEN, the token as
   * `Authorization: Bearer` when it is set, and "disabled" (404) in production without one.
   */
  readonly metricsAccess: MetricsAccess;
  /** `POST /dev/clock` (move the business clock forward, then run the daily returns) exists outside production only. */
  readonly isDevClockEnabled: boolean;
}

/**
 * Outside production the server is opened as localhost, 127.0.0.1 or [::1] alike (issue 14: signing in
 * at 127.0.0.1 failed with "Invalid origin"): every loopback name of the port is trusted.
 */
function loopbackOrigins(port: number): string[] {
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`);
}

/** Vite's development server, which proxies the API during `npm run dev`. */
export const VITE_DEV_ORIGIN = "http://localhost:5173";

/** A setting that failed validation, with its name and why. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** The daily limits, in minor units per currency; a currency not named has a limit of zero. */
type DailyLimits = Readonly<Partial<Record<CurrencyCode, bigint>>>;

/**
 * Reads CASHOUT_DAILY_LIMITS once, at start: JSON naming only currencies Ferry holds, each limit a
 * plain decimal of at least zero with no more decimals than its currency has ("0.25" BTC, not
 * "10.005" USD), read by core's amount parser. A limit that cannot be held exactly fails the start
 * rather than quietly becoming zero when the first transfer asks for it.
 */
function parseLimits(text: string): DailyLimits {
  const name = "CASHOUT_DAILY_LIMITS";
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError([`${name}: must be JSON like {"USD":"10000"}`]);
  }
  const limits = z.record(z.string(), z.string()).safeParse(parsed);
  if (!limits.success) {
    throw new ConfigError([`${name}: every limit must be a decimal string`]);
  }
  const problems: string[] = [];
  const limitsMinor: Partial<Record<CurrencyCode, bigint>> = {};
  for (const [code, limitText] of Object.entries(limits.data)) {
    if (!isCurrencyCode(code)) {
      problems.push(`${name}: ${code} is not a currency Ferry holds (${CURRENCY_CODES.join(", ")})`);
      continue;
    }
    const limit = parseAmount(limitText, code);
    if (!limit.ok && limit.error === "too_many_decimals") {
      problems.push(`${name}: ${code} ${limitText}: ${tooManyDecimalsMessage(code)}`);
    } else if (!limit.ok || limit.amountMinor < 0n || !isWithinAmountLimit(limit.amountMinor, code)) {
      problems.push(`${name}: ${code} ${limitText}: every limit must be a decimal string of at least 0`);
    } else {
      limitsMinor[code] = limit.amountMinor;
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return limitsMinor;
}

/** The address of a sender written `Name <address>`, or the text itself when it is a bare address. */
function addressOf(sender: string): string {
  return /<([^<>]+)>\s*$/.exec(sender)?.[1]?.trim() ?? sender.trim();
}

const PRODUCTION_REQUIRED = [
  "BANK_ACCOUNT_NAME",
  "BANK_NAME",
  "BANK_IBAN",
  "BANK_BIC",
  "DEPOSIT_XPUB_BITCOIN",
  "DEPOSIT_XPUB_ETHEREUM",
  "DEPOSIT_XPUB_TRON",
] as const;

/** Who may read `GET /metrics` (Prometheus): anyone, the holder of METRICS_TOKEN, or nobody. */
export type MetricsAccess =
  | { readonly kind: "open" }
  | { readonly kind: "token"; readonly token: string }
  | { readonly kind: "disabled" };

/** Metrics tell an attacker about traffic and balances' health: in production only with a token. */
function metricsAccessOf(token: string | undefined, isProduction: boolean): MetricsAccess {
  if (token) {
    return { kind: "token", token };
  }
  return isProduction ? { kind: "disabled" } : { kind: "open" };
}

/** Reads and validates every setting once. Unknown variables are ignored; bad ones fail fast. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  if (env.NODE_ENV === "production") {
    // Example defaults are for development only: production must name its own bank account and deposit keys.
    for (const name of PRODUCTION_REQUIRED) {
      if (!env[name]) {
        problems.push(`${name}: is required in production (the development example is refused)`);
      }
    }
  }
  const rate = parseDailyRate(env.INVEST_DAILY_RATE ?? "0.02");
  if (!rate.ok) {
    problems.push(`INVEST_DAILY_RATE: ${rate.message}`);
  }
  if (!parsed.success || problems.length > 0 || !rate.ok) {
    throw new ConfigError(problems);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, "");
  return {
    nodeEnv: values.NODE_ENV,
    isProduction,
    host: values.HOST ?? (isProduction ? "0.0.0.0" : "localhost"),
    port: values.PORT,
    publicUrl,
    databaseUrl: values.DATABASE_URL,
    dataDir: path.resolve(values.DATA_DIR),
    fileStorageDir: path.resolve(values.FILE_STORAGE_DIR ?? path.join(values.DATA_DIR, "files")),
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    authSecret: values.AUTH_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL ?? addressOf(values.MAIL_FROM),
    isDevMailboxEnabled: !isProduction && !values.SMTP_URL,
    smsUrl: values.SMS_URL,
    isDevSmsOutboxEnabled: !isProduction && !values.SMS_URL,
    shouldSeedDemo: values.SEED_DEMO ?? !isProduction,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(import.meta.dirname, "../../web/dist")),
    bankDetails: {
      accountName: values.BANK_ACCOUNT_NAME,
      bankName: values.BANK_NAME,
      iban: values.BANK_IBAN,
      bic: values.BANK_BIC,
    },
    depositAccountKeys: {
      bitcoin: values.DEPOSIT_XPUB_BITCOIN,
      ethereum: values.DEPOSIT_XPUB_ETHEREUM,
      tron: values.DEPOSIT_XPUB_TRON,
    },
    cashoutDailyLimitsMinor: parseLimits(values.CASHOUT_DAILY_LIMITS),
    cashoutUnverifiedPercent: values.CASHOUT_UNVERIFIED_PERCENT,
    transferCancelMinutes: values.TRANSFER_CANCEL_MINUTES,
    kycEncryptionKey: values.KYC_ENCRYPTION_KEY,
    kycRetentionDays: values.KYC_RETENTION_DAYS,
    feeBasisPoints: { bank: values.FEE_BANK_BPS, crypto: values.FEE_CRYPTO_BPS, ferry_user: values.FEE_FERRY_USER_BPS },
    investDailyRate: rate.rate,
    areJobsEnabled: values.JOBS_ENABLED ?? values.NODE_ENV !== "test",
    isDevClockEnabled: !isProduction,
    passwordScryptCost: values.PASSWORD_SCRYPT_COST,
    webhookTimeoutMs: values.WEBHOOK_TIMEOUT_SECONDS * 1000,
    metricsAccess: metricsAccessOf(values.METRICS_TOKEN, isProduction),
    trustedOrigins: isProduction
      ? [new URL(publicUrl).origin]
      : [...new Set([new URL(publicUrl).origin, ...loopbackOrigins(values.PORT), VITE_DEV_ORIGIN])],
  };
}
