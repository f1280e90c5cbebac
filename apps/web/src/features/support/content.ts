// The /support contact form's words (support-contact-form.tsx). Content an operator edits; the rules
// (required fields, lengths) are core's contract (contracts/support.ts), shared with the server. Each
// text is English, its message key: the form shows it translated (issue 29).

export const SUPPORT_CONTACT_FORM = {
  heading: "Send us a message",
  visitorIntro: "We answer by e-mail. Fields marked * are required.",
  signedInIntro: "You are signed in as {email}: your message opens a help request you can follow in Help.",
  labels: {
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    subject: "Subject",
    message: "Message",
    /** The honeypot's label: people never see it. */
    website: "Leave this field empty",
  },
  placeholders: {
    subject: "What can we help with?",
    message: "Tell us what happened, with any dates, amounts and references that help us find it.",
  },
  messageHint: "At least 10 characters.",
  submit: "Send Message",
  sending: "Sending…",
  failed: "Your message could not be sent. Please try again.",
  sentHeading: "Message sent",
  sentByEmail: "Thank you, {firstName}. Our support team will reply to {email}.",
  sentAsHelpRequest: "Thank you. Your message is now a help request: support will answer you there.",
  viewRequest: "View your request",
  sendAnother: "Send another message",
};
