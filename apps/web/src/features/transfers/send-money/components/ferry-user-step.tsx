import { Email } from "@ferry/core/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRightIcon, ZapIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "../../../../components/ui/button.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { t, translateText } from "../../../../i18n/i18n.tsx";
import { StepFooter } from "./step-footer.tsx";

const FerryUserForm = z.object({ email: Email });

/** Step 2 for a Ferry user: their e-mail. Whether such a user exists is answered by the quote on the next step. */
export function FerryUserStep(props: { email: string; onContinue: (email: string) => void; onBack: () => void }) {
  const form = useForm<z.input<typeof FerryUserForm>, unknown, z.output<typeof FerryUserForm>>({
    resolver: zodResolver(FerryUserForm),
    defaultValues: { email: props.email },
  });
  const error = form.formState.errors.email?.message;
  return (
    <form
      className="grid grid-cols-1 gap-4"
      onSubmit={form.handleSubmit((values) => props.onContinue(values.email))}
      noValidate
    >
      <p className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900">
        <ZapIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t("Money sent to another Ferry account arrives instantly.")}
      </p>
      <Field
        id="ferry-user-email"
        label={t("Recipient's email")}
        error={error === undefined ? undefined : translateText(error)}
      >
        <Input
          id="ferry-user-email"
          type="email"
          autoComplete="off"
          placeholder="friend@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "ferry-user-email-error" : undefined}
          autoFocus
          {...form.register("email")}
        />
      </Field>
      <StepFooter onBack={props.onBack}>
        <Button type="submit">
          {t("Continue")} <ArrowRightIcon />
        </Button>
      </StepFooter>
    </form>
  );
}
