import { readFileSync } from "node:fs";
import path from "node:path";
import proxyAddr from "@fastify/proxy-addr";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  ConfigError,
  DEVELOPMENT_KYC_ENCRYPTION_KEY,
  loadConfig,
  rememberingTrust,
  SETTING_NAMES,
  toFastifyTrustProxy,
} from "./config.ts";

const README = path.join(import.meta.dirname, "../../../README.md");

/** The variable names in the first column of the README's configuration table. */
function documentedSettings(): string[] {
  const text = readFileSync(README, "utf8");
  const section = text.slice(text.indexOf("## Configuration"), text.indexOf("## Deploy"));
  return [...section.matchAll(/^\| `([A-Z_]+)`\s*\|/gm)].map((match) => match[1]);
}

describe("the README's configuration table", () => {
  test("lists every setting the server reads, and nothing else", () => {
    expect(documentedSettings().sort()).toEqual([...SETTING_NAMES].sort());
  });

  test("lists each setting once", () => {
    const names = documentedSettings();
    expect(new Set(names).size).toBe(names.length);
  });
});

/** The problems loadConfig reports for one value of CASHOUT_DAILY_LIMITS. */
function limitProblemsOf(limits: string): string[] {
  try {
    loadConfig({ NODE_ENV: "test", CASHOUT_DAILY_LIMITS: limits });
  } catch (error) {
    if (error instanceof ConfigError) {
      return error.problems;
    }
    throw error;
  }
  return [];
}

describe("CASHOUT_DAILY_LIMITS", () => {
  test("reads each limit once, as minor units of its own currency", () => {
    const config = loadConfig({ NODE_ENV: "test", CASHOUT_DAILY_LIMITS: '{"USD":"100.5","BTC":"0.25","USDT":"0"}' });

    expect(config.cashoutDailyLimitsMinor).toEqual({ USD: 10_050n, BTC: 25_000_000n, USDT: 0n });
  });

  test("gives every currency Ferry holds a limit by default", () => {
    const config = loadConfig({ NODE_ENV: "test" });

    expect(config.cashoutDailyLimitsMinor.USD).toBe(1_000_000n);
    expect(config.cashoutDailyLimitsMinor.ETH).toBe(4_000_000_000_000_000_000n);
  });

  test("refuses to start with a limit that has more decimals than its currency", () => {
    expect(limitProblemsOf('{"USD":"10.005"}')).toEqual([
      "CASHOUT_DAILY_LIMITS: USD 10.005: USD amounts have at most 2 decimals",
    ]);
  });

  test("refuses to start with a currency Ferry does not hold", () => {
    expect(limitProblemsOf('{"usd":"100","XYZ":"5"}')).toEqual([
      expect.stringMatching(/^CASHOUT_DAILY_LIMITS: usd is not a currency Ferry holds/),
      expect.stringMatching(/^CASHOUT_DAILY_LIMITS: XYZ is not a currency Ferry holds/),
    ]);
  });

  test.each([
    ["-5", "a negative limit"],
    ["1e3", "an exponent"],
    ["", "nothing"],
  ])("refuses to start with %j: %s", (limit) => {
    expect(limitProblemsOf(`{"EUR":${JSON.stringify(limit)}}`)).toEqual([
      expect.stringMatching(/^CASHOUT_DAILY_LIMITS: EUR /),
    ]);
  });

  test("refuses to start with a limit that is not text, or with no JSON at all", () => {
    expect(limitProblemsOf('{"USD":100}')).toEqual(["CASHOUT_DAILY_LIMITS: every limit must be a decimal string"]);
    expect(limitProblemsOf("USD=100")).toEqual(['CASHOUT_DAILY_LIMITS: must be JSON like {"USD":"10000"}']);
  });
});

