import { CODE_LENGTH, OneTimeCode } from "@ferry/core/contracts/auth";
import { MESSAGES } from "@ferry/core/messages";
import { t, translateText } from "../i18n/i18n.tsx";
import { cn } from "../lib/cn.ts";
import { Input } from "./ui/input.tsx";

/**
 * The 6-digit e-mailed code field (spec §5): digits only, at most 6, and 'Please enter a valid
 * 6-digit code' while what was typed is not a whole code. Used for sign-in, e-mail verification,
 * transfers and cash-outs.
 */
export function CodeInput(props: { id: string; value: string; onChange: (code: string) => void; autoFocus?: boolean }) {
  const isIncomplete = props.value.length > 0 && !OneTimeCode.safeParse(props.value).success;
  const helpId = `${props.id}-help`;
  return (
    <div className="grid grid-cols-1 gap-2">
      <label htmlFor={props.id} className="text-sm font-medium">
        {t("Verification code")}
      </label>
      <Input
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="000000"
        maxLength={CODE_LENGTH}
        className="h-12 text-center font-mono text-2xl tracking-[0.5em]"
        aria-invalid={isIncomplete ? true : undefined}
        aria-describedby={helpId}
        autoFocus={props.autoFocus}
      />
      <p id={helpId} className={cn("text-xs", isIncomplete ? "font-medium text-destructive" : "text-muted-foreground")}>
        {isIncomplete ? translateText(MESSAGES.invalidCode) : t("Digits only.")}
      </p>
    </div>
  );
}
