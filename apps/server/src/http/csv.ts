/*
 * CSV as Ferry's exports write it (RFC 4180): every cell quoted, quotes doubled, lines ended by CRLF.
 * The one writer of the customer's statement and the admin's audit export.
 */

/** Whether a cell is free text, which a spreadsheet might run as a formula, or a number Ferry wrote. */
type CsvCellKind = "text" | "number";

/**
 * A quoted CSV cell. A text cell that a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) is neutralised with a leading quote (OWASP's CSV injection advice).
 */
export function csvCell(value: string | null, kind: CsvCellKind = "text"): string {
  const text = value ?? "";
  const safe = kind === "text" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A CSV document: the header line (plain column names), then one line of quoted cells per row. */
export function csvDocumentOf(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header.join(","), ...rows.map((cells) => cells.join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
