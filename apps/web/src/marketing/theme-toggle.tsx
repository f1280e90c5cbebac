import type { MessageKey } from "@ferry/core/i18n/catalog";
import { isTheme, THEMES, type Theme } from "@ferry/core/theme";
import { clsx } from "clsx";
import { SunMoonIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { t } from "../i18n/i18n.tsx";
import { chooseTheme, rememberedTheme } from "../lib/theme.ts";
import { useIsHydrated } from "../lib/use-is-hydrated.ts";

/** Each theme's name, as /settings names it. */
const THEME_LABELS: Readonly<Record<Theme, MessageKey>> = { light: "Light", dark: "Dark", system: "System" };

/**
 * The public header's theme choice (decision 046): light, dark or the system's. It is kept in the
 * `ferry_theme` cookie, which the script in <head> reads on every later page before the first paint.
 * The page was pre-rendered without knowing the cookie, so the choice shown is read after hydration.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const id = useId();
  const isHydrated = useIsHydrated();
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => {
    setTheme(rememberedTheme());
  }, []);
  return (
    <div className={clsx("relative flex items-center", className)}>
      <label htmlFor={id} className="sr-only">
        {t("Theme")}
      </label>
      <SunMoonIcon aria-hidden="true" className="pointer-events-none absolute left-2 size-4 text-slate-500" />
      <select
        id={id}
        value={theme}
        disabled={!isHydrated}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isTheme(chosen)) {
            chooseTheme(chosen);
            setTheme(chosen);
          }
        }}
        className="h-9 cursor-pointer appearance-none rounded-lg border border-transparent bg-transparent py-1 pl-7 pr-2 text-[13px] font-medium text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:text-sm"
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {t(THEME_LABELS[value])}
          </option>
        ))}
      </select>
    </div>
  );
}
