import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import type { DB } from "./schema.ts";

/**
 * Carries one value on a Kysely instance, and so on every transaction begun from it (Kysely hands
 * its plugins on to them): mail's delivery queue and the SMS channel reach the code that writes a
 * message in the caller's own transaction without every module passing them along. It changes no query.
 */
export function kyselyCarrier<T>() {
  class Carrier implements KyselyPlugin {
    constructor(readonly value: T) {}

    transformQuery(args: PluginTransformQueryArgs) {
      return args.node;
    }

    async transformResult(args: PluginTransformResultArgs) {
      return args.result;
    }
  }
  return {
    /** `db` with `value` attached. */
    attach: (db: Kysely<DB>, value: T): Kysely<DB> => db.withPlugin(new Carrier(value)),
    /** The value attached to `db` (or to the database its transaction began from); null: none. */
    of: (db: Kysely<DB>): T | null => {
      const plugin = db.getExecutor().plugins.find((candidate) => candidate instanceof Carrier);
      return plugin instanceof Carrier ? plugin.value : null;
    },
  };
}
