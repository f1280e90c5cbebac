import { isLanguage, LANGUAGE_COOKIE, type Language, negotiateLanguage } from "@ferry/core/i18n/languages";
import type { FastifyRequest } from "fastify";

/**
 * The language a request asks for when nobody is signed in (issue 29): the `ferry_lang` cookie the web
 * app keeps, else the browser's Accept-Language, else English.
 */
export function requestLanguage(request: Pick<FastifyRequest, "headers">): Language {
  const cookies = request.headers.cookie ?? "";
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookies)?.[1];
  return isLanguage(chosen) ? chosen : negotiateLanguage(request.headers["accept-language"]);
}
