import { type Passkey, PasskeyRegistrationOptionsRequest, PasskeyRenameRequest } from "@ferry/core/contracts/passkeys";
import { describeDevice, devicePartsOf } from "@ferry/core/contracts/sessions";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmDeleteDialog } from "../../../components/confirm-delete-dialog.tsx";
import { DialogFrame } from "../../../components/dialog-frame.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DialogFooter } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PasswordInput } from "../../../components/ui/password-input.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { t } from "../../../i18n/i18n.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { formatDateTime } from "../../../lib/format-date-time.ts";
import { passkeyErrorMessage } from "../../../lib/passkey-errors.ts";
import { toastError, toastSuccess } from "../../../lib/toasts.ts";
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from "../api/passkeys.ts";

/** The words of the passkeys part of Security Settings ("Biometric" in the spec: passkeys, decision 037). */
const PASSKEYS = {
  title: "Passkeys",
  description:
    "Sign in with your fingerprint, face or device PIN instead of your password and an e-mailed code. Your passkey stays on your device.",
  add: "Add a passkey",
  addDescription:
    "Name this passkey so you can recognise it later, and enter your current password. Your browser will then ask you to confirm it's you.",
  nameLabel: "Passkey name",
  passwordLabel: "Current password",
  continue: "Continue",
  adding: "Waiting for your passkey…",
  rename: "Rename",
  renameTitle: "Rename passkey",
  renameDescription: "Choose a new name for this passkey.",
  save: "Save",
  cancel: "Cancel",
  remove: "Remove",
  removeTitle: "Remove this passkey?",
  empty: "No passkeys yet. Add one to sign in without a password.",
  loadFailed: "Failed to load your passkeys.",
  added: "Passkey added",
  renamed: "Passkey renamed",
  removed: "Passkey removed",
  failed: "Something went wrong. Please try again.",
} as const satisfies Record<string, MessageKey>;

/** A default name from the device, in the reader's language: "Chrome on macOS", "Chrome unter macOS". */
function deviceName(userAgent: string): string {
  const device = devicePartsOf(userAgent);
  return device.browser || device.system ? describeDevice(device, t) : t("My passkey");
}

