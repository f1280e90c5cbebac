import type { AdminUserDetail } from "@ferry/core/contracts/admin";
import { displayName } from "@ferry/core/contracts/profile";
import { ArrowLeftIcon, UserXIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t } from "../../i18n/i18n.tsx";
import { useErrorToast } from "../../lib/toasts.ts";
import { useAdminUser } from "./api/get-admin-user.ts";
import { KycReviewPanel } from "./kyc-review.tsx";
import { RecentHelpRequests } from "./recent-help-requests.tsx";
import { UserActions } from "./user-actions.tsx";
import { type AuditEntryViews, UserAuditHistory } from "./user-audit-history.tsx";
import { UserBadges } from "./user-badges.tsx";
import { BalanceTable, DetailSection, ProfileFacts, SessionRows, TransactionRows } from "./user-detail-sections.tsx";

function BackToUsers() {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2">
      <Link to="/admin/users">
        <ArrowLeftIcon /> {t("All users")}
      </Link>
    </Button>
  );
}

/** Everything the admin reads about one user, each part in its card. */
function UserDetail({ detail, auditViews }: { detail: AdminUserDetail; auditViews: AuditEntryViews }) {
  const navigate = useNavigate();
  const { profile } = detail;
  const user = { userId: profile.userId, email: profile.email, name: displayName(profile), status: profile.status };
  return (
    <>
      <PageHeader title={displayName(profile)} description={profile.email} />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <UserBadges status={profile.status} kycStatus={profile.kycStatus} emailVerified={profile.emailVerified} />
        <UserActions user={user} onDeleted={() => navigate("/admin/users")} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailSection title={t("Profile")}>
          <ProfileFacts profile={profile} />
        </DetailSection>
        <DetailSection title={t("Balances")}>
          <BalanceTable balances={detail.balances} />
        </DetailSection>
        <DetailSection title={t("Recent transactions")}>
          <TransactionRows transactions={detail.recentTransactions} />
        </DetailSection>
        <DetailSection title={t("Help requests")}>
          <RecentHelpRequests requests={detail.recentHelpRequests} />
        </DetailSection>
        <DetailSection title={t("Identity verification")}>
          <KycReviewPanel userId={profile.userId} />
        </DetailSection>
        <DetailSection title={t("Active sessions")}>
          <SessionRows sessions={detail.sessions} />
        </DetailSection>
        <UserAuditHistory userId={profile.userId} views={auditViews} />
      </div>
    </>
  );
}

/**
 * `/admin/users/:userId`: one user's profile, money, help requests, identity checks, sessions and the
 * admin actions on them (drawn with the audit log's views, which the app passes in).
 */
export function AdminUserDetailPage({ auditViews }: { auditViews: AuditEntryViews }) {
  const { userId = "" } = useParams();
  const detail = useAdminUser(userId);
  useErrorToast(detail.error, t("Failed to load user"));
  let body: ReactNode;
  if (detail.isPending) {
    body = <Skeleton className="h-64" />;
  } else if (detail.data) {
    body = <UserDetail detail={detail.data} auditViews={auditViews} />;
  } else {
    body = <EmptyState icon={UserXIcon} title={t("User not found")} hint={t("The user may have been deleted.")} />;
  }
  return (
    <>
      <BackToUsers />
      {body}
    </>
  );
}
