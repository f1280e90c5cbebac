import type { Profile } from "@ferry/core/contracts/profile";
import { displayName, initials } from "@ferry/core/person-names";
import { ChevronDownIcon, LogOutIcon, MenuIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Menu, MenuAction, MenuLink, MenuSeparator } from "../components/ui/menu.tsx";
import { t } from "../i18n/i18n.tsx";
import { messageOf } from "../lib/api-error.ts";
import { rememberSession, useVisitorProfile } from "../lib/session-store.ts";
import { useIsHydrated } from "../lib/use-is-hydrated.ts";
import { CONTAINER } from "./container.ts";
import {
  AUTH_LINKS,
  FOOTER_COLUMNS,
  HEADER_NAV,
  MOBILE_NAV_TEXT,
  type NavLinkItem,
  type NavMenu,
  SIGNED_IN_NAV,
  SITE,
} from "./content/site.ts";
import { ctaClass } from "./cta-class.ts";
import { FerryLogo } from "./ferry-logo.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Link, localPath } from "./local-link.tsx";
import { MARKETING_ICONS } from "./marketing-icons.ts";
import { NavItemIcon } from "./nav-item-icon.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

const loadMobileDrawer = () => import("./mobile-drawer.tsx");
const MobileDrawer = lazy(async () => ({ default: (await loadMobileDrawer()).MobileDrawer }));

// Tighter between 768 px and 1024 px so the whole header fits on one line on a tablet.
const NAV_ITEM =
  "inline-flex cursor-pointer items-center gap-0.5 whitespace-nowrap rounded-lg px-2 py-2 text-[13px] font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:gap-1 lg:px-3 lg:text-sm";

/** The frame of every public marketing page: the shared header, the page, and the footer. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    // overflow-x-clip (not hidden) keeps decorative shapes from widening the page without breaking the sticky header.
    <div className="flex min-h-screen flex-col overflow-x-clip bg-background text-foreground">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t("Skip to content")}
      </a>
      <MarketingHeader />
      <main id="main-content" className="flex-1">
        {children}
      </main>
      <MarketingFooter />
    </div>
  );
}

/**
 * Signs out as the app shell does: the server ends the session, everything cached about the user is
 * forgotten, and the browser goes to /login (spec §4).
 */
function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    try {
      // Loaded on use, as the client it calls through is: a visitor never needs it.
      const { signOut } = await import("../features/auth/api/auth-calls.ts");
      await signOut();
      // The signed-in tabs of this browser leave too (lib/idle-session.ts).
      const { announceSignOut } = await import("../lib/idle-session.ts");
      announceSignOut("signed-out");
    } catch (error) {
      // sonner is fetched when a toast is needed, not with the landing page (decision 021).
      const { toast } = await import("sonner");
      toast.error(messageOf(error, t(SIGNED_IN_NAV.signOutFailed)));
      return;
    }
    rememberSession(null);
    // The query client arrived with the first signed-in page visited, if any: it forgets the user too.
    const { forgetSignedInUser } = await import("../lib/query-client.ts");
    forgetSignedInUser();
    navigate("/login", { replace: true });
  };
}

