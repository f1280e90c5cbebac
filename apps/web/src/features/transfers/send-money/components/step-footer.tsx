import { ArrowLeftIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "../../../../components/ui/button.tsx";
import { t } from "../../../../i18n/i18n.tsx";

/** Every step ends the same way: Back on the left, the step's own action on the right. */
export function StepFooter(props: {
  onBack: () => void;
  backLabel?: string;
  isBackDisabled?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-3 border-t border-border pt-4">
      <Button type="button" variant="outline" onClick={props.onBack} disabled={props.isBackDisabled}>
        {props.backLabel ? null : <ArrowLeftIcon />}
        {props.backLabel ?? t("Back")}
      </Button>
      {props.children}
    </div>
  );
}
