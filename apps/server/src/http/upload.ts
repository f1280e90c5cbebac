import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { type FileStorage, storeThenRecord } from "../storage/file-storage.ts";
import { InFlightLimit } from "./in-flight.ts";

/*
 * The one way Ferry reads an uploaded file (help-desk attachments now, KYC documents later): a
 * multipart/form-data body with exactly one file part, named `file`, and nothing else. The bytes are
 * counted here as they stream in, so a file over the limit is refused whatever the parser does with
 * it (@fastify/multipart's `toBuffer()` returned a file cut to the limit when a chunk ended exactly
 * there, issue 24); the type is read from the bytes, never from the name or the declared type; and
 * the name the file is served under ends in that type's extension.
 */

interface FileType {
  /** The extensions a served name may end in; the first is added to a name that ends in none of them. */
  readonly extensions: readonly string[];
  /** Whether `bytes` begin as a file of this type does. */
  readonly matches: (bytes: Buffer) => boolean;
}

/** The types Ferry recognises by their first bytes. WebP is "RIFF", a 4-byte size, then "WEBP". */
const FILE_TYPES = {
  "image/png": {
    extensions: [".png"],
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  "image/jpeg": {
    extensions: [".jpg", ".jpeg"],
    matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  "image/webp": {
    extensions: [".webp"],
    matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
  "application/pdf": {
    extensions: [".pdf"],
    matches: (b) => b.subarray(0, 5).toString("latin1") === "%PDF-",
  },
} as const satisfies Record<string, FileType>;

/** A content type Ferry can recognise in an upload's bytes. */
export type KnownFileType = keyof typeof FILE_TYPES;

/** What one upload route accepts. */
export interface UploadRules<T extends KnownFileType> {
  /** The largest file accepted, in bytes; one byte more is a 413. */
  readonly maxBytes: number;
  /** The types accepted, as read from the bytes; anything else is a 415. */
  readonly acceptedTypes: readonly T[];
  /** The 413's message, naming the limit. */
  readonly tooLargeMessage: string;
  /** The 415's message, naming the accepted types. */
  readonly wrongTypeMessage: string;
}

/** What an upload route can answer besides its guard's errors: a bad body, too large, wrong type, too many, too slow. */
export const UPLOAD_ERRORS = [
  "validation_failed",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "request_timeout",
] as const;

/** A file read whole and checked: within the limit, of an accepted type, under a name safe to serve. */
export interface Upload<T extends KnownFileType> {
  readonly fileName: string;
  readonly contentType: T;
  readonly bytes: Buffer;
}

/** The form field the file must come in. */
const FILE_FIELD = "file";
const NO_FILE_MESSAGE = "Choose a file to attach";
const ONE_FILE_MESSAGE = "Attach one file per upload";
const ONLY_FILE_MESSAGE = "Send only the file, in a form field named file";
const MALFORMED_MESSAGE = "The upload could not be read: send the file as multipart/form-data in a field named file";
const NOT_MULTIPART_MESSAGE = "Send the file as multipart/form-data in a field named file";

/** The longest served file name, in characters. */
const MAX_FILE_NAME_LENGTH = 120;
/** Header lines a part may carry: a browser sends two (Content-Disposition, Content-Type). */
const MAX_PART_HEADERS = 20;

const MIB = 1024 * 1024;
/**
 * How far past the file limit a body is still read. A file a little too large (the form's own bytes
 * included) is read to its end and refused on a connection that stays usable; a longer body is
 * refused as soon as it passes this, and its connection closed, so a gigabyte is never read whole.
 */
const OVERRUN_BYTES = 1 * MIB;
/**
 * Uploads one account may have in progress at once. Each holds up to the file limit in memory until
 * its body ends: the help desk uploads one file after another, so two leave room for a second tab.
 */
const UPLOADS_IN_PROGRESS_PER_ACCOUNT = 2;
/**
 * Uploads in progress in the whole process, whoever sends them: at 5 MB each, 32 hold at most 160 MB.
 * A body that stalls is dropped by the server's request timeout (app.ts), which frees its slot.
 */
const UPLOADS_IN_PROGRESS = 32;
/**
 * After answering a body it stopped reading, the server reads and discards at most this much more,
 * for at most this long, before closing: closing at once with bytes still arriving makes the client's
 * system discard the answer (a reset), so the client would see a broken connection instead of the
 * 413 (RFC 9112 §9.6; nginx's lingering close does the same).
 */
const LINGER_BYTES = 16 * MIB;
const LINGER_MS = 5_000;

/** One slot per upload being read or stored, shared by every upload route of the process. */
const uploadsInProgress = new InFlightLimit(
  UPLOADS_IN_PROGRESS_PER_ACCOUNT,
  "Wait for your other uploads to finish, then try again",
  { max: UPLOADS_IN_PROGRESS, message: "Ferry is receiving many uploads right now. Please try again in a moment." },
);

function refusal(message: string): AppError {
  return new AppError("validation_failed", message, { [FILE_FIELD]: message });
}

/**
 * Lets the routes of `scope` (and only them) receive multipart/form-data, for `receiveUpload`. The
 * parser's own size check is off: `receiveUpload` counts the bytes itself, and sets the per-route
 * limit. Any answer given before the body has arrived whole (a refused session, a busy server, a
 * body past the limit) closes the connection instead of reading the rest of the body.
 */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    // A second file or any text field is skipped by the parser and reported by `readUpload`.
    limits: { files: 1, fields: 0, fileSize: 0, headerPairs: MAX_PART_HEADERS },
  });
  scope.addHook("onSend", async (request, reply) => {
    const body = request.raw;
    if (body.readableEnded) {
      return;
    }
    body.unpipe();
    if (body.complete) {
      // All of it has arrived: discard what was not read, and the connection can carry the next request.
      body.resume();
      return;
    }
    reply.header("connection", "close");
    closeAfterAnswer(body);
  });
}

