import { handleGraphql } from "@/lib/graphql/execute";

/** The account GraphQL API (AUTH-7): queries by GET or POST, mutations by POST only. */
export const GET = handleGraphql;
export const POST = handleGraphql;
