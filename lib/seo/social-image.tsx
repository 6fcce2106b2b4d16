import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import { config } from "@/lib/config";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";

export const socialImageSize = { width: 1200, height: 630 };

type Font = { name: string; data: Buffer; weight: 400 | 700; style: "normal" };
let fonts: Promise<Font[]> | null = null;

/**
 * Be Vietnam Pro from its npm package (satori reads WOFF, not WOFF2). The Vietnamese subset carries
 * the stacked diacritics (ạ, ế, ữ…); the Latin subset the rest. Read once, never downloaded.
 */
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    (["latin", "vietnamese"] as const).flatMap((subset) =>
      ([400, 700] as const).map(async (weight) => ({
        // One family per subset: satori keeps one face per name and weight, then falls back by family.
        name: subset === "latin" ? "Be Vietnam Pro" : "Be Vietnam Pro VI",
        weight,
        style: "normal" as const,
        data: await readFile(
          path.join(
            process.cwd(),
            "node_modules/@fontsource/be-vietnam-pro/files",
            `be-vietnam-pro-${subset}-${weight}-normal.woff`,
          ),
        ),
      })),
    ),
  );
  return fonts;
}

// Longhands: satori drops some corners of a four-value borderRadius shorthand.
function bubbleCorners(tail: "left" | "right") {
  return {
    borderTopLeftRadius: 24,
    borderTopRightRadius: 24,
    borderBottomLeftRadius: tail === "left" ? 6 : 24,
    borderBottomRightRadius: tail === "right" ? 6 : 24,
  };
}

/** SHELL-6: the 1200x630 preview, one per language (name, translated tagline and pitch). */
export async function renderSocialImage(locale: Locale): Promise<ImageResponse> {
  const { APP_NAME } = config();
  const tagline = translate(locale, "meta.tagline");
  const pitch = translate(locale, "home.title");
  const question = translate(locale, "home.chatPreview.question");
  // The built-in mode's answer, as the landing page shows it: a quoted line of the owner's documents.
  const answer = `“${translate(locale, "home.chatPreview.quote")}”`;
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        padding: 72,
        background: "linear-gradient(135deg, #312e81 0%, #4f46e5 45%, #0d9488 100%)",
        color: "white",
        fontFamily: '"Be Vietnam Pro", "Be Vietnam Pro VI"',
      }}
    >
      <div style={{ display: "flex", flexDirection: "column", justifyContent: "space-between", width: 640 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
          <div
            style={{
              width: 64,
              height: 64,
              borderRadius: 18,
              background: "rgba(255,255,255,0.18)",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              fontSize: 34,
              fontWeight: 700,
            }}
          >
            {APP_NAME.slice(0, 1)}
          </div>
          <div style={{ fontSize: 40, fontWeight: 700 }}>{APP_NAME}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
          <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.1 }}>{tagline}</div>
          <div style={{ fontSize: 30, opacity: 0.85, lineHeight: 1.35 }}>{pitch}</div>
        </div>
        <div style={{ fontSize: 24, opacity: 0.7 }}>
          {locale === "vi" ? "Tiếng Việt · English" : "English · Tiếng Việt"}
        </div>
      </div>
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          gap: 18,
          marginLeft: 40,
          flex: 1,
        }}
      >
        <div
          style={{
            alignSelf: "flex-end",
            background: "white",
            color: "#312e81",
            padding: "18px 24px",
            ...bubbleCorners("right"),
            fontSize: 26,
            maxWidth: 380,
          }}
        >
          {question}
        </div>
        <div
          style={{
            alignSelf: "flex-start",
            background: "rgba(255,255,255,0.16)",
            padding: "18px 24px",
            ...bubbleCorners("left"),
            fontSize: 26,
            maxWidth: 400,
          }}
        >
          {answer}
        </div>
      </div>
    </div>,
    { ...socialImageSize, fonts: await loadFonts() },
  );
}
