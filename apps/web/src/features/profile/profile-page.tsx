import { type Profile, ProfileUpdateRequest } from "@ferry/core/contracts/profile";
import type { MessageKey } from "@ferry/core/i18n/catalog";
import { TOASTS } from "@ferry/core/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { KycStatusBadge } from "../../components/kyc-status-badge.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { format, t } from "../../i18n/i18n.tsx";
import { useSignedInProfile } from "../../lib/queries/session.ts";
import { toastServerError, toastSuccess } from "../../lib/toasts.ts";
import { useUpdateProfile } from "./api/update-profile.ts";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";
import { KycSection } from "./kyc-section.tsx";

/** The form's fields, labelled by their English texts (translated when rendering). */
const FIELDS = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
  { name: "phone", label: "Phone", autoComplete: "tel" },
  { name: "address", label: "Address", autoComplete: "street-address" },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "country", label: "Country", autoComplete: "country-name" },
  { name: "postalCode", label: "Postal code", autoComplete: "postal-code" },
] as const satisfies readonly { name: string; label: MessageKey; autoComplete: string }[];

function formValuesOf(profile: Profile): ProfileUpdateRequest {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    address: profile.address,
    city: profile.city,
    country: profile.country,
    postalCode: profile.postalCode,
  };
}

function PersonalInformation({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<z.input<typeof ProfileUpdateRequest>, unknown, ProfileUpdateRequest>({
    resolver: zodResolver(ProfileUpdateRequest),
    defaultValues: formValuesOf(profile),
  });
  const { errors, isDirty } = form.formState;

  function onSubmit(values: ProfileUpdateRequest) {
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset(formValuesOf(saved));
        toastSuccess(TOASTS.profileUpdated, "Your personal information has been saved.");
      },
      onError: (error) => toastServerError(error, TOASTS.profileUpdateFailed),
    });
  }

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{t("Personal information")}</CardTitle>
        <CardDescription>{t("Keep your details up to date; they are used to verify your identity.")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5 sm:grid-cols-2" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          {FIELDS.map((field) => (
            <div key={field.name} className={field.name === "address" ? "sm:col-span-2" : undefined}>
              <Field id={field.name} label={t(field.label)} error={errors[field.name]?.message}>
                <Input
                  id={field.name}
                  autoComplete={field.autoComplete}
                  aria-invalid={errors[field.name] ? true : undefined}
                  {...form.register(field.name)}
                />
              </Field>
            </div>
          ))}
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={update.isPending || !isDirty}>
              {update.isPending ? t("Saving…") : t("Save Changes")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function AccountCard({ profile }: { profile: Profile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Account")}</CardTitle>
        <CardDescription>{t("These details are managed by Ferry.")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div>
          <p className="text-muted-foreground">{t("Email")}</p>
          <p className="font-medium break-all">{profile.email}</p>
        </div>
        <div>
          <p className="text-muted-foreground">{t("Member since")}</p>
          <p className="font-medium">{format().date(profile.createdAt)}</p>
        </div>
        <div>
          <p className="text-muted-foreground">{t("KYC status")}</p>
          <KycStatusBadge status={profile.kycStatus} className="mt-1" />
        </div>
        <div>
          <p className="text-muted-foreground">{t("Account type")}</p>
          <p className="font-medium">{t("Personal")}</p>
        </div>
        <ChangePasswordDialog />
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  const profile = useSignedInProfile();
  return (
    <>
      <PageHeader title={t("Profile")} description={t("Your personal information and account details.")} />
      <div className="grid gap-6 lg:grid-cols-3">
        <PersonalInformation profile={profile} />
        <AccountCard profile={profile} />
        <KycSection />
      </div>
    </>
  );
}
