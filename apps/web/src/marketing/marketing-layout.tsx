import { ChevronDownIcon, MenuIcon, XIcon } from "lucide-react";
import { Dialog, DropdownMenu } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../components/ui/sheet.tsx";
import { cn } from "../lib/cn.ts";
import {
  AUTH_LINKS,
  FOOTER_COLUMNS,
  HEADER_NAV,
  MOBILE_NAV,
  MOBILE_NAV_TEXT,
  type NavLinkItem,
  type NavMenu,
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

function MarketingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md">
      <div className={`${CONTAINER} flex h-16 items-center gap-2`}>
        <MobileNav />
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
        </div>
      </div>
    </header>
  );
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

function MobileNav() {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);

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
            {MOBILE_NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={close}
                  className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-[15px] font-medium text-slate-800 transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <NavItemIcon item={item} />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-2 border-t border-slate-100 p-4">
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
