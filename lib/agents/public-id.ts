import "server-only";

/**
 * The check is pure and lives in lib/shared, because the route contracts and the proxy's page checks
 * (which run outside the server components) use it too; server code keeps importing it from here.
 */
export { isPublicId } from "@/lib/shared/public-id";
