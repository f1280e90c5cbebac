import type { FieldValues, Resolver } from "react-hook-form";
import { loadZodMessages } from "../i18n/i18n.tsx";

/**
 * A react-hook-form resolver whose code (a schema, zod, the zod resolver) is fetched the first time the
 * form is checked (submitted, as a rule), not with the page: for a form on a public page that most
 * visitors only read (decision 021). Create it once, at module level.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let loading: Promise<Resolver<Input, Context, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([load(), loadZodMessages()])
      .then(([resolver]) => resolver)
      .catch((error: unknown) => {
        // Offline at the first check: the next check fetches again.
        loading = undefined;
        throw error;
      });
    const resolve = await loading;
    return resolve(values, context, options);
  };
}
