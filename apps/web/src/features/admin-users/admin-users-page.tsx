import type { AdminUserListItem } from "@ferry/core/contracts/admin";
import { displayName } from "@ferry/core/contracts/profile";
import { UsersIcon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { LoadMore } from "../../components/load-more.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SearchInput } from "../../components/search-input.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { format, t } from "../../i18n/i18n.tsx";
import { useErrorToast } from "../../lib/toasts.ts";
import { useSearchTerm } from "../../lib/use-debounced-value.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useAdminUsers } from "./api/get-admin-users.ts";
import { type ActedOnUser, UserActions } from "./user-actions.tsx";
import { BalanceList, UserBadges } from "./user-badges.tsx";

function actedOn(user: AdminUserListItem): ActedOnUser {
  return { userId: user.userId, email: user.email, name: displayName(user), status: user.status };
}

/** The user's name, linking to their detail view, and their e-mail under it. */
function UserName({ user }: { user: AdminUserListItem }) {
  return (
    <div className="min-w-0">
      <Link to={`/admin/users/${user.userId}`} className="block truncate font-medium text-primary hover:underline">
        {displayName(user)}
      </Link>
      <p className="truncate text-xs text-muted-foreground">{user.email}</p>
    </div>
  );
}

function Created({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {format().date(iso)}
    </time>
  );
}

function UserTable({ users }: { users: AdminUserListItem[] }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th className="px-4 py-3 font-medium">{t("User")}</th>
            <th className="px-4 py-3 font-medium">{t("Status")}</th>
            <th className="px-4 py-3 font-medium">{t("Balances")}</th>
            <th className="px-4 py-3 font-medium">{t("Created")}</th>
            <th className="px-4 py-3 font-medium">{t("Actions")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.userId} data-testid="admin-user" className="align-top">
              <td className="max-w-56 px-4 py-3">
                <UserName user={user} />
              </td>
              <td className="px-4 py-3">
                <UserBadges status={user.status} kycStatus={user.kycStatus} emailVerified={user.emailVerified} />
              </td>
              <td className="px-4 py-3">
                <BalanceList balances={user.balances} />
              </td>
              <td className="px-4 py-3">
                <Created iso={user.createdAt} />
              </td>
              <td className="px-4 py-3">
                <UserActions user={actedOn(user)} className="flex-nowrap" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function UserCards({ users }: { users: AdminUserListItem[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3">
      {users.map((user) => (
        <li key={user.userId} data-testid="admin-user">
          <Card>
            <CardContent className="grid grid-cols-1 gap-3 p-4">
              <UserName user={user} />
              <UserBadges status={user.status} kycStatus={user.kycStatus} emailVerified={user.emailVerified} />
              <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 text-sm">
                <dt className="text-muted-foreground">{t("Balances")}</dt>
                <dd>
                  <BalanceList balances={user.balances} />
                </dd>
                <dt className="text-muted-foreground">{t("Created")}</dt>
                <dd>
                  <Created iso={user.createdAt} />
                </dd>
              </dl>
              <UserActions user={actedOn(user)} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function UserList({ search }: { search: string }) {
  const users = useAdminUsers(search);
  const isWide = useMediaQuery("(min-width: 1024px)");
  useErrorToast(users.error, t("Failed to load users"));
  if (users.isPending) {
    return (
      <div className="grid gap-3">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (!users.data) {
    // Not read, so not "No users found" (issue 30): a failure says so where the list would be.
    return <LoadFailed message={t("This list could not be loaded right now.")} query={users} />;
  }
  const items = users.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <EmptyState icon={UsersIcon} title={t("No users found")} hint={t("Try another name or e-mail address.")} />;
  }
  return (
    <>
      {isWide ? <UserTable users={items} /> : <UserCards users={items} />}
      <LoadMore list={users} className="mt-4" />
    </>
  );
}

/** `/admin/users`: every user, searched by name or e-mail on the server, each with its actions (spec §2). */
export function AdminUsersPage() {
  const search = useSearchTerm();
  return (
    <>
      <PageHeader title={t("User Management")} description={t("Search, review, ban and contact users.")} />
      <SearchInput
        label={t("Search users")}
        placeholder={t("Search by name or e-mail")}
        value={search.text}
        onChange={search.setText}
        className="mb-4"
      />
      <UserList search={search.term} />
    </>
  );
}
