import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/**
 * The TypeScript types of an OpenAPI document (`paths`, `components`, `operations`), as
 * openapi-typescript writes them, for openapi-fetch's `createClient<paths>`. Run by
 * scripts/generate-api-types.ts on the document the server emits; openapi-typescript needs
 * TypeScript 5's JavaScript API, which is why it and its TypeScript live in this workspace.
 */
export async function generateSchemaTypes(document: unknown): Promise<string> {
  const nodes = await openapiTS(document as OpenAPI3, { alphabetize: true, defaultNonNullable: false });
  return astToString(nodes);
}