describe("INVEST_DAILY_RATE", () => {
  test("is 2 % a day by default, read as an exact fraction", () => {
    expect(loadConfig({ NODE_ENV: "test" }).investDailyRate).toEqual({
      text: "0.02",
      numerator: 2n,
      denominator: 100n,
    });
  });

  test("reads another decimal rate exactly", () => {
    expect(loadConfig({ NODE_ENV: "test", INVEST_DAILY_RATE: "0.0015" }).investDailyRate).toMatchObject({
      numerator: 15n,
      denominator: 10_000n,
    });
  });

  test.each(["2%", "0", "1.5", "abc", "2e-2", "0.000000001"])(
    "refuses to start with %j, naming the setting",
    (rate) => {
      expect(() => loadConfig({ NODE_ENV: "test", INVEST_DAILY_RATE: rate })).toThrow(/INVEST_DAILY_RATE: /);
    },
  );
});

describe("JOBS_ENABLED", () => {
  test("runs the jobs by default, except under NODE_ENV=test", () => {
    expect(loadConfig({ NODE_ENV: "development" }).areJobsEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).areJobsEnabled).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", JOBS_ENABLED: "true" }).areJobsEnabled).toBe(true);
  });
});

describe("WEBHOOK_TIMEOUT_SECONDS", () => {
  test("gives a receiver 10 s by default, and takes whole seconds from 1 to 30", () => {
    expect(loadConfig({ NODE_ENV: "test" }).webhookTimeoutMs).toBe(10_000);
    expect(loadConfig({ NODE_ENV: "test", WEBHOOK_TIMEOUT_SECONDS: "2" }).webhookTimeoutMs).toBe(2_000);
    for (const refused of ["0", "31", "1.5", "soon"]) {
      expect(() => loadConfig({ NODE_ENV: "test", WEBHOOK_TIMEOUT_SECONDS: refused })).toThrow(
        /WEBHOOK_TIMEOUT_SECONDS: /,
      );
    }
  });
});

