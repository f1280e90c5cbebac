import { Email } from "@ferry/core/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRightIcon, ZapIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "../../../../components/ui/button.tsx";
import { Field } from "../../../../components/ui/field.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { t, translateText } from "../../../../i18n/i18n.tsx";
import { ApiError } from "../../../../lib/api-error.ts";
import { getTransferQuote } from "../../api/get-transfer-quote.ts";
import { StepFooter } from "./step-footer.tsx";

const FerryUserForm = z.object({ email: Email });

/** The recipient field of the server's answer (a quote's), as the quote's request names it. */
const RECIPIENT_FIELD = "target.recipientEmail";

/**
 * Whether the server refuses this e-mail as a Ferry recipient, and why: asked with a nominal quote (the
 * same look-up, and the same limit on look-ups, as the amount step's), so an unknown address is said
 * here and not only two steps later (issue 30). Any other answer lets the person go on.
 */
async function recipientRefusalOf(email: string): Promise<string | undefined> {
  try {
    await getTransferQuote({ target: { method: "ferry_user", recipientEmail: email }, amount: "1", currency: "USD" });
    return undefined;
  } catch (error) {
    return error instanceof ApiError ? error.fields[RECIPIENT_FIELD] : undefined;
  }
}

/** Step 2 for a Ferry user: their e-mail, checked with the server before the amount step. */
export function FerryUserStep(props: { email: string; onContinue: (email: string) => void; onBack: () => void }) {
  const form = useForm<z.input<typeof FerryUserForm>, unknown, z.output<typeof FerryUserForm>>({
    resolver: zodResolver(FerryUserForm),
    defaultValues: { email: props.email },
  });
  const error = form.formState.errors.email?.message;
  async function submit(values: z.output<typeof FerryUserForm>) {
    const refusal = await recipientRefusalOf(values.email);
    if (refusal) {
      form.setError("email", { message: refusal }, { shouldFocus: true });
      return;
    }
    props.onContinue(values.email);
  }
  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
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
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t("Continue")} <ArrowRightIcon />
        </Button>
      </StepFooter>
    </form>
  );
}
