import { MailIcon, MessageCircleIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { SUPPORT_CONTACT_FALLBACK } from "./content/support.ts";

/**
 * SLOT for the support contact form (support-contact-form.tsx, built separately with its endpoint):
 * until that component is rendered here, this offers the other ways to send support a message.
 */
export function SupportContactSlot() {
  const text = SUPPORT_CONTACT_FALLBACK;
  return (
    <div data-slot="support-contact-form" className="flex h-full flex-col justify-center">
      <h3 className="text-xl font-semibold text-slate-900">{text.title}</h3>
      <p className="mt-3 leading-relaxed text-slate-600">{text.body}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg" className="h-11 rounded-xl">
          <a href={text.emailCta.to}>
            <MailIcon aria-hidden="true" />
            {text.emailCta.label}
          </a>
        </Button>
        <Button asChild size="lg" variant="outline" className="h-11 rounded-xl bg-white">
          <Link to={text.helpCta.to}>
            <MessageCircleIcon aria-hidden="true" />
            {text.helpCta.label}
          </Link>
        </Button>
      </div>
    </div>
  );
}
