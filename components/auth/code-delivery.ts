/** Where a sign-in code goes: the person's mailbox, or the server console when no SMTP_URL is set. */
export type CodeDelivery = "smtp" | "console";