/** The problems loadConfig reports for these settings, or [] when it accepts them. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ NODE_ENV: "test", ...env });
  } catch (error) {
    if (error instanceof ConfigError) {
      return error.problems;
    }
    throw error;
  }
  return [];
}

describe("TRUST_PROXY ranges that would believe every client (issue 24)", () => {
  test.each([
    ["0.0.0.0/0"],
    ["::/0"],
    ["0.0.0.0/1,128.0.0.0/1"],
    ["0.0.0.0/1, 128.0.0.0/2, 192.0.0.0/2"],
    ["::/1,8000::/1"],
    // Every IPv4 client, as proxy-addr matches IPv6 ranges against IPv4-mapped addresses.
    ["::ffff:0:0/96"],
    ["::/1"],
    ["0.0.0.0/1,uniquelocal,128.0.0.0/1"],
  ])("refuses %s before anything starts, naming the setting", (ranges) => {
    const problems = problemsOf({ TRUST_PROXY: ranges });

    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: these ranges together cover every IPv[46] address/);
  });

  test.each([
    ["0.0.0.0/1,128.0.0.0/2,192.0.0.0/3"],
    ["2000::/3"],
    ["64.0.0.0/7"],
    ["::ffff:0:0/100"],
    ["2001:db8::/31"],
  ])("refuses %s: a public range wider than a network of proxies", (ranges) => {
    const problems = problemsOf({ TRUST_PROXY: ranges });

    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: ".*" is wider than any network of proxies/);
  });

  test.each([
    ["10.0.0.0/8"],
    ["10.0.0.5, 10.1.0.0/16,::1"],
    ["loopback,linklocal,uniquelocal"],
    ["fc00::/7"],
    ["172.16.0.0/12"],
    ["203.0.113.0/24"],
    ["2001:db8::/32"],
    ["::ffff:203.0.113.0/120"],
  ])("accepts %s, a network of proxies", (ranges) => {
    expect(problemsOf({ TRUST_PROXY: ranges })).toEqual([]);
  });
});

describe("every setting is checked before the database starts (issue 24)", () => {
  test("the bank account must be a valid IBAN and BIC", () => {
    expect(problemsOf({ BANK_IBAN: "GB33BUKB20201555555556", BANK_BIC: "NOTABIC" })).toEqual([
      expect.stringMatching(/^BANK_IBAN: /),
      expect.stringMatching(/^BANK_BIC: /),
    ]);
    expect(loadConfig({ NODE_ENV: "test", BANK_IBAN: "gb33 bukb 2020 1555 5555 55" }).bankDetails.iban).toBe(
      "GB33BUKB20201555555555",
    );
  });

  test("deposit keys must be extended public keys", () => {
    expect(problemsOf({ DEPOSIT_XPUB_BITCOIN: "xpub-bitcoin", DEPOSIT_XPUB_TRON: "zpub" })).toEqual([
      expect.stringMatching(/^DEPOSIT_XPUB_BITCOIN: is not an extended public key/),
      expect.stringMatching(/^DEPOSIT_XPUB_TRON: is not an extended public key/),
    ]);
  });

  test("MAIL_FROM must carry an address", () => {
    expect(problemsOf({ MAIL_FROM: "Ferry" })).toEqual([expect.stringMatching(/^MAIL_FROM: /)]);
    expect(problemsOf({ MAIL_FROM: "Ferry <help@ferry.example>" })).toEqual([]);
  });
});

describe("KYC_ENCRYPTION_KEY (issue 26)", () => {
  test("must be 32 bytes in base64", () => {
    expect(problemsOf({ KYC_ENCRYPTION_KEY: "too-short" })).toEqual([expect.stringMatching(/^KYC_ENCRYPTION_KEY: /)]);
    expect(problemsOf({ KYC_ENCRYPTION_KEY: Buffer.alloc(31).toString("base64") })).toHaveLength(1);
    const key = Buffer.alloc(32, 9);
    expect(loadConfig({ NODE_ENV: "test", KYC_ENCRYPTION_KEY: key.toString("base64") }).kycEncryptionKey).toEqual(key);
    expect(loadConfig({ NODE_ENV: "test" }).kycEncryptionKey).toEqual(
      Buffer.from(DEVELOPMENT_KYC_ENCRYPTION_KEY, "base64"),
    );
  });

  test("the development key is refused in production", () => {
    const problems = (() => {
      try {
        loadConfig({ NODE_ENV: "production", KYC_ENCRYPTION_KEY: DEVELOPMENT_KYC_ENCRYPTION_KEY });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toContainEqual(expect.stringMatching(/^KYC_ENCRYPTION_KEY: the development default is refused/));
  });
});

describe("the trust of TRUST_PROXY's addresses, remembered per address (issue 31)", () => {
  test("answers as proxy-addr's own check for any address, each time it is asked", () => {
    const ranges = ["loopback", "10.0.0.0/8", "192.168.1.7", "fd00::/8"];
    const trusts = toFastifyTrustProxy(ranges);
    const check = proxyAddr.compile(ranges);
    if (trusts === false) {
      throw new Error("a list of ranges must give a trust function");
    }
    const address = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.constantFrom("127.0.0.1", "::1", "10.1.2.3", "fd12::1", "::ffff:10.0.0.1"),
    );
    fc.assert(
      fc.property(fc.array(address, { minLength: 1, maxLength: 20 }), (addresses) => {
        for (const candidate of [...addresses, ...addresses]) {
          expect(trusts(candidate, 0)).toBe(check(candidate, 0));
        }
      }),
      { numRuns: 300 },
    );
  });

  test("asks the check once per address, and again once it has forgotten", () => {
    const asked: string[] = [];
    const trusts = rememberingTrust((address) => {
      asked.push(address);
      return address.startsWith("10.");
    });
    expect([trusts("10.0.0.1"), trusts("10.0.0.1"), trusts("8.8.8.8"), trusts("8.8.8.8")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(asked).toEqual(["10.0.0.1", "8.8.8.8"]);
    for (let index = 0; index < 5_000; index += 1) {
      trusts(`192.0.${index >> 8}.${index & 255}`);
    }
    expect(trusts("10.0.0.1")).toBe(true);
    expect(asked.filter((address) => address === "10.0.0.1")).toHaveLength(2);
  });
});