/**
 * Route options of an upload route: its `body` schema describes the form in the API document, but
 * Fastify does not validate it — a multipart body is a stream, which `receiveUpload` checks as it reads.
 */
export const STREAMED_BODY = {
  validatorCompiler: () => (value: unknown) => ({ value }),
} as const;

/**
 * Reads the request's one file, checked against `rules`, and hands it to `keep` (which stores it),
 * while holding one of the process's upload slots: at most 2 uploads in progress per account
 * (`uploaderId`) and 32 in all, else a 429 before a byte is read. The slot, and the file's memory,
 * are freed when `keep` is done. What `readUpload` refuses is refused here.
 */
export async function receiveUpload<T extends KnownFileType, R>(
  request: FastifyRequest,
  rules: UploadRules<T>,
  uploaderId: string,
  keep: (upload: Upload<T>) => Promise<R>,
): Promise<R> {
  return uploadsInProgress.run(uploaderId, async () => keep(await readUpload(request, rules)));
}

/** An upload as kept: its bytes under `storageKey`, and what its row records. */
interface KeptFile<T extends KnownFileType> {
  readonly storageKey: string;
  readonly fileName: string;
  readonly contentType: T;
  readonly size: number;
}

/**
 * Keeps a checked upload: refuses more than `rules.maxBytes` (the reader already did; this is the last
 * word, before anything is written), then writes the bytes under a fresh key starting `keyPrefix` and
 * the row `record` makes of them, bytes first (`storeThenRecord`: a failed row leaves no bytes behind).
 */
export async function keepUpload<T extends KnownFileType, R>(
  storage: FileStorage,
  rules: UploadRules<T>,
  upload: Upload<T>,
  keyPrefix: string,
  record: (file: KeptFile<T>) => Promise<R>,
): Promise<R> {
  if (upload.bytes.length > rules.maxBytes) {
    throw new AppError("payload_too_large", rules.tooLargeMessage, { [FILE_FIELD]: rules.tooLargeMessage });
  }
  const file = {
    storageKey: `${keyPrefix}-${randomUUID()}`,
    fileName: upload.fileName,
    contentType: upload.contentType,
    size: upload.bytes.length,
  };
  return storeThenRecord(storage, file.storageKey, upload.bytes, () => record(file));
}

