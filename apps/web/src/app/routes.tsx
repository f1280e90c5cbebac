import { WEB_ROUTES, type WebRoute, type WebRouteAccess } from "@ferry/core/web-routes";
import type { ReactElement } from "react";
import type { RouteObject } from "react-router";
import { ComingSoonPage } from "../components/coming-soon-page.tsx";
import { AdminDepositsPage } from "../features/admin-deposits/admin-deposits-page.tsx";
import { AdminHelpPage } from "../features/admin-help/admin-help-page.tsx";
import { AdminInvestmentsPage } from "../features/admin-investments/admin-investments-page.tsx";
import { AdminRatesPage } from "../features/admin-rates/admin-rates-page.tsx";
import { AdminTransactionsPage } from "../features/admin-transactions/admin-transactions-page.tsx";
import { ForgotPasswordPage } from "../features/auth/pages/forgot-password-page.tsx";
import { LoginPage } from "../features/auth/pages/login-page.tsx";
import { SignupPage } from "../features/auth/pages/signup-page.tsx";
import { VerifyEmailPage } from "../features/auth/pages/verify-email-page.tsx";
import { BalancePage } from "../features/balances/balance-page.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { ExchangeDialog } from "../features/exchange/exchange-dialog.tsx";
import { HelpPage } from "../features/help/help-page.tsx";
import { InvestmentPage } from "../features/investment/investment-page.tsx";
import { NotificationsPage } from "../features/notifications/notifications-page.tsx";
import { PaymentMethodsPage } from "../features/payment-methods/payment-methods-page.tsx";
import { ProfilePage } from "../features/profile/profile-page.tsx";
import { TransactionsPage } from "../features/transactions/transactions-page.tsx";
import { CashoutDialog } from "../features/transfers/cashout/cashout-dialog.tsx";
import { SendMoneyDialog } from "../features/transfers/send-money/send-money-dialog.tsx";
import { LandingPage } from "../marketing/landing-page.tsx";
import { NotFoundPage } from "../marketing/not-found-page.tsx";
import { RatesPage } from "../marketing/rates-page.tsx";
import { StaticPage } from "../marketing/static-page.tsx";
import { STATIC_PAGES } from "../marketing/static-pages.ts";
import { RedirectIfSignedIn, RequireAdmin, RequireSignedIn } from "./guards.tsx";
import { AppShell } from "./shell/app-shell.tsx";

/** The heading of each coming-soon page of core's route table (its feature arrives in a later issue). */
const COMING_SOON_PAGES: Readonly<Record<string, { title: string; description: string }>> = {
  "/connect": { title: "Connect", description: "API credentials and connected apps." },
  "/settings": { title: "Settings", description: "Notifications, security and app preferences." },
  "/admin/users": { title: "User Management", description: "Search, review, ban and contact users." },
};

/** The page of each feature route; features are composed here, never importing each other. */
const FEATURE_PAGES: Readonly<Record<string, ReactElement>> = {
  "/": <LandingPage />,
  "/login": <LoginPage />,
  "/signup": <SignupPage />,
  "/forgot-password": <ForgotPasswordPage />,
  "/verify-email": <VerifyEmailPage />,
  "/dashboard": <DashboardPage />,
  "/profile": <ProfilePage />,
  "/notifications": <NotificationsPage />,
  "/withdrawal-addresses": <PaymentMethodsPage />,
  "/balance": (
    <BalancePage sendMoneyDialog={SendMoneyDialog} cashoutDialog={CashoutDialog} exchangeDialog={ExchangeDialog} />
  ),
  "/investment": <InvestmentPage />,
  "/transactions": <TransactionsPage />,
  "/help": <HelpPage />,
  "/admin/deposits": <AdminDepositsPage />,
  "/admin/investments": <AdminInvestmentsPage />,
  "/admin/transactions": <AdminTransactionsPage />,
  "/admin/rates": <AdminRatesPage />,
  "/rates": <RatesPage />,
  "/admin/help": <AdminHelpPage />,
};

/** Every page element by its canonical path: feature pages, static pages and coming-soon pages. */
export const PAGE_ELEMENTS: ReadonlyMap<string, ReactElement> = new Map([
  ...Object.entries(FEATURE_PAGES),
  ...STATIC_PAGES.map((page): [string, ReactElement] => [
    page.path,
    <StaticPage key={page.path} title={page.title} description={page.description} />,
  ]),
  ...Object.entries(COMING_SOON_PAGES).map(([path, page]): [string, ReactElement] => [
    path,
    <ComingSoonPage key={path} title={page.title} description={page.description} />,
  ]),
]);

/** The element a route of the table shows; an alias shows its canonical page. */
function elementOf(route: WebRoute): ReactElement {
  const element = PAGE_ELEMENTS.get(route.aliasOf ?? route.path);
  if (!element) {
    throw new Error(`The web route ${route.path} has no page in app/routes.tsx`);
  }
  return element;
}

/** The routes of the table with the given access, each with its page. */
function routesWithAccess(access: WebRouteAccess): RouteObject[] {
  return (WEB_ROUTES as readonly WebRoute[])
    .filter((route) => route.access === access)
    .map((route) => ({ path: route.path, element: elementOf(route) }));
}

/** The router's routes, built from core's route table under the guard each access needs. */
export const routes: RouteObject[] = [
  ...routesWithAccess("public"),
  { element: <RedirectIfSignedIn />, children: routesWithAccess("signed-out-only") },
  {
    element: <RequireSignedIn />,
    children: [
      {
        element: <AppShell />,
        children: [
          ...routesWithAccess("signed-in"),
          { element: <RequireAdmin />, children: routesWithAccess("admin") },
        ],
      },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
];
