import { cva } from "class-variance-authority";

/**
 * The look of the public site's call-to-action links: the header's Sign In, Dashboard and Get Started,
 * and the big buttons of the landing page, the static pages and the not-found page.
 *
 * The app's `Button` takes overrides through `cn`, which resolves conflicting Tailwind classes with
 * tailwind-merge; that library is a twentieth of the first script a visitor to `/` downloads, so the
 * first script's links take their whole look from these variants instead and never need merging
 * (decision 021). Classes added beside `ctaClass(...)` must not conflict with it.
 */
export const ctaClass = cva(
  "items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      tone: {
        primary: "bg-primary text-primary-foreground hover:bg-primary/90",
        outline: "border border-border bg-white text-foreground hover:bg-accent",
        ghost: "text-slate-700 hover:bg-accent hover:text-slate-900",
        /** On the indigo band at the foot of a page. */
        inverse: "bg-white text-indigo-700 hover:bg-indigo-50",
        inverseOutline: "text-white ring-1 ring-white/40 hover:bg-white/10",
      },
      size: {
        hero: "h-12 rounded-xl px-7 text-base",
        header: "h-9 rounded-lg px-3 text-[13px] lg:h-10 lg:px-4 lg:text-sm",
      },
      /** From which width the link shows (the header's text links give way to the drawer on a phone). */
      shownFrom: {
        always: "inline-flex",
        md: "hidden md:inline-flex",
      },
    },
    compoundVariants: [
      { tone: "primary", size: "hero", class: "shadow-lg shadow-indigo-600/25" },
      { tone: "primary", size: "header", class: "shadow-sm" },
    ],
    defaultVariants: { tone: "primary", size: "hero", shownFrom: "always" },
  },
);
