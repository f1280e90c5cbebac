import path from "node:path";
import { z } from "zod";

/** Development-only secret: the server refuses to start with it when NODE_ENV=production. */
export const DEVELOPMENT_AUTH_SECRET = "ferry-development-secret-not-for-production-use";

const booleanText = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").default(DEVELOPMENT_AUTH_SECRET),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Ferry <no-reply@ferry.example>"),
    SEED_DEMO: booleanText.optional(),
    TRUST_PROXY: booleanText.default(false),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WEB_DIST_DIR: z.string().optional(),
    FEE_BANK_BPS: z.coerce.number().int().min(0).max(10_000).default(50),
    FEE_CRYPTO_BPS: z.coerce.number().int().min(0).max(10_000).default(100),
    FEE_FERRY_USER_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
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
  });

export interface Config {
  readonly nodeEnv: "development" | "test" | "production";
  readonly isProduction: boolean;
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  /** Unset means: start the embedded PostgreSQL in `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly embeddedPgPort: number;
  readonly authSecret: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** The development mailbox (`/dev/mail`) is on only outside production and without SMTP. */
  readonly isDevMailboxEnabled: boolean;
  readonly shouldSeedDemo: boolean;
  readonly trustProxy: boolean;
  readonly logLevel: string;
  readonly webDistDir: string;
  /** Origins allowed to send cookie-authenticated requests: the public URL, plus Vite's dev server outside production. */
  readonly trustedOrigins: readonly string[];
  /** The fee schedule in basis points per transfer method (0.5 %, 1 % and free by default). */
  readonly feeBasisPoints: { readonly bank: number; readonly crypto: number; readonly ferry_user: number };
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

/** Reads and validates every setting once. Unknown variables are ignored; bad ones fail fast. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, "");
  return {
    nodeEnv: values.NODE_ENV,
    isProduction,
    host: values.HOST,
    port: values.PORT,
    publicUrl,
    databaseUrl: values.DATABASE_URL,
    dataDir: path.resolve(values.DATA_DIR),
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    authSecret: values.AUTH_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    isDevMailboxEnabled: !isProduction && !values.SMTP_URL,
    shouldSeedDemo: values.SEED_DEMO ?? !isProduction,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(import.meta.dirname, "../../web/dist")),
    feeBasisPoints: { bank: values.FEE_BANK_BPS, crypto: values.FEE_CRYPTO_BPS, ferry_user: values.FEE_FERRY_USER_BPS },
    trustedOrigins: isProduction ? [new URL(publicUrl).origin] : [new URL(publicUrl).origin, VITE_DEV_ORIGIN],
  };
}
