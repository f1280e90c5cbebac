import {
  ALERT_LABELS,
  type AlertMethod,
  type AlertRuleCondition,
  type AlertRuleType,
  describeAlertCondition,
} from "@ferry/core/alert-rules";
import {
  ArrowLeftRightIcon,
  type LucideIcon,
  MailIcon,
  MessageSquareIcon,
  ShieldAlertIcon,
  WalletIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { activeLanguage, format, t, translateText } from "../../i18n/i18n.tsx";

export const TYPE_ICONS: Record<AlertRuleType, LucideIcon> = {
  transaction: ArrowLeftRightIcon,
  balance: WalletIcon,
  security: ShieldAlertIcon,
};

export const METHOD_ICONS: Record<AlertMethod, LucideIcon> = { email: MailIcon, sms: MessageSquareIcon };

/** A rule in one sentence, in the active language: "Ausgehende Transaktionen ab 1.000,00 USD". */
export function describeRule(condition: AlertRuleCondition): string {
  return describeAlertCondition(condition, { language: activeLanguage(), t, format: format() });
}

// ---------------------------------------------------------------------------------------------
// A rule as a card: the visitor's samples and the user's own rules look the same.
// ---------------------------------------------------------------------------------------------

export function RuleSummary(props: {
  heading: string;
  condition: AlertRuleCondition;
  method: AlertMethod;
  isEnabled: boolean;
  badge?: string;
  footer?: ReactNode;
  actions?: ReactNode;
}) {
  const TypeIcon = TYPE_ICONS[props.condition.type];
  const MethodIcon = METHOD_ICONS[props.method];
  return (
    <Card className="flex h-full flex-col gap-4 rounded-2xl p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-primary ring-1 ring-indigo-100">
          <TypeIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">{props.heading}</h3>
          <p className="text-sm text-slate-700">{describeRule(props.condition)}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {props.badge ? <Badge variant="outline">{props.badge}</Badge> : null}
        <Badge variant={props.isEnabled ? "success" : "neutral"}>{props.isEnabled ? t("Active") : t("Paused")}</Badge>
        <span className="inline-flex items-center gap-1 text-slate-700">
          <MethodIcon aria-hidden="true" className="size-3.5" />
          {t("By {method}", { method: translateText(ALERT_LABELS.methods[props.method]) })}
        </span>
      </div>
      {props.footer ? <div className="text-xs text-slate-600">{props.footer}</div> : null}
      {props.actions ? <div className="mt-auto flex justify-end gap-2">{props.actions}</div> : null}
    </Card>
  );
}
