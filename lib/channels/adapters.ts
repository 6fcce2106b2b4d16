import "server-only";
import type { ChannelType } from "@/lib/contracts/channels";
import type { ChannelAdapter } from "./adapter";
import { messenger } from "./messenger";
import { telegram } from "./telegram";
import { zalo } from "./zalo";

const adapters: Partial<Record<ChannelType, ChannelAdapter>> = { telegram, messenger, zalo };

/** The platform's adapter; none for a type this build does not speak. */
export function adapterOf(type: ChannelType): ChannelAdapter | null {
  return adapters[type] ?? null;
}
