import { ALERT_LABELS, type AlertRuleType } from "@ferry/core/alert-rules";
import { ArrowRightIcon, BellIcon, MailIcon, MessageSquareIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { t, translateText } from "../../i18n/i18n.tsx";
import { useVisitorProfile } from "../../lib/session-store.ts";
import { RuleSummary, TYPE_ICONS } from "./alert-rule-summary.tsx";
import {
  ALERT_METHOD_TEXT,
  ALERT_TYPE_TEXT,
  ALERTS_PAGE,
  SAMPLE_ALERT_RULES,
  type SampleAlertRule,
} from "./content.ts";

// A signed-in user's rules, their forms and dialogs: fetched for a signed-in user only, so a visitor's
// page (the pre-rendered one) carries no schemas or dialogs (decision 021).
const RulesManager = lazy(async () => ({ default: (await import("./alert-rules-manager.tsx")).RulesManager }));

/** Where the rules show while their code arrives: the shape of the manager's own loading state. */
function RulesManagerLoading() {
  return (
    <div role="status" aria-label={t("Loading your alert rules")} className="grid gap-4 sm:grid-cols-2">
      <Skeleton className="h-44 rounded-2xl" />
      <Skeleton className="h-44 rounded-2xl" />
    </div>
  );
}

const CONTAINER = "mx-auto w-full max-w-5xl px-4 sm:px-6 lg:px-8";

// ---------------------------------------------------------------------------------------------
// The visitor's page: what alerts are, the spec's sample rules, and a sign-up prompt.
// ---------------------------------------------------------------------------------------------

function AlertTypes() {
  return (
    <section aria-labelledby="alert-types-heading">
      <h2 id="alert-types-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {translateText(ALERTS_PAGE.typesHeading)}
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {(Object.keys(ALERT_TYPE_TEXT) as AlertRuleType[]).map((type) => {
          const Icon = TYPE_ICONS[type];
          return (
            <li key={type}>
              <Card className="h-full rounded-2xl p-6">
                <Icon aria-hidden="true" className="size-6 text-primary" />
                <h3 className="mt-4 font-semibold text-slate-900">{translateText(ALERT_LABELS.types[type])}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{translateText(ALERT_TYPE_TEXT[type])}</p>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SampleRules() {
  return (
    <section aria-labelledby="sample-rules-heading" className="mt-16">
      <h2 id="sample-rules-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {translateText(ALERTS_PAGE.samplesHeading)}
      </h2>
      <p className="mt-2 text-slate-600">{translateText(ALERTS_PAGE.samplesIntro)}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="sample-rules">
        {SAMPLE_ALERT_RULES.map((rule: SampleAlertRule) => (
          <li key={rule.name}>
            <RuleSummary
              heading={translateText(rule.name)}
              condition={rule.condition}
              method={rule.method}
              isEnabled={rule.isEnabled}
              badge={translateText(ALERTS_PAGE.sampleBadge)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Delivery() {
  const items = [
    { key: "inApp", icon: BellIcon, ...ALERT_METHOD_TEXT.inApp },
    { key: "email", icon: MailIcon, ...ALERT_METHOD_TEXT.email },
    { key: "sms", icon: MessageSquareIcon, ...ALERT_METHOD_TEXT.sms },
  ];
  return (
    <section aria-labelledby="delivery-heading" className="mt-16">
      <h2 id="delivery-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {translateText(ALERTS_PAGE.deliveryHeading)}
      </h2>
      <dl className="mt-6 grid gap-4 md:grid-cols-3">
        {items.map((item) => (
          <div key={item.key} className="rounded-2xl border border-slate-200 bg-white p-5">
            <dt className="flex items-center gap-2 font-semibold text-slate-900">
              <item.icon aria-hidden="true" className="size-4 text-primary" />
              {translateText(item.title)}
            </dt>
            <dd className="mt-2 text-sm leading-relaxed text-slate-600">{translateText(item.body)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SignUpPrompt() {
  const { signUp } = ALERTS_PAGE;
  return (
    <section
      aria-labelledby="alerts-sign-up-heading"
      className="mt-16 rounded-3xl bg-indigo-600 px-6 py-10 text-center text-white sm:px-12"
    >
      <h2 id="alerts-sign-up-heading" className="text-2xl font-bold tracking-tight">
        {translateText(signUp.heading)}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-indigo-50">{translateText(signUp.body)}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg" variant="secondary" className="h-11 rounded-xl">
          <Link to={signUp.primary.to}>
            {translateText(signUp.primary.label)}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="h-11 rounded-xl border-white bg-transparent text-white hover:bg-indigo-500 hover:text-white"
        >
          <Link to={signUp.secondary.to}>{translateText(signUp.secondary.label)}</Link>
        </Button>
      </div>
    </section>
  );
}

/**
 * The body of `/alerts` (spec §2, §9; issue 14), shown by static-page.tsx in the marketing layout with the
 * page's title and description from static-pages.ts (a chunk of its own: app/routes.tsx). A visitor sees what alerts are, the sample rules (read-only) and a
 * sign-up prompt; a signed-in customer manages their own rules, which fire on real events (the server's
 * modules/alerts), by the methods the server says can reach them (issue 27: on in their Settings;
 * SMS also needs a phone number and an SMS provider).
 */
export function AlertsPage() {
  // Null for a visitor, and while the session is being found out: the page is pre-rendered for a visitor.
  const profile = useVisitorProfile();
  let body: ReactNode;
  if (profile) {
    body = (
      <>
        <Suspense fallback={<RulesManagerLoading />}>
          <RulesManager />
        </Suspense>
        <Delivery />
      </>
    );
  } else {
    body = (
      <>
        <AlertTypes />
        <SampleRules />
        <Delivery />
        <SignUpPrompt />
      </>
    );
  }
  return (
    <>
      <section
        aria-labelledby="alerts-heading"
        className="relative isolate overflow-hidden border-b border-slate-200/70"
      >
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-indigo-50 via-white to-white" />
        <div className="mx-auto w-full max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1
            id="alerts-heading"
            className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {translateText(ALERTS_PAGE.title)}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">
            {translateText(ALERTS_PAGE.intro)}
          </p>
        </div>
      </section>
      <div className={`${CONTAINER} py-12 sm:py-16`}>{body}</div>
    </>
  );
}
