import "server-only";
import { z } from "zod";
import { OTP_CODE_LENGTH } from "./otp-policy";

/** What the sign-in by code routes accept (AUTH-2). Both bodies are tiny: anything near this is abuse. */
export const OTP_BODY_LIMIT = 4 * 1024;

/** Stored and compared in one spelling, so "An@Example.com " and "an@example.com" are one address. */
export const otpEmail = z.string().trim().toLowerCase().normalize("NFC").max(254).pipe(z.email());

const codePattern = new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`);

/** People paste codes with spaces ("123 456"); anything but the digits is a field error, not a try. */
export const otpCode = z
  .string()
  .max(64)
  .transform((s) => s.replace(/\s+/g, ""))
  .refine((s) => codePattern.test(s), { message: "fields.otp_code" });
