import { computeFee } from "@ferry/core/fees";
import { minorOf } from "@ferry/core/money";
import { CircleCheckIcon, InfoIcon } from "lucide-react";
import { formatMoney } from "../../i18n/format.ts";
import { t } from "../../i18n/i18n.tsx";
import { cn } from "../../lib/cn.ts";
import { CONTAINER } from "../container.ts";
import type { SplitPanel, SplitSection } from "../content/page-sections.ts";
import { PageIcon, percentOf, SectionTitle } from "./section-shell.tsx";

export function Split({ section }: { section: SplitSection }) {
  return (
    <section
      aria-labelledby={section.id}
      className={cn("py-16 sm:py-20", section.isBanded && "border-y border-slate-200 bg-white")}
    >
      <div className={`${CONTAINER} grid items-center gap-12 lg:grid-cols-2 lg:gap-16`}>
        <div className={cn(section.isReversed && "lg:order-2")}>
          <SectionTitle section={section} />
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg leading-relaxed text-pretty text-slate-600">
              {paragraph}
            </p>
          ))}
          {section.bullets ? (
            <ul className="mt-6 space-y-3">
              {section.bullets.map((bullet) => (
                <li key={bullet} className="flex gap-3 text-slate-700">
                  <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                  <span className="leading-relaxed">{bullet}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <SplitPanelCard panel={section.panel} />
      </div>
    </section>
  );
}

function SplitPanelCard({ panel }: { panel: SplitPanel }) {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute inset-6 -z-10 rounded-[3rem] bg-linear-to-tr from-indigo-300/40 to-violet-300/40 blur-3xl"
      />
      {panel.kind === "transfer-example" ? <TransferExample panel={panel} /> : <ListPanel panel={panel} />}
      {panel.caption ? (
        <figcaption className="mt-4 flex items-center justify-center gap-1.5 text-center text-xs font-medium text-slate-600">
          <InfoIcon aria-hidden="true" className="size-3.5 shrink-0" />
          {panel.caption}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** An example transfer priced with core's fee rule (rounded up to the minor unit), as the server prices one. */
function TransferExample({ panel }: { panel: Extract<SplitPanel, { kind: "transfer-example" }> }) {
  const amountMinor = minorOf(panel.amount, panel.currency);
  const feeMinor = panel.feeBasisPoints === 0 ? 0n : computeFee(amountMinor, panel.feeBasisPoints);
  const rows = [
    { label: t("You send"), value: formatMoney({ currency: panel.currency, amountMinor }) },
    { label: t("Method"), value: panel.methodLabel },
    {
      label: t("Fee ({percent})", { percent: percentOf(panel.feeBasisPoints) }),
      value: formatMoney({ currency: panel.currency, amountMinor: feeMinor }),
    },
    { label: panel.arrivalLabel, value: panel.arrival },
  ];
  return (
    <div className="overflow-hidden rounded-3xl bg-white shadow-2xl shadow-slate-900/10 ring-1 ring-slate-200">
      <div className="bg-linear-to-br from-indigo-600 to-violet-600 px-6 py-5 text-white">
        <p className="text-sm font-medium text-indigo-100">{panel.title}</p>
        <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums">
          {formatMoney({ currency: panel.currency, amountMinor })}
        </p>
      </div>
      <dl className="divide-y divide-slate-100 px-6">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-4 py-3.5 text-sm">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="text-right font-semibold tabular-nums text-slate-900">{row.value}</dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-4 py-4">
          <dt className="font-semibold text-slate-900">{t("Total from your balance")}</dt>
          <dd className="text-right text-lg font-bold whitespace-nowrap tabular-nums text-primary">
            {formatMoney({ currency: panel.currency, amountMinor: amountMinor + feeMinor })}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function ListPanel({ panel }: { panel: Extract<SplitPanel, { kind: "list" }> }) {
  return (
    <div className="rounded-3xl bg-white p-6 shadow-2xl shadow-slate-900/10 ring-1 ring-slate-200 sm:p-7">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-white shadow-lg shadow-indigo-600/25">
          <PageIcon name={panel.icon} className="size-5" />
        </span>
        <p className="text-base font-semibold text-slate-900">{panel.title}</p>
      </div>
      <dl className="mt-4 divide-y divide-slate-100">
        {panel.items.map((item) => (
          <div key={item.label} className="flex items-start justify-between gap-4 py-3 text-sm">
            <dt className="text-slate-600">{item.label}</dt>
            <dd className="text-right font-semibold text-slate-900">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
