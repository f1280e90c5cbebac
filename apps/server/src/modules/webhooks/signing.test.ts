import { Webhook } from "standardwebhooks";
import { describe, expect, test } from "vitest";
import {
  decryptWebhookSecret,
  encryptWebhookSecret,
  generateWebhookSecret,
  signatureHeaderOf,
  signatureOf,
  webhookSecretKeyOf,
} from "./signing.ts";

describe("webhook signatures", () => {
  test("match the Standard Webhooks specification's example", () => {
    // The example of https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const message = { id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1614265330, body: '{"test": 2432232314}' };
    expect(signatureOf(secret, message)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  test("verify with the standardwebhooks package under each secret of a rotation", () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const timestamp = Math.floor(Date.now() / 1000);
    const message = { id: "msg_rotation", timestamp, body: JSON.stringify({ type: "deposit.credited", data: {} }) };
    const headers = {
      "webhook-id": message.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureHeaderOf([current, previous], message),
    };
    expect(new Webhook(current).verify(message.body, headers)).toMatchObject({ type: "deposit.credited" });
    expect(new Webhook(previous).verify(message.body, headers)).toMatchObject({ type: "deposit.credited" });
    expect(() => new Webhook(generateWebhookSecret()).verify(message.body, headers)).toThrow();
  });
});

describe("stored signing secrets", () => {
  const key = webhookSecretKeyOf("a development secret of at least thirty-two characters");

  test("decrypt to the secret, and never hold it in clear", () => {
    const secret = generateWebhookSecret();
    const stored = encryptWebhookSecret(key, "endpoint-1", secret);
    expect(stored).not.toContain(secret.slice("whsec_".length));
    expect(decryptWebhookSecret(key, "endpoint-1", stored)).toBe(secret);
  });

  test("refuse another key, another endpoint and a changed byte", () => {
    const stored = encryptWebhookSecret(key, "endpoint-1", generateWebhookSecret());
    const otherKey = webhookSecretKeyOf("another development secret of thirty-two characters");
    expect(() => decryptWebhookSecret(otherKey, "endpoint-1", stored)).toThrow();
    expect(() => decryptWebhookSecret(key, "endpoint-2", stored)).toThrow();
    const bytes = Buffer.from(stored.slice(3), "base64");
    bytes[bytes.length - 1] ^= 1;
    expect(() => decryptWebhookSecret(key, "endpoint-1", `v1:${bytes.toString("base64")}`)).toThrow();
  });
});