/**
 * Reads the request's one file, whole, and checks it against `rules`: not multipart/form-data is a
 * 415; a malformed body, no file, a text field, a file in another field or a second file is a 400
 * `validation_failed` keyed `file`; more bytes than `rules.maxBytes` is a 413; bytes of no accepted
 * type a 415. A body up to 1 MiB past the limit is read to its end, so the client gets the answer on
 * a connection it can reuse; a longer one is refused as soon as it passes that, and the rest of it
 * is not read (see `acceptUploads`).
 */
async function readUpload<T extends KnownFileType>(request: FastifyRequest, rules: UploadRules<T>): Promise<Upload<T>> {
  if (!request.isMultipart()) {
    throw new AppError("unsupported_media_type", NOT_MULTIPART_MESSAGE, { [FILE_FIELD]: NOT_MULTIPART_MESSAGE });
  }
  const tooLarge = new AppError("payload_too_large", rules.tooLargeMessage, { [FILE_FIELD]: rules.tooLargeMessage });
  const stopReading = new AbortController();
  // Started first: it attaches the parser to the body, so the counter below sees the same bytes.
  const reading = readOnlyFile(request, rules.maxBytes, tooLarge, stopReading.signal);
  let stopWatching = () => {};
  const overrun = new Promise<never>((_, reject) => {
    stopWatching = watchBodySize(request.raw, rules.maxBytes + OVERRUN_BYTES, () => {
      request.raw.unpipe();
      stopReading.abort();
      reject(tooLarge);
    });
  });
  // A request that times out is answered on its socket (408, errors.ts), whose writing side then
  // ends; a client that keeps its own side open would leave this upload waiting for the rest of its
  // body, holding its slot, for ever. Nothing more can be answered on it: drop the connection.
  const { socket } = request.raw;
  const dropConnection = () => socket.destroy();
  socket.once("finish", dropConnection);
  let file: { name: string; bytes: Buffer } | null;
  try {
    file = await Promise.race([reading, overrun]);
  } finally {
    stopWatching();
    socket.off("finish", dropConnection);
  }
  if (file === null || (file.bytes.length === 0 && file.name === "")) {
    // A form whose file input was left empty sends a nameless, empty file part.
    throw refusal(NO_FILE_MESSAGE);
  }
  const contentType = sniffFileType(file.bytes, rules.acceptedTypes);
  if (contentType === null) {
    throw new AppError("unsupported_media_type", rules.wrongTypeMessage, { [FILE_FIELD]: rules.wrongTypeMessage });
  }
  return { fileName: servedFileName(file.name, contentType), contentType, bytes: file.bytes };
}

/**
 * The body's one file part, named `file`, read to the end of the body; null when there is none.
 * Throws the first thing wrong with the body (a file over the limit outranks what follows it).
 */
async function readOnlyFile(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: AppError,
  signal: AbortSignal,
): Promise<{ name: string; bytes: Buffer } | null> {
  let file: { name: string; bytes: Buffer } | null = null;
  let problem: AppError | null = null;
  try {
    // One byte over the limit is enough to know; the parser stops keeping bytes there.
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1 } })) {
      if (part.type !== "file") {
        problem ??= refusal(ONLY_FILE_MESSAGE);
        continue;
      }
      const bytes = await readWithin(part, maxBytes, signal);
      if (part.fieldname !== FILE_FIELD) {
        problem ??= refusal(ONLY_FILE_MESSAGE);
      } else if (bytes === null) {
        problem ??= tooLarge;
      } else {
        file = { name: part.filename, bytes };
      }
    }
  } catch (error) {
    // The parser stops here; what it has not read yet is the `onSend` hook's (see `acceptUploads`).
    request.raw.unpipe();
    throw problem ?? parserRefusal(error, tooLarge);
  }
  if (problem) {
    throw problem;
  }
  return file;
}

/**
 * Calls `onExceeded` once when more than `maxBytes` of `body` have arrived. Returns the function that
 * stops counting.
 */
function watchBodySize(body: IncomingMessage, maxBytes: number, onExceeded: () => void): () => void {
  let receivedBytes = 0;
  const count = (chunk: Buffer) => {
    receivedBytes += chunk.length;
    if (receivedBytes > maxBytes) {
      body.off("data", count);
      onExceeded();
    }
  };
  body.on("data", count);
  return () => body.off("data", count);
}