/** The name form of adding and renaming: core's rule, trimmed, at most 64 characters. */
function NameForm(props: {
  id: string;
  defaultName: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<PasskeyRenameRequest>({
    resolver: zodResolver(PasskeyRenameRequest),
    defaultValues: { name: props.defaultName },
  });
  const error = form.formState.errors.name?.message;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => props.onSubmit(values.name))}>
      <Field id={props.id} label={t(PASSKEYS.nameLabel)} error={error}>
        <Input
          id={props.id}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${props.id}-error` : undefined}
          {...form.register("name")}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {t(PASSKEYS.cancel)}
        </Button>
        <Button type="submit" disabled={props.isPending}>
          {props.isPending ? props.pendingLabel : props.submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Adding asks for the current password too (a passkey signs in as both factors): core's two rules. */
const AddPasskeyRequest = PasskeyRenameRequest.extend(PasskeyRegistrationOptionsRequest.shape);
type AddPasskeyRequest = { name: string; password: string };

/** The add form: a name (the device's by default) and the current password, then the browser's ceremony. */
function AddPasskeyForm({ onClose }: { onClose: () => void }) {
  const add = useAddPasskey();
  const form = useForm<AddPasskeyRequest>({
    resolver: zodResolver(AddPasskeyRequest),
    defaultValues: { name: deviceName(globalThis.navigator?.userAgent ?? ""), password: "" },
  });
  const { errors } = form.formState;
  function onSubmit(values: AddPasskeyRequest) {
    add.mutate(values, {
      onSuccess: () => {
        toastSuccess(t(PASSKEYS.added));
        onClose();
      },
      onError: (error) => {
        // A wrong password is the form's to show, as the authenticator app's set-up shows it.
        if (error instanceof ApiError && error.fields.password) {
          form.setError("password", { message: error.fields.password });
          return;
        }
        toastError(t(PASSKEYS.failed), passkeyErrorMessage(error, t(PASSKEYS.failed)));
      },
    });
  }
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Field id="new-passkey-name" label={t(PASSKEYS.nameLabel)} error={errors.name?.message}>
        <Input
          id="new-passkey-name"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? "new-passkey-name-error" : undefined}
          {...form.register("name")}
        />
      </Field>
      <Field id="new-passkey-password" label={t(PASSKEYS.passwordLabel)} error={errors.password?.message}>
        <PasswordInput
          id="new-passkey-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "new-passkey-password-error" : undefined}
          {...form.register("password")}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t(PASSKEYS.cancel)}
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t(PASSKEYS.adding) : t(PASSKEYS.continue)}
        </Button>
      </DialogFooter>
    </form>
  );
}

function AddPasskeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <DialogFrame open={open} onClose={onClose} title={t(PASSKEYS.add)} description={t(PASSKEYS.addDescription)}>
      {open ? <AddPasskeyForm onClose={onClose} /> : null}
    </DialogFrame>
  );
}

function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const rename = useRenamePasskey();
  return (
    <DialogFrame
      open={passkey !== null}
      onClose={onClose}
      title={t(PASSKEYS.renameTitle)}
      description={t(PASSKEYS.renameDescription)}
    >
      {passkey ? (
        <NameForm
          id="rename-passkey-name"
          defaultName={passkey.name}
          submitLabel={t(PASSKEYS.save)}
          pendingLabel={t(PASSKEYS.save)}
          isPending={rename.isPending}
          onSubmit={(name) =>
            rename.mutate(
              { id: passkey.id, name },
              {
                onSuccess: () => {
                  toastSuccess(t(PASSKEYS.renamed));
                  onClose();
                },
                onError: (error) => toastError(t(PASSKEYS.failed), passkeyErrorMessage(error, t(PASSKEYS.failed))),
              },
            )
          }
          onCancel={onClose}
        />
      ) : null}
    </DialogFrame>
  );
}

function PasskeyRow(props: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  const { passkey } = props;
  const added = formatDateTime(passkey.createdAt);
  const dates = passkey.lastUsedAt
    ? t("Added {added} · Last used {lastUsed}", { added, lastUsed: formatDateTime(passkey.lastUsedAt) })
    : t("Added {added} · Never used", { added });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      <div className="flex min-w-0 items-center gap-3">
        <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0">
          <p className="truncate font-medium">{passkey.name}</p>
          <p className="text-xs text-muted-foreground">{dates}</p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={props.onRename}
          aria-label={t("Rename {name}", { name: passkey.name })}
        >
          <Pencil aria-hidden="true" />
          {t(PASSKEYS.rename)}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={props.onRemove}
          aria-label={t("Remove {name}", { name: passkey.name })}
        >
          <Trash2 aria-hidden="true" />
          {t(PASSKEYS.remove)}
        </Button>
      </div>
    </li>
  );
}

function PasskeyList(props: { onRename: (passkey: Passkey) => void; onRemove: (passkey: Passkey) => void }) {
  const passkeys = usePasskeys();
  if (passkeys.isPending) {
    return <Skeleton className="h-14 w-full" />;
  }
  if (passkeys.isError) {
    return <p className="text-sm text-destructive">{t(PASSKEYS.loadFailed)}</p>;
  }
  if (passkeys.data.items.length === 0) {
    return <p className="text-sm text-muted-foreground">{t(PASSKEYS.empty)}</p>;
  }
  return (
    <ul className="grid gap-2" aria-label={t(PASSKEYS.title)}>
      {passkeys.data.items.map((passkey) => (
        <PasskeyRow
          key={passkey.id}
          passkey={passkey}
          onRename={() => props.onRename(passkey)}
          onRemove={() => props.onRemove(passkey)}
        />
      ))}
    </ul>
  );
}

/** Security Settings' passkeys: list (name, added, last used), add, rename, remove after confirming. */
export function PasskeysSection() {
  const [isAdding, setIsAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();

  function confirmRemove() {
    if (!removing) {
      return;
    }
    remove.mutate(removing.id, {
      onSuccess: () => {
        toastSuccess(t(PASSKEYS.removed));
        setRemoving(null);
      },
      onError: (error) => toastError(t(PASSKEYS.failed), passkeyErrorMessage(error, t(PASSKEYS.failed))),
    });
  }

  return (
    <section aria-labelledby="passkeys-title" className="grid gap-3 border-t pt-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h4 id="passkeys-title" className="font-semibold">
            {t(PASSKEYS.title)}
          </h4>
          <p className="text-sm text-muted-foreground">{t(PASSKEYS.description)}</p>
        </div>
        <Button variant="outline" onClick={() => setIsAdding(true)}>
          <KeyRound aria-hidden="true" />
          {t(PASSKEYS.add)}
        </Button>
      </div>
      <PasskeyList onRename={setRenaming} onRemove={setRemoving} />
      <AddPasskeyDialog open={isAdding} onClose={() => setIsAdding(false)} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDeleteDialog
        open={removing !== null}
        title={t(PASSKEYS.removeTitle)}
        description={t('"{name}" will no longer sign you in to Ferry. You can add it again later.', {
          name: removing?.name ?? "",
        })}
        isDeleting={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
