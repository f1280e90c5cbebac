import type { MessageKey } from "@ferry/core/i18n/catalog";
import { type Language, pathInLanguage } from "@ferry/core/i18n/languages";
import { languagePathsOf, WEB_ROUTES, type WebRoute, type WebRouteAccess } from "@ferry/core/web-routes";
import { type ComponentType, lazy, type ReactElement, use } from "react";
import { Navigate, type RouteObject } from "react-router";
import { loadAppMessages, loadPageMessages, loadPublicMessages, loadZodMessages, t } from "../i18n/i18n.tsx";
import { LandingPage } from "../marketing/landing-page.tsx";
import { NotFoundPage } from "../marketing/not-found-page.tsx";
import { documentTitleOf } from "../marketing/page-meta.tsx";
import { RedirectIfSignedIn } from "./guards.tsx";
import { type DialogProps, LazyDialog } from "./lazy.tsx";

/*
 * Code splitting (decision 021): the landing page and the not-found page are in the first script with
 * the shared runtime; every other page is its own chunk, fetched when the router first matches it
 * (`lazyRoute`), so a visitor to `/` downloads none of the signed-in app. The dialogs that carry core's
 * bank rules are fetched when first opened (`LazyDialog`).
 */

/** How a page is loaded: resolves to the element the route shows. */
type PageLoader = () => Promise<ReactElement>;

/** What a lazily loaded route keeps in its `handle`: how to fetch its code ahead of rendering it. */
export interface LazyRouteHandle {
  /** Fetches the code once: the fetch under way or done, else a new one. */
  load(): Promise<unknown>;
  /** Runs the route's loader again, whatever was fetched before (for the build's count of imports). */
  preload(): Promise<unknown>;
}

/** The code of one lazily loaded route: its element once fetched, and the fetch under way. */
class RouteCode {
  loaded: ReactElement | undefined;
  loading: Promise<ReactElement> | undefined;

  constructor(private readonly load: PageLoader) {}

  /**
   * Runs the loader; rendering waits on the first run. A failed first run stays failed: rendering then
   * throws its error to RouteErrorBoundary, whose Reload loads the page afresh (retrying here instead
   * would suspend again, and again, and never show the error).
   */
  preload = (): Promise<ReactElement> => {
    const next = this.load().then((element) => {
      this.loaded = element;
      return element;
    });
    this.loading ??= next;
    return next;
  };

  /** The fetch under way or done, else a new one. */
  ensureLoading = (): Promise<ReactElement> => this.loading ?? this.preload();
}

/** Renders a lazily loaded route's element, suspending until its code has arrived. */
function LazyRouteElement({ code }: { code: RouteCode }) {
  return code.loaded ?? use(code.ensureLoading());
}

/**
 * A route whose element is fetched when first rendered. It suspends until then (the Suspense boundary
 * in router.tsx shows the loading state, or keeps the previous page during a navigation); once
 * fetched, or fetched ahead with `handle.load()` (router.tsx's `loadRoutes`, before hydrating a
 * pre-rendered page), it renders at once.
 */
function lazyRoute(route: Omit<RouteObject, "element" | "handle" | "index">, load: PageLoader): RouteObject {
  // Under the app's query client, which comes with the page's code (decision 050), and with the public
  // site's messages beyond the landing page's (the first script carries only those).
  const code = new RouteCode(async () => {
    const [element, { QueryProvider }] = await Promise.all([
      load(),
      import("./query-provider.tsx"),
      loadPublicMessages(),
    ]);
    return <QueryProvider>{element}</QueryProvider>;
  });
  const handle: LazyRouteHandle = { load: code.ensureLoading, preload: code.preload };
  return { ...route, element: <LazyRouteElement code={code} />, handle };
}

/**
 * The browser tab's title of each page outside the marketing site, its heading as a rule (the marketing
 * pages set theirs with PageMeta; the coming-soon pages' are below): "Dashboard · Ferry".
 */
