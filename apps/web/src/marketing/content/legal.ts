// /terms and /privacy: plain-language templates. Ferry is open-source software; the company that runs a
// Ferry service is the party to these documents, so its details (operator.ts) and every bracketed entry
// are for it to complete — with a lawyer for its own country — before going live.

import { filled } from "../translated-content.ts";
import { DEFAULT_FEES_BPS, OPERATOR } from "./operator.ts";
import type { PageContent } from "./page-sections.ts";

const LAST_UPDATED = "[date of publication]";

/** Whole basis points as a percentage, a decimal string without trailing zeros: 50 → "0.5", 100 → "1". */
function percentOf(basisPoints: number): { decimal: string } {
  const hundredths = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  const whole = String(Math.floor(basisPoints / 100));
  return { decimal: hundredths ? `${whole}.${hundredths}` : whole };
}

/** The note above each document: the operator completes it before publishing. */
function templateNote(document: string) {
  return {
    title: "A template for the operator to complete",
    body: filled(
      "This {document} is a plain-language template that ships with Ferry's open-source software. The company operating this service completes it with its legal entity, registered address, regulator and governing law, and has it reviewed for its own country, before publishing it. The bracketed entries mark what it fills in.",
      { document },
    ),
  };
}

export const TERMS_PAGE: PageContent = {
  hero: {
    eyebrow: "Legal",
    icon: "scroll",
    title: "Terms of Service",
    lead: "The agreement between you and us when you open and use a Ferry account, written to be read. Please read it before you sign up.",
    visual: { kind: "none" },
  },
  sections: [
    {
      kind: "legal",
      id: "terms-contents",
      title: "Contents",
      lastUpdatedLabel: "Last updated:",
      lastUpdated: LAST_UPDATED,
      operatorNote: templateNote("Terms of Service"),
      clauses: [
        {
          id: "terms-about",
          title: "Who we are",
          paragraphs: [
            filled(
              'The Ferry service is provided by {legalName}, registered at {address} under number {companyNumber} ("we", "us"). We are authorised by {regulator}.',
              {
                legalName: OPERATOR.legalName,
                address: OPERATOR.registeredAddress,
                companyNumber: OPERATOR.companyNumber,
                regulator: OPERATOR.regulator,
              },
            ),
            "Ferry is open-source software. We run it to provide the service; these terms are between you and us.",
          ],
        },
        {
          id: "terms-account",
          title: "Your account",
          bullets: [
            "You must be at least 18 and able to enter into a binding agreement.",
            "The information you give us must be true and kept up to date.",
            "One person, one account. Your account is for your own use.",
            "We may ask you to verify your e-mail address and your identity. Some limits are lower until you do.",
          ],
        },
        {
          id: "terms-security",
          title: "Keeping your account safe",
          paragraphs: [
            "You confirm each sign-in and each transfer with a code we e-mail you. Never share your password or your codes with anyone — we will never ask for them.",
            filled(
              "If you think someone else has access to your account, change your password and contact us at once at {email}.",
              { email: OPERATOR.supportEmail },
            ),
          ],
        },
        {
          id: "terms-deposits",
          title: "Adding money",
          paragraphs: [
            "You can add money by bank transfer, using the personal reference shown in your account, or by sending crypto to your own deposit address. We credit your balance once we have received and checked a deposit.",
            "We may return or hold a deposit we cannot match to you or that we are required to investigate. Send only the currencies and networks your deposit page lists: crypto sent to the wrong network may be lost.",
          ],
        },
        {
          id: "terms-transfers",
          title: "Sending money",
          bullets: [
            "You are responsible for the recipient details you give. We check their format, but a correctly formatted account can still belong to someone else.",
            "A transfer to another Ferry user is instant and final once confirmed.",
            "A bank or crypto transfer reserves the amount and its fee from your balance at once, and is then processed and sent. If it fails or is cancelled, the reserved amount returns to your balance.",
            "Crypto transfers cannot be reversed once sent on their network.",
          ],
        },
        {
          id: "terms-fees",
          title: "Fees and exchange rates",
          paragraphs: [
            filled(
              "Our transfer fees are set out on our Fees page: currently free to another Ferry user, {bank} % to a bank account and {crypto} % to a crypto wallet, added to the amount you send. The fee of every transfer is shown before you confirm it.",
              { bank: percentOf(DEFAULT_FEES_BPS.bank), crypto: percentOf(DEFAULT_FEES_BPS.crypto) },
            ),
            "An exchange between your balances is priced by a quote that shows the rate and fee, held for 30 seconds. We will tell you [number] days before we change our fees.",
          ],
        },
        {
          id: "terms-limits",
          title: "Limits",
          paragraphs: [
            "Money leaving Ferry has a daily limit per currency, over any 24 hours. Limits are lower until your e-mail and identity are verified. Your account shows the limits that apply to you.",
          ],
        },
        {
          id: "terms-investment",
          title: "The investment centre",
          paragraphs: [
            "Where we offer the investment centre, its daily rate and conditions are shown there. Returns are paid from a reserve we fund, only while that reserve can pay them: they are not guaranteed, and you may get back less than you expect. [Describe any licence, protection or risk warning this product requires.]",
          ],
        },
        {
          id: "terms-conduct",
          title: "What you must not do",
          bullets: [
            "Use Ferry for anything illegal, including fraud, money laundering or financing terrorism.",
            "Use someone else's account, or let someone else use yours.",
            "Try to get around our limits, checks or security, or interfere with the service.",
          ],
        },
        {
          id: "terms-closing",
          title: "Suspending and closing accounts",
          paragraphs: [
            "You can close your account at any time by contacting support; we will help you move your remaining balance to your own bank account or wallet first.",
            "We may suspend or close an account, or hold a transfer, where the law requires it, to protect you or others from fraud, or if these terms are broken. We will tell you why unless the law forbids us to.",
          ],
        },
        {
          id: "terms-liability",
          title: "Our responsibility to you",
          paragraphs: [
            "We are responsible for carrying out your transfers as you instruct. We are not responsible for charges made by your recipient's bank, or for delays caused by banks and networks outside our control.",
            "[Set out the operator's liability, refunds for unauthorised transactions and any limits, as the law of the governing country requires.]",
          ],
        },
        {
          id: "terms-changes",
          title: "Changes to these terms",
          paragraphs: [
            "We will e-mail you before changes to these terms take effect. If you don't agree, you can close your account before then without charge.",
          ],
        },
        {
          id: "terms-complaints",
          title: "Complaints and contact",
          paragraphs: [
            filled(
              "Contact us through the Support page or at {email}. If we can't resolve your complaint, you may refer it to [the ombudsman or authority that handles complaints].",
              { email: OPERATOR.supportEmail },
            ),
            filled("These terms are governed by the law of {governingLaw}.", { governingLaw: OPERATOR.governingLaw }),
          ],
        },
      ],
    },
  ],
};

