// Web component tests (the `web` Vitest project): Testing Library's matchers, and a clean DOM after
// each test. Failing on console.error is the shared fail-on-console-error.ts, loaded beside this.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, vi } from "vitest";
import { activate, loadAppMessages, loadPageMessages, loadPublicMessages } from "../../apps/web/src/i18n/i18n.tsx";
import { queryClient } from "../../apps/web/src/lib/query-client.ts";
import { forgetKnownSession } from "../../apps/web/src/lib/session-store.ts";

// findBy… and waitFor wait up to 5 s, not 1: `npm test` runs these beside the browser tests on a machine
// it shares, where a lazily loaded part (the marketing drawer) once took longer than a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // Sonner keeps its toasts in a module-wide store and replays the live ones to the next Toaster.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  // Who is signed in is module-wide too: the first script's session store, and the app's query client
  // (a test that signs out leaves the session cached as signed out for the next file's test).
  forgetKnownSession();
  queryClient.clear();
});

// English's messages with arguments, the site's, the rest of the public site's, the marketing pages' and
// the app's, as the first render of a page has them (issue 29).
await loadPublicMessages();
await loadAppMessages();
await loadPageMessages();
activate("en", "UTC");
