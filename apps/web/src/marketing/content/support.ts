// /support and /support/dedicated. Response times and hours are the spec's (live chat: average
// response 2 minutes, open 24/7; phone: Mon–Fri 6 AM–6 PM PT; e-mail: answered within 4 hours, 24/7) and
// are the operator's service levels to keep; support tiers: Standard, Premium from $10k a month, VIP from
// $100k a month.

import { filled } from "../translated-content.ts";
import { HELP_DESK_TARGETS, OPERATOR } from "./operator.ts";
import type { PageContent } from "./page-sections.ts";

export const SUPPORT_PAGE: PageContent = {
  hero: {
    eyebrow: "Support",
    icon: "support",
    title: "Real people,",
    accent: "whenever you need them",
    lead: "Chat with us from your account, call during business hours, or e-mail any time. Most questions are answered below.",
    primaryCta: { label: "Contact support", to: "#contact" },
    secondaryCta: { label: "Read the FAQ", to: "#faq" },
    visual: {
      kind: "figures",
      title: "How fast we answer",
      figures: [
        { value: "2 min", label: "Average live chat response" },
        { value: "4 h", label: "E-mail answered within" },
        { value: "24/7", label: "Chat and e-mail open" },
      ],
      note: "Our service targets. Each help request also gets a due time by its priority.",
    },
  },
  sections: [
    {
      kind: "channels",
      id: "support-channels",
      eyebrow: "Get in touch",
      title: "Choose how to reach us",
      channels: [
        {
          icon: "chat",
          title: "Live chat",
          description:
            "Start a conversation from the Help page of your account. We reply in the same thread, and you can attach screenshots.",
          responseLabel: "Average response",
          response: "2 minutes",
          hoursLabel: "Open",
          hours: "24/7",
          action: { label: "Open chat", to: "/help" },
          note: "You'll be asked to sign in first, so we can see your account.",
        },
        {
          icon: "phone",
          title: "Phone",
          description: "Talk a problem through with a specialist, such as a transfer that needs answers today.",
          responseLabel: "Answered",
          response: "Live",
          hoursLabel: "Open",
          hours: "Mon–Fri, 6 AM–6 PM PT",
          action: {
            label: filled("Call {phone}", { phone: OPERATOR.supportPhone.display }),
            to: OPERATOR.supportPhone.href,
          },
        },
        {
          icon: "mail",
          title: "E-mail",
          description: "Write to us with anything that isn't urgent, and include as much detail as you can.",
          responseLabel: "Response within",
          response: "4 hours",
          hoursLabel: "Open",
          hours: "24/7",
          action: {
            label: filled("E-mail {email}", { email: OPERATOR.supportEmail }),
            to: `mailto:${OPERATOR.supportEmail}`,
          },
        },
      ],
    },
    {
      kind: "notice",
      id: "support-targets",
      tone: "info",
      title: "How we prioritise",
      body: [
        filled(
          "Every help request you open from your account gets a response target by its priority: {targets}. You can follow the whole conversation, and its status, on your Help page.",
          { targets: HELP_DESK_TARGETS },
        ),
      ],
    },
    {
      kind: "faq",
      id: "faq",
      eyebrow: "FAQ",
      title: "Frequently asked questions",
      isBanded: true,
      items: [
        {
          question: "How long does a transfer take?",
          answer:
            "Transfers to another Ferry user and exchanges between your own balances are instant. Bank and crypto transfers reserve the money from your balance at once and are then processed and sent; you can follow each one's status under Transactions, and we notify you when it is sent.",
        },
        {
          question: "What does it cost to send money?",
          answer:
            "Sending to another Ferry user is free. Transfers to a bank account cost 0.5 % of the amount and to a crypto wallet 1 %. The fee is added on top, so your recipient gets exactly the amount you send, and it is always shown before you confirm.",
        },
        {
          question: "Why do I need a code to confirm a transfer?",
          answer:
            "So that nobody else can send your money. The code we e-mail you works only for that recipient, amount and currency, expires after 15 minutes, and stops working after 5 wrong attempts.",
        },
        {
          question: "How do I add money to my account?",
          answer:
            "Choose Add Cash on your Balances page. Send a bank transfer with the personal reference shown there, or deposit crypto to your own deposit address. Your balance is credited once the deposit has been received and checked.",
        },
        {
          question: "Is there a limit on how much I can send?",
          answer:
            "Money leaving Ferry (bank and crypto transfers and cash-outs) has a daily limit per currency, lower until you have verified your e-mail and identity. If you need to move more, for example to buy a property, talk to our dedicated support team first.",
        },
        {
          question: "I forgot my password. What do I do?",
          answer:
            "Choose 'Forgot password' on the sign-in page and enter your e-mail address. We'll send you a link to set a new password. As with every sign-in, you'll then confirm it with a code sent to your e-mail.",
        },
      ],
    },
    {
      kind: "contact-form",
      id: "contact",
      eyebrow: "Contact us",
      title: "Can't find your answer?",
      subtitle:
        "Send us a message and we'll get back to you by e-mail. If you're signed in, it becomes a help request you can follow in your account.",
      aside: {
        title: "Other ways to reach us",
        items: [
          { icon: "mail", label: "E-mail, 24/7", value: OPERATOR.supportEmail },
          { icon: "phone", label: "Phone, Mon–Fri 6 AM–6 PM PT", value: OPERATOR.supportPhone.display },
          { icon: "chat", label: "Live chat, 24/7", value: "Help page of your account" },
        ],
      },
    },
    {
      kind: "related",
      id: "support-related",
      title: "More help",
      links: [
        {
          icon: "crown",
          title: "Dedicated support",
          description: "Premium and VIP tiers with a named contact for larger volumes.",
          to: "/support/dedicated",
        },
        {
          icon: "fees",
          title: "Fees",
          description: "What each kind of transfer costs, with examples.",
          to: "/features/fees",
        },
        {
          icon: "shield",
          title: "Security",
          description: "How your account and your money are protected.",
          to: "/security",
        },
      ],
    },
  ],
};

