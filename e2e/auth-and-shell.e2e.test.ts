import { describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DESKTOP,
  devMailTo,
  PHONE,
  readCodeFromMailbox,
  saveScreenshot,
  signIn,
  uniqueEmail,
  useBrowser,
  withPage,
} from "./support.ts";

const browserOf = useBrowser();

describe("a new user", () => {
  it("signs up, signs in with the e-mailed code, sees the dashboard and verifies the e-mail", async () => {
    const email = uniqueEmail("newcomer");
    const password = "Harbour#2026";
    await withPage(browserOf(), "new-user", async (page) => {
      await page.goto("/signup");
      const submit = page.getByRole("button", { name: "Create Account" });
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("weak");
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await submit.click();
      await page.getByText("Account Created!").waitFor();
      await page.waitForURL("**/login");

      await signIn(page, email, password);
      await page.getByRole("heading", { name: "Currency accounts" }).waitFor();
      for (const code of ["USD", "CAD", "AUD", "EUR"]) {
        expect(await page.getByTestId(`balance-${code}`).textContent()).toMatch(/0\.00$/);
      }

      const banner = page
        .getByRole("alert")
        .filter({ hasText: "Please verify your email address to access all features." });
      await banner.waitFor();
      await banner.getByRole("button", { name: "Verify Email" }).click();
      await page.getByRole("dialog").getByText("Verify your email").waitFor();
      const code = await readCodeFromMailbox(email, "Verify your Ferry e-mail");
      await page.getByLabel("Verification code").fill(code);
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByText("Email verified successfully!").first().waitFor();
      await banner.waitFor({ state: "detached" });
      expect(await page.getByText("Email verified", { exact: true }).isVisible()).toBe(true);
    });
  });

  it("is refused with a wrong code and can sign out again", async () => {
    const email = uniqueEmail("wrongcode");
    const password = "Harbour#2026";
    const response = await fetch(`${baseUrl()}/api/v1/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    await withPage(browserOf(), "wrong-code", async (page) => {
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByRole("dialog").waitFor();
      const verify = page.getByRole("button", { name: "Verify" });
      await page.getByLabel("Verification code").fill("12a");
      expect(await verify.isDisabled()).toBe(true);
      const real = await readCodeFromMailbox(email, "sign-in code");
      const wrong = real === "000000" ? "111111" : "000000";
      await page.getByLabel("Verification code").fill(wrong);
      await verify.click();
      await page.getByText("Invalid verification code").first().waitFor();
      expect(page.url()).toContain("/login");

      await page.getByLabel("Verification code").fill(real);
      await verify.click();
      await page.waitForURL("**/dashboard");
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");
      await page.goto("/profile");
      await page.waitForURL("**/login");
    });
  });
});

describe("an account under attack", () => {
  /** How many sign-in codes were mailed to `email` so far (the development mailbox). */
  async function countSignInCodes(email: string): Promise<number> {
    return (await devMailTo(email)).filter((item) => item.subject.includes("sign-in code")).length;
  }

  async function readNewSignInCode(email: string, before: number): Promise<string> {
    for (let attempt = 0; attempt < 50 && (await countSignInCodes(email)) <= before; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return readCodeFromMailbox(email, "sign-in code");
  }

  /** 100 wrong passwords (the account's ceiling, decision 010) from 20 addresses, 5 each. */
  async function attack(email: string): Promise<void> {
    const addresses = Array.from(
      { length: 20 },
      (_, index) => `10.250.${index}.${Math.floor(Math.random() * 250) + 1}`,
    );
    await Promise.all(
      addresses.map(async (address) => {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const response = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: baseUrl(), "x-forwarded-for": address },
            body: JSON.stringify({ email, password: "Wrong#Pass2026", rememberMe: false }),
          });
          expect(response.status).toBe(401);
        }
      }),
    );
  }

  it("signs the owner in on their known browser as usual, and in a new browser after saying the password cannot be confirmed", async () => {
    const email = uniqueEmail("attacked");
    const password = "Harbour#2026";
    const signedUp = await fetch(`${baseUrl()}/api/v1/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(signedUp.status).toBe(200);
    await withPage(browserOf(), "attacked-known-browser", async (page) => {
      await signIn(page, email, password);
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");

      await attack(email);

      // The browser that signed in before: answered as always.
      const before = await countSignInCodes(email);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("We sent a 6-digit verification code to").waitFor();
      await page.getByLabel("Verification code").fill(await readNewSignInCode(email, before));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL("**/dashboard");
    });

    await withPage(browserOf(), "attacked-new-browser", async (page) => {
      const before = await countSignInCodes(email);
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(/many failed sign-in attempts, so we can't tell you here whether your password/).waitFor();
      expect(await dialog.getByText(/No code after a few minutes\? Check your password/).isVisible()).toBe(true);
      await saveScreenshot(page, "sign-in-password-unconfirmed");
      await page.getByLabel("Verification code").fill(await readNewSignInCode(email, before));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL("**/dashboard");
    });
  }, 240_000);
});

describe("roles and routes", () => {
  it("shows the Admin group to an admin", async () => {
    await withPage(browserOf(), "admin-group", async (page) => {
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("heading", { name: "Admin" }).waitFor();
      expect(await nav.getByRole("link", { name: "Users" }).isVisible()).toBe(true);
      expect(await nav.getByRole("link", { name: "Help", exact: true }).count()).toBe(0);
      expect(await page.getByText("Admin", { exact: true }).first().isVisible()).toBe(true);
      await page.goto("/admin/users");
      await page.getByRole("heading", { name: "User Management" }).waitFor();
    });
  });

  it("sends a customer away from /admin/users and shows no Admin group", async () => {
    await withPage(browserOf(), "customer-admin-route", async (page) => {
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Help", exact: true }).waitFor();
      expect(await nav.getByRole("heading", { name: "Admin" }).count()).toBe(0);
      await page.goto("/admin/users");
      await page.waitForURL("**/dashboard");
      await page.getByRole("heading", { name: "Currency accounts" }).waitFor();
      await page.goto("/login");
      await page.waitForURL("**/dashboard");
    });
  });

  it("shows the not-found page for an unknown path", async () => {
    await withPage(browserOf(), "not-found", async (page) => {
      await page.goto("/no/such/place");
      await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
      await page.getByRole("link", { name: "Return to Home" }).click();
      await page.waitForURL((url) => url.pathname === "/");
    });
  });

  it("collapses the sidebar with ctrl+B and keeps it collapsed after a reload", async () => {
    await withPage(browserOf(), "sidebar-collapse", async (page) => {
      await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const sidebar = page.getByRole("complementary", { name: "Sidebar" });
      expect(await sidebar.getAttribute("data-state")).toBe("expanded");
      await page.keyboard.press("Control+b");
      expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
      await page.reload();
      await page.getByRole("heading", { name: "Currency accounts" }).waitFor();
      expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
      await page.keyboard.press("Control+b");
      expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    });
  });
});

describe("screenshots", () => {
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`saves the main pages at ${label} width, and the profile saves`, async () => {
      await withPage(
        browserOf(),
        `screens-${label}`,
        async (page) => {
          for (const [name, url] of [
            ["landing", "/"],
            ["login", "/login"],
            ["signup", "/signup"],
          ] as const) {
            await page.goto(url);
            await page.getByRole("heading").first().waitFor();
            await saveScreenshot(page, `${name}-${label}`);
          }
          const email = uniqueEmail(`shots-${label}`);
          await page.goto("/signup");
          await page.getByLabel("Email").fill(email);
          await page.getByLabel("Password", { exact: true }).fill("Harbour#2026");
          await page.getByRole("button", { name: "Create Account" }).click();
          await page.waitForURL("**/login");
          await signIn(page, email, "Harbour#2026");
          await page.getByRole("heading", { name: "Currency accounts" }).waitFor();
          await saveScreenshot(page, `dashboard-${label}`);

          await page.goto("/profile");
          await page.getByLabel("First name").fill("");
          await page.getByLabel("Last name").fill("Lovelace");
          await page.getByRole("button", { name: "Save Changes" }).click();
          await page.getByText("First name is required").waitFor();
          await page.getByLabel("First name").fill("Ada");
          await page.getByRole("button", { name: "Save Changes" }).click();
          await page.getByText("Profile Updated").first().waitFor();
          await page.reload();
          expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
          await saveScreenshot(page, `profile-${label}`);
        },
        viewport,
      );
    });
  }
});
