import "server-only";

/**
 * The hygiene itself is pure and lives in lib/shared, because the route contracts (which the browser and
 * the proxy load too) clean names with it; server code keeps importing it from here.
 */
export * from "@/lib/shared/text-hygiene";