export const APP_PAGE_TITLES: Readonly<Record<string, MessageKey>> = {
  "/login": "Sign in",
  "/signup": "Create your account",
  "/forgot-password": "Reset your password",
  "/verify-email": "Verify your e-mail",
  "/dashboard": "Dashboard",
  "/balance": "Your Balance",
  "/investment": "Investment Center",
  "/transactions": "Transaction History",
  "/transactions/:transferId": "Transfer details",
  "/withdrawal-addresses": "Payment Methods",
  "/notifications": "Notifications",
  "/help": "Help & Support",
  "/profile": "Profile",
  "/settings": "Settings",
  "/connect": "Connect",
  "/admin/deposits": "Deposit Approvals",
  "/admin/users": "User Management",
  "/admin/users/:userId": "User Details",
  "/admin/investments": "Investment Management",
  "/admin/transactions": "Transaction Management",
  "/admin/rates": "Exchange Rates",
  "/admin/help": "Help Desk",
  "/admin/audit": "Audit Log",
};

/** The heading of each coming-soon page of core's route table (its feature arrives in a later issue). */
const COMING_SOON_PAGES: Readonly<Record<string, { title: MessageKey; description: string }>> = {};

const LazySendMoneyDialog = lazy(async () => ({
  default: (await import("../features/transfers/send-money/send-money-dialog.tsx")).SendMoneyDialog,
}));
const LazyCashoutDialog = lazy(async () => ({
  default: (await import("../features/transfers/cashout/cashout-dialog.tsx")).CashoutDialog,
}));
const LazyExchangeDialog = lazy(async () => ({
  default: (await import("../features/exchange/exchange-dialog.tsx")).ExchangeDialog,
}));

/** Send Money as /balance and /dashboard open it (the dashboard's `?tab=send&type=large` passes a preset). */
function SendMoneyDialog(props: DialogProps & { preset?: "large" }) {
  return <LazyDialog dialog={LazySendMoneyDialog} {...props} />;
}

function CashoutDialog(props: DialogProps) {
  return <LazyDialog dialog={LazyCashoutDialog} {...props} />;
}

function ExchangeDialog(props: DialogProps) {
  return <LazyDialog dialog={LazyExchangeDialog} {...props} />;
}