export const PRIVACY_PAGE: PageContent = {
  hero: {
    eyebrow: "Legal",
    icon: "lock",
    title: "Privacy Policy",
    lead: "What personal data we collect when you use Ferry, why we need it, who we share it with, how long we keep it, and the rights you have.",
    visual: { kind: "none" },
  },
  sections: [
    {
      kind: "legal",
      id: "privacy-contents",
      title: "Contents",
      lastUpdatedLabel: "Last updated:",
      lastUpdated: LAST_UPDATED,
      operatorNote: templateNote("Privacy Policy"),
      clauses: [
        {
          id: "privacy-who",
          title: "Who is responsible for your data",
          paragraphs: [
            filled(
              "{legalName}, {address}, is responsible for your personal data as the company that provides the Ferry service. You can reach us about privacy at {email}.",
              { legalName: OPERATOR.legalName, address: OPERATOR.registeredAddress, email: OPERATOR.privacyEmail },
            ),
          ],
        },
        {
          id: "privacy-collect",
          title: "What we collect",
          bullets: [
            "Account details: your e-mail address, name and password (which we keep only as a salted hash).",
            "Identity details, where we must verify who you are: [list the documents and data collected].",
            "Your money: balances, deposits, transfers, exchanges, and the recipients, bank details and crypto addresses you save.",
            "Your messages: help requests, replies and the files you attach.",
            "Security data: your IP address and device details when you sign in or make requests, used to protect your account and limit abuse.",
          ],
        },
        {
          id: "privacy-why",
          title: "Why we use it",
          bullets: [
            "To provide the service you signed up for: your account, your balances and your transfers.",
            "To keep your account and other customers safe, and to prevent fraud.",
            "To meet our legal duties, such as identity checks and keeping financial records.",
            "To send you the e-mails the service needs: sign-in and transfer codes, receipts and notices. We send marketing only if you choose to receive it.",
          ],
        },
        {
          id: "privacy-cookies",
          title: "Cookies",
          paragraphs: [
            "Ferry uses only the cookies it needs to work: a session cookie that keeps you signed in (it can't be read by the page's scripts) and a cookie that remembers whether you folded the app's sidebar, kept for 7 days. Ferry's software sets no advertising or analytics cookies. [List any analytics the operator adds.]",
          ],
        },
        {
          id: "privacy-sharing",
          title: "Who we share it with",
          paragraphs: [
            "We share only what each needs: the banks, payment networks and crypto networks that carry your transfers (a recipient's bank sees the payment details), the providers that verify identity, deliver our e-mail and host the service, and authorities when the law requires it. We do not sell your personal data.",
            "[Name the main providers or the kinds of provider, and where they are based.]",
          ],
        },
        {
          id: "privacy-international",
          title: "International transfers",
          paragraphs: [
            "Sending money abroad means sharing payment details with banks in other countries. [Describe where data is stored and the safeguards used when it leaves the country.]",
          ],
        },
        {
          id: "privacy-retention",
          title: "How long we keep it",
          paragraphs: [
            "We keep your account data while your account is open. Records of transactions and identity checks are kept for as long as financial law requires after it closes: [number] years. Security logs are kept for [period].",
          ],
        },
        {
          id: "privacy-protection",
          title: "How we protect it",
          paragraphs: [
            "Passwords, one-time codes and API secrets are stored only as hashes. Every request is checked on our server, so customers can only reach their own data, and administrators' actions are written to an audit log.",
          ],
        },
        {
          id: "privacy-rights",
          title: "Your rights",
          bullets: [
            "See the personal data we hold about you, and get a copy (you can also export your transaction history yourself).",
            "Have wrong data corrected.",
            "Ask us to delete your data, or to stop or limit using it, where we are not required to keep it.",
            "Complain to [the data protection authority], though we'd like the chance to put things right first.",
          ],
        },
        {
          id: "privacy-children",
          title: "Children",
          paragraphs: ["Ferry is not for anyone under 18, and we do not knowingly collect their data."],
        },
        {
          id: "privacy-changes",
          title: "Changes to this policy",
          paragraphs: [
            filled("We will tell you by e-mail about important changes to this policy. Questions? Write to {email}.", {
              email: OPERATOR.privacyEmail,
            }),
          ],
        },
      ],
    },
  ],
};
