import type { HelpRequestDetail, HelpRequestList, HelpResponse } from "@ferry/core/contracts/help";
import type { Me, Profile } from "@ferry/core/contracts/profile";
import { DEFAULT_SETTINGS } from "@ferry/core/contracts/settings";

const CREATED_AT = "2026-03-02T09:00:00.000Z";

/** A customer's medium-priority request with no reply yet, as the API returns it. */
export const OPEN_HELP_REQUEST: HelpRequestDetail = {
  id: "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b",
  subject: "Transfer to my bank has not arrived",
  priority: "medium",
  status: "open",
  createdAt: CREATED_AT,
  dueAt: "2026-03-03T09:00:00.000Z",
  isOverdue: false,
  responseCount: 0,
  lastResponseAt: null,
  lastActivityAt: CREATED_AT,
  hasUnreadReply: false,
  customer: { id: "user-1", email: "erika@example.com", name: "Erika Mustermann" },
  message: "I sent EUR 200 on Monday and it is still pending.",
  attachments: [],
  responses: [],
};

/** A reply by support (an admin response). */
export const SUPPORT_REPLY: HelpResponse = {
  id: "7a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d",
  message: "We are looking into it with the receiving bank.",
  isAdminResponse: true,
  authorName: "Ferry Support",
  createdAt: "2026-03-02T09:30:00.000Z",
  attachments: [],
};

/** A reply by the customer. */
export const CUSTOMER_REPLY: HelpResponse = {
  id: "8b3c4d5e-6f7a-4b2c-8d3e-4f5a6b7c8d9e",
  message: "Thank you, the reference is FRY-123.",
  isAdminResponse: false,
  authorName: "Erika Mustermann",
  createdAt: "2026-03-02T09:45:00.000Z",
  attachments: [],
};

/** The same request after support and the customer have replied (support's reply unread). */
export const ANSWERED_HELP_REQUEST: HelpRequestDetail = {
  ...OPEN_HELP_REQUEST,
  status: "in_progress",
  responseCount: 2,
  lastResponseAt: CUSTOMER_REPLY.createdAt,
  lastActivityAt: CUSTOMER_REPLY.createdAt,
  hasUnreadReply: true,
  responses: [SUPPORT_REPLY, CUSTOMER_REPLY],
};

/** A list page of the given requests (their summaries), with the total. */
export function helpListOf(requests: HelpRequestDetail[], total = requests.length): HelpRequestList {
  return {
    items: requests.map(
      ({ message: _message, attachments: _attachments, responses: _responses, ...summary }) => summary,
    ),
    nextCursor: null,
    total,
  };
}

/** A signed-in profile with the given role. */
export function profileWithRole(role: Profile["role"]): Me {
  return {
    userId: role === "admin" ? "admin-1" : "user-1",
    email: role === "admin" ? "admin@ferry.example" : "erika@example.com",
    firstName: role === "admin" ? "Ada" : "Erika",
    lastName: role === "admin" ? "Admin" : "Mustermann",
    phone: "",
    address: "",
    city: "",
    country: "",
    postalCode: "",
    emailVerified: true,
    kycStatus: "approved",
    status: "active",
    accountType: "personal",
    role,
    createdAt: "2026-01-01T00:00:00.000Z",
    preferences: DEFAULT_SETTINGS.preferences,
  };
}
