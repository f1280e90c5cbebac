import http from "node:http";

/** Every request of the benchmark goes to the server it started on loopback, nowhere else. */
export const LOOPBACK_HOST = "127.0.0.1";

export interface HttpResponse {
  readonly status: number;
  readonly setCookies: readonly string[];
  readonly body: string;
}

export interface HttpRequestOptions {
  readonly agent: http.Agent;
  readonly port: number;
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly timeoutMs: number;
}

/**
 * One HTTP/1.1 request over a keep-alive agent to 127.0.0.1, with the whole body read. Node's `http`
 * rather than `fetch`: it costs the client less CPU, which matters on a 2-core machine where the load
 * generator competes with the server and PostgreSQL.
 */
export function sendHttp(options: HttpRequestOptions): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(options.body));
    }
    const request = http.request(
      {
        host: LOOPBACK_HOST,
        port: options.port,
        method: options.method,
        path: options.path,
        agent: options.agent,
        headers,
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const setCookie = response.headers["set-cookie"];
          resolve({
            status: response.statusCode ?? 0,
            setCookies: setCookie ?? [],
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`timed out after ${options.timeoutMs} ms`)));
    request.on("error", reject);
    request.end(options.body);
  });
}

/** The `Cookie` header a browser would send after `current` and the `set-cookie` lines of a response. */
export function mergeCookies(current: string, setCookies: readonly string[]): string {
  const jar = new Map<string, string>();
  for (const pair of current.split(";")) {
    const trimmed = pair.trim();
    if (trimmed) {
      const separator = trimmed.indexOf("=");
      jar.set(trimmed.slice(0, separator), trimmed.slice(separator + 1));
    }
  }
  for (const line of setCookies) {
    const [pair, ...attributes] = line.split(";");
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const isExpired = attributes.some((attribute) => /^\s*max-age=(0|-\d+)\s*$/i.test(attribute));
    if (value === "" || isExpired) {
      jar.delete(name);
    } else {
      jar.set(name, value);
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The `error.code` of a Ferry error body, or a short description of what came back instead. */
export function errorCodeOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: string } };
    return `${status} ${parsed.error?.code ?? "unknown"}`;
  } catch {
    return `${status} non-json`;
  }
}
