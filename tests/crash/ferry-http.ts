/**
 * Talking to a Ferry child process (ferry-process.ts) over HTTP as a browser on its own origin would:
 * one request at a time, cookies carried by hand, the e-mailed codes read from the development mailbox.
 * A dropped connection (the process was killed) answers `null` rather than throwing.
 */

export interface HttpAnswer {
  readonly status: number;
  readonly body: string;
  readonly setCookies: string[];
}

const DEFAULT_TIMEOUT_MS = 20_000;

export async function request(
  baseUrl: string,
  method: "GET" | "POST",
  pathname: string,
  options: { cookie?: string; body?: unknown; idempotencyKey?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer | null> {
  const headers: Record<string, string> = { origin: baseUrl, accept: "application/json" };
  if (options.cookie) {
    headers.cookie = options.cookie;
  }
  if (options.idempotencyKey) {
    headers["idempotency-key"] = options.idempotencyKey;
  }
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
  }
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    return { status: response.status, body: await response.text(), setCookies: response.headers.getSetCookie() };
  } catch {
    return null;
  }
}

/** The `Cookie` header after a response's `Set-Cookie` lines (an emptied cookie is dropped). */
export function mergeCookies(current: string, setCookies: readonly string[]): string {
  const jar = new Map<string, string>();
  for (const pair of current.split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name) {
      jar.set(name, value.join("="));
    }
  }
  for (const line of setCookies) {
    const [name, ...value] = (line.split(";")[0] ?? "").trim().split("=");
    if (name) {
      jar.set(name, value.join("="));
    }
  }
  return [...jar]
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

/** The answer, when it is a 200; otherwise an error naming the step. */
export function expectOk(answer: HttpAnswer | null, step: string): HttpAnswer {
  if (answer?.status !== 200) {
    throw new Error(`${step} answered ${answer?.status}: ${answer?.body}`);
  }
  return answer;
}

/** The newest development-mailbox message to `email` whose subject contains `subject`, as its code. */
export async function readCodeFromMailbox(baseUrl: string, email: string, subject: string): Promise<string> {
  const answer = expectOk(await request(baseUrl, "GET", "/dev/mail/messages.json"), "The development mailbox");
  const messages = JSON.parse(answer.body) as { to: string; subject: string; text: string }[];
  const message = messages.find((item) => item.to === email && item.subject.includes(subject));
  const code = message ? /Your code: (\d{6})\b/.exec(message.text)?.[1] : undefined;
  if (!code) {
    throw new Error(`No "${subject}" mail with a code to ${email}`);
  }
  return code;
}

/** The full two-step sign-in over HTTP (password, then the e-mailed code): the session's `Cookie` header. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const passwordStep = expectOk(
    await request(baseUrl, "POST", "/api/auth/sign-in/email", { body: { email, password } }),
    `The password step for ${email}`,
  );
  const challenge = mergeCookies("", passwordStep.setCookies);
  expectOk(
    await request(baseUrl, "POST", "/api/auth/two-factor/send-otp", { cookie: challenge, body: {} }),
    "send-otp",
  );
  const code = await readCodeFromMailbox(baseUrl, email, "sign-in code");
  const verified = expectOk(
    await request(baseUrl, "POST", "/api/auth/two-factor/verify-otp", { cookie: challenge, body: { code } }),
    "verify-otp",
  );
  return mergeCookies(challenge, verified.setCookies);
}
