import { useMemo } from "react";
import { renderSVG } from "uqr";

/**
 * The QR code itself, drawn as an inline SVG image (no network, no canvas); loaded on demand by qr-code.tsx.
 * Dark on a white tile in both themes, as scanners expect (`bg-[white]`: the dark theme turns `bg-white`
 * into a card, decision 046).
 */
export function QrCodeImage({ value, label, size }: { value: string; label: string; size: number }) {
  const source = useMemo(
    () => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(value, { border: 2 }))}`,
    [value],
  );
  return (
    <img
      src={source}
      alt={label}
      width={size}
      height={size}
      className="rounded-md border border-border bg-[white] p-1"
    />
  );
}
