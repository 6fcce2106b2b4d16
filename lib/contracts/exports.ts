import { z } from "zod";
import { defineRoute } from "./contract";
import { instant } from "./fields";

/**
 * Export everything (issue 48): a workspace's owner or admin asks for one ZIP of all its data; a job writes
 * it and e-mails a link valid 24 hours, which a member with the role downloads once per session.
 */

export const exportStateSchema = z
  .enum(["queued", "running", "ready", "failed", "expired"])
  .describe("queued, running, ready (downloadable), failed or expired");

export const exportSchema = z.object({
  id: z.string().describe("the export's uuid"),
  state: exportStateSchema,
  requested_at: instant,
  completed_at: instant.nullable(),
  expires_at: instant.nullable(),
  bytes: z.number().nullable().describe("the ZIP's size once ready"),
  download_url: z.string().nullable().describe("where a ready export is downloaded (signed in), else null"),
});

export type ExportItem = z.infer<typeof exportSchema>;

export const exportContracts = {
  startExport: defineRoute({
    method: "POST",
    path: "/api/v1/workspace/export",
    auth: "user",
    summary:
      "Starts writing one ZIP of everything the workspace holds and e-mails a link valid 24 hours (owner and admin; 3 a day).",
    data: exportSchema,
  }),
  listExports: defineRoute({
    method: "GET",
    path: "/api/v1/workspace/exports",
    auth: "user",
    summary: "The workspace's recent exports with their state, the newest first (owner and admin).",
    data: z.array(exportSchema),
  }),
  downloadExport: defineRoute({
    method: "GET",
    path: "/api/v1/workspace/export/:id",
    auth: "user",
    summary:
      "Downloads a ready export as application/zip: members with the role, once per session, within 24 hours.",
    params: z.object({ id: z.string().max(64).describe("the export's uuid") }),
    notFound: "export_not_found",
    query: z.object({
      token: z.string().max(128).optional().describe("the token from the e-mailed link"),
    }),
    responds: "download",
    fileType: "application/zip",
  }),
};
