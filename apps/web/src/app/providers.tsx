import type * as React from "react";
import { lazy, Suspense, useEffect, useState } from "react";
import { I18nProvider, t } from "../i18n/i18n.tsx";
import { useKnownSession } from "../lib/session-store.ts";
import { chooseTheme, useIsDark } from "../lib/theme.ts";

// sonner's code is not part of the first script (decision 021): a pre-rendered public page fetches it on
// the visitor's first interaction (nothing there toasts before someone does something), any other page
// right after its first render. sonner replays toasts raised before its Toaster mounts.
const Toaster = lazy(async () => ({ default: (await import("sonner")).Toaster }));

/** What counts as a first interaction: a pointer, a touch or a key. */
const INTERACTIONS = ["pointerdown", "touchstart", "keydown"] as const;

/**
 * The toast region, mounted only in the browser and after the first render: a pre-rendered page's markup
 * has none, so the render that hydrates it must not have one either.
 */
function DeferredToaster({ waitsForInteraction }: { waitsForInteraction: boolean }) {
  const [isMounted, setIsMounted] = useState(false);
  const isDark = useIsDark();
  useEffect(() => {
    if (!waitsForInteraction) {
      setIsMounted(true);
      return;
    }
    const mount = () => setIsMounted(true);
    for (const type of INTERACTIONS) {
      window.addEventListener(type, mount, { once: true, passive: true, capture: true });
    }
    return () => {
      for (const type of INTERACTIONS) {
        window.removeEventListener(type, mount, { capture: true });
      }
    };
  }, [waitsForInteraction]);
  if (!isMounted) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        richColors
        closeButton
        theme={isDark ? "dark" : "light"}
        containerAriaLabel={t("Notifications")}
        toastOptions={{ closeButtonAriaLabel: t("Close toast") }}
      />
    </Suspense>
  );
}

/**
 * The language, time zone and theme the signed-in person saved, applied to every page (issue 29). It only
 * watches the session: pages that need it read it, public pages never ask for it. The saved theme is
 * also written to the theme cookie, so the next page load paints in it before any request (decision 046).
 */
function ReadingOfSession({ children }: { children: React.ReactNode }) {
  const me = useKnownSession();
  const savedTheme = me?.preferences?.theme;
  useEffect(() => {
    if (savedTheme) {
      chooseTheme(savedTheme);
    }
  }, [savedTheme]);
  const chosen = { language: me?.preferences?.language, timeZone: me?.preferences?.timeZone };
  return <I18nProvider chosen={chosen}>{children}</I18nProvider>;
}

/**
 * The app's providers: the language and time zone, and the toast region (the query client comes with
 * the first lazily loaded page, app/query-provider.tsx). `isPrerendered` is true when the page
 * arrived pre-rendered (main.tsx hydrates it, prerender.tsx renders it).
 */
export function Providers({ children, isPrerendered = false }: { children: React.ReactNode; isPrerendered?: boolean }) {
  return (
    <>
      <ReadingOfSession>{children}</ReadingOfSession>
      <DeferredToaster waitsForInteraction={isPrerendered} />
    </>
  );
}
