import type { ReactNode } from "react";
import { Button } from "../../components/ui/button.tsx";
import type { ChannelsSection, ContactFormSection } from "../content/page-sections.ts";
import { PageIcon, Shell, SmartLink } from "./section-shell.tsx";

export function Channels({ section }: { section: ChannelsSection }) {
  return (
    <Shell section={section}>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {section.channels.map((channel) => (
          <li
            key={channel.title}
            className="flex flex-col rounded-3xl border border-slate-200 bg-white p-7 shadow-sm transition hover:shadow-md"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-white shadow-lg shadow-indigo-600/25">
              <PageIcon name={channel.icon} className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-slate-900">{channel.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-600">{channel.description}</p>
            <dl className="mt-6 space-y-3 rounded-2xl bg-slate-50 p-4 text-sm">
              <div className="flex items-center justify-between gap-3">
                <dt className="flex items-center gap-2 text-slate-600">
                  <PageIcon name="timer" className="size-4" />
                  {channel.responseLabel}
                </dt>
                <dd className="text-right font-semibold text-slate-900">{channel.response}</dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="flex items-center gap-2 text-slate-600">
                  <PageIcon name="clock" className="size-4" />
                  {channel.hoursLabel}
                </dt>
                <dd className="text-right font-semibold text-slate-900">{channel.hours}</dd>
              </div>
            </dl>
            {channel.note ? <p className="mt-3 text-xs leading-relaxed text-slate-600">{channel.note}</p> : null}
            {/* The buttons line up at the foot of cards of one row, whatever each card says above them. */}
            <div className="mt-auto pt-6">
              <Button asChild size="lg" variant="outline" className="h-11 w-full rounded-xl bg-white">
                <SmartLink link={channel.action}>{channel.action.label}</SmartLink>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Shell>
  );
}

export function ContactForm({ section, form }: { section: ContactFormSection; form?: ReactNode }) {
  return (
    <Shell section={section}>
      <div className="mx-auto mt-12 grid max-w-5xl gap-6 lg:grid-cols-[1.6fr_1fr]">
        <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{form}</div>
        <aside
          aria-label={section.aside.title}
          className="self-start rounded-3xl bg-slate-900 p-6 dark:bg-slate-800 text-slate-300 sm:p-8"
        >
          <p className="text-lg font-semibold text-white">{section.aside.title}</p>
          <ul className="mt-6 space-y-5">
            {section.aside.items.map((item) => (
              <li key={item.label} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-indigo-300">
                  <PageIcon name={item.icon} className="size-5" />
                </span>
                <span>
                  <span className="block text-sm text-slate-400">{item.label}</span>
                  <span className="block font-semibold text-white">{item.value}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </Shell>
  );
}
