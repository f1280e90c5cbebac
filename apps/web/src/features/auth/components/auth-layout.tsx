import { ShieldCheckIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { FerryMark } from "../../../components/ferry-mark.tsx";
import { t } from "../../../i18n/i18n.tsx";

/** The split layout of the sign-in, sign-up and password pages. */
export function AuthLayout(props: {
  title: string;
  subtitle: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-600 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold">
          <FerryMark className="size-8" inverted />
          Ferry
        </Link>
        <div className="max-w-md">
          <h2 className="text-4xl font-bold leading-tight">{t("Move money across borders, in fiat and crypto.")}</h2>
          <p className="mt-4 text-lg text-indigo-100">
            {t(
              "Hold USD, EUR, GBP, BTC, ETH and stablecoins in one wallet. Every balance is exact to the last cent and satoshi.",
            )}
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm text-indigo-100">
          <ShieldCheckIcon className="size-4" /> {t("Every sign-in is confirmed with a code sent to your e-mail.")}
        </p>
        <div className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-white/10" />
        <div className="pointer-events-none absolute -bottom-32 right-12 size-72 rounded-full bg-white/5" />
      </aside>
      {/* Top-aligned, not centred: Chromium may paint a pre-rendered page before it has parsed all of it,
          and a centred form would then move up as the rest arrives (Lighthouse counted that as layout shift). */}
      <main className="flex items-start justify-center px-4 py-12 sm:px-8 lg:pt-[14vh]">
        <div className="w-full max-w-md">
          <Link to="/" className="mb-8 flex items-center gap-2 text-xl font-bold text-primary lg:hidden">
            <FerryMark className="size-8" />
            Ferry
          </Link>
          <h1 className="text-3xl font-bold tracking-tight">{props.title}</h1>
          <p className="mt-2 text-muted-foreground">{props.subtitle}</p>
          <div className="mt-8">{props.children}</div>
          {props.footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{props.footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
