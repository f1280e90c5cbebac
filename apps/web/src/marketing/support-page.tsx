import type { ReactNode } from "react";
import { SUPPORT_PAGE } from "./content/support.ts";
import { ContentPage } from "./content-page.tsx";

/** /support: its content, with the contact form (features/support, composed in app/routes.tsx) in its section. */
export function SupportPage({ contactForm }: { contactForm: ReactNode }) {
  return <ContentPage content={SUPPORT_PAGE} contactForm={contactForm} />;
}
