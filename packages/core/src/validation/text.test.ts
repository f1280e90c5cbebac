import { describe, expect, test } from "vitest";
import { ResetPasswordRequest } from "../contracts/auth.ts";
import { ReportDepositRequest, ReviewDepositRequest } from "../contracts/deposits.ts";
import { PageCursor } from "../contracts/pagination.ts";
import { BankPaymentMethodRequest } from "../contracts/payment-methods.ts";
import { ProfileUpdateRequest } from "../contracts/profile.ts";
import { CreateTransferRequest, TransferDetails } from "../contracts/transfers.ts";
import { MESSAGES, multiLineTextMessage, singleLineTextMessage } from "../messages.ts";
import { CryptoRecipientFields, NewRecipientRequest } from "./recipient.ts";
import { isMultiLineText, isSingleLineText, multiLineText, singleLineText } from "./text.ts";

/** Every C0 control, DEL and every C1 control, as one-character strings. */
const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, offset) => String.fromCharCode(0x7f + offset)),
];

function issuesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("one-line text", () => {
  test.each(CONTROL_CHARACTERS.map((character) => [character.charCodeAt(0).toString(16), character]))(
    "refuses control character U+%s inside the text",
    (_code, character) => {
      expect(isSingleLineText(`Ada${character}Lovelace`)).toBe(false);
    },
  );

  test.each([
    ["plain text", "Ada Lovelace"],
    ["accents and other scripts", "Zoë Ærøskøbing 東京 القاهرة"],
    ["an emoji (a surrogate pair)", "Ada 🚀"],
    ["right-to-left text", "שלום עולם"],
    ["HTML and SQL text, which is only text", "<script>' OR 1=1--"],
    ["nothing", ""],
  ])("accepts %s", (_label, text) => {
    expect(isSingleLineText(text)).toBe(true);
  });

  test.each([
    ["a right-to-left override", "invoice\u202Egpj.exe"],
    ["a left-to-right embedding", "\u202AAda"],
    ["a first-strong isolate", "Ada\u2068Lovelace\u2069"],
    // Issue 24: the directional marks, invisible, make "Ada" and "Ada" + a mark two names that look alike.
    ["a left-to-right mark", "Ada\u200E"],
    ["a right-to-left mark", "\u200Fשלום עולם\u200F"],
    ["an Arabic letter mark", "\u061Cأحمد"],
  ])("refuses %s, which can make text read differently from what is stored", (_label, text) => {
    expect(isSingleLineText(text)).toBe(false);
    expect(isMultiLineText(text)).toBe(false);
  });

  test.each([
    ["a lone high surrogate", "Ada\uD800"],
    ["a lone low surrogate", "\uDC00Ada"],
    ["surrogates in the wrong order", "\uDC00\uD800"],
  ])("refuses %s, which is not text", (_label, text) => {
    expect(isSingleLineText(text)).toBe(false);
  });

  test("a schema names the field in its message and trims edge whitespace first", () => {
    const schema = singleLineText("First name");

    expect(schema.parse("  Ada\n")).toBe("Ada");
    expect(issuesOf(schema.safeParse("A\u0000da"))).toEqual([["", singleLineTextMessage("First name")]]);
    expect(singleLineTextMessage("First name")).toBe(
      "First name cannot contain line breaks, tabs or other control characters",
    );
  });

  test("refuses a 100 KB string of NUL characters with the control-character message", () => {
    const result = singleLineText("Name").max(100).safeParse("\u0000".repeat(100_000));

    expect(issuesOf(result)[0]).toEqual(["", singleLineTextMessage("Name")]);
  });
});

describe("multi-line text", () => {
  test.each([
    ["line feeds", "first line\nsecond line"],
    ["tabs", "a\tb"],
  ])("accepts %s", (_label, text) => {
    expect(isMultiLineText(text)).toBe(true);
  });

  test.each(
    CONTROL_CHARACTERS.filter((character) => character !== "\n" && character !== "\t").map((character) => [
      character.charCodeAt(0).toString(16),
      character,
    ]),
  )("refuses control character U+%s", (_code, character) => {
    expect(isMultiLineText(`note${character}text`)).toBe(false);
  });

  test("a schema names the field", () => {
    expect(issuesOf(multiLineText("Admin notes").safeParse("a\rb"))).toEqual([
      ["", multiLineTextMessage("Admin notes")],
    ]);
  });
});

