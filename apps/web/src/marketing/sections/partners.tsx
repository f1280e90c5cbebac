import type { PartnersSection } from "../content/page-sections.ts";
import { percentOf, Shell } from "./section-shell.tsx";

export function Partners({ section }: { section: PartnersSection }) {
  return (
    <Shell section={section}>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {section.partners.map((partner) => (
          <li key={partner.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-xl text-base font-bold text-white shadow-inner"
                style={{ background: partner.color }}
              >
                {partner.initials}
              </span>
              <div className="min-w-0">
                <h3 className="text-lg font-semibold text-slate-900">{partner.name}</h3>
                <p className="text-sm text-slate-600">{partner.category}</p>
              </div>
            </div>
            <p className="mt-4 flex-1 leading-relaxed text-slate-600">{partner.description}</p>
            <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 text-sm">
              <div>
                <dt className="text-slate-600">{partner.feeLabel}</dt>
                <dd className="mt-0.5 text-lg font-bold tabular-nums text-primary">
                  {percentOf(partner.feeBasisPoints)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Regions</dt>
                <dd className="mt-0.5 font-semibold text-slate-900">{partner.regions}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {section.footnote ? (
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm leading-relaxed text-slate-600">{section.footnote}</p>
      ) : null}
    </Shell>
  );
}
