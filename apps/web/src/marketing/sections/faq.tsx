import { ChevronDownIcon } from "lucide-react";
import type { FaqSection } from "../content/page-sections.ts";
import { Shell } from "./section-shell.tsx";

/** Questions as native disclosure widgets: keyboard-operable, announced as expanded or collapsed, and readable before any script runs. */
export function Faq({ section }: { section: FaqSection }) {
  return (
    <Shell section={section}>
      <div className="mx-auto mt-12 max-w-3xl space-y-3">
        {section.items.map((item) => (
          <details
            key={item.question}
            className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:shadow-md"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-6 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDownIcon
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-slate-600 sm:px-6">{item.answer}</p>
          </details>
        ))}
      </div>
    </Shell>
  );
}
