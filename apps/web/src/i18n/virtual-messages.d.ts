declare module "virtual:ferry-messages/*" {
  import type { CompiledCatalog } from "@ferry/core/i18n/catalog";

  const catalog: CompiledCatalog;
  export default catalog;
}