/** The page of each feature route; features are composed here, never importing each other. */
const FEATURE_PAGES: Readonly<Record<string, PageLoader>> = {
  "/": async () => <LandingPage />,
  "/login": async () => {
    const { LoginPage } = await import("../features/auth/pages/login-page.tsx");
    return <LoginPage />;
  },
  "/signup": async () => {
    // Its form validates with zod as it loads: zod's messages in the page's language come with it.
    const [{ SignupPage }] = await Promise.all([import("../features/auth/pages/signup-page.tsx"), loadZodMessages()]);
    return <SignupPage />;
  },
  "/forgot-password": async () => {
    // Its form validates with zod as it loads: zod's messages in the page's language come with it.
    const [{ ForgotPasswordPage }] = await Promise.all([
      import("../features/auth/pages/forgot-password-page.tsx"),
      loadZodMessages(),
    ]);
    return <ForgotPasswordPage />;
  },
  "/verify-email": async () => {
    // Its form validates with zod as it loads: zod's messages in the page's language come with it.
    const [{ VerifyEmailPage }] = await Promise.all([
      import("../features/auth/pages/verify-email-page.tsx"),
      loadZodMessages(),
    ]);
    return <VerifyEmailPage />;
  },
  "/dashboard": async () => {
    const { DashboardPage } = await import("../features/dashboard/dashboard-page.tsx");
    return <DashboardPage sendMoneyDialog={SendMoneyDialog} />;
  },
  "/profile": async () => {
    const { ProfilePage } = await import("../features/profile/profile-page.tsx");
    return <ProfilePage />;
  },
  "/settings": async () => {
    const { SettingsPage } = await import("../features/settings/settings-page.tsx");
    return <SettingsPage />;
  },
  "/notifications": async () => {
    const { NotificationsPage } = await import("../features/notifications/notifications-page.tsx");
    return <NotificationsPage />;
  },
  "/connect": async () => {
    const { ConnectPage } = await import("../features/connect/connect-page.tsx");
    return <ConnectPage />;
  },
  "/withdrawal-addresses": async () => {
    const { PaymentMethodsPage } = await import("../features/payment-methods/payment-methods-page.tsx");
    return <PaymentMethodsPage />;
  },
  "/balance": async () => {
    const { BalancePage } = await import("../features/balances/balance-page.tsx");
    return (
      <BalancePage sendMoneyDialog={SendMoneyDialog} cashoutDialog={CashoutDialog} exchangeDialog={ExchangeDialog} />
    );
  },
  "/investment": async () => {
    const { InvestmentPage } = await import("../features/investments/investment-page.tsx");
    return <InvestmentPage />;
  },
  "/transactions": async () => {
    const { TransactionsPage } = await import("../features/transactions/transactions-page.tsx");
    return <TransactionsPage />;
  },
  "/transactions/:transferId": async () => {
    const { TransferPage } = await import("../features/transactions/transfer-page.tsx");
    return <TransferPage />;
  },
  "/help": async () => {
    const { HelpPage } = await import("../features/help/help-page.tsx");
    return <HelpPage />;
  },
  "/admin/deposits": async () => {
    const { AdminDepositsPage } = await import("../features/admin-deposits/admin-deposits-page.tsx");
    return <AdminDepositsPage />;
  },
  "/admin/users": async () => {
    const { AdminUsersPage } = await import("../features/admin-users/admin-users-page.tsx");
    return <AdminUsersPage />;
  },
  "/admin/users/:userId": async () => {
    const [{ AdminUserDetailPage }, { AuditCards, AuditTable }] = await Promise.all([
      import("../features/admin-users/admin-user-detail-page.tsx"),
      import("../features/admin-audit/audit-entries.tsx"),
    ]);
    return <AdminUserDetailPage auditViews={{ Table: AuditTable, Cards: AuditCards }} />;
  },
  "/admin/investments": async () => {
    const { AdminInvestmentsPage } = await import("../features/admin-investments/admin-investments-page.tsx");
    return <AdminInvestmentsPage />;
  },
  "/admin/transactions": async () => {
    const { AdminTransactionsPage } = await import("../features/admin-transactions/admin-transactions-page.tsx");
    return <AdminTransactionsPage />;
  },
  "/admin/rates": async () => {
    const { AdminRatesPage } = await import("../features/admin-rates/admin-rates-page.tsx");
    return <AdminRatesPage />;
  },
  "/admin/help": async () => {
    const { AdminHelpPage } = await import("../features/admin-help/admin-help-page.tsx");
    return <AdminHelpPage />;
  },
  "/admin/audit": async () => {
    const { AdminAuditPage } = await import("../features/admin-audit/admin-audit-page.tsx");
    return <AdminAuditPage />;
  },
  "/rates": async () => {
    const { RatesPage } = await import("../marketing/rates-page.tsx");
    return <RatesPage />;
  },
};

/**
 * The static pages whose body is a chunk of its own (forms, calculators, their schemas and dialogs); the
 * other static pages' bodies are text, in static-page.tsx's chunk (marketing/static-page-components.tsx).
 */
export const STATIC_PAGE_BODIES_OF_THEIR_OWN: Readonly<Record<string, () => Promise<ComponentType>>> = {
  "/support": async () => {
    const [{ SupportPage }, { SupportContactForm }] = await Promise.all([
      import("../marketing/support-page.tsx"),
      import("../features/support/support-contact-form.tsx"),
    ]);
    return () => <SupportPage contactForm={<SupportContactForm />} />;
  },
  "/alerts": async () => (await import("../features/alerts/alerts-page.tsx")).AlertsPage,
  "/tools": async () => (await import("../features/tools/tools-page.tsx")).ToolsPage,
};

/**
 * The static pages' paths (marketing/static-pages.ts holds their titles and descriptions, which their
 * chunk brings): every public page of core's table that is neither a feature page nor an alias.
 */
