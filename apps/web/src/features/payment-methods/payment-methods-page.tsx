import { maskAccountNumber, type PaymentMethod, shortenAddress } from "@ferry/core/contracts/payment-methods";
import { CRYPTO_NETWORKS, type CryptoNetworkId } from "@ferry/core/validation/networks";
import { CreditCardIcon, LandmarkIcon, PencilIcon, PlusIcon, Trash2Icon, WalletIcon } from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { toastServerError, toastSuccess, useErrorToast } from "../../lib/toasts.ts";
import { useDeletePaymentMethod, usePaymentMethods } from "./api/payment-methods.ts";
import { PaymentMethodDialog } from "./payment-method-dialog.tsx";

/** What identifies the destination: holder, bank, masked account and SWIFT; or network and address. */
function MethodDetails({ method }: { method: PaymentMethod }) {
  if (method.addressType === "bank") {
    return (
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted-foreground">{t("Holder")}</dt>
        <dd className="truncate text-right">{method.accountHolderName}</dd>
        <dt className="text-muted-foreground">{t("Bank")}</dt>
        <dd className="truncate text-right">{method.bankName}</dd>
        <dt className="text-muted-foreground">{t("Account")}</dt>
        <dd className="text-right font-mono">{maskAccountNumber(method.accountNumber ?? "")}</dd>
        <dt className="text-muted-foreground">{t("SWIFT")}</dt>
        <dd className="text-right font-mono">{method.swiftCode}</dd>
      </dl>
    );
  }
  return (
    <dl className="grid gap-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted-foreground">{t("Network")}</dt>
        <dd>{CRYPTO_NETWORKS[method.cryptoNetwork as CryptoNetworkId]?.name ?? method.cryptoNetwork}</dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt className="text-muted-foreground">{t("Address")}</dt>
        <dd className="font-mono" title={method.cryptoAddress ?? ""}>
          {shortenAddress(method.cryptoAddress ?? "")}
        </dd>
      </div>
    </dl>
  );
}

function MethodCard(props: { method: PaymentMethod; onEdit: () => void; onDelete: () => void }) {
  const { method } = props;
  const isBank = method.addressType === "bank";
  const Icon = isBank ? LandmarkIcon : WalletIcon;
  return (
    <Card>
      <CardContent className="grid gap-4 p-5">
        <div className="flex items-start gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-primary">
            <Icon className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{method.name}</p>
            <p className="text-xs text-muted-foreground">{isBank ? t("Bank account") : t("Crypto wallet")}</p>
          </div>
          <Badge variant="secondary">{method.currency}</Badge>
        </div>
        {method.needsReview ? (
          <p className="text-xs text-muted-foreground">
            <Badge variant="warning" className="mr-2">
              {t("Check these details")}
            </Badge>{" "}
            {t("{reason}. Edit them before cashing out.", { reason: translateText(method.reviewReason ?? "") })}
          </p>
        ) : null}
        <MethodDetails method={method} />
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={props.onEdit}
            aria-label={t("Edit {name}", { name: method.name })}
          >
            <PencilIcon /> {t("Edit")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={props.onDelete}
            aria-label={t("Delete {name}", { name: method.name })}
            className="text-destructive"
          >
            <Trash2Icon /> {t("Delete")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Asks before deleting `method` (null: closed), and deletes it with the spec's toasts. */
function DeleteMethodDialog(props: { method: PaymentMethod | null; onClose: () => void }) {
  const remove = useDeletePaymentMethod();
  const { method } = props;
  function confirmDelete() {
    if (!method) {
      return;
    }
    remove.mutate(method.id, {
      onSuccess: () => {
        toastSuccess(t("Address deleted successfully"));
        props.onClose();
      },
      onError: (error) => toastServerError(error, t("Failed to delete address")),
    });
  }
  return (
    <ConfirmDeleteDialog
      open={method !== null}
      title={t("Delete Address")}
      description={t('Are you sure you want to delete "{name}"? This action cannot be undone.', {
        name: method?.name ?? "",
      })}
      isDeleting={remove.isPending}
      onConfirm={confirmDelete}
      onClose={props.onClose}
    />
  );
}

/** The saved methods as cards; skeletons while they load, and a way to add the first when there are none. */
function MethodList(props: {
  methods: ReturnType<typeof usePaymentMethods>;
  onOpen: (method: PaymentMethod | null) => void;
  onDelete: (method: PaymentMethod) => void;
}) {
  const list = props.methods.data?.items ?? [];
  if (props.methods.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (!props.methods.data) {
    // Not read, so not "No withdrawal addresses" (issue 30).
    return (
      <LoadFailed message={t("Your saved payment methods could not be loaded right now.")} query={props.methods} />
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState
        icon={CreditCardIcon}
        title={t("No withdrawal addresses")}
        hint={t("Add a bank account or a crypto wallet to cash out your balance.")}
        action={
          <Button onClick={() => props.onOpen(null)}>
            <PlusIcon /> {t("Add Your First Address")}
          </Button>
        }
      />
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {list.map((method) => (
        <MethodCard
          key={method.id}
          method={method}
          onEdit={() => props.onOpen(method)}
          onDelete={() => props.onDelete(method)}
        />
      ))}
    </div>
  );
}

/** `/withdrawal-addresses`: saved bank accounts and wallets for cash-out. */
export function PaymentMethodsPage() {
  const methods = usePaymentMethods();
  const [editing, setEditing] = useState<PaymentMethod | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  useErrorToast(methods.error, t("Failed to load withdrawal addresses"));

  function openDialog(method: PaymentMethod | null) {
    setEditing(method);
    setIsDialogOpen(true);
  }

  const hasAny = (methods.data?.items ?? []).length > 0;
  return (
    <>
      <PageHeader
        title={t("Payment Methods")}
        // Issue 30: the sidebar's "Payment Methods" (spec §2) and the page's "withdrawal addresses" (spec §8)
        // are one thing; the page says so, so "Add Withdrawal Address" does not read as another feature.
        description={t("Your withdrawal addresses: the bank accounts and wallets you cash out to.")}
        actions={
          hasAny ? (
            <Button onClick={() => openDialog(null)}>
              <PlusIcon /> {t("Add Address")}
            </Button>
          ) : null
        }
      />
      <MethodList methods={methods} onOpen={openDialog} onDelete={setDeleting} />
      {isDialogOpen ? (
        <PaymentMethodDialog
          key={editing?.id ?? "new"}
          open={isDialogOpen}
          onOpenChange={setIsDialogOpen}
          editing={editing}
        />
      ) : null}
      <DeleteMethodDialog method={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
