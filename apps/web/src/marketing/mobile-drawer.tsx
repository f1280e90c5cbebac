import type { Profile } from "@ferry/core/contracts/profile";
import { clsx } from "clsx";
import { LogOutIcon, XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { Button } from "../components/ui/button.tsx";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../components/ui/sheet.tsx";
import { t } from "../i18n/i18n.tsx";
import { AUTH_LINKS, MOBILE_NAV, MOBILE_NAV_TEXT, SIGNED_IN_NAV } from "./content/site.ts";
import { FerryLogo } from "./ferry-logo.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Link } from "./local-link.tsx";
import { NavItemIcon } from "./nav-item-icon.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

const DRAWER_LINK =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-[15px] font-medium text-slate-800 transition-colors dark:text-foreground hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile | null;
  onSignOut: () => Promise<void>;
  /** The button that opened the drawer: focus goes back to it when the drawer closes. */
  openerRef: RefObject<HTMLButtonElement | null>;
}

/** The drawer's links: the spec's, then Sign Out for a signed-in visitor. */
function DrawerLinks({
  profile,
  close,
  onSignOut,
}: {
  profile: Profile | null;
  close: () => void;
  onSignOut: () => Promise<void>;
}) {
  const items = profile ? [...MOBILE_NAV, ...SIGNED_IN_NAV.mobile] : MOBILE_NAV;
  return (
    <nav aria-label={t("Mobile")} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} onClick={close} className={DRAWER_LINK}>
              <NavItemIcon item={item} />
              {t(item.label)}
            </Link>
          </li>
        ))}
        {profile ? (
          <li>
            <button
              type="button"
              className={clsx(DRAWER_LINK, "cursor-pointer")}
              onClick={() => {
                close();
                void onSignOut();
              }}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                <LogOutIcon aria-hidden="true" className="size-[18px]" />
              </span>
              {t(SIGNED_IN_NAV.signOut)}
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The drawer's foot: the dashboard for a signed-in visitor, Sign In and Get Started for anyone else. */
function DrawerActions({ profile, close }: { profile: Profile | null; close: () => void }) {
  return (
    <div className="grid gap-2 border-t border-slate-100 p-4">
      {profile ? (
        <Button asChild className="h-11 rounded-xl">
          <Link to={SIGNED_IN_NAV.dashboard.to} onClick={close}>
            {t(SIGNED_IN_NAV.dashboard.label)}
          </Link>
        </Button>
      ) : (
        <>
          <Button asChild variant="outline" className="h-11 rounded-xl">
            <Link to={AUTH_LINKS.signIn.to} onClick={close}>
              {t(AUTH_LINKS.signIn.label)}
            </Link>
          </Button>
          <Button asChild className="h-11 rounded-xl">
            <Link to={AUTH_LINKS.getStarted.to} onClick={close}>
              {t(AUTH_LINKS.getStarted.label)}
            </Link>
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * The drawer that replaces the header menus under 768 px (spec §2 Mobile drawer, §4: it closes on a
 * link click): the spec's links, then Profile and Sign Out for a signed-in visitor, Sign In and Get
 * Started for anyone else. Its own chunk, fetched when first opened (marketing-layout.tsx).
 */
export function MobileDrawer({ open, onOpenChange, profile, onSignOut, openerRef }: MobileDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        className="w-[min(20rem,88vw)] bg-white"
        onCloseAutoFocus={(event) => {
          // This chunk arrives after the button took focus, so the dialogs' own record of it missed it.
          event.preventDefault();
          openerRef.current?.focus();
        }}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
          <FerryLogo onClick={close} />
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="text-slate-600 [&_svg]:size-5">
              <XIcon aria-hidden="true" />
              <span className="sr-only">{t(MOBILE_NAV_TEXT.close)}</span>
            </Button>
          </Dialog.Close>
        </div>
        <SheetTitle className="sr-only">{t(MOBILE_NAV_TEXT.title)}</SheetTitle>
        <SheetDescription className="sr-only">{t(MOBILE_NAV_TEXT.description)}</SheetDescription>
        <DrawerLinks profile={profile} close={close} onSignOut={onSignOut} />
        <div className="flex items-center gap-2 border-t border-slate-100 px-4 py-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
        <DrawerActions profile={profile} close={close} />
      </SheetContent>
    </Sheet>
  );
}
