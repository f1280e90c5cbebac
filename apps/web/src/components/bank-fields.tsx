import type { MessageKey } from "@ferry/core/i18n/catalog";
import { LOCALE_OF } from "@ferry/core/i18n/languages";
import { bankAccountFormat, ibanCountryOf, NATIONAL_FIELDS_BY_FORMAT } from "@ferry/core/validation/bank-account";
import { COUNTRY_CODES, type CountryCode } from "@ferry/core/validation/countries";
import { NATIONAL_BANK_FIELDS, type NationalBankField } from "@ferry/core/validation/national-bank";
import type { UseFormRegisterReturn } from "react-hook-form";
import { activeLanguage, format, t } from "../i18n/i18n.tsx";
import { Field } from "./ui/field.tsx";
import { NativeSelect } from "./ui/native-select.tsx";

/*
 * What a bank form asks for, decided by the country and currency chosen (core's bank-account.ts):
 * the account number's label and example, and the domestic fields of the formats without IBANs.
 */

/** "Germany" ("Deutschland" in German), or the code itself when the browser has no name for it. */
export function countryName(code: string): string {
  return format().regionName(code);
}

/** Every country a bank can be in, by name in the active language, sorted as that language sorts. */
function countryOptions(): readonly { code: string; name: string }[] {
  const language = activeLanguage();
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, LOCALE_OF[language]),
  );
}

/** The label (an English key, translated when shown) and example of each domestic field. */
export const NATIONAL_FIELD_TEXT: Readonly<Record<NationalBankField, { label: MessageKey; placeholder: string }>> = {
  routingNumber: { label: "Routing number (ABA)", placeholder: "021000021" },
  transitNumber: { label: "Transit number", placeholder: "12345" },
  institutionNumber: { label: "Institution number", placeholder: "003" },
  bsb: { label: "BSB", placeholder: "062-000" },
  sortCode: { label: "Sort code", placeholder: "20-00-00" },
};

/** A domestic field a bank form asks for, with its label and example. */
interface NationalFieldInput {
  readonly field: NationalBankField;
  readonly label: string;
  readonly placeholder: string;
}

export interface BankFieldsLayout {
  readonly accountLabel: string;
  readonly accountPlaceholder: string;
  readonly accountHint: string | null;
  readonly nationalFields: readonly NationalFieldInput[];
}

/**
 * The account number's label, example and hint, and the domestic fields, for a country and currency,
 * in the active language (call it when rendering).
 */
export function bankFieldsLayout(country: string, currency: string): BankFieldsLayout {
  if (country === "") {
    return { accountLabel: t("Account number"), accountPlaceholder: "", accountHint: null, nationalFields: [] };
  }
  const accountFormat = bankAccountFormat(country, currency);
  const nationalFields = NATIONAL_FIELDS_BY_FORMAT[accountFormat].map((field) => ({
    field,
    label: t(NATIONAL_FIELD_TEXT[field].label),
    placeholder: NATIONAL_FIELD_TEXT[field].placeholder,
  }));
  switch (accountFormat) {
    case "iban": {
      const ibanCountry = ibanCountryOf(country) ?? country;
      return {
        accountLabel: t("Account number (IBAN)"),
        accountPlaceholder: `${ibanCountry}00 0000 0000 …`,
        accountHint: t("Banks in {country} are paid by IBAN, which starts with {prefix}.", {
          country: countryName(country),
          prefix: ibanCountry,
        }),
        nationalFields,
      };
    }
    case "us":
      return {
        accountLabel: t("Account number"),
        accountPlaceholder: "000123456789",
        accountHint: t("4 to 17 digits."),
        nationalFields,
      };
    case "ca":
      return {
        accountLabel: t("Account number"),
        accountPlaceholder: "1234567",
        accountHint: t("7 to 12 digits."),
        nationalFields,
      };
    case "au":
      return {
        accountLabel: t("Account number"),
        accountPlaceholder: "12345678",
        accountHint: t("5 to 9 digits."),
        nationalFields,
      };
    case "gb":
      return {
        accountLabel: t("Account number"),
        accountPlaceholder: "31926819",
        accountHint: t("8 digits."),
        nationalFields,
      };
    case "other":
      return {
        accountLabel: t("Account number"),
        accountPlaceholder: "",
        accountHint: t("4 to 34 letters and digits, as the bank writes it."),
        nationalFields,
      };
  }
}

/**
 * A bank form's values without the domestic fields its country and currency do not use, so a routing
 * number typed before the country changed to Germany is not sent.
 */
export function withoutUnusedNationalFields<
  T extends { country: string; currency: string } & Partial<Record<NationalBankField, string>>,
>(values: T): T {
  const used = bankFieldsLayout(values.country, values.currency).nationalFields;
  const kept = { ...values };
  for (const field of NATIONAL_BANK_FIELDS) {
    if (!used.some((input) => input.field === field)) {
      delete kept[field];
    }
  }
  return kept;
}

/** Whether a saved value is one of today's choices (a value saved under older rules may not be). */
export function isOneOf<T extends string>(values: readonly T[], value: string | null | undefined): value is T {
  return values.some((known) => known === value);
}

/** The bank details of a saved recipient or payment method, as the API returns them. */
type SavedBankDetails = Partial<
  Record<
    "bankName" | "accountHolderName" | "accountNumber" | "swiftCode" | "country" | NationalBankField,
    string | null
  >
>;

/**
 * The bank details a form starts from: those of the destination being edited, or empty ones. No country
 * until one is chosen (or one saved as free text before issue 19): the select shows its prompt.
 */
export function bankDetailDefaultsOf(editing: SavedBankDetails | null) {
  return {
    bankName: editing?.bankName ?? "",
    accountHolderName: editing?.accountHolderName ?? "",
    accountNumber: editing?.accountNumber ?? "",
    swiftCode: editing?.swiftCode ?? "",
    country: isOneOf(COUNTRY_CODES, editing?.country) ? editing.country : ("" as CountryCode),
    routingNumber: editing?.routingNumber ?? "",
    transitNumber: editing?.transitNumber ?? "",
    institutionNumber: editing?.institutionNumber ?? "",
    bsb: editing?.bsb ?? "",
    sortCode: editing?.sortCode ?? "",
  };
}

/** The options of a country select: a prompt, then every country by name. */
function CountryOptions() {
  return (
    <>
      <option value="">{t("Choose a country")}</option>
      {countryOptions().map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}

/** A bank form's country: a select of every country, with its error (client or server) underneath. */
export function CountrySelect(props: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <Field id={props.id} label={t("Country")} error={props.error}>
      <NativeSelect
        id={props.id}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        {...props.registration}
      >
        <CountryOptions />
      </NativeSelect>
    </Field>
  );
}
