import { EyeIcon, EyeOffIcon } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { t } from "../../i18n/i18n.tsx";
import { Input } from "./input.tsx";

/** A password input with a show/hide toggle. */
export function PasswordInput(props: React.ComponentProps<"input">) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? "text" : "password"} className="pr-10" />
      <button
        type="button"
        onClick={() => setIsVisible((value) => !value)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground"
        aria-label={isVisible ? t("Hide password") : t("Show password")}
      >
        {isVisible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
      </button>
    </div>
  );
}
