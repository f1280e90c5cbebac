import { devicePartsOf } from "@ferry/core/contracts/sessions";
import { describe, expect, it } from "vitest";
import { readerFor } from "../../i18n/translator.ts";
import { securityAlert } from "./alert-texts.ts";

const FIREFOX_ON_WINDOWS = devicePartsOf(
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
);

describe("a new-device security alert (issue 29)", () => {
  it("names the device in the reader's language", () => {
    const alert = securityAlert("new_device", { device: FIREFOX_ON_WINDOWS, ip: "192.0.2.7" });
    expect(alert(readerFor("en")).message).toBe(
      "Your account was signed in from a new device (Firefox on Windows, 192.0.2.7). If this wasn't you, reset your password now.",
    );
    expect(alert(readerFor("de")).message).toContain("Firefox unter Windows, 192.0.2.7");
  });
});
