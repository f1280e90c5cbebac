import { constants } from "node:zlib";
import compress from "@fastify/compress";
import fp from "fastify-plugin";

/** Below this a compressed answer saves less than it costs (issue 14: "above a size threshold"). */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers (JSON and the CSV statement) above 1 KiB with brotli or gzip, as the
 * browser accepts. Brotli runs at quality 5, fast enough per request; the web build's files are
 * compressed once at build time at the best quality instead (apps/web/build/precompress.ts) and
 * @fastify/static sends those as they are.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      encodings: ["br", "gzip"],
      threshold: THRESHOLD_BYTES,
      customTypes: /^(application\/(json|problem\+json)|text\/csv)/,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: "ferry-compression", fastify: "5.x" },
);