/**
 * Closes the connection of a request answered before its body arrived whole, once the answer is
 * out: the rest of the body is discarded meanwhile, at most `LINGER_BYTES` of it for `LINGER_MS`,
 * so the client reads the answer before the connection goes. Node would close a `Connection: close`
 * socket at once after the answer (`destroySoon`); here it only ends the writing side then.
 * An injected request (tests) has no socket to close.
 */
function closeAfterAnswer(body: IncomingMessage): void {
  const { socket } = body;
  if (!(socket instanceof Socket)) {
    body.resume();
    return;
  }
  const close = () => socket.destroy();
  const deadline = setTimeout(close, LINGER_MS);
  socket.once("close", () => clearTimeout(deadline));
  let discardedBytes = 0;
  body.on("data", (chunk: Buffer) => {
    discardedBytes += chunk.length;
    if (discardedBytes > LINGER_BYTES) {
      close();
    }
  });
  body.resume();
  socket.destroySoon = () => socket.end();
}

/**
 * The part's bytes, or null when there are more than `maxBytes`. Reads the part to its end either
 * way (the parser holds the next part until this one is consumed), keeping at most `maxBytes`.
 * Counts the bytes itself and also believes the parser's `truncated`: either alone refuses the file.
 * When `signal` aborts (the body ran past the limit) the part is dropped with what was kept of it.
 */
async function readWithin(part: MultipartFile, maxBytes: number, signal: AbortSignal): Promise<Buffer | null> {
  const dropPart = () => part.file.destroy();
  if (signal.aborted) {
    dropPart();
  }
  signal.addEventListener("abort", dropPart, { once: true });
  const chunks: Buffer[] = [];
  let totalBytes = 0;
  try {
    for await (const chunk of part.file) {
      totalBytes += (chunk as Buffer).length;
      if (totalBytes <= maxBytes) {
        chunks.push(chunk as Buffer);
      }
    }
  } finally {
    signal.removeEventListener("abort", dropPart);
  }
  if (totalBytes > maxBytes || part.file.truncated) {
    return null;
  }
  return Buffer.concat(chunks, totalBytes);
}

/**
 * The answer to an error the multipart parser raised: its limits (a second file, a text field) and
 * every malformation of the body (no boundary, a bad part header, the body ending early) are the
 * client's to fix, so a 400 that says how; never a 500.
 */
function parserRefusal(error: unknown, tooLarge: AppError): AppError {
  const code = (error as { code?: unknown }).code;
  if (code === "FST_FILES_LIMIT") {
    return refusal(ONE_FILE_MESSAGE);
  }
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_PROTO_VIOLATION") {
    return refusal(ONLY_FILE_MESSAGE);
  }
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return tooLarge;
  }
  return refusal(MALFORMED_MESSAGE);
}

/** The accepted type these bytes are, or null. */
function sniffFileType<T extends KnownFileType>(bytes: Buffer, acceptedTypes: readonly T[]): T | null {
  return acceptedTypes.find((type) => FILE_TYPES[type].matches(bytes)) ?? null;
}

/**
 * The name to serve a file of `contentType` under: the uploaded name without its path, control or
 * direction characters and quotes, ending in an extension of the type the bytes are — `report.html`
 * holding a PDF is served as `report.pdf`, so a browser or a desktop never opens it as something else.
 */
export function servedFileName(uploadedName: string, contentType: KnownFileType): string {
  const base = uploadedName.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069"]/g, "").trim();
  const name = cleaned || "attachment";
  const { extensions } = FILE_TYPES[contentType];
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : "";
  if ((extensions as readonly string[]).includes(extension)) {
    const stem = name.slice(0, dot).slice(0, MAX_FILE_NAME_LENGTH - extension.length);
    return `${stem}${name.slice(dot)}`;
  }
  const stem = (dot > 0 ? name.slice(0, dot) : name).slice(0, MAX_FILE_NAME_LENGTH - extensions[0].length);
  return `${stem}${extensions[0]}`;
}
