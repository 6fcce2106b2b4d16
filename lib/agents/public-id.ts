/** Public ids are checked on both sides (the proxy and the contracts run outside server components): lib/shared/public-id.ts. */
export { isPublicId } from "@/lib/shared/public-id";
