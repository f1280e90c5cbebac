import type { Profile } from "@ferry/core/contracts/profile";
import { displayName, initials } from "@ferry/core/person-names";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDownIcon, LogOutIcon, MenuIcon, XIcon } from "lucide-react";
import { Dialog, DropdownMenu } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../components/ui/sheet.tsx";
import { signOut } from "../features/auth/api/auth-calls.ts";
import { messageOf } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { meQueryKey } from "../lib/queries/session.ts";
import { useVisitorProfile } from "../lib/queries/visitor.ts";
import {
  AUTH_LINKS,
  FOOTER_COLUMNS,
  HEADER_NAV,
  MOBILE_NAV,
  MOBILE_NAV_TEXT,
  type NavLinkItem,
  type NavMenu,
  SIGNED_IN_NAV,
  SITE,
} from "./content/site.ts";
import { FerryLogo } from "./ferry-logo.tsx";
import { MARKETING_ICONS } from "./marketing-icons.ts";

const CONTAINER = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";

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
        Skip to content
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
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
    } catch (error) {
      // sonner is fetched when a toast is needed, not with the landing page (decision 021).
      const { toast } = await import("sonner");
      toast.error(messageOf(error, SIGNED_IN_NAV.signOutFailed));
      return;
    }
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
    navigate("/login", { replace: true });
  };
}

