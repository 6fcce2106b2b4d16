/**
 * The hygiene itself is pure and lives in lib/shared, because the route contracts (which the proxy loads too)
 * clean names with it; server code keeps importing it from here.
 */
export * from "@/lib/shared/text-hygiene";
