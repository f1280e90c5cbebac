import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/*
 * A software WebAuthn authenticator for the passkey tests: real ECDSA P-256 keys (node:crypto), real
 * CBOR, 'none' attestation, so the server's WebAuthn library checks genuine signatures and flags.
 * What it signs is chosen per call (origin, RP id, user verification), to make the refusals.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function cborHead(major: number, length: number): Buffer {
  if (length < 24) {
    return Buffer.from([(major << 5) | length]);
  }
  if (length < 0x100) {
    return Buffer.from([(major << 5) | 24, length]);
  }
  if (length < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** The CBOR encoding (RFC 8949) of the few types WebAuthn's attestation and COSE keys use. */
function encodeCbor(value: Cbor): Buffer {
  if (typeof value === "number") {
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) {
    return Buffer.concat([cborHead(2, value.length), value]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([cborHead(4, value.length), ...value.map(encodeCbor)]);
  }
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)])]);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

/** What a ceremony is signed for: by default the relying party the test server is (PUBLIC_URL). */
export interface CeremonyOptions {
  readonly origin?: string;
  readonly rpId?: string;
  /** Whether the authenticator says it verified the person (PIN, biometrics): the UV flag. */
  readonly isUserVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private signCount = 0;
  private userHandle: string | undefined;

  constructor(
    private readonly defaults: { origin: string; rpId: string },
    options: { signCount?: number } = {},
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.signCount = options.signCount ?? 0;
  }

  /** The credential's public key as COSE (EC2, ES256, P-256). */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: "jwk" });
    const coordinate = (text: string | undefined) => Buffer.from(text ?? "", "base64url");
    return encodeCbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    const rpIdHash = createHash("sha256").update(rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private flagsOf(options: CeremonyOptions): number {
    return FLAG_USER_PRESENT | (options.isUserVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create()`'s answer to registration options, in JSON. */
  register(options: { challenge: string; user: { id: string } }, ceremony: CeremonyOptions = {}) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = this.flagsOf(ceremony) | FLAG_ATTESTED_CREDENTIAL;
    const authData = this.authenticatorData(ceremony.rpId ?? this.defaults.rpId, flags, attested);
    const attestationObject = encodeCbor({ fmt: "none", attStmt: {}, authData });
    const clientDataJSON = this.clientData(
      "webauthn.create",
      options.challenge,
      ceremony.origin ?? this.defaults.origin,
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: "public-key" as const,
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal" as const],
      },
    };
  }

  /** `navigator.credentials.get()`'s answer to sign-in options, in JSON; each call counts one use. */
  authenticate(options: { challenge: string }, ceremony: CeremonyOptions = {}) {
    this.signCount += 1;
    const authData = this.authenticatorData(ceremony.rpId ?? this.defaults.rpId, this.flagsOf(ceremony));
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, ceremony.origin ?? this.defaults.origin);
    const signed = Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]);
    const signature = sign("sha256", signed, this.privateKey);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: "public-key" as const,
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