export const DEDICATED_SUPPORT_PAGE: PageContent = {
  hero: {
    eyebrow: "Dedicated support",
    icon: "crown",
    title: "Support that grows",
    accent: "with your transfers",
    lead: "Every account gets help around the clock. As your monthly volume grows, you get faster answers, a direct line and, at VIP level, a named account manager.",
    primaryCta: { label: "Ask about your tier", to: "/support#contact" },
    secondaryCta: { label: "Compare tiers", to: "#support-tiers" },
    visual: {
      kind: "figures",
      title: "Support tiers",
      figures: [
        { value: "Standard", label: "Every account" },
        { value: "Premium", label: "From $10k a month" },
        { value: "VIP", label: "From $100k a month" },
      ],
      note: "Tiers go by the money you move through Ferry each month.",
    },
  },
  sections: [
    {
      kind: "plans",
      id: "support-tiers",
      eyebrow: "Tiers",
      title: "Three levels of support",
      subtitle: "Your tier follows the money you move each month: once you qualify, ask us and we'll move you up.",
      plans: [
        {
          name: "Standard",
          icon: "support",
          price: "Included",
          priceNote: "with every account",
          summary: "Everything you need for everyday transfers.",
          features: [
            "Live chat and e-mail, 24/7",
            "Phone, Mon–Fri 6 AM–6 PM PT",
            filled("Help requests answered by priority: {targets}", { targets: HELP_DESK_TARGETS }),
            "Answers to common questions in the FAQ",
          ],
          cta: { label: "Contact support", to: "/support" },
        },
        {
          name: "Premium",
          icon: "star",
          price: "$10k+",
          priceNote: "monthly volume",
          summary: "Faster help for people and businesses who send regularly.",
          features: [
            "Everything in Standard",
            "Your requests first in the queue",
            "A direct phone line during business hours",
            "Help preparing large transfers before you send",
          ],
          cta: { label: "Ask about Premium", to: "/support#contact" },
          isFeatured: true,
          badge: "Priority",
        },
        {
          name: "VIP",
          icon: "crown",
          price: "$100k+",
          priceNote: "monthly volume",
          summary: "A named contact who knows your account and your plans.",
          features: [
            "Everything in Premium",
            "A named account manager",
            "Updates on large transfers as they move",
            "A regular review of your limits and fees",
          ],
          cta: { label: "Ask about VIP", to: "/support#contact" },
        },
      ],
      footnote:
        "Support tiers are provided by the team operating this Ferry service; what each tier includes is confirmed when you qualify.",
    },
    {
      kind: "features",
      id: "dedicated-help",
      eyebrow: "What we help with",
      title: "Where a dedicated contact makes the difference",
      isBanded: true,
      columns: 4,
      items: [
        {
          icon: "house",
          title: "Property purchases",
          description: "Plan a deposit and a completion payment around your limits and the seller's deadlines.",
        },
        {
          icon: "money",
          title: "Large transfers",
          description: "Check the details, the fee and the timing with us before a large amount leaves.",
        },
        {
          icon: "business",
          title: "Business onboarding",
          description: "Set up your account, your plan and your recipients with someone who has done it before.",
        },
        {
          icon: "scale",
          title: "Limits and verification",
          description: "Get your identity verified and your daily limits reviewed when your needs change.",
        },
      ],
    },
    {
      kind: "steps",
      id: "dedicated-steps",
      eyebrow: "How it works",
      title: "Getting your dedicated support",
      steps: [
        {
          icon: "chat",
          title: "Tell us what you need",
          description: "Send us a message or a help request about your monthly volume and what you are planning.",
        },
        {
          icon: "userCheck",
          title: "We confirm your tier",
          description: "We look at the money you move each month and confirm the tier you qualify for.",
        },
        {
          icon: "handshake",
          title: "Meet your team",
          description: "Premium customers get a direct line; VIP customers are introduced to their account manager.",
        },
      ],
    },
    {
      kind: "cta",
      id: "dedicated-cta",
      title: "Planning something big?",
      body: "Talk to us before you send. We'll help you get the details, the timing and the fees right.",
      primaryCta: { label: "Contact support", to: "/support#contact" },
      secondaryCta: { label: "Open an account", to: "/signup" },
    },
  ],
};
