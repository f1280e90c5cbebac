/** The user's notifications: read by the shell's bell and badge and the notifications page; money movements invalidate it. */
export const notificationsQueryKey = ["notifications"] as const;
