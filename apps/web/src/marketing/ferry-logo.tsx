import { clsx } from "clsx";
import { FerryMark } from "../components/ferry-mark.tsx";
import { t } from "../i18n/i18n.tsx";
import { SITE } from "./content/site.ts";
import { Link } from "./local-link.tsx";

/** The Ferry logo (wave mark and wordmark), linking to the landing page. */
export function FerryLogo({
  className,
  inverted = false,
  onClick,
}: {
  className?: string;
  inverted?: boolean;
  onClick?: () => void;
}) {
  return (
    <Link
      to="/"
      onClick={onClick}
      aria-label={t(SITE.homeLabel)}
      className={clsx(
        "inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
        inverted ? "text-white" : "text-slate-900",
        className,
      )}
    >
      <FerryMark className="size-8" inverted={inverted} />
      <span>{SITE.name}</span>
    </Link>
  );
}
