import { SUPPORT_PAGE } from "./content/support.ts";
import { ContentPage } from "./marketing-sections.tsx";
import { SupportContactForm } from "./support-contact-form.tsx";

/** /support: its content, with the contact form in its section. */
export function SupportPage() {
  return <ContentPage content={SUPPORT_PAGE} contactForm={<SupportContactForm />} />;
}
