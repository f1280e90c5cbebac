import { createBrowserRouter } from "react-router";
import { ComingSoonPage } from "../components/coming-soon-page.tsx";
import { AdminDepositsPage } from "../features/admin-deposits/admin-deposits-page.tsx";
import { AdminTransactionsPage } from "../features/admin-transactions/admin-transactions-page.tsx";
import { ForgotPasswordPage } from "../features/auth/pages/forgot-password-page.tsx";
import { LoginPage } from "../features/auth/pages/login-page.tsx";
import { SignupPage } from "../features/auth/pages/signup-page.tsx";
import { VerifyEmailPage } from "../features/auth/pages/verify-email-page.tsx";
import { BalancePage } from "../features/balances/balance-page.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { NotificationsPage } from "../features/notifications/notifications-page.tsx";
import { PaymentMethodsPage } from "../features/payment-methods/payment-methods-page.tsx";
import { ProfilePage } from "../features/profile/profile-page.tsx";
import { TransactionsPage } from "../features/transactions/transactions-page.tsx";
import { CashoutDialog } from "../features/transfers/cashout/cashout-dialog.tsx";
import { SendMoneyDialog } from "../features/transfers/send-money/send-money-dialog.tsx";
import { LandingPage } from "../marketing/landing-page.tsx";
import { NotFoundPage } from "../marketing/not-found-page.tsx";
import { StaticPage } from "../marketing/static-page.tsx";
import { STATIC_PAGES } from "../marketing/static-pages.ts";
import { RedirectIfSignedIn, RequireAdmin, RequireSignedIn } from "./guards.tsx";
import { AppShell } from "./shell/app-shell.tsx";

/** Signed-in routes whose features arrive in later issues: each shows its heading and says so. */
const UPCOMING_PAGES = [
  { path: "/investment", title: "Investment Center", description: "Grow your USD balance with daily returns." },
  { path: "/connect", title: "Connect", description: "API credentials and connected apps." },
  { path: "/help", title: "Help & Support", description: "Ask for help and follow your requests." },
  { path: "/settings", title: "Settings", description: "Notifications, security and app preferences." },
];

const UPCOMING_ADMIN_PAGES = [
  { path: "/admin/users", title: "User Management", description: "Search, review, ban and contact users." },
  { path: "/admin/investments", title: "Investment Management", description: "Every investment and its returns." },
  { path: "/admin/help", title: "Help Desk", description: "Answer and resolve help requests." },
];

export const router = createBrowserRouter([
  { path: "/", element: <LandingPage /> },
  ...STATIC_PAGES.map((page) => ({
    path: page.path,
    element: <StaticPage title={page.title} description={page.description} />,
  })),
  {
    element: <RedirectIfSignedIn />,
    children: [
      { path: "/login", element: <LoginPage /> },
      { path: "/signup", element: <SignupPage /> },
    ],
  },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/verify-email", element: <VerifyEmailPage /> },
  {
    element: <RequireSignedIn />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: "/dashboard", element: <DashboardPage /> },
          { path: "/profile", element: <ProfilePage /> },
          { path: "/notifications", element: <NotificationsPage /> },
          { path: "/withdrawal-addresses", element: <PaymentMethodsPage /> },
          {
            path: "/balance",
            element: <BalancePage sendMoneyDialog={SendMoneyDialog} cashoutDialog={CashoutDialog} />,
          },
          { path: "/transactions", element: <TransactionsPage /> },
          ...UPCOMING_PAGES.map((page) => ({
            path: page.path,
            element: <ComingSoonPage title={page.title} description={page.description} />,
          })),
          {
            element: <RequireAdmin />,
            children: [
              { path: "/admin/deposits", element: <AdminDepositsPage /> },
              { path: "/admin/transactions", element: <AdminTransactionsPage /> },
              ...UPCOMING_ADMIN_PAGES.map((page) => ({
                path: page.path,
                element: <ComingSoonPage title={page.title} description={page.description} />,
              })),
            ],
          },
        ],
      },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
]);
