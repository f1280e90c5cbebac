import { DELETE_USER_CONFIRMATION } from "@ferry/core/contracts/admin";
import type { UserStatus } from "@ferry/core/contracts/profile";
import { BanIcon, MailIcon, ShieldCheckIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { useDeleteUser } from "./api/delete-user.ts";
import { useSetUserBanned } from "./api/set-user-banned.ts";
import { type ContactedUser, ContactUserDialog } from "./contact-user-dialog.tsx";

/** The user an action row acts on. */
export interface ActedOnUser extends ContactedUser {
  readonly status: UserStatus;
}

/** Ban or Unban: the spec's toggle between banned and active (a suspended user can be banned). */
function BanButton({ user }: { user: ActedOnUser }) {
  const setBanned = useSetUserBanned();
  const isBanned = user.status === "banned";
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={setBanned.isPending}
      aria-label={isBanned ? t("Unban {email}", { email: user.email }) : t("Ban {email}", { email: user.email })}
      onClick={() => setBanned.mutate({ userId: user.userId, isBanned: !isBanned })}
    >
      {isBanned ? <ShieldCheckIcon /> : <BanIcon />}
      {isBanned ? t("Unban") : t("Ban")}
    </Button>
  );
}

/** Delete, after the spec's confirmation (§8); a refusal's reason comes in the failure toast. */
function DeleteButton(props: { user: ActedOnUser; onDeleted?: () => void }) {
  const remove = useDeleteUser();
  const [isConfirming, setIsConfirming] = useState(false);
  function confirm() {
    remove.mutate(props.user.userId, {
      onSuccess: () => props.onDeleted?.(),
      onSettled: () => setIsConfirming(false),
    });
  }
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        className="text-destructive"
        aria-label={t("Delete {email}", { email: props.user.email })}
        onClick={() => setIsConfirming(true)}
      >
        <Trash2Icon /> {t("Delete")}
      </Button>
      <ConfirmDeleteDialog
        open={isConfirming}
        title={t("Delete User")}
        description={translateText(DELETE_USER_CONFIRMATION)}
        isDeleting={remove.isPending}
        onConfirm={confirm}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}

/** What an admin does to one user, in the list and on the detail view: contact, ban or unban, delete. */
export function UserActions(props: { user: ActedOnUser; onDeleted?: () => void; className?: string }) {
  const [isContacting, setIsContacting] = useState(false);
  return (
    <div className={cn("flex flex-wrap gap-2", props.className)}>
      <Button
        size="sm"
        variant="outline"
        aria-label={t("Contact {email}", { email: props.user.email })}
        onClick={() => setIsContacting(true)}
      >
        <MailIcon /> {t("Contact")}
      </Button>
      <BanButton user={props.user} />
      <DeleteButton user={props.user} onDeleted={props.onDeleted} />
      {isContacting ? <ContactUserDialog user={props.user} onClose={() => setIsContacting(false)} /> : null}
    </div>
  );
}
