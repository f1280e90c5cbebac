import { lazy, Suspense } from "react";
import { t } from "../i18n/i18n.tsx";

// The QR encoder is fetched when a QR code is first shown (the crypto deposit dialog), not with the page.
const QrCodeImage = lazy(async () => ({ default: (await import("./qr-code-image.tsx")).QrCodeImage }));

/** A QR code of `value`; a placeholder of the same size, announced as loading, until its code arrives. */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          aria-label={t("Loading QR code")}
          style={{ width: size, height: size }}
          className="animate-pulse rounded-md border border-border bg-muted"
        />
      }
    >
      <QrCodeImage value={value} label={label} size={size} />
    </Suspense>
  );
}
