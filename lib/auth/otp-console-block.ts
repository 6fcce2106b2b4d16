import "server-only";
/**
 * The framed block a sign-in code is printed in when no e-mail transport is configured. It has to stand
 * out in a busy terminal and be safe to print: the address is the requester's input, so control
 * characters, line breaks and direction overrides are shown escaped and can never fake a frame or a code.
 */
export function otpConsoleBlock(input: {
  appName: string;
  email: string;
  code: string;
  expiresAt: Date;
  minutes: number;
}): string {
  const rows = [
    `${printable(input.appName)} sign-in code (not e-mailed: SMTP_URL is not set)`,
    "",
    `  address  ${printable(input.email)}`,
    `  code     ${printable(input.code)}`,
    `  expires  ${utcTime(input.expiresAt)} (in ${input.minutes} minutes)`,
    "",
    "Enter it on the sign-in page of the browser that asked for it.",
  ];
  const width = Math.max(...rows.map((r) => r.length));
  const rule = `+${"-".repeat(width + 2)}+`;
  return [rule, ...rows.map((r) => `| ${r.padEnd(width)} |`), rule].join("\n");
}

// C0/C1 controls, line and paragraph separators, and bidirectional overrides and isolates.
const UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

function printable(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`);
}

function utcTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
