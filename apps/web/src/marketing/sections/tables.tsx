import { computeFee } from "@ferry/core/fees";
import { minorOf } from "@ferry/core/money";
import type { ReactNode } from "react";
import { formatMoney } from "../../i18n/format.ts";
import { cn } from "../../lib/cn.ts";
import type { FeeScheduleSection, TableSection } from "../content/page-sections.ts";
import { PageIcon, percentOf, Shell } from "./section-shell.tsx";

/**
 * The card a table sits in, with its caption for screen readers, its head row (`head`, the column
 * headers) and its body rows (`children`). Tables are written to fit a phone's width, so nothing
 * scrolls sideways.
 */
function TableFrame({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto mt-12 max-w-4xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wider text-slate-600 uppercase">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export function Table({ section }: { section: TableSection }) {
  return (
    <Shell section={section}>
      <TableFrame
        caption={section.caption}
        head={section.columns.map((column, index) => (
          <th
            key={column}
            scope="col"
            className={cn("px-4 py-3 sm:px-6", index === section.emphasizedColumn && "text-right")}
          >
            {column}
          </th>
        ))}
      >
        {section.rows.map(([name, ...cells], rowIndex) => (
          <tr key={name}>
            <th scope="row" className="px-4 py-4 text-left font-semibold text-slate-900 sm:px-6">
              {name}
              {section.rowDetails ? (
                <span className="mt-1 block text-sm font-normal leading-relaxed text-slate-600">
                  {section.rowDetails[rowIndex]}
                </span>
              ) : null}
            </th>
            {cells.map((cell, index) => (
              <td
                key={`${name}-${section.columns[index + 1]}`}
                className={cn(
                  "px-4 py-4 tabular-nums text-slate-700 sm:px-6",
                  index + 1 === section.emphasizedColumn &&
                    "text-right text-lg font-bold whitespace-nowrap text-primary",
                )}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </TableFrame>
      {section.footnote ? (
        <p className="mx-auto mt-4 max-w-4xl text-sm leading-relaxed text-slate-600">{section.footnote}</p>
      ) : null}
    </Shell>
  );
}

/** The product's transfer fees with what each costs on the example amount, by core's fee rule. */
export function FeeSchedule({ section }: { section: FeeScheduleSection }) {
  const exampleMinor = minorOf(section.exampleAmount, section.exampleCurrency);
  const feeOf = (basisPoints: number) =>
    formatMoney({
      currency: section.exampleCurrency,
      amountMinor: basisPoints === 0 ? 0n : computeFee(exampleMinor, basisPoints),
    });
  return (
    <Shell section={section}>
      <TableFrame
        caption={section.caption}
        head={
          <>
            <th scope="col" className="px-4 py-3 sm:px-6">
              {section.columns.method}
            </th>
            <th scope="col" className="px-4 py-3 text-right sm:px-6">
              {section.columns.rate}
            </th>
            <th scope="col" className="px-4 py-3 text-right sm:px-6">
              {section.columns.example}
            </th>
          </>
        }
      >
        {section.rows.map((row) => (
          <tr key={row.method}>
            <th scope="row" className="px-4 py-4 font-normal sm:px-6">
              <span className="flex items-start gap-3">
                <span className="mt-0.5 hidden size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-primary sm:flex">
                  <PageIcon name={row.icon} className="size-[18px]" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{row.method}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{row.detail}</span>
                </span>
              </span>
            </th>
            <td className="px-4 py-4 text-right text-lg font-bold whitespace-nowrap tabular-nums text-primary sm:px-6">
              {row.feeBasisPoints === 0 ? "Free" : percentOf(row.feeBasisPoints)}
            </td>
            <td className="px-4 py-4 text-right whitespace-nowrap tabular-nums text-slate-700 sm:px-6">
              {feeOf(row.feeBasisPoints)}
            </td>
          </tr>
        ))}
      </TableFrame>
      <p className="mx-auto mt-4 max-w-4xl text-sm leading-relaxed text-slate-600">{section.footnote}</p>
    </Shell>
  );
}
