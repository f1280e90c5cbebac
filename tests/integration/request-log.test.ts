// The request log (observability/request-log.ts, issue 31): at info, one line for each answered request,
// written when it ends, with its method, URL, status and time and without its cookie; none at warn.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTestApp, createSessionUser, send, type TestApp } from "./helpers.ts";

interface LogLine {
  readonly msg: string;
  readonly reqId?: string;
  readonly req?: { method: string; url: string; remoteAddress: string };
  readonly res?: { statusCode: number };
  readonly responseTime?: number;
}

/** An app logging at `level` into a list of its lines. */
async function loggingApp(level: string): Promise<{ ferry: TestApp; lines: string[] }> {
  const lines: string[] = [];
  const ferry = await buildTestApp({ LOG_LEVEL: level }, { logDestination: { write: (line) => lines.push(line) } });
  return { ferry, lines };
}

/** The lines about requests to `url`. */
function linesAbout(lines: readonly string[], url: string): LogLine[] {
  return lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.req?.url === url);
}

describe("the request log", () => {
  let info: { ferry: TestApp; lines: string[] };
  let warn: { ferry: TestApp; lines: string[] };

  beforeAll(async () => {
    info = await loggingApp("info");
    warn = await loggingApp("warn");
  });

  afterAll(async () => {
    await info?.ferry.close();
    await warn?.ferry.close();
  });

  test("at info, writes one line for each answered request, when it ends, without its cookie", async () => {
    const user = await createSessionUser(info.ferry, { label: "request-log" });
    const answered = await send(info.ferry.app, { method: "GET", url: "/api/v1/me", cookie: user.cookie, ip: user.ip });
    expect(answered.statusCode).toBe(200);
    const refused = await send(info.ferry.app, { method: "GET", url: "/api/v1/notifications", ip: user.ip });
    expect(refused.statusCode).toBe(401);

    const [me, ...more] = linesAbout(info.lines, "/api/v1/me");
    expect(more).toEqual([]);
    expect(me).toMatchObject({
      msg: "request completed",
      req: { method: "GET", url: "/api/v1/me", remoteAddress: user.ip },
      res: { statusCode: 200 },
    });
    expect(me?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(me?.responseTime).toBeGreaterThan(0);
    expect(linesAbout(info.lines, "/api/v1/notifications").map((line) => line.res?.statusCode)).toEqual([401]);
    expect(info.lines.filter((line) => line.includes("incoming request"))).toEqual([]);
    const token = user.cookie.split("=")[1]?.split(";")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    expect(info.lines.filter((line) => line.includes(token))).toEqual([]);
  });

  test("at warn, writes no line for an answered request", async () => {
    const user = await createSessionUser(warn.ferry, { label: "request-log-warn" });
    const answered = await send(warn.ferry.app, { method: "GET", url: "/api/v1/me", cookie: user.cookie, ip: user.ip });
    expect(answered.statusCode).toBe(200);
    expect(linesAbout(warn.lines, "/api/v1/me")).toEqual([]);
  });
});