export const STATIC_PAGE_PATHS: readonly string[] = (WEB_ROUTES as readonly WebRoute[])
  .filter((route) => route.access === "public" && !route.aliasOf && !(route.path in FEATURE_PAGES))
  .map((route) => route.path);

/** Every page by its canonical path: feature pages, static pages and coming-soon pages. */
export const PAGE_LOADERS: ReadonlyMap<string, PageLoader> = new Map([
  ...Object.entries(FEATURE_PAGES),
  ...STATIC_PAGE_PATHS.map((path): [string, PageLoader] => [
    path,
    async () => {
      const [{ StaticPage }, body] = await Promise.all([
        import("../marketing/static-page.tsx"),
        STATIC_PAGE_BODIES_OF_THEIR_OWN[path]?.(),
        // The page's own texts (decision 047): loaded before its first render, hydration included.
        loadPageMessages(),
      ]);
      return <StaticPage path={path} body={body} />;
    },
  ]),
  ...Object.entries(COMING_SOON_PAGES).map(([path, page]): [string, PageLoader] => [
    path,
    async () => {
      const { ComingSoonPage } = await import("../components/coming-soon-page.tsx");
      return <ComingSoonPage title={page.title} description={page.description} />;
    },
  ]),
]);

/**
 * The route of one path of the table. The landing page is part of the first script, so `/` renders at
 * once; any other page is fetched when first matched. An alias is a redirect to its canonical page (the
 * server answers 301 to a request for it; this covers a link followed inside the app).
 */
function routeOf(route: WebRoute, path: string, language: Language): RouteObject {
  if (route.aliasOf) {
    return { path, element: <Navigate to={pathInLanguage(route.aliasOf, language)} replace /> };
  }
  if (route.path === "/") {
    return { path, element: <LandingPage /> };
  }
  const load = PAGE_LOADERS.get(route.path);
  if (!load) {
    throw new Error(`The web route ${route.path} has no page in app/routes.tsx`);
  }
  const title = APP_PAGE_TITLES[route.path] ?? COMING_SOON_PAGES[route.path]?.title;
  if (!title) {
    return lazyRoute({ path }, load);
  }
  // React 19 puts the <title> into the document's <head> while the page shows.
  return lazyRoute({ path }, async () => (
    <>
      <PageTitle title={title} />
      {await load()}
    </>
  ));
}

/** A page's tab title in the active language, read at render (the page's code is loaded once). */
function PageTitle({ title }: { title: MessageKey }) {
  return <title>{documentTitleOf(t(title))}</title>;
}

/**
 * The routes of the table with the given access, each with its page: a marketing page once per language
 * (`/rates`, `/de/rates`…, decision 047), any other page at its one path.
 */
function routesWithAccess(access: WebRouteAccess): RouteObject[] {
  return (WEB_ROUTES as readonly WebRoute[])
    .filter((route) => route.access === access)
    .flatMap((route) => languagePathsOf(route).map(({ path, language }) => routeOf(route, path, language)));
}

/**
 * The router's routes, built from core's route table under the guard each access needs. The signed-in
 * shell (sidebar, header, notifications) is fetched with the first signed-in page (route id "AppShell").
 */
export const routes: RouteObject[] = [
  ...routesWithAccess("public"),
  { element: <RedirectIfSignedIn />, children: routesWithAccess("signed-out-only") },
  lazyRoute(
    {
      id: "RequireSignedIn",
      children: [
        lazyRoute(
          {
            id: "AppShell",
            children: [
              ...routesWithAccess("signed-in"),
              lazyRoute({ id: "RequireAdmin", children: routesWithAccess("admin") }, async () => {
                const { RequireAdmin } = await import("./signed-in-guards.tsx");
                return <RequireAdmin />;
              }),
            ],
          },
          async () => {
            const [{ AppShell }] = await Promise.all([import("./shell/app-shell.tsx"), loadAppMessages()]);
            return <AppShell />;
          },
        ),
      ],
    },
    async () => {
      const { RequireSignedIn } = await import("./signed-in-guards.tsx");
      return <RequireSignedIn />;
    },
  ),
  { path: "*", element: <NotFoundPage /> },
];