function MarketingHeader() {
  const profile = useVisitorProfile();
  const signOutAndLeave = useSignOut();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className={`${CONTAINER} flex h-16 items-center gap-2`}>
        <MobileNav profile={profile} onSignOut={signOutAndLeave} />
        <FerryLogo />
        <nav aria-label={t("Main")} className="ml-2 hidden items-center md:flex lg:ml-8 lg:gap-0.5">
          {HEADER_NAV.map((entry) => {
            if ("items" in entry) {
              return <HeaderMenu key={entry.label} menu={entry} />;
            }
            return (
              <Link key={entry.label} to={entry.to} className={NAV_ITEM}>
                {t(entry.label)}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          <LanguageSwitcher className="hidden md:flex" />
          <ThemeToggle className="hidden md:flex" />
          {profile ? (
            <>
              <Link
                to={SIGNED_IN_NAV.dashboard.to}
                className={ctaClass({ tone: "ghost", size: "header", shownFrom: "md" })}
              >
                {t(SIGNED_IN_NAV.dashboard.label)}
              </Link>
              <UserMenu profile={profile} onSignOut={signOutAndLeave} />
            </>
          ) : (
            <>
              <Link to={AUTH_LINKS.signIn.to} className={ctaClass({ tone: "ghost", size: "header", shownFrom: "md" })}>
                {t(AUTH_LINKS.signIn.label)}
              </Link>
              <Link to={AUTH_LINKS.getStarted.to} className={ctaClass({ size: "header" })}>
                {t(AUTH_LINKS.getStarted.label)}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

const MENU_ITEM =
  "flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 outline-none transition-colors hover:bg-slate-50 hover:text-slate-900 focus:bg-slate-50 focus:text-slate-900";

const MENU_PANEL = "rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10";

/** The signed-in user's menu under their initials (spec §2 User dropdown): Profile, Settings, Sign Out. */
function UserMenu({ profile, onSignOut }: { profile: Profile; onSignOut: () => Promise<void> }) {
  const name = displayName(profile);
  return (
    <Menu
      align="end"
      triggerClassName="flex size-9 cursor-pointer items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 lg:size-10"
      trigger={
        <>
          <span aria-hidden="true">{initials(profile)}</span>
          <span className="sr-only">
            {t(SIGNED_IN_NAV.menuLabel)}: {name}
          </span>
        </>
      }
      contentClassName={`w-64 max-w-[calc(100vw-2rem)] ${MENU_PANEL}`}
    >
      <div className="px-3 py-2">
        <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
        <span className="block truncate text-xs text-slate-600">{profile.email}</span>
      </div>
      <MenuSeparator className="my-1 h-px bg-slate-100" />
      {SIGNED_IN_NAV.userMenu.map((item) => (
        <MenuLink key={item.to} to={item.to} className={MENU_ITEM}>
          <NavItemGlyph item={item} />
          {t(item.label)}
        </MenuLink>
      ))}
      <MenuSeparator className="my-1 h-px bg-slate-100" />
      <MenuAction className={MENU_ITEM} onSelect={() => void onSignOut()}>
        <LogOutIcon aria-hidden="true" className="size-4 text-slate-500" />
        {t(SIGNED_IN_NAV.signOut)}
      </MenuAction>
    </Menu>
  );
}

/** A menu entry's icon, small and plain (the user menu's rows). */
function NavItemGlyph({ item }: { item: NavLinkItem }) {
  if (!item.icon) {
    return null;
  }
  const Icon = MARKETING_ICONS[item.icon];
  return <Icon aria-hidden="true" className="size-4 text-slate-500" />;
}

function HeaderMenu({ menu }: { menu: NavMenu }) {
  return (
    <Menu
      triggerClassName={`${NAV_ITEM} group data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900`}
      trigger={
        <>
          {t(menu.label)}
          <ChevronDownIcon
            aria-hidden="true"
            className="size-3.5 text-slate-500 transition-transform lg:size-4 duration-200 group-data-[state=open]:rotate-180"
          />
        </>
      }
      contentClassName={`w-[22rem] max-w-[calc(100vw-2rem)] ${MENU_PANEL}`}
    >
      {menu.items.map((item) => (
        <MenuLink
          key={item.to}
          to={localPath(item.to)}
          className="flex cursor-pointer items-start gap-3 rounded-xl p-3 outline-none transition-colors hover:bg-slate-50 focus:bg-slate-50"
        >
          <NavItemIcon item={item} />
          <span className="min-w-0">
            <span className="block text-sm font-semibold text-slate-900">{t(item.label)}</span>
            {item.description ? (
              <span className="mt-0.5 block text-sm text-slate-600">{t(item.description)}</span>
            ) : null}
          </span>
        </MenuLink>
      ))}
    </Menu>
  );
}

/**
 * The button that opens the drawer which replaces the header menus under 768 px (spec §2 Mobile
 * drawer). The drawer's code (a Radix dialog) is fetched when the button is first pressed, or pointed
 * at: most visitors are on a wide screen and never open it (decision 021).
 */
function MobileNav({ profile, onSignOut }: { profile: Profile | null; onSignOut: () => Promise<void> }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const isHydrated = useIsHydrated();

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="-ml-2 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-slate-700 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden [&_svg]:size-5"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        // Pre-rendered: the drawer opens once React has taken the page over; a press before that would be lost.
        disabled={!isHydrated}
        onPointerEnter={() => void loadMobileDrawer()}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" />
        <span className="sr-only">{t(MOBILE_NAV_TEXT.open)}</span>
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MobileDrawer
            open={isOpen}
            onOpenChange={setIsOpen}
            profile={profile}
            onSignOut={onSignOut}
            openerRef={openerRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function MarketingFooter() {
  return (
    <footer className="bg-slate-950 text-slate-400">
      <div className={`${CONTAINER} grid grid-cols-2 gap-10 py-14 md:grid-cols-[2fr_1fr_1fr_1fr] md:py-16`}>
        <div className="col-span-2 md:col-span-1">
          <FerryLogo inverted />
          <p className="mt-4 max-w-xs text-sm leading-relaxed">{t(SITE.tagline)}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold text-white">{t(column.title)}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded-sm text-sm transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className={`${CONTAINER} py-6 text-sm`}>{t(SITE.copyright)}</p>
      </div>
    </footer>
  );
}