function MarketingHeader() {
  const profile = useVisitorProfile();
  const signOutAndLeave = useSignOut();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md">
      <div className={`${CONTAINER} flex h-16 items-center gap-2`}>
        <MobileNav profile={profile} onSignOut={signOutAndLeave} />
        <FerryLogo />
        <nav aria-label="Main" className="ml-2 hidden items-center md:flex lg:ml-8 lg:gap-0.5">
          {HEADER_NAV.map((entry) => {
            if ("items" in entry) {
              return <HeaderMenu key={entry.label} menu={entry} />;
            }
            return (
              <Link key={entry.label} to={entry.to} className={NAV_ITEM}>
                {entry.label}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          {profile ? (
            <>
              <Button
                asChild
                variant="ghost"
                className="hidden px-3 text-[13px] text-slate-700 md:inline-flex lg:px-4 lg:text-sm"
              >
                <Link to={SIGNED_IN_NAV.dashboard.to}>{SIGNED_IN_NAV.dashboard.label}</Link>
              </Button>
              <UserMenu profile={profile} onSignOut={signOutAndLeave} />
            </>
          ) : (
            <>
              <Button
                asChild
                variant="ghost"
                className="hidden px-3 text-[13px] text-slate-700 md:inline-flex lg:px-4 lg:text-sm"
              >
                <Link to={AUTH_LINKS.signIn.to}>{AUTH_LINKS.signIn.label}</Link>
              </Button>
              <Button asChild className="h-9 rounded-lg px-3 md:text-[13px] lg:h-10 lg:px-4 lg:text-sm">
                <Link to={AUTH_LINKS.getStarted.to}>{AUTH_LINKS.getStarted.label}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

const MENU_ITEM =
  "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 outline-none transition-colors data-[highlighted]:bg-slate-50 data-[highlighted]:text-slate-900";

/** The signed-in user's menu under their initials (spec §2 User dropdown): Profile, Settings, Sign Out. */
function UserMenu({ profile, onSignOut }: { profile: Profile; onSignOut: () => Promise<void> }) {
  const name = displayName(profile);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex size-9 cursor-pointer items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground transition-opacity hover:opacity-90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 lg:size-10">
        <span aria-hidden="true">{initials(profile)}</span>
        <span className="sr-only">
          {SIGNED_IN_NAV.menuLabel}: {name}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={10}
          className="z-50 w-64 max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
            <span className="block truncate text-xs text-slate-600">{profile.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {SIGNED_IN_NAV.userMenu.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link to={item.to} className={MENU_ITEM}>
                <NavItemGlyph item={item} />
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => void onSignOut()}>
            <LogOutIcon aria-hidden="true" className="size-4 text-slate-500" />
            {SIGNED_IN_NAV.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
    // Not modal: opening a menu must not lock page scroll or hide the rest of the page from assistive technology.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(NAV_ITEM, "group data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900")}
      >
        {menu.label}
        <ChevronDownIcon
          aria-hidden="true"
          className="size-3.5 text-slate-500 transition-transform lg:size-4 duration-200 group-data-[state=open]:rotate-180"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={10}
          className="z-50 w-[22rem] max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10"
        >
          {menu.items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                className="flex cursor-pointer items-start gap-3 rounded-xl p-3 outline-none transition-colors data-[highlighted]:bg-slate-50"
              >
                <NavItemIcon item={item} />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
                  {item.description ? (
                    <span className="mt-0.5 block text-sm text-slate-600">{item.description}</span>
                  ) : null}
                </span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The small tinted icon tile beside a menu entry. */
function NavItemIcon({ item }: { item: NavLinkItem }) {
  if (!item.icon) {
    return null;
  }
  const Icon = MARKETING_ICONS[item.icon];
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
      <Icon aria-hidden="true" className="size-[18px]" />
    </span>
  );
}

const DRAWER_LINK =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-[15px] font-medium text-slate-800 transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * The drawer that replaces the header menus under 768 px (spec §2 Mobile drawer, §4: it closes on a
 * link click): the spec's links, then Profile and Sign Out for a signed-in visitor, Sign In and Get
 * Started for anyone else.
 */
function MobileNav({ profile, onSignOut }: { profile: Profile | null; onSignOut: () => Promise<void> }) {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  const items = profile ? [...MOBILE_NAV, ...SIGNED_IN_NAV.mobile] : MOBILE_NAV;

  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="-ml-2 text-slate-700 md:hidden [&_svg]:size-5">
          <MenuIcon aria-hidden="true" />
          <span className="sr-only">{MOBILE_NAV_TEXT.open}</span>
        </Button>
      </Dialog.Trigger>
      <SheetContent className="w-[min(20rem,88vw)] bg-white">
        <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
          <FerryLogo onClick={close} />
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="text-slate-600 [&_svg]:size-5">
              <XIcon aria-hidden="true" />
              <span className="sr-only">{MOBILE_NAV_TEXT.close}</span>
            </Button>
          </Dialog.Close>
        </div>
        <SheetTitle className="sr-only">{MOBILE_NAV_TEXT.title}</SheetTitle>
        <SheetDescription className="sr-only">{MOBILE_NAV_TEXT.description}</SheetDescription>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} onClick={close} className={DRAWER_LINK}>
                  <NavItemIcon item={item} />
                  {item.label}
                </Link>
              </li>
            ))}
            {profile ? (
              <li>
                <button
                  type="button"
                  className={cn(DRAWER_LINK, "cursor-pointer")}
                  onClick={() => {
                    close();
                    void onSignOut();
                  }}
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                    <LogOutIcon aria-hidden="true" className="size-[18px]" />
                  </span>
                  {SIGNED_IN_NAV.signOut}
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="grid gap-2 border-t border-slate-100 p-4">
          {profile ? (
            <Button asChild className="h-11 rounded-xl">
              <Link to={SIGNED_IN_NAV.dashboard.to} onClick={close}>
                {SIGNED_IN_NAV.dashboard.label}
              </Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="outline" className="h-11 rounded-xl">
                <Link to={AUTH_LINKS.signIn.to} onClick={close}>
                  {AUTH_LINKS.signIn.label}
                </Link>
              </Button>
              <Button asChild className="h-11 rounded-xl">
                <Link to={AUTH_LINKS.getStarted.to} onClick={close}>
                  {AUTH_LINKS.getStarted.label}
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function MarketingFooter() {
  return (
    <footer className="bg-slate-950 text-slate-400">
      <div className={`${CONTAINER} grid grid-cols-2 gap-10 py-14 md:grid-cols-[2fr_1fr_1fr_1fr] md:py-16`}>
        <div className="col-span-2 md:col-span-1">
          <FerryLogo inverted />
          <p className="mt-4 max-w-xs text-sm leading-relaxed">{SITE.tagline}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded-sm text-sm transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className={`${CONTAINER} py-6 text-sm`}>{SITE.copyright}</p>
      </div>
    </footer>
  );
}
