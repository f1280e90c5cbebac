import type { TransferDestination } from "@ferry/core/contracts/transfers";
import { formatIbanForDisplay } from "@ferry/core/validation/iban-display";
import { NATIONAL_BANK_FIELDS } from "@ferry/core/validation/national-bank";
import { CRYPTO_NETWORKS, isCryptoNetworkId } from "@ferry/core/validation/networks";
import { countryName, NATIONAL_FIELD_TEXT } from "../../../components/bank-fields.tsx";
import { t } from "../../../i18n/i18n.tsx";

/** A country as stored: an ISO 3166 code is named ("Germany (DE)"); older free text is shown as typed. */
function countryLabel(country: string): string {
  if (/^[A-Z]{2}$/.test(country)) {
    return `${countryName(country)} (${country})`;
  }
  return country;
}

function networkLabel(network: string): string {
  return isCryptoNetworkId(network) ? CRYPTO_NETWORKS[network].name : network;
}

/** One row: the account number and address wrap whole instead of being cut, since every character counts. */
function Row(props: { label: string; value: string | null; isCode?: boolean }) {
  if (!props.value) {
    return null;
  }
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{props.label}</dt>
      <dd className={props.isCode ? "font-mono text-sm break-all" : "text-sm break-words"}>{props.value}</dd>
    </div>
  );
}

/**
 * Where the money goes, exactly as Ferry will use it (issue 19): the server's stored details, the IBAN
 * in groups of four and the address whole (an EVM address in its checksummed form), for the person to
 * compare with what they meant before a code is sent.
 */
export function DestinationDetails(props: { destination: TransferDestination; nameLabel: string }) {
  const { destination } = props;
  return (
    <section aria-labelledby="destination-heading" className="grid gap-2 rounded-lg border border-border p-4">
      <h3 id="destination-heading" className="text-sm font-semibold">
        {t("Check where the money goes")}
      </h3>
      <dl className="grid gap-2">
        {destination.kind === "bank" ? (
          <>
            <Row label={props.nameLabel} value={destination.name} />
            {NATIONAL_BANK_FIELDS.map((field) => (
              <Row key={field} label={t(NATIONAL_FIELD_TEXT[field].label)} value={destination[field]} isCode />
            ))}
            <Row label={t("Account number")} value={formatIbanForDisplay(destination.accountNumber)} isCode />
            <Row label={t("Bank")} value={destination.bankName} />
            <Row label={t("SWIFT/BIC")} value={destination.swiftCode} isCode />
            <Row label={t("Country")} value={destination.country ? countryLabel(destination.country) : null} />
          </>
        ) : null}
        {destination.kind === "crypto" ? (
          <>
            <Row label={t("Network")} value={networkLabel(destination.network)} />
            <Row label={t("Address")} value={destination.address} isCode />
          </>
        ) : null}
        {destination.kind === "ferry_user" ? (
          <>
            <Row label={t("Ferry user")} value={destination.name} />
            <Row label={t("E-mail")} value={destination.email} />
          </>
        ) : null}
      </dl>
      {destination.kind === "crypto" ? (
        <p className="text-xs text-muted-foreground">
          {t(
            "Compare the whole address with the one you were given: coins sent to a wrong address cannot be recovered.",
          )}
        </p>
      ) : null}
      {destination.kind === "ferry_user" ? (
        <p className="text-xs text-muted-foreground">
          {t("For their privacy, Ferry shows another account's holder by first name and last initial only.")}
        </p>
      ) : null}
    </section>
  );
}
