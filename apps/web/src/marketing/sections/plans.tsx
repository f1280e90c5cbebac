import { CircleCheckIcon } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import type { PlanCard, PlansSection } from "../content/page-sections.ts";
import { PageIcon, Shell, SmartLink } from "./section-shell.tsx";

export function Plans({ section }: { section: PlansSection }) {
  return (
    <Shell section={section}>
      <ul className="mt-14 grid items-stretch gap-6 lg:grid-cols-3">
        {section.plans.map((plan) => (
          <PlanCardItem key={plan.name} plan={plan} />
        ))}
      </ul>
      {section.footnote ? (
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm leading-relaxed text-slate-600">{section.footnote}</p>
      ) : null}
    </Shell>
  );
}

function PlanCardItem({ plan }: { plan: PlanCard }) {
  const isFeatured = plan.isFeatured === true;
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-3xl p-7 sm:p-8",
        isFeatured
          ? "bg-linear-to-br from-indigo-600 via-indigo-600 to-violet-700 text-white shadow-2xl shadow-indigo-900/25 lg:-my-4 lg:py-12"
          : "border border-slate-200 bg-white shadow-sm",
      )}
    >
      {plan.badge ? (
        <p className="absolute top-6 right-6 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase ring-1 ring-white/30">
          {plan.badge}
        </p>
      ) : null}
      <span
        className={cn(
          "flex size-12 items-center justify-center rounded-xl",
          isFeatured ? "bg-white/15 text-white" : "bg-indigo-50 text-primary ring-1 ring-indigo-100",
        )}
      >
        <PageIcon name={plan.icon} className="size-6" />
      </span>
      <h3 className={cn("mt-5 text-xl font-bold", isFeatured ? "text-white" : "text-slate-900")}>{plan.name}</h3>
      <p className={cn("mt-2 leading-relaxed", isFeatured ? "text-indigo-100" : "text-slate-600")}>{plan.summary}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
        <span className={cn("text-4xl font-extrabold tracking-tight", isFeatured ? "text-white" : "text-slate-900")}>
          {plan.price}
        </span>
        <span className={cn("text-sm font-medium", isFeatured ? "text-indigo-100" : "text-slate-600")}>
          {plan.priceNote}
        </span>
      </p>
      <ul className="mt-7 flex-1 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-sm leading-relaxed">
            <CircleCheckIcon
              aria-hidden="true"
              className={cn("mt-0.5 size-5 shrink-0", isFeatured ? "text-emerald-300" : "text-emerald-600")}
            />
            <span className={isFeatured ? "text-white" : "text-slate-700"}>{feature}</span>
          </li>
        ))}
      </ul>
      <Button
        asChild
        size="lg"
        variant={isFeatured ? "default" : "outline"}
        className={cn("mt-8 h-12 rounded-xl", isFeatured ? "bg-white text-indigo-700 hover:bg-indigo-50" : "bg-white")}
      >
        <SmartLink link={plan.cta}>{plan.cta.label}</SmartLink>
      </Button>
    </li>
  );
}