describe("every text field of the contracts refuses control characters", () => {
  test("the profile form, field by field", () => {
    const form = {
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+44 20 7946 0958",
      address: "12 Analytical Row",
      city: "London",
      country: "United Kingdom",
      postalCode: "NW1 6XE",
    };
    const labels: Record<string, string> = {
      firstName: "First name",
      lastName: "Last name",
      phone: "Phone",
      address: "Address",
      city: "City",
      country: "Country",
      postalCode: "Postal code",
    };
    for (const [field, label] of Object.entries(labels)) {
      const result = ProfileUpdateRequest.safeParse({ ...form, [field]: `x\u0000y` });
      expect(issuesOf(result), field).toEqual([[field, singleLineTextMessage(label)]]);
    }
  });

  test("a bank recipient's name, bank and account holder", () => {
    const recipient = {
      type: "bank",
      name: "Ada\u0000",
      email: "ada@example.com",
      bankName: "Bank\nof England",
      country: "GB",
      accountNumber: "GB82WEST12345698765432",
      swiftCode: "NWBKGB2L",
      accountHolderName: "Ada\u0085",
      currency: "EUR",
    };

    expect(issuesOf(NewRecipientRequest.safeParse(recipient))).toEqual([
      ["name", singleLineTextMessage("Name")],
      ["bankName", singleLineTextMessage("Bank name")],
      ["accountHolderName", singleLineTextMessage("Account holder name")],
    ]);
  });

  test("a bank payment method's name", () => {
    const result = BankPaymentMethodRequest.safeParse({
      addressType: "bank",
      name: "Main\u007f",
      currency: "EUR",
      bankName: "Deutsche Bank",
      accountNumber: "DE89370400440532013000",
      swiftCode: "DEUTDEFF",
      country: "DE",
      accountHolderName: "Ada Lovelace",
    });

    expect(issuesOf(result)).toEqual([["name", singleLineTextMessage("Name")]]);
  });

  test("a memo is one line; admin notes may have several", () => {
    const transfer = {
      target: { method: "ferry_user", recipientEmail: "bob@example.com" },
      amount: "1.00",
      currency: "USD",
      code: "123456",
    };

    expect(issuesOf(CreateTransferRequest.safeParse({ ...transfer, memo: "rent\nMay" }))).toEqual([
      ["memo", singleLineTextMessage("Memo")],
    ]);
    expect(ReviewDepositRequest.safeParse({ decision: "approve", adminNotes: "matched\nref 42" }).success).toBe(true);
    expect(issuesOf(ReviewDepositRequest.safeParse({ decision: "approve", adminNotes: "a\u0000" }))).toEqual([
      ["adminNotes", multiLineTextMessage("Admin notes")],
    ]);
  });

  test("a reset token and a cursor must have the shape the server issues", () => {
    expect(issuesOf(ResetPasswordRequest.safeParse({ token: "abc\u0000", newPassword: "Ferry#Test2026" }))).toEqual([
      ["token", MESSAGES.invalidResetLink],
    ]);
    expect(
      ResetPasswordRequest.safeParse({ token: "aZ09aZ09aZ09aZ09aZ09aZ09", newPassword: "Ferry#Test2026" }).success,
    ).toBe(true);
    expect(PageCursor.safeParse("MjAyNi0wMS0wMVQwMDowMDowMC4wMDAwMDBafHgx").success).toBe(true);
    expect(issuesOf(PageCursor.safeParse("abc=\u0000"))).toEqual([["", MESSAGES.invalidCursor]]);
  });
});

describe("amounts are bounded to what the ledger holds", () => {
  const transfer = (amount: string, currency: string) => ({
    target: { method: "ferry_user", recipientEmail: "bob@example.com" },
    amount,
    currency,
  });

  test("accepts the largest amount of a currency with 18 decimals, to the last wei", () => {
    expect(TransferDetails.safeParse(transfer("1000000000.000000000000000000", "ETH")).success).toBe(true);
    expect(TransferDetails.safeParse(transfer(`999999999.${"9".repeat(18)}`, "ETH")).success).toBe(true);
  });

  test.each([
    ["one wei more", "1000000000.000000000000000001", "ETH"],
    ["10^29 ETH, which overflowed NUMERIC(38,0)", `1${"0".repeat(29)}`, "ETH"],
    ["10^28 US dollars", `1${"0".repeat(28)}`, "USD"],
  ])("refuses %s with the message naming the limit", (_label, amount, currency) => {
    expect(issuesOf(TransferDetails.safeParse(transfer(amount, currency)))).toEqual([
      ["amount", `Amount can be at most 1,000,000,000 ${currency}`],
    ]);
  });

  test.each([null, "text", 1, []])("refuses %j instead of a transfer without throwing", (input) => {
    expect(TransferDetails.safeParse(input).success).toBe(false);
    expect(CreateTransferRequest.safeParse(input).success).toBe(false);
    expect(CryptoRecipientFields.safeParse(input).success).toBe(false);
  });

  test("a deposit report is bounded the same way, next to another field's problem", () => {
    const result = ReportDepositRequest.safeParse({
      depositType: "crypto",
      network: "ethereum",
      currency: "ETH",
      amount: `1${"0".repeat(29)}`,
      transactionHash: "not a hash",
    });

    expect(issuesOf(result)).toEqual([
      ["transactionHash", "A transaction hash is 64 hexadecimal characters"],
      ["amount", "Amount can be at most 1,000,000,000 ETH"],
    ]);
  });
});
